import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.js';
import { runHousekeeping } from '../housekeeping.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, signedUpMember, TestClient } from '../test-support/test-app.js';
import { createTransport } from './mail-worker.js';
import { mailTemplates } from './templates.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({ MAIL_RETENTION_DAYS: '' }, { mailTransport: mailbox.transport });
});
afterAll(() => portal.close());

const brand = { companyName: 'Home of Movies', publicUrl: undefined };

async function deliveredRow(to: string, subject: RegExp) {
  for (let tries = 0; tries < 100; tries++) {
    const rows = await portal.app.ctx.db.select().from(outbox).where(and(eq(outbox.to, to), isNotNull(outbox.sentAt)));
    const row = rows.find((r) => subject.test(r.subject));
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no delivered mail to ${to}`);
}

describe('the outbox', () => {
  it('marks every template that carries a code as sensitive, and no other', () => {
    const sensitive = [
      mailTemplates.emailCode(brand, 'a@example.com', 'Ada', '123456'),
      mailTemplates.paymentApproved(brand, 'a@example.com', 'Ada', '123456', 1),
      mailTemplates.otpResent(brand, 'a@example.com', 'Ada', '123456'),
      mailTemplates.passwordResetCode(brand, 'a@example.com', 'Ada', '123456'),
      mailTemplates.emailChangeCode(brand, 'a@example.com', 'Ada', '123456'),
    ];
    for (const mail of sensitive) expect(mail.sensitive, mail.subject).toBe(true);
    expect(mailTemplates.paymentApproved(brand, 'a@example.com', 'Ada', null, 1).sensitive).toBe(false);
    expect(mailTemplates.bookingReceived(brand, 'a@example.com', 'Ada', 'BK-1234', 'Ada').sensitive).toBe(false);
  });

  it('keeps no code once the mail carrying it is delivered, and keeps the body of other mail', async () => {
    const { fields, user } = await signedUpMember(portal.app);
    await new TestClient(portal.app).post('/api/users/password/forgot', { json: { identifier: fields.email } });
    const code = await mailbox.codeFor(user.email, /password reset code/);
    const reset = await new TestClient(portal.app).post('/api/users/password/reset', {
      json: { identifier: fields.email, code, password: 'a-brand-new-pass-7', confirmPassword: 'a-brand-new-pass-7' },
    });
    expect(reset.statusCode).toBe(200);

    const codeMail = await deliveredRow(user.email, /password reset code/);
    expect(codeMail).toMatchObject({ sensitive: true, text: '', html: '' });
    const notice = await deliveredRow(user.email, /password was changed/);
    expect(notice.text).toMatch(/password of your account was just changed/);
  });

  it('removes delivered and dead mail older than MAIL_RETENTION_DAYS (30 by default) and keeps the rest', async () => {
    const daysAgo = (days: number) => sql`now() - ${`${days} days`}::interval`;
    const mail = (to: string) => ({ to, subject: 'Old news', text: 'Hello Ada, +2348031234567', html: '<p>Hello</p>' });
    await portal.app.ctx.db.insert(outbox).values([
      { ...mail('old@example.com'), createdAt: daysAgo(31), sentAt: daysAgo(31) },
      { ...mail('recent@example.com'), createdAt: daysAgo(29), sentAt: daysAgo(29) },
      { ...mail('undelivered@example.com'), createdAt: daysAgo(40), nextAttemptAt: daysAgo(-1) },
      { ...mail('dead-long-ago@example.com'), createdAt: daysAgo(40), deadAt: daysAgo(31), attempts: 10 },
      { ...mail('dead-lately@example.com'), createdAt: daysAgo(40), deadAt: daysAgo(29), attempts: 10 },
    ]);
    await runHousekeeping(portal.app.ctx);
    const left = (await portal.app.ctx.db.select({ to: outbox.to }).from(outbox)).map((row) => row.to);
    expect(left).not.toContain('old@example.com');
    expect(left).not.toContain('dead-long-ago@example.com');
    expect(left).toEqual(expect.arrayContaining(['recent@example.com', 'undelivered@example.com', 'dead-lately@example.com']));
  });
});

describe('mail without SMTP', () => {
  function capturingLog() {
    const lines: string[] = [];
    const write = (...args: unknown[]) => void lines.push(JSON.stringify(args));
    return { lines, log: { info: write, warn: write, error: write } as unknown as FastifyBaseLogger };
  }
  const message = { ...mailTemplates.passwordResetCode(brand, 'ada@example.com', 'Ada', '482913'), from: 'portal@example.com' };

  it('prints the mail, code included, to the log in development and tests', async () => {
    for (const env of ['development', 'test'] as const) {
      const { lines, log } = capturingLog();
      await createTransport({ smtpUrl: undefined, env }, log).send(message);
      expect(lines.join('\n')).toContain('482913');
    }
  });

  it('never logs the body, so no code, in production', async () => {
    const { lines, log } = capturingLog();
    await createTransport({ smtpUrl: undefined, env: 'production' }, log).send(message);
    expect(lines.join('\n')).toContain('ada@example.com');
    expect(lines.join('\n')).not.toContain('482913');
  });
});
