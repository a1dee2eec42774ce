import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, testRedisUrl } from '../test-support/test-app.js';

/** Two portals, as two processes or hosts would be, counting in one Redis. */
const shared = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `test-${randomUUID()}:`, RATE_LIMIT_LOGIN: '3' };
let a: Awaited<ReturnType<typeof createTestApp>>;
let b: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(shared), createTestApp(shared)]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

function attempt(portal: typeof a, identifier: string, remoteAddress = '203.0.113.7') {
  return new TestClient(portal.app).request(
    { method: 'POST', url: '/api/users/login', remoteAddress },
    { json: { email: identifier, password: 'not-the-password' } },
  );
}

describe('rate limits in Redis', () => {
  it('counts a sign-in address across processes', async () => {
    const identifier = `nobody-${randomUUID()}@example.com`;
    expect((await attempt(a, identifier)).statusCode).toBe(401);
    expect((await attempt(b, identifier)).statusCode).toBe(401);
    expect((await attempt(a, identifier)).statusCode).toBe(401);
    expect((await attempt(b, identifier)).statusCode).toBe(429);
  });

  it('names every counter after what it counts, never "undefined"', async () => {
    const identifier = `named-${randomUUID()}@example.com`;
    expect((await attempt(a, identifier, '192.0.2.44')).statusCode).toBe(401);
    const redis = new Redis(testRedisUrl);
    try {
      const keys = await redis.keys(`${shared.REDIS_KEY_PREFIX}*`);
      expect(keys.filter((key) => key.includes('undefined'))).toEqual([]);
      expect(keys).toEqual(expect.arrayContaining([`${shared.REDIS_KEY_PREFIX}rate-limit:login|192.0.2.44|${identifier}`]));
    } finally {
      redis.disconnect();
    }
  });

  it('counts in each process alone without REDIS_URL', async () => {
    const alone = await createTestApp({ RATE_LIMIT_LOGIN: '3' });
    try {
      const identifier = `nobody-${randomUUID()}@example.com`;
      for (let i = 0; i < 3; i++) await attempt(alone, identifier);
      expect((await attempt(alone, identifier)).statusCode).toBe(429);
      expect((await attempt(a, identifier)).statusCode).toBe(401);
    } finally {
      await alone.close();
    }
  });
});
