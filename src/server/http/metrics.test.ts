import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../mail/outbox.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createTestApp } from '../test-support/test-app.js';

const TOKEN = 'metrics-token-for-the-test';
const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({ METRICS_TOKEN: TOKEN }, { mailTransport: mailbox.transport });
});
afterAll(() => portal.close());

function metricValue(body: string, name: string): number {
  const line = body.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

describe('GET /metrics', () => {
  it('is refused without the token', async () => {
    expect((await portal.app.inject('/metrics')).statusCode).toBe(401);
    expect((await portal.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
  });

  it('reports latencies by route, the pool, the outbox and the payments queue', async () => {
    await portal.app.inject('/api/site');
    mailbox.down = true;
    await enqueueMail(portal.app.ctx.db, { to: 'waiting@example.com', subject: 'Hello', text: 'hi', html: '<p>hi</p>' });
    const response = await portal.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    mailbox.down = false;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const body = response.body;
    expect(body).toMatch(/portal_http_request_duration_seconds_count\{method="GET",route="\/api\/site",status_code="200"\} 1/);
    expect(metricValue(body, 'portal_outbox_unsent')).toBeGreaterThanOrEqual(1);
    expect(metricValue(body, 'portal_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(metricValue(body, 'portal_payments_pending')).toBe(0);
    expect(metricValue(body, 'portal_db_pool_waiting')).toBe(0);
  });

  it('is not served when no token is configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
