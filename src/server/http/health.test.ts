import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { neverListening, openDatabase } from '../db/client.js';
import { createTestApp, testConfig } from '../test-support/test-app.js';

const lines: string[] = [];
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => portal.close());

describe('probes', () => {
  it('answers /healthz and /readyz while the database answers', async () => {
    const health = await portal.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await portal.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready when its database is gone, and while it is stopping', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ready-'));
    let url = '';
    const database = await openDatabase({ dataDir, inMemory: true });
    const config = testConfig({ DATA_DIR: dataDir, MAIL_POLL_MS: '50' });
    // Not listening on it, so closing the database under the app leaves nothing else to fail.
    const app = await buildApp(config, { database: { ...database, listen: neverListening }, webRoot: path.join(dataDir, 'no-web') });
    let readyWhileStopping: number | undefined;
    app.addHook('preClose', async () => {
      readyWhileStopping = (await fetch(url)).status;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/readyz`;
    expect((await fetch(url)).status).toBe(200);

    await database.close();
    expect((await fetch(url)).status).toBe(503);
    expect((await app.inject('/healthz')).statusCode).toBe(200);

    await app.close();
    expect(readyWhileStopping).toBe(503);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('request ids', () => {
  it('answers with the id the proxy set, and logs the request in one line with it', async () => {
    const response = await portal.app.inject({ url: '/api/site?from=menu', headers: { 'x-request-id': 'edge-7f3a.1' } });
    expect(response.headers['x-request-id']).toBe('edge-7f3a.1');
    const ofThisRequest = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId === 'edge-7f3a.1');
    expect(ofThisRequest).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/site?from=menu' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('makes a UUID when none or an unsafe one is given, errors included', async () => {
    const missing = await portal.app.inject('/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await portal.app.inject({ url: '/api/site', headers: { 'x-request-id': 'a"}\n{"level":60' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
