import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registerLoadShedding } from './load-shedding.js';

async function portalWithWaiters(waiting: number) {
  const app = Fastify();
  await registerLoadShedding(app, { eventLoopDelayMs: 0, poolWaiting: 10 }, { poolWaiting: () => waiting });
  app.get('/api/plans', async () => ({ plans: [] }));
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.ready();
  return app;
}

it('answers 503 with Retry-After at once while too many queries wait for a connection, and still answers /healthz', async () => {
  const app = await portalWithWaiters(11);
  const shed = await app.inject('/api/plans');
  expect(shed.statusCode).toBe(503);
  expect(shed.headers['retry-after']).toBe('2');
  expect(shed.json().message).toMatch(/briefly unavailable/);
  expect((await app.inject('/healthz')).statusCode).toBe(200);
  await app.close();
});

it('serves as usual while the waiters stay within the limit', async () => {
  const app = await portalWithWaiters(10);
  expect((await app.inject('/api/plans')).statusCode).toBe(200);
  await app.close();
});
