import { and, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.js';
import { outboxDrained, TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, signedInStaff, signedUpMember } from '../test-support/test-app.js';
import { pooledSmtpUrl, startMailWorker } from './mail-worker.js';
import { enqueueMail } from './outbox.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({ MAIL_MAX_ATTEMPTS: '2', MAIL_RETRY_BASE_MS: '20' }, { mailTransport: mailbox.transport });
});
afterAll(() => portal.close());

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the mail outbox', () => {
  it('gives a message up after the last attempt, never retries it, and shows it to staff', async () => {
    const staff = await signedInStaff(portal.app);
    const dead = () => staff.get('/api/admin/mail/dead').then((response) => response.json().messages as { to: string; attempts: number; lastError: string }[]);
    mailbox.down = true;
    await enqueueMail(portal.app.ctx.db, { to: 'unlucky@example.com', subject: 'Your code', text: 'code', html: '<p>code</p>' });
    portal.app.ctx.mailer.nudge();
    await until(async () => (await dead()).some((message) => message.to === 'unlucky@example.com'));
    const [message] = (await dead()).filter((m) => m.to === 'unlucky@example.com');
    expect(message).toMatchObject({ attempts: 2, lastError: expect.stringContaining('ECONNREFUSED') });

    mailbox.down = false;
    // A mail queued after it is delivered: the worker has run since SMTP came back, and passed the dead one by.
    await enqueueMail(portal.app.ctx.db, { to: 'lucky@example.com', subject: 'Your code', text: 'code', html: '<p>code</p>' });
    portal.app.ctx.mailer.nudge();
    await outboxDrained(portal.app.ctx.db);
    expect(mailbox.countTo('lucky@example.com', /Your code/)).toBe(1);
    expect(mailbox.countTo('unlucky@example.com', /Your code/)).toBe(0);
    const member = await signedUpMember(portal.app);
    expect((await member.client.get('/api/admin/mail/dead')).statusCode).toBe(403);
  });

  it('keeps no code in a message it gave up on, and keeps the body of other mail', async () => {
    mailbox.down = true;
    try {
      await enqueueMail(portal.app.ctx.db, {
        to: 'coded@example.com',
        subject: 'Your code',
        text: 'Your code is 482913',
        html: '<p>482913</p>',
        sensitive: true,
      });
      await enqueueMail(portal.app.ctx.db, { to: 'plain@example.com', subject: 'News', text: 'Hello Ada', html: '<p>Hello Ada</p>' });
      portal.app.ctx.mailer.nudge();
      const deadRows = () =>
        portal.app.ctx.db
          .select()
          .from(outbox)
          .where(and(inArray(outbox.to, ['coded@example.com', 'plain@example.com']), isNotNull(outbox.deadAt)));
      await until(async () => (await deadRows()).length === 2);
      const rows = Object.fromEntries((await deadRows()).map((row) => [row.to, row]));
      expect(rows['coded@example.com']).toMatchObject({ text: '', html: '' });
      expect(rows['plain@example.com']).toMatchObject({ text: 'Hello Ada', html: '<p>Hello Ada</p>' });
    } finally {
      mailbox.down = false;
    }
  });

  it('sends each message once when several workers share the outbox', async () => {
    const { db } = portal.app.ctx;
    const sent: string[] = [];
    const slowTransport = {
      async send(message: { to: string }) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        sent.push(message.to);
      },
    };
    const recipients = Array.from({ length: 12 }, (_, i) => `shared-${i}@example.com`);
    for (const to of recipients) await enqueueMail(db, { to, subject: 'Approved', text: 'ok', html: '<p>ok</p>' });
    const options = { db, transport: slowTransport, from: 'portal@example.com', log: portal.app.log, pollMs: 20, retryBaseMs: 20, maxAttempts: 3 };
    const workers = [startMailWorker(options), startMailWorker(options), startMailWorker(options)];
    await until(async () => recipients.every((to) => sent.includes(to) || mailbox.countTo(to, /Approved/) > 0));
    await Promise.all(workers.map((worker) => worker.stop()));
    for (const to of recipients) expect(sent.filter((s) => s === to).length + mailbox.countTo(to, /Approved/)).toBe(1);
  });

  it('pools SMTP connections unless SMTP_URL says otherwise', () => {
    const url = new URL(pooledSmtpUrl('smtps://user:secret@smtp.example.com:465?maxConnections=8'));
    expect(url.searchParams.get('pool')).toBe('true');
    expect(url.searchParams.get('maxConnections')).toBe('8');
    expect(url.searchParams.get('socketTimeout')).toBe('60000');
  });
});
