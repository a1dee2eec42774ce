import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { afterAll, describe, expect, it } from 'vitest';
import { storeFile } from './files/files-service.js';
import { createLocalStorage, type FileStorage } from './files/storage.js';
import { SERVICE } from './service.js';
import { createTestApp, signedUpMember, TestClient, testRedisUrl } from './test-support/test-app.js';

type LogLine = {
  level: number;
  msg: string;
  service?: string;
  version?: string;
  dependency?: string;
  redisUrl?: string;
  err?: { type: string; message: string };
};

function logCapture() {
  const lines: LogLine[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } };
}

const until = async (condition: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A loopback port forwarding to the test Redis, opened and closed at will: Redis "away" and "back". */
async function redisDoor(port: number) {
  const target = new URL(testRedisUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  return {
    async open() {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      server = undefined;
    },
  };
}

describe('Redis away at start', () => {
  const log = logCapture();
  let portal: Awaited<ReturnType<typeof createTestApp>>;
  let door: Awaited<ReturnType<typeof redisDoor>>;
  afterAll(async () => {
    await portal?.close();
    await door?.close();
  });

  it('starts degraded, names REDIS_URL once, counts limits in the process, and says when Redis is back', { timeout: 60_000 }, async () => {
    const port = await getPort();
    door = await redisDoor(port);
    portal = await createTestApp(
      {
        REDIS_URL: `redis://127.0.0.1:${port}`,
        REDIS_KEY_PREFIX: `test-degraded-${port}:`,
        RATE_LIMIT_LOGIN: '3',
        LOG_LEVEL: 'info',
        METRICS_TOKEN: 'metrics-token-for-tests',
      },
      { logStream: log.stream },
    );

    const ready = await portal.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().dependencies).toEqual({ database: 'up', storage: 'up', redis: 'degraded' });
    const metrics = await portal.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-tests' } });
    expect(metrics.body).toContain('portal_dependency_up{dependency="redis"} 0');

    // Limits are neither open nor closed: counted here, as without REDIS_URL.
    const attempt = () => new TestClient(portal.app).post('/api/users/login', { json: { email: 'nobody@example.com', password: 'not-the-password' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);

    // ioredis keeps retrying meanwhile; the outage is still one warning.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const warnings = log.lines.filter((line) => line.dependency === 'redis' && line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/^redis unavailable; rate limits are counted in this process alone/);
    expect(warnings[0]!.redisUrl).toBe(`redis://127.0.0.1:${port}`);
    expect(warnings[0]!.err?.message).toMatch(/ECONNREFUSED/);
    expect(warnings[0]!.err?.message).not.toMatch(/non-Error/);

    await door.open();
    await until(() => log.lines.some((line) => line.msg === 'redis is back'));
    expect((await portal.app.inject('/readyz')).json().dependencies.redis).toBe('up');
    expect(log.lines.filter((line) => line.dependency === 'redis' && line.level === 40)).toHaveLength(1);
    for (const line of log.lines) expect(line).toMatchObject({ service: SERVICE.name, version: SERVICE.version });
  });
});

describe('a file store outage', () => {
  const log = logCapture();
  let away = false;
  const disk = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'portal-outage-')));
  const refuse = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' }));
  const storage: FileStorage = {
    put: (key, data) => (away ? refuse() : disk.put(key, data)),
    open: (key) => (away ? refuse() : disk.open(key)),
    remove: (key) => (away ? refuse() : disk.remove(key)),
    list: () => (away ? refuse() : disk.list()),
    check: () => (away ? refuse() : disk.check()),
  };
  let portal: Awaited<ReturnType<typeof createTestApp>>;
  afterAll(() => portal?.close());

  it('is logged once as a storage outage (not the database), with the error, and once when the store is back', { timeout: 60_000 }, async () => {
    portal = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream, storage });
    const { client, user } = await signedUpMember(portal.app);
    const file = await storeFile(portal.app.ctx, portal.app.ctx.db, { ownerId: user.id, purpose: 'test', data: Buffer.from('kept'), mimeType: 'text/plain' });

    away = true;
    for (let i = 0; i < 3; i++) {
      const response = await client.get(`/api/files/${file.id}`);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
    }
    const outage = log.lines.filter((line) => line.level >= 40 && /unavailable/.test(line.msg));
    expect(outage).toHaveLength(1);
    expect(outage[0]).toMatchObject({ dependency: 'storage', msg: 'storage unavailable' });
    expect(outage[0]!.err?.message).toBe('connect ECONNREFUSED 127.0.0.1:9000');
    expect(log.lines.some((line) => /database unavailable/.test(line.msg))).toBe(false);

    away = false;
    await until(() => log.lines.some((line) => line.msg === 'storage is back'));
    expect((await client.get(`/api/files/${file.id}`)).statusCode).toBe(200);
  });
});
