import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHousekeeping } from '../housekeeping.js';
import { enqueueMail } from '../mail/outbox.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, onPostgresServer } from '../test-support/test-app.js';

const TOKEN = 'metrics-token-for-the-test';
const mailbox = new TestMailbox();
const backupDir = mkdtempSync(path.join(tmpdir(), 'portal-metrics-backups-'));
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({ METRICS_TOKEN: TOKEN, BACKUP_DIR: backupDir }, { mailTransport: mailbox.transport });
});
afterAll(() => portal.close());

function metricValue(body: string, name: string): number {
  const line = body.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

const scrape = async () => (await portal.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

/** A query that never answers, as a paused PostgreSQL does. */
const hanging: unknown = new Proxy(() => {}, { get: (_target, property) => (property === 'then' ? () => {} : () => hanging), apply: () => hanging });

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

  it('counts answers by status, mail by outcome, the jobs’ last successes and the last backup’s age', async () => {
    await portal.app.inject('/api/no-such-route');
    await enqueueMail(portal.app.ctx.db, { to: 'sent@example.com', subject: 'Hello', text: 'hi', html: '<p>hi</p>' });
    portal.app.ctx.mailer.nudge();
    await expect.poll(async () => metricValue(await scrape(), 'portal_mail_total{outcome="sent"}'), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const started = Date.now() / 1000;
    await runHousekeeping(portal.app.ctx);
    mkdirSync(path.join(backupDir, 'older'));
    writeFileSync(path.join(backupDir, 'older', 'manifest.json'), JSON.stringify({ createdAt: new Date(Date.now() - 7200_000).toISOString() }));
    mkdirSync(path.join(backupDir, 'newest'));
    writeFileSync(path.join(backupDir, 'newest', 'manifest.json'), JSON.stringify({ createdAt: new Date(Date.now() - 600_000).toISOString() }));
    const body = await scrape();
    expect(metricValue(body, 'portal_http_responses_total{status_code="404"}')).toBe(1);
    expect(metricValue(body, 'portal_http_responses_total{status_code="200"}')).toBeGreaterThanOrEqual(1);
    expect(metricValue(body, 'portal_job_last_success_timestamp_seconds{job="reminders"}')).toBeGreaterThanOrEqual(started);
    expect(metricValue(body, 'portal_backup_last_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(metricValue(body, 'portal_backup_last_age_seconds')).toBeLessThan(700);
    expect(metricValue(body, 'portal_dependency_errors_total{dependency="storage"}')).toBe(0);
    // On PostgreSQL the scrape's own queries or the mailer's poll may hold a connection as the pool
    // is read (CI once saw 1 busy, 2 idle); the embedded database has no pool.
    const busy = metricValue(body, 'portal_db_pool_connections{state="busy"}');
    const idle = metricValue(body, 'portal_db_pool_connections{state="idle"}');
    expect([busy, idle].every((count) => Number.isInteger(count) && count >= 0)).toBe(true);
    if (!onPostgresServer) expect([busy, idle]).toEqual([0, 0]);
  });

  it('serves Node’s own figures when the database does not answer, its figures NaN', async () => {
    const { ctx } = portal.app;
    const db = ctx.db;
    ctx.db = hanging as typeof db;
    try {
      const startedAt = Date.now();
      const body = await scrape();
      expect(Date.now() - startedAt).toBeLessThan(3000);
      expect(body).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
      expect(metricValue(body, 'portal_metrics_database_figures')).toBe(0);
      // prom-client writes NaN as `Nan`; Prometheus reads either.
      expect(body).toMatch(/^portal_outbox_unsent nan$/im);
      expect(body).toMatch(/^portal_payments_pending nan$/im);
    } finally {
      ctx.db = db;
    }
    const again = await scrape();
    expect(
      metricValue(again, 'portal_metrics_database_figures'),
      again
        .split('\n')
        .filter((l) => l.startsWith('portal_'))
        .join('\n'),
    ).toBe(1);
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
