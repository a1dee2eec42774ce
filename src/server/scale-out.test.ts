import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shiftDate, todayInLagos } from '../shared/dates.js';
import { buildApp } from './app.js';
import { sessionCookieName } from './auth/sessions.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { users } from './db/schema.js';
import { sendMembershipReminders } from './membership/reminders.js';
import { outboxDrained, outboxRowsTo, TestMailbox } from './test-support/mailbox.js';
import { startS3Server } from './test-support/s3-server.js';
import { createScratchDatabase } from './test-support/scratch-database.js';
import { onPostgresServer, postgresServerUrl, signedUpMember, STAFF, TestClient, testRedisUrl, testConfig } from './test-support/test-app.js';

/**
 * Two portals, as two processes or hosts would run, sharing one PostgreSQL database, one Redis
 * and one S3-compatible store, each with its own mail worker and its own kept sessions.
 */
interface Portal {
  app: FastifyInstance;
  mailbox: TestMailbox;
  database: DatabaseHandle;
  dataDir: string;
}

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let a: Portal;
let b: Portal;
let sharedEnv: Record<string, string>;

async function startPortal(env: Record<string, string>): Promise<Portal> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-scale-'));
  const config = testConfig({ DATA_DIR: dataDir, MAIL_POLL_MS: '50', ...env });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 4 });
  const mailbox = new TestMailbox();
  const app = await buildApp(config, { database, mailTransport: mailbox.transport, webRoot: path.join(dataDir, 'no-web') });
  return { app, mailbox, database, dataDir };
}

async function stopPortal(portal: Portal | undefined): Promise<void> {
  if (!portal) return;
  await portal.app.close();
  await portal.database.close();
  rmSync(portal.dataDir, { recursive: true, force: true });
}

/** The same browser talking to the other process (a load balancer without sticky sessions). */
function sameBrowserOn(portal: Portal, client: TestClient): TestClient {
  const other = new TestClient(portal.app);
  for (const name of [sessionCookieName(portal.app.ctx.config), 'XSRF-TOKEN', 'presession']) other.setCookie(name, client.cookie(name));
  return other;
}

const mailCount = (to: string, subject: RegExp) => a.mailbox.countTo(to, subject) + b.mailbox.countTo(to, subject);
/** Both processes share one outbox: once it is drained, their mailboxes hold every mail that will be sent. */
const settle = () => outboxDrained(a.app.ctx.db);

beforeAll(async () => {
  if (!onPostgresServer) return;
  scratch = await createScratchDatabase(postgresServerUrl!, 'scale');
  s3 = await startS3Server();
  sharedEnv = {
    DATABASE_URL: scratch.url,
    REDIS_URL: testRedisUrl,
    REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    RATE_LIMIT_LOGIN: '3',
    ...s3.env,
  };
  [a, b] = await Promise.all([startPortal(sharedEnv), startPortal(sharedEnv)]);
});
afterAll(async () => {
  if (!onPostgresServer) return;
  await Promise.all([stopPortal(a), stopPortal(b)]);
  await s3.stop();
  await scratch.drop();
});

describe.runIf(onPostgresServer)('two portal processes on one PostgreSQL, Redis and S3 store', () => {
  it('recognises on B a member signed in on A, and refuses them on B once they signed out on A', async () => {
    const member = await signedUpMember(a.app);
    const onB = sameBrowserOn(b, member.client);
    const profile = await onB.get('/api/users/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.id).toBe(member.user.id);

    expect((await member.client.post('/api/users/logout')).statusCode).toBe(200);
    // B uses its kept session until PostgreSQL's notification reaches it (docs/decisions/008), a
    // few milliseconds; from then on B refuses reads and changes alike.
    const deadline = Date.now() + 2000;
    while ((await onB.get('/api/users/profile')).statusCode !== 401) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await onB.post('/api/users/verify-email', { json: { email: member.user.email } })).statusCode).toBe(401);
  });

  it('serves through B a slip uploaded through A, and sends each code and approval mail once', async () => {
    const member = await signedUpMember(a.app);
    const email = member.user.email;
    expect((await member.client.post('/api/users/verify-email', { json: { email } })).statusCode).toBe(200);
    const code = await Promise.any([a.mailbox.codeFor(email, /verification code/), b.mailbox.codeFor(email, /verification code/)]);
    expect((await sameBrowserOn(b, member.client).post('/api/users/verify-code', { json: { email, code } })).statusCode).toBe(200);

    const slip = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('plan', 'premium');
    form.append('paymentSlip', new Blob([new Uint8Array(slip)]), 'slip.png');
    const upload = await member.client.post('/api/users/upload-slip', { form });
    expect(upload.statusCode).toBe(201);
    const paymentId = upload.json().paymentId as string;

    const staff = new TestClient(b.app);
    expect((await staff.post('/api/users/login', { json: { email: STAFF.email, password: STAFF.password } })).statusCode).toBe(200);
    const download = await staff.get(`/api/admin/payments/${paymentId}/slip`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(download.rawPayload.length));
    expect(download.rawPayload.length).toBeGreaterThan(0);

    expect((await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 1 } })).statusCode).toBe(200);
    await Promise.any([
      a.mailbox.waitFor((m) => m.to === email && /Payment approved/.test(m.subject)),
      b.mailbox.waitFor((m) => m.to === email && /Payment approved/.test(m.subject)),
    ]);
    for (const subject of [/verification code/, /slip/, /Payment approved/]) expect(await outboxRowsTo(a.app.ctx.db, email, subject)).toBe(1);
    await settle();
    expect(mailCount(email, /verification code/)).toBe(1);
    expect(mailCount(email, /slip/)).toBe(1);
    expect(mailCount(email, /Payment approved/)).toBe(1);
  });

  it('sends a membership reminder once when both processes run the reminders at the same moment, and not again after a restart', async () => {
    const member = await signedUpMember(a.app);
    const paidUntil = shiftDate(todayInLagos(), 7);
    await a.app.ctx.db.update(users).set({ activated: true, paidUntil }).where(eq(users.id, member.user.id));
    const sent = await Promise.all([sendMembershipReminders(a.app.ctx), sendMembershipReminders(b.app.ctx), sendMembershipReminders(a.app.ctx)]);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    await Promise.any([
      a.mailbox.waitFor((m) => m.to === member.user.email && /Your membership/.test(m.subject)),
      b.mailbox.waitFor((m) => m.to === member.user.email && /Your membership/.test(m.subject)),
    ]);
    expect(await outboxRowsTo(a.app.ctx.db, member.user.email, /Your membership/)).toBe(1);
    await settle();
    expect(mailCount(member.user.email, /Your membership/)).toBe(1);

    // A restart: B stops and comes back with a new process's memory; nothing is sent again.
    const stoppedMailbox = b.mailbox;
    await stopPortal(b);
    b = await startPortal(sharedEnv);
    expect(await Promise.all([sendMembershipReminders(b.app.ctx), sendMembershipReminders(a.app.ctx)])).toEqual([0, 0]);
    expect(await outboxRowsTo(a.app.ctx.db, member.user.email, /Your membership/)).toBe(1);
    await settle();
    expect(mailCount(member.user.email, /Your membership/) + stoppedMailbox.countTo(member.user.email, /Your membership/)).toBe(1);
  });

  it('counts the sign-in limit across A and B', async () => {
    const attempt = (portal: Portal) =>
      new TestClient(portal.app).request(
        { method: 'POST', url: '/api/users/login', remoteAddress: '192.0.2.44' },
        { json: { email: 'nobody@example.com', password: 'wrong-password' } },
      );
    const statuses = [];
    for (const portal of [a, b, a, b]) statuses.push((await attempt(portal)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
