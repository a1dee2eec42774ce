import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../db/schema.js';
import { assertCanResend, consumeCode, hasVerifiedEmail, issueCode } from './codes.js';
import { outboxDrained, outboxRowsTo, TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, onPostgresServer, PASSWORD, signedUpMember, TestClient } from '../test-support/test-app.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
});
afterAll(() => portal.close());

const NEW_PASSWORD = 'a-brand-new-pass-7';
const RESET_SUBJECT = /password reset code/;

async function forgot(identifier: string) {
  return new TestClient(portal.app).post('/api/users/password/forgot', { json: { identifier } });
}

function reset(client: TestClient, identifier: string, code: string, password = NEW_PASSWORD) {
  return client.post('/api/users/password/reset', { json: { identifier, code, password, confirmPassword: password } });
}

describe('forgotten password', () => {
  it('answers the same whether or not an account exists, and emails a code only to a real one', async () => {
    const { fields } = await signedUpMember(portal.app);
    const known = await forgot(String(fields.email));
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toMatch(/If an account uses that email or phone number/);
    await mailbox.codeFor(String(fields.email), RESET_SUBJECT);
    expect(mailbox.sent.some((mail) => mail.to === 'nobody-here@example.com')).toBe(false);
  });

  it('resets the password with the code, signs in, and ends every other session', async () => {
    const { client: otherDevice, fields, user } = await signedUpMember(portal.app);
    expect((await otherDevice.get('/api/users/profile')).statusCode).toBe(200);
    // The phone number, spelt as a member might type it.
    const spelt = `+234 ${String(fields.phone).slice(1, 4)} ${String(fields.phone).slice(4)}`;
    expect((await forgot(spelt)).statusCode).toBe(200);
    const code = await mailbox.codeFor(user.email, RESET_SUBJECT);

    const browser = new TestClient(portal.app);
    const response = await reset(browser, String(fields.phone), code);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
    expect((await browser.get('/api/users/profile')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/users/profile')).statusCode).toBe(401);
    await mailbox.waitFor((mail) => mail.to === user.email && /password was changed/.test(mail.subject));

    const oldPassword = await new TestClient(portal.app).post('/api/users/login', { json: { email: fields.email, password: PASSWORD } });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await new TestClient(portal.app).post('/api/users/login', { json: { email: fields.email, password: NEW_PASSWORD } });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses a reused, a wrong, an expired code and an unknown account with 400 and a message', async () => {
    const { fields, user } = await signedUpMember(portal.app);
    await forgot(String(fields.email));
    const code = await mailbox.codeFor(user.email, RESET_SUBJECT);
    const wrong = await reset(new TestClient(portal.app), String(fields.email), code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/not right\. 4 tries left/);
    expect((await reset(new TestClient(portal.app), String(fields.email), code)).statusCode).toBe(200);

    const reused = await reset(new TestClient(portal.app), String(fields.email), code, 'yet-another-pass-8');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/expired or was already used/);

    const unknown = await reset(new TestClient(portal.app), 'nobody-here@example.com', '123456');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(reused.json());

    // A new code (asked for more than a minute after the last), past its 15 minutes.
    const earlier = new Date(Date.now() - 2 * 60_000);
    await portal.app.ctx.db.update(verificationCodes).set({ createdAt: earlier }).where(eq(verificationCodes.userId, user.id));
    mailbox.sent.length = 0;
    await forgot(String(fields.email));
    // The code is made after the answer: its mail says it exists.
    const lateCode = await mailbox.codeFor(user.email, RESET_SUBJECT);
    await portal.app.ctx.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const expired = await reset(new TestClient(portal.app), String(fields.email), lateCode);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('counts down five tries at a code, then refuses even the right one until a new code is asked for', async () => {
    const { fields, user } = await signedUpMember(portal.app);
    await forgot(String(fields.email));
    const code = await mailbox.codeFor(user.email, RESET_SUBJECT);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let i = 0; i < 5; i += 1) messages.push((await reset(new TestClient(portal.app), String(fields.email), wrongCode)).json().message);
    expect(messages).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
      'That code is not right. No tries left. Request a new code.',
    ]);
    const right = await reset(new TestClient(portal.app), String(fields.email), code);
    expect([right.statusCode, right.json().message]).toEqual([429, 'Too many wrong tries. Request a new code.']);

    // Once the code is past its time, it is only expired: there is nothing left to try.
    await portal.app.ctx.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const late = await reset(new TestClient(portal.app), String(fields.email), code);
    expect([late.statusCode, late.json().message]).toEqual([400, 'This code has expired or was already used. Request a new code.']);
    const login = await new TestClient(portal.app).post('/api/users/login', { json: { email: fields.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('sends one code a minute however often it is asked for; the first still works', async () => {
    const { fields, user } = await signedUpMember(portal.app);
    await Promise.all([forgot(String(fields.email)), forgot(String(fields.email))]);
    await forgot(String(fields.email));
    const code = await mailbox.codeFor(user.email, RESET_SUBJECT);
    expect(await outboxRowsTo(portal.app.ctx.db, user.email, RESET_SUBJECT)).toBe(1);
    await outboxDrained(portal.app.ctx.db);
    expect(mailbox.countTo(user.email, RESET_SUBJECT)).toBe(1);
    expect((await reset(new TestClient(portal.app), String(fields.email), code)).statusCode).toBe(200);
  });

  it('does not sign a disabled account in: it says the account is disabled and keeps the password', async () => {
    const { fields, user } = await signedUpMember(portal.app);
    await portal.app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    await forgot(String(fields.email));
    const browser = new TestClient(portal.app);
    const response = await reset(browser, String(fields.email), await mailbox.codeFor(user.email, RESET_SUBJECT));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/has been disabled/);
    expect(response.body).not.toMatch(/signed in/);
    expect(browser.cookie('sid')).toBeUndefined();
    await portal.app.ctx.db.update(users).set({ disabledAt: null }).where(eq(users.id, user.id));
    const oldPassword = await new TestClient(portal.app).post('/api/users/login', { json: { email: fields.email, password: PASSWORD } });
    expect(oldPassword.statusCode).toBe(200);
  });

  it('refuses a new password that does not match its confirmation, and changes nothing', async () => {
    const { fields, user } = await signedUpMember(portal.app);
    await forgot(String(fields.email));
    const code = await mailbox.codeFor(user.email, RESET_SUBJECT);
    const response = await new TestClient(portal.app).post('/api/users/password/reset', {
      json: { identifier: fields.email, code, password: NEW_PASSWORD, confirmPassword: 'something-else-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Passwords do not match/);
    expect((await reset(new TestClient(portal.app), String(fields.email), code)).statusCode).toBe(200);
  });
});

describe('the forgotten-password answer', () => {
  it.skipIf(!onPostgresServer)('does not wait for the code of a known account: it answers as soon as for an unknown one', async () => {
    const { fields, user } = await signedUpMember(portal.app);
    // Another request holds the account's row: making the code has to wait for it, the answer must not.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = portal.app.ctx.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      await released;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await Promise.race([forgot(String(fields.email)), new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000))]);
    release();
    await holding;
    expect(answer).not.toBe('waited');
    expect((answer as { statusCode: number }).statusCode).toBe(200);
    await mailbox.codeFor(user.email, RESET_SUBJECT);
  });
});

describe('forgotten password limits', () => {
  it('limits requests per account, whichever spelling or address they come from', async () => {
    const limited = await createTestApp({ RATE_LIMIT_CODES: '3' });
    try {
      const { fields } = await signedUpMember(limited.app);
      const phone = String(fields.phone);
      const spellings = [
        phone,
        `+234${phone.slice(1)}`,
        `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`,
        `${phone.slice(0, 4)}-${phone.slice(4)}`,
      ];
      const statuses = [];
      const client = new TestClient(limited.app);
      for (const [i, identifier] of spellings.entries()) {
        const response = await client.request(
          { method: 'POST', url: '/api/users/password/forgot', remoteAddress: `10.0.0.${i + 1}` },
          { json: { identifier } },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('changing the email or the password', () => {
  function profileForm(fields: Record<string, string>): FormData {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return form;
  }

  it('needs the current password: 400 without it, 403 when wrong, and nothing changes', async () => {
    const { client, fields, user } = await signedUpMember(portal.app);
    const base = { phone: String(fields.phone), title: 'Actor' };
    const missing = await client.put('/api/users/profile', { form: profileForm({ ...base, password: NEW_PASSWORD }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter your current password');
    const wrong = await client.put('/api/users/profile', { form: profileForm({ ...base, email: 'moved@example.com', currentPassword: 'not-my-password' }) });
    expect(wrong.statusCode).toBe(403);
    const profile = (await client.get('/api/users/profile')).json().user;
    expect(profile).toMatchObject({ email: user.email, pendingEmail: null, title: null });
    const login = await new TestClient(portal.app).post('/api/users/login', { json: { email: fields.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('keeps the old email until the code sent to the new one is entered, then tells the old address', async () => {
    const { client, fields, user } = await signedUpMember(portal.app);
    const newEmail = `moved-${user.id.slice(0, 8)}@example.com`;
    const response = await client.put('/api/users/profile', {
      form: profileForm({ phone: String(fields.phone), title: 'Actor', email: newEmail, currentPassword: PASSWORD }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: user.email, pendingEmail: newEmail });
    const code = await mailbox.codeFor(newEmail, /Confirm your new email/);

    // Not confirmed yet: the account still answers to the old address.
    const oldLogin = await new TestClient(portal.app).post('/api/users/login', { json: { email: user.email, password: PASSWORD } });
    expect(oldLogin.statusCode).toBe(200);
    const early = await new TestClient(portal.app).post('/api/users/login', { json: { email: newEmail, password: PASSWORD } });
    expect(early.statusCode).toBe(401);

    const wrong = await client.post('/api/users/email/confirm', { json: { code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await client.post('/api/users/email/confirm', { json: { code } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email: newEmail, pendingEmail: null });
    await mailbox.waitFor((mail) => mail.to === user.email && /email was changed/.test(mail.subject));
    const newLogin = await new TestClient(portal.app).post('/api/users/login', { json: { email: newEmail, password: PASSWORD } });
    expect(newLogin.statusCode).toBe(200);
    expect((await client.post('/api/users/email/confirm', { json: { code } })).statusCode).toBe(400);
  });

  it('tells the old address when the password changes', async () => {
    const { client, fields, user } = await signedUpMember(portal.app);
    const response = await client.put('/api/users/profile', {
      form: profileForm({ phone: String(fields.phone), title: 'Actor', password: NEW_PASSWORD, currentPassword: PASSWORD }),
    });
    expect(response.statusCode).toBe(200);
    const mail = await mailbox.waitFor((m) => m.to === user.email && /password was changed/.test(m.subject));
    expect(mail.text).toMatch(/Forgot password/);
  });

  it('limits probing for other members’ emails like login: 409s stop after the limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN: '5' });
    try {
      const target = await signedUpMember(limited.app);
      const { client, fields } = await signedUpMember(limited.app);
      const statuses = [];
      for (let i = 0; i < 8; i++) {
        const response = await client.put('/api/users/profile', {
          form: profileForm({ phone: String(fields.phone), title: 'Actor', email: String(target.fields.email), currentPassword: PASSWORD }),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([409, 409, 409, 409, 409, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

/** The rules of codes.ts that the password reset does not reach: the OTP's wording, the wait between codes, a verified email. */
describe('codes of every kind', () => {
  it('tells a member with an activation OTP to send a new OTP, not to request a code', async () => {
    const { user } = await signedUpMember(portal.app);
    const otp = await issueCode(portal.app.ctx, portal.app.ctx.db, user.id, 'otp');
    const wrong = otp === '000000' ? '111111' : '000000';
    const tryOtp = (code: string) => consumeCode(portal.app.ctx, portal.app.ctx.db, user.id, 'otp', code, 'Invalid otp.');
    const messages = [];
    for (let i = 0; i < 5; i += 1) messages.push((await tryOtp(wrong))?.message);
    expect(messages.at(-1)).toBe('Invalid otp. No tries left. Click Send OTP to get a new one.');
    const right = await tryOtp(otp);
    expect([right?.statusCode, right?.message]).toEqual([429, 'Too many wrong tries. Click Send OTP to get a new one.']);
    await portal.app.ctx.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const late = await tryOtp(otp);
    expect([late?.statusCode, late?.message]).toEqual([400, 'This code has expired or was already used. Click Send OTP to get a new one.']);
  });

  it('always gives six digits, leading zeros kept, and each works', async () => {
    const { user } = await signedUpMember(portal.app);
    const { ctx } = portal.app;
    // One code in ten is under 100000: among 100, the chance that none is (and a lost zero goes unseen) is 0.9^100, 3 in 100,000.
    const codes: string[] = [];
    for (let i = 0; i < 100; i++) codes.push(await issueCode(ctx, ctx.db, user.id, 'email'));
    expect(codes.filter((code) => !/^\d{6}$/.test(code))).toEqual([]);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
    expect(await consumeCode(ctx, ctx.db, user.id, 'email', codes.at(-1)!, 'Wrong.')).toBeNull();
  });

  it('refuses another code within a minute of the last unused one of the same kind, and only then', async () => {
    const { user } = await signedUpMember(portal.app);
    const { ctx } = portal.app;
    await expect(assertCanResend(ctx.db, user.id, 'email')).resolves.toBeUndefined();
    const code = await issueCode(ctx, ctx.db, user.id, 'email');
    await expect(assertCanResend(ctx.db, user.id, 'email')).rejects.toMatchObject({
      statusCode: 429,
      message: 'A code was sent less than a minute ago. Please check your email or wait a minute.',
    });
    // Another kind of code is not held up by it.
    await expect(assertCanResend(ctx.db, user.id, 'guardian')).resolves.toBeUndefined();
    // A code sent more than a minute ago is no reason to wait.
    await ctx.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(verificationCodes.userId, user.id));
    await expect(assertCanResend(ctx.db, user.id, 'email')).resolves.toBeUndefined();
    // Nor is a used one, however recent.
    await ctx.db.update(verificationCodes).set({ createdAt: new Date() }).where(eq(verificationCodes.userId, user.id));
    expect(await consumeCode(ctx, ctx.db, user.id, 'email', code, 'Wrong.')).toBeNull();
    await expect(assertCanResend(ctx.db, user.id, 'email')).resolves.toBeUndefined();
  });

  it('counts an email as verified only by a used email code', async () => {
    const { user } = await signedUpMember(portal.app);
    const { ctx } = portal.app;
    expect(await hasVerifiedEmail(ctx.db, user.id)).toBe(false);
    const otp = await issueCode(ctx, ctx.db, user.id, 'otp');
    expect(await consumeCode(ctx, ctx.db, user.id, 'otp', otp, 'Wrong.')).toBeNull();
    const code = await issueCode(ctx, ctx.db, user.id, 'email');
    expect(await hasVerifiedEmail(ctx.db, user.id)).toBe(false);
    expect(await consumeCode(ctx, ctx.db, user.id, 'email', ` ${code} `, 'Wrong.')).toBeNull();
    expect(await hasVerifiedEmail(ctx.db, user.id)).toBe(true);
  });
});
