import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.js';
import { runHousekeeping } from '../housekeeping.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, signedInStaff, STAFF, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';
import { createTransport } from './mail-worker.js';
import { portalAddress } from './portal-address.js';
import { authMail } from '../auth/mail.js';
import { contactMail } from '../contact/mail.js';
import { ledgerMail } from '../ledger/mail.js';
import { membershipMail } from '../membership/mail.js';
import { profileMail } from '../profile/mail.js';
import { talentMail } from '../talent/mail.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({ MAIL_RETENTION_DAYS: '' }, { mailTransport: mailbox.transport });
});
afterAll(() => portal.close());

const brand = { companyName: 'Home of Movies', publicUrl: 'https://portal.example.com', replyTo: 'info@homeofmovies.example', supportEmail: null };

async function deliveredRow(to: string, subject: RegExp) {
  for (let tries = 0; tries < 100; tries++) {
    const rows = await portal.app.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), isNotNull(outbox.sentAt)));
    const row = rows.find((r) => subject.test(r.subject));
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no delivered mail to ${to}`);
}

describe('the outbox', () => {
  it('marks every template that carries a code as sensitive, and no other', () => {
    const sensitive = [
      membershipMail.emailCode(brand, 'a@example.com', 'Ada', '123456'),
      ledgerMail.paymentApproved(brand, 'a@example.com', 'Ada', '123456', 1),
      membershipMail.otpResent(brand, 'a@example.com', 'Ada', '123456'),
      authMail.passwordResetCode(brand, 'a@example.com', 'Ada', '123456'),
      profileMail.emailChangeCode(brand, 'a@example.com', 'Ada', '123456'),
    ];
    for (const mail of sensitive) expect(mail.sensitive, mail.subject).toBe(true);
    expect(ledgerMail.paymentApproved(brand, 'a@example.com', 'Ada', null, 1).sensitive).toBe(false);
    expect(talentMail.bookingReceived(brand, 'a@example.com', 'Ada', 'BK-1234', 'Ada').sensitive).toBe(false);
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
  const message = { ...authMail.passwordResetCode(brand, 'ada@example.com', 'Ada', '482913'), from: 'portal@example.com' };

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

describe('links and answers in mail', () => {
  /** Every http(s) address and every bare path to a page ("/guardian?child=...") the text carries. */
  const linksIn = (text: string) => ({ absolute: text.match(/https?:\/\/[^\s)]+/g) ?? [], bare: text.match(/(?<![\w/:.])\/[a-z][\w/-]*(\?[^\s)]*)?/g) ?? [] });

  it('without PUBLIC_URL, links in mail start with the address the portal listens on', async () => {
    const listening = `http://localhost:${portal.app.ctx.config.port}`;
    const guardianEmail = `parent-${process.pid}@example.com`;
    const child = await signedUpMember(portal.app, {
      dob: `${new Date().getFullYear() - 12}-01-01`,
      guardianName: 'Ngozi Okafor',
      guardianRelationship: 'Mother',
      guardianEmail,
      guardianPhone: '+234 803 555 0101',
    });
    const guardianMail = await mailbox.waitFor((m) => m.to === guardianEmail && /Please confirm/.test(m.subject));
    expect(linksIn(guardianMail.text).absolute).toContain(`${listening}/guardian?child=${child.user.id}`);
    expect(linksIn(guardianMail.text).bare).toEqual([]);

    const invited = await (
      await signedInStaff(portal.app)
    ).post('/api/admin/staff', {
      json: { email: `invitee-${process.pid}@example.com`, name: 'Ngozi Eze', role: 'moderator', currentPassword: STAFF.password },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const invite = await mailbox.waitFor((m) => m.to === `invitee-${process.pid}@example.com`);
    expect(linksIn(invite.text).absolute).toContain(`${listening}/forgot-password?invited=1`);
    expect(linksIn(invite.text).bare).toEqual([]);
  });

  it('uses PUBLIC_URL when it is set, without a doubled slash, and otherwise a host a browser can reach', () => {
    expect(portalAddress({ publicUrl: 'https://members.example.com/', host: '0.0.0.0', port: 3000 })).toBe('https://members.example.com');
    expect(portalAddress({ publicUrl: undefined, host: '0.0.0.0', port: 3000 })).toBe('http://localhost:3000');
    expect(portalAddress({ publicUrl: undefined, host: '192.168.1.20', port: 3000 })).toBe('http://192.168.1.20:3000');
    expect(portalAddress({ publicUrl: undefined, host: 'fd00::20', port: 3000 })).toBe('http://[fd00::20]:3000');
  });

  it('the activation code mail says how long the code lasts and links to the fees page', () => {
    for (const mail of [
      ledgerMail.paymentApproved(brand, 'a@example.com', 'Ada', '123456', 1),
      membershipMail.otpResent(brand, 'a@example.com', 'Ada', '123456'),
    ]) {
      expect(mail.text, mail.subject).toContain('It expires in 10 minutes');
      expect(mail.text, mail.subject).toContain('https://portal.example.com/user/fees');
    }
  });

  it("mail that asks for an answer is answered at the company's address; other mail has no Reply-To", async () => {
    const { user } = await signedUpMember(portal.app);
    const finance = await signedInStaffAs(portal.app, 'finance');
    const suspended = await finance.client.post(`/api/admin/members/${user.id}/suspend`, { json: { reason: 'Missed three meetings in a row.' } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const notice = await mailbox.waitFor((m) => m.to === user.email && /suspended/.test(m.subject));
    expect(notice.replyTo).toBe(portal.app.ctx.config.company.email);
    expect(notice.text).toContain('Reply to this email');

    const sent = await new TestClient(portal.app).post('/api/users/password/forgot', { json: { identifier: user.email } });
    expect(sent.statusCode).toBe(200);
    const resetMail = await mailbox.waitFor((m) => m.to === user.email && /password reset code/.test(m.subject));
    expect(resetMail.replyTo).toBeUndefined();
  });

  it('the Reply-To follows the address staff save in the settings', async () => {
    const admin = await signedInStaff(portal.app);
    const saved = await admin.put('/api/admin/settings/site', {
      json: {
        companyName: 'Home of Movies',
        email: 'hello@homeofmovies.example',
        phone: '+234 803 123 4567',
        nairaAccount: '',
        dollarAccount: '',
        offices: [],
        faq: [],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(contactMail.contactReply(portal.app.ctx.mailer.brand, 'a@example.com', 'Ada', 'Thank you', null).replyTo).toBe('hello@homeofmovies.example');
  });

  it('ends a sentence staff typed with one full stop, whether or not they typed one', () => {
    for (const reason of ['Missed three meetings in a row', 'Missed three meetings in a row.']) {
      const text =
        membershipMail.membershipSuspended(brand, 'a@example.com', 'Ada', reason).text +
        ledgerMail.fineRecorded(brand, 'a@example.com', 'Ada', '₦5,000.00', reason).text;
      expect(text).not.toMatch(/\.\./);
      expect(text).toContain('Missed three meetings in a row.');
    }
  });

  // Last: the portal then listens, and its links follow.
  it('follows the port the portal got when it listens on any free one', async () => {
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = portal.app.server.address() as { port: number };
    expect(port).not.toBe(portal.app.ctx.config.port);
    expect(portal.app.ctx.mailer.brand.publicUrl).toBe(`http://localhost:${port}`);
  });
});
