import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, payments, plans, verificationCodes } from '../db/schema.js';
import { stillStored, storedFilesOf } from '../test-support/files.js';
import { outboxDrained, outboxRowsTo, TestMailbox } from '../test-support/mailbox.js';
import { holdRows } from '../test-support/on-postgres.js';
import { countPendingPayments } from './payments-review.js';
import { createTestApp, onPostgresServer, PASSWORD, signedInStaff, signedUpMember, type TestClient } from '../test-support/test-app.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestClient;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
  staff = await signedInStaff(portal.app);
});
afterAll(() => portal.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const slipImage = () =>
  sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
    .png()
    .toBuffer();

function slipForm(data: Buffer, name = 'slip.png', extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  form.append('paymentSlip', new Blob([new Uint8Array(data)]), name);
  return form;
}

async function verifiedMember() {
  const member = await signedUpMember(portal.app);
  const sent = await member.client.post('/api/users/verify-email', { json: { email: member.user.email } });
  expect(sent.statusCode).toBe(200);
  const code = await mailbox.codeFor(member.user.email, /verification code/);
  const verified = await member.client.post('/api/users/verify-code', { json: { email: member.user.email, code } });
  expect(verified.statusCode).toBe(200);
  return member;
}

async function memberWithSlip() {
  const member = await verifiedMember();
  const upload = await member.client.post('/api/users/upload-slip', {
    form: slipForm(await slipImage(), 'slip.png', { userId: member.user.id, plan: 'premium' }),
  });
  expect(upload.statusCode).toBe(201);
  return { ...member, paymentId: upload.json().paymentId as string };
}

describe('the whole activation path', () => {
  it('goes from email code to slip to staff approval to OTP to an active profile', async () => {
    const member = await signedUpMember(portal.app);
    const email = member.user.email;

    const sent = await member.client.post('/api/users/verify-email', { json: { email } });
    expect(sent.json().message).toBe('Verification email sent!');
    const code = await mailbox.codeFor(email, /verification code/);
    const verified = await member.client.post('/api/users/verify-code', { json: { email, code } });
    expect(verified.json()).toEqual({ message: 'Email verified successfully!', userId: member.user.id });

    const upload = await member.client.post('/api/users/upload-slip', {
      form: slipForm(await slipImage(), 'slip.png', { email, userId: member.user.id, plan: 'premium' }),
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.json().message).toBe('Payment slip uploaded successfully!');

    const early = await member.client.post('/api/users/send-otp', { json: { userId: member.user.id } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/awaiting review/);

    const queue = await staff.get('/api/admin/payments?status=pending');
    expect(queue.statusCode).toBe(200);
    const line = queue.json().find((p: { userId: string }) => p.userId === member.user.id);
    expect(line).toMatchObject({ email, fullName: 'Chioma Okafor', plan: 'premium', status: 'pending', kind: 'fee', amountKobo: 6_050_000 });
    expect(Date.parse(line.uploadedAt)).toBeGreaterThan(Date.now() - 60_000);

    const approve = await staff.post(`/api/admin/payments/${line.id}/approve`, { json: { months: 2, reason: 'The transfer covers two months.' } });
    expect(approve.statusCode).toBe(200);
    const otp = await mailbox.codeFor(email, /OTP/);

    const resend = await member.client.post('/api/users/send-otp', { json: { userID: member.user.id, email } });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe('OTP sent successfully!');

    const activated = await member.client.post('/api/users/activate-profile', { json: { userId: member.user.id, otp } });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().message).toBe('Profile activated successfully!');
    expect(activated.json().user.status).toBe(true);
    expect((await member.client.get('/api/users/profile')).json().user.status).toBe(true);

    const approved = (await staff.get('/api/admin/payments?status=approved')).json().find((p: { id: string }) => p.id === line.id);
    expect(approved).toMatchObject({ months: 2, amountKobo: 12_100_000, reviewerEmail: 'staff@example.com' });

    const audit = await staff.get(`/api/admin/audit?subjectType=payment&subjectId=${line.id}`);
    expect(audit.json().entries).toEqual([expect.objectContaining({ action: 'payment.approved', actorEmail: 'staff@example.com' })]);

    const notes = (await member.client.get('/api/notifications')).json().notifications.map((n: { kind: string }) => n.kind);
    expect(notes).toEqual(['profile-activated', 'payment-approved', 'slip-received']);

    const status = (await member.client.get('/api/users/membership')).json();
    expect(status).toMatchObject({ emailVerified: true, status: true, payment: { status: 'approved' } });
  });
});

describe('step 1: email code', () => {
  it("answers the same for another member's email and an unknown one, and sends nothing", async () => {
    const member = await signedUpMember(portal.app);
    const other = await signedUpMember(portal.app);
    const registered = await member.client.post('/api/users/verify-email', { json: { email: other.user.email } });
    const unknown = await member.client.post('/api/users/verify-email', { json: { email: 'nobody@example.com' } });
    expect(registered.statusCode).toBe(400);
    expect(registered.json()).toEqual(unknown.json());
    expect(mailbox.countTo(other.user.email, /verification/)).toBe(0);
  });

  it('limits re-sends to one a minute', async () => {
    const member = await signedUpMember(portal.app);
    expect((await member.client.post('/api/users/verify-email', { json: { email: member.user.email } })).statusCode).toBe(200);
    const again = await member.client.post('/api/users/verify-email', { json: { email: member.user.email } });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/less than a minute ago/);
  });

  it('refuses a wrong code, counts the tries, and kills the code after five', async () => {
    const member = await signedUpMember(portal.app);
    await member.client.post('/api/users/verify-email', { json: { email: member.user.email } });
    const code = await mailbox.codeFor(member.user.email, /verification code/);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await member.client.post('/api/users/verify-code', { json: { code: wrong } });
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe('Invalid code? Please try again! 4 tries left.');
    for (let i = 0; i < 4; i++) await member.client.post('/api/users/verify-code', { json: { code: wrong } });
    const right = await member.client.post('/api/users/verify-code', { json: { code } });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/Too many wrong tries/);
  });

  it('refuses an expired code and a used one', async () => {
    const member = await signedUpMember(portal.app);
    await member.client.post('/api/users/verify-email', { json: { email: member.user.email } });
    const code = await mailbox.codeFor(member.user.email, /verification code/);
    await portal.app.ctx.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(verificationCodes.userId, member.user.id));
    const expired = await member.client.post('/api/users/verify-code', { json: { code } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('stores codes only as keyed hashes', async () => {
    const member = await signedUpMember(portal.app);
    await member.client.post('/api/users/verify-email', { json: { email: member.user.email } });
    const code = await mailbox.codeFor(member.user.email, /verification code/);
    const rows = await portal.app.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, member.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
  });

  it.each([[{ code: '12345' }], [{ code: 'abcdef' }], [{}]])('validates the code format %o', async (body) => {
    const member = await signedUpMember(portal.app);
    const response = await member.client.post('/api/users/verify-code', { json: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Verification code/);
  });
});

describe('step 3: the slip', () => {
  it('needs a verified email first', async () => {
    const member = await signedUpMember(portal.app);
    const response = await member.client.post('/api/users/upload-slip', { form: slipForm(await slipImage()) });
    expect(response.statusCode).toBe(403);
  });

  it('accepts a PDF', async () => {
    const member = await verifiedMember();
    const response = await member.client.post('/api/users/upload-slip', { form: slipForm(PDF, 'slip.pdf') });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a non-image renamed .png with 415', async () => {
    const member = await verifiedMember();
    const response = await member.client.post('/api/users/upload-slip', { form: slipForm(Buffer.from('MZ\x90\x00 this is not a picture'), 'slip.png') });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/Payment slip must be a JPEG, PNG, WebP or PDF file/);
  });

  it('refuses a 6 MB file with 413', async () => {
    const member = await verifiedMember();
    const big = Buffer.concat([await slipImage(), Buffer.alloc(6 * 1024 * 1024)]);
    const response = await member.client.post('/api/users/upload-slip', { form: slipForm(big) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/at most 5 MB/);
  });

  it('asks for the file when it is missing', async () => {
    const member = await verifiedMember();
    const form = new FormData();
    form.append('userId', member.user.id);
    const response = await member.client.post('/api/users/upload-slip', { form });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Payment slip is required');
  });

  it("refuses another member's userId", async () => {
    const member = await verifiedMember();
    const other = await signedUpMember(portal.app);
    const upload = await member.client.post('/api/users/upload-slip', { form: slipForm(await slipImage(), 'slip.png', { userId: other.user.id }) });
    expect(upload.statusCode).toBe(403);
    const otp = await member.client.post('/api/users/send-otp', { json: { userId: other.user.id } });
    expect(otp.statusCode).toBe(403);
    const activate = await member.client.post('/api/users/activate-profile', { json: { userId: other.user.id, otp: '123456' } });
    expect(activate.statusCode).toBe(403);
  });

  it('replaces the slip of a payment still pending instead of queuing a second one', async () => {
    const member = await memberWithSlip();
    const again = await member.client.post('/api/users/upload-slip', { form: slipForm(PDF, 'better.pdf') });
    expect(again.json().paymentId).toBe(member.paymentId);
    const mine = (await staff.get('/api/admin/payments')).json().filter((p: { userId: string }) => p.userId === member.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].slipType).toBe('application/pdf');
  });

  it('goes with the member when the account is terminated: the slip leaves storage, the payment stays without it', async () => {
    const member = await memberWithSlip();
    const stored = await storedFilesOf(portal.app, member.user.id);
    expect(stored).toEqual([expect.objectContaining({ purpose: 'payment-slip', inStorage: true })]);
    expect((await member.client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } })).statusCode).toBe(200);
    expect(
      await stillStored(
        portal.app,
        stored.map((file) => file.storageKey),
      ),
    ).toEqual([]);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.id, member.paymentId));
    expect(payment).toMatchObject({ userId: null, slipFileId: null });

    const line = (await staff.get('/api/admin/payments')).json().find((p: { id: string }) => p.id === member.paymentId);
    expect(line).toMatchObject({ userId: null, email: null, fullName: null, phone: null, slipUrl: null, slipType: null, status: 'pending' });
    const slip = await staff.get(`/api/admin/payments/${member.paymentId}/slip`);
    expect(slip.statusCode).toBe(404);
    expect(slip.json().message).toBe('Slip not found');
    // Rejected with no one left to tell.
    const rejected = await staff.post(`/api/admin/payments/${member.paymentId}/reject`, { json: { reason: 'Account closed before review' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [audit] = (await staff.get(`/api/admin/audit?subjectType=payment&subjectId=${member.paymentId}`)).json().entries;
    expect(audit).toMatchObject({ action: 'payment.rejected', details: { reason: 'Account closed before review', kind: 'fee', userId: null } });
  });

  it('answers 401 when signed out', async () => {
    const response = await portal.app.inject({ method: 'POST', url: '/api/users/send-otp' });
    expect([401, 403]).toContain(response.statusCode);
  });
});

describe('staff review', () => {
  it('keeps the staff API from members (403) and visitors (401)', async () => {
    const member = await memberWithSlip();
    expect((await member.client.get('/api/admin/payments')).statusCode).toBe(403);
    expect((await member.client.post(`/api/admin/payments/${member.paymentId}/approve`, { json: {} })).statusCode).toBe(403);
    expect((await member.client.get(`/api/admin/payments/${member.paymentId}/slip`)).statusCode).toBe(403);
    expect((await member.client.get('/api/admin/audit')).statusCode).toBe(403);
    const anonymous = await portal.app.inject({ method: 'GET', url: '/api/admin/payments' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows the slip inline to staff', async () => {
    const member = await memberWithSlip();
    const slip = await staff.get(`/api/admin/payments/${member.paymentId}/slip`);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('image/png');
    expect(slip.headers['content-disposition']).toMatch(/^inline/);
  });

  it('approves once: a second approval answers 409', async () => {
    const member = await memberWithSlip();
    expect((await staff.post(`/api/admin/payments/${member.paymentId}/approve`)).statusCode).toBe(200);
    const twice = await staff.post(`/api/admin/payments/${member.paymentId}/approve`, { json: { months: 1 } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This payment was already approved.');
    expect(await outboxRowsTo(portal.app.ctx.db, member.user.email, /OTP/)).toBe(1);
    await outboxDrained(portal.app.ctx.db);
    expect(mailbox.countTo(member.user.email, /OTP/)).toBe(1);
  });

  it('validates months and reason, and answers 404 for an unknown payment', async () => {
    const member = await memberWithSlip();
    expect((await staff.post(`/api/admin/payments/${member.paymentId}/approve`, { json: { months: 13 } })).json().message).toBe(
      'Months must be between 1 and 12',
    );
    const noReason = await staff.post(`/api/admin/payments/${member.paymentId}/reject`, { json: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Reason is required');
    const unknown = await staff.post('/api/admin/payments/00000000-0000-4000-8000-000000000000/approve', { json: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Payment not found');
  });

  it('rejects with a reason the member sees, and a new slip starts a new review', async () => {
    const member = await memberWithSlip();
    const pending = (await staff.get('/api/admin/payments?status=pending')).json().find((p: { id: string }) => p.id === member.paymentId);
    expect(pending).toMatchObject({ slipUrl: `/api/admin/payments/${member.paymentId}/slip`, slipType: 'image/png', reviewedAt: null, reviewerEmail: null });
    const reject = await staff.post(`/api/admin/payments/${member.paymentId}/reject`, { json: { reason: 'The amount on the slip is ₦6,050, not ₦60,500.' } });
    expect(reject.statusCode).toBe(200);
    const mail = await mailbox.waitFor((m) => m.to === member.user.email && /not approved/.test(m.subject));
    expect(mail.text).toContain('The amount on the slip is ₦6,050, not ₦60,500.');
    expect(mail.html).not.toContain('<script');

    const otp = await member.client.post('/api/users/send-otp', { json: { userId: member.user.id } });
    expect(otp.statusCode).toBe(409);
    expect(otp.json().message).toMatch(/not approved: The amount on the slip is ₦6,050, not ₦60,500\..*upload a new slip/);
    expect((await member.client.get('/api/notifications')).json().notifications[0]).toMatchObject({
      kind: 'payment-rejected',
      message: 'Your payment slip was not approved: The amount on the slip is ₦6,050, not ₦60,500.',
    });
    const rejected = (await staff.get('/api/admin/payments?status=rejected')).json().find((p: { id: string }) => p.id === member.paymentId);
    expect(rejected).toMatchObject({ reason: 'The amount on the slip is ₦6,050, not ₦60,500.', reviewerEmail: 'staff@example.com', refundedAt: null });
    expect(Date.parse(rejected.reviewedAt)).toBeGreaterThan(Date.now() - 60_000);

    const again = await member.client.post('/api/users/upload-slip', { form: slipForm(await slipImage()) });
    expect(again.statusCode).toBe(201);
    expect(again.json().paymentId).not.toBe(member.paymentId);
    const audit = (await staff.get(`/api/admin/audit?subjectId=${member.paymentId}`)).json().entries;
    expect(audit[0]).toMatchObject({
      action: 'payment.rejected',
      subjectType: 'payment',
      details: { reason: 'The amount on the slip is ₦6,050, not ₦60,500.', kind: 'fee', userId: member.user.id },
    });
  });

  it('lists pending slips oldest first and decided ones newest first, one kind when asked, and counts those waiting', async () => {
    const waitingBefore = await countPendingPayments(portal.app.ctx);
    const first = await memberWithSlip();
    const second = await memberWithSlip();
    expect(await countPendingPayments(portal.app.ctx)).toBe(waitingBefore + 2);
    const listed = async (query: string) =>
      (await staff.get(`/api/admin/payments?${query}`))
        .json()
        .map((p: { id: string }) => p.id)
        .filter((id: string) => id === first.paymentId || id === second.paymentId);
    expect(await listed('status=pending')).toEqual([first.paymentId, second.paymentId]);
    expect(await listed('status=pending&kind=fee')).toEqual([first.paymentId, second.paymentId]);
    expect(await listed('status=pending&kind=ad')).toEqual([]);
    for (const { paymentId } of [first, second]) expect((await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    expect(await listed('status=approved')).toEqual([second.paymentId, first.paymentId]);
    expect(await countPendingPayments(portal.app.ctx)).toBe(waitingBefore);
  });

  it("shows a reversal's reason in place of the approval's, and a refund's in place of the rejection's", async () => {
    const approved = await memberWithSlip();
    const approve = await staff.post(`/api/admin/payments/${approved.paymentId}/approve`, { json: { months: 2, reason: 'The transfer covers two months.' } });
    expect(approve.statusCode).toBe(200);
    const lineOf = async (status: string, id: string) =>
      (await staff.get(`/api/admin/payments?status=${status}`)).json().find((p: { id: string }) => p.id === id);
    expect(await lineOf('approved', approved.paymentId)).toMatchObject({ reason: 'The transfer covers two months.' });
    expect((await staff.post(`/api/admin/payments/${approved.paymentId}/reverse`, { json: { reason: 'Fake transfer screenshot' } })).statusCode).toBe(200);
    expect(await lineOf('reversed', approved.paymentId)).toMatchObject({ reason: 'Fake transfer screenshot', refundedAt: null });

    const rejected = await memberWithSlip();
    expect((await staff.post(`/api/admin/payments/${rejected.paymentId}/reject`, { json: { reason: 'Blurred slip' } })).statusCode).toBe(200);
    // As a refund of money Paystack took on a rejected payment leaves it (refunds.test.ts): only the refund's columns change.
    const refundedAt = new Date();
    await portal.app.ctx.db.update(payments).set({ refundedAt, reversalReason: 'Money returned' }).where(eq(payments.id, rejected.paymentId));
    expect(await lineOf('rejected', rejected.paymentId)).toMatchObject({ reason: 'Money returned', refundedAt: refundedAt.toISOString() });
  });

  it('refuses to reject an online payment by hand (409) and answers 404 for an unknown one', async () => {
    const member = await memberWithSlip();
    // As a checkout started with Paystack is written (online-checkout.ts): the member may have paid on its page.
    await portal.app.ctx.db
      .update(payments)
      .set({ channel: 'paystack', reference: `ref-${member.paymentId}`, slipFileId: null })
      .where(eq(payments.id, member.paymentId));
    const online = await staff.post(`/api/admin/payments/${member.paymentId}/reject`, { json: { reason: 'Not paid' } });
    expect(online.statusCode).toBe(409);
    expect(online.json().message).toBe('An online payment is settled by Paystack, not rejected by hand.');
    const unknown = await staff.post('/api/admin/payments/00000000-0000-4000-8000-000000000000/reject', { json: { reason: 'Not paid' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Payment not found');
  });

  it('escapes what staff type into the HTML mail', async () => {
    const member = await memberWithSlip();
    await staff.post(`/api/admin/payments/${member.paymentId}/reject`, { json: { reason: '<script>alert(1)</script>' } });
    const mail = await mailbox.waitFor((m) => m.to === member.user.email && /not approved/.test(m.subject));
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('step 5: the OTP', () => {
  it('dies after five wrong tries: the sixth, even right, is refused until a new one is sent', async () => {
    const member = await memberWithSlip();
    await staff.post(`/api/admin/payments/${member.paymentId}/approve`);
    const otp = await mailbox.codeFor(member.user.email, /OTP/);
    const wrong = otp === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      const response = await member.client.post('/api/users/activate-profile', { json: { userId: member.user.id, otp: wrong } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Invalid otp\./);
    }
    const sixth = await member.client.post('/api/users/activate-profile', { json: { userId: member.user.id, otp } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Send OTP/);
    expect((await member.client.get('/api/users/profile')).json().user.status).toBe(false);
  });

  it('cannot activate before approval', async () => {
    const member = await memberWithSlip();
    const response = await member.client.post('/api/users/activate-profile', { json: { otp: '123456' } });
    expect(response.statusCode).toBe(403);
  });

  it('sends a fresh OTP on request once the last one is a minute old, and the old one stops working', async () => {
    const member = await memberWithSlip();
    await staff.post(`/api/admin/payments/${member.paymentId}/approve`);
    const first = await mailbox.codeFor(member.user.email, /OTP/);
    await portal.app.ctx.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(verificationCodes.userId, member.user.id));
    const resend = await member.client.post('/api/users/send-otp', { json: { userId: member.user.id } });
    expect(resend.statusCode).toBe(200);
    await mailbox.waitFor((m) => m.to === member.user.email && /activation code/.test(m.subject) && !m.text.includes(first));
    const stale = await member.client.post('/api/users/activate-profile', { json: { otp: first } });
    expect(stale.statusCode).toBe(400);
  });
});

describe('wrong guesses sent at once', () => {
  const GUESSES = 40;

  /** Sends every guess at the same moment; tells how many were compared (400) and how many refused untried (429). */
  async function guessAtOnce(client: TestClient, url: string, body: (guess: string) => Record<string, unknown>, right: string) {
    const guesses = Array.from({ length: GUESSES }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => client.post(url, { json: body(guess) })));
    const statuses = answers.map((answer) => answer.statusCode);
    return { compared: statuses.filter((s) => s === 400).length, refused: statuses.filter((s) => s === 429).length };
  }

  it('compares at most five email codes, and the right one is refused after them', async () => {
    const member = await signedUpMember(portal.app);
    await member.client.post('/api/users/verify-email', { json: { email: member.user.email } });
    const code = await mailbox.codeFor(member.user.email, /verification code/);
    const outcome = await guessAtOnce(member.client, '/api/users/verify-code', (guess) => ({ code: guess }), code);
    expect(outcome).toEqual({ compared: 5, refused: GUESSES - 5 });
    const right = await member.client.post('/api/users/verify-code', { json: { code } });
    expect(right.statusCode).toBe(429);
    expect((await member.client.get('/api/users/membership')).json().emailVerified).toBe(false);
  });

  it('compares at most five OTPs, and the right one is refused after them', async () => {
    const member = await memberWithSlip();
    await staff.post(`/api/admin/payments/${member.paymentId}/approve`);
    const otp = await mailbox.codeFor(member.user.email, /OTP/);
    const outcome = await guessAtOnce(member.client, '/api/users/activate-profile', (guess) => ({ otp: guess }), otp);
    expect(outcome).toEqual({ compared: 5, refused: GUESSES - 5 });
    const right = await member.client.post('/api/users/activate-profile', { json: { otp } });
    expect(right.statusCode).toBe(429);
    expect((await member.client.get('/api/users/profile')).json().user.status).toBe(false);
  });
});

describe('staff and member at the same moment', () => {
  it('approves once when two staff approve at once: one 200, the other 409', async () => {
    const member = await memberWithSlip();
    const url = `/api/admin/payments/${member.paymentId}/approve`;
    const answers = await Promise.all([
      staff.post(url, { json: { months: 1 } }),
      staff.post(url, { json: { months: 3, reason: 'The statement shows three months.' } }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await outboxRowsTo(portal.app.ctx.db, member.user.email, /OTP/)).toBe(1);
    await outboxDrained(portal.app.ctx.db);
    expect(mailbox.countTo(member.user.email, /OTP/)).toBe(1);
    const audit = (await staff.get(`/api/admin/audit?subjectId=${member.paymentId}`)).json().entries;
    expect(audit).toHaveLength(1);
  });

  it('decides once when one staff approves and another rejects at once', async () => {
    const member = await memberWithSlip();
    const [approve, reject] = await Promise.all([
      staff.post(`/api/admin/payments/${member.paymentId}/approve`, { json: {} }),
      staff.post(`/api/admin/payments/${member.paymentId}/reject`, { json: { reason: 'Blurred slip' } }),
    ]);
    expect([approve?.statusCode, reject?.statusCode].sort()).toEqual([200, 409]);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.id, member.paymentId));
    expect(payment?.state).toBe(approve?.statusCode === 200 ? 'approved' : 'rejected');
    expect((await staff.get(`/api/admin/audit?subjectId=${member.paymentId}`)).json().entries).toHaveLength(1);
  });

  it('keeps each slip whole when a member re-uploads while staff approve', async () => {
    const member = await memberWithSlip();
    const [approve, upload] = await Promise.all([
      staff.post(`/api/admin/payments/${member.paymentId}/approve`, { json: {} }),
      member.client.post('/api/users/upload-slip', { form: slipForm(PDF, 'better.pdf') }),
    ]);
    expect([approve.statusCode, upload.statusCode]).toEqual([200, 201]);
    const approved = await staff.get(`/api/admin/payments/${member.paymentId}/slip`);
    expect(approved.statusCode).toBe(200);
    const uploaded = await staff.get(`/api/admin/payments/${upload.json().paymentId}/slip`);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.headers['content-type']).toBe('application/pdf');
  });

  // PostgreSQL only: it holds a row lock from a connection of its own to order the two requests.
  it.runIf(onPostgresServer)('never replaces a slip staff approved while the re-upload was on its way', async () => {
    const member = await memberWithSlip();
    // Holds the member's row, which an approval and a slip upload both take first.
    const held = await holdRows(portal.app.ctx.db, sql`select 1 from users where id = ${member.user.id} for update`);
    // The approval and then the re-upload queue behind the lock on the member's row, in that order.
    const approving = staff.post(`/api/admin/payments/${member.paymentId}/approve`, { json: {} });
    await held.queued(1);
    const upload = member.client.post('/api/users/upload-slip', { form: slipForm(PDF, 'better.pdf') });
    await held.queued(2);
    await held.release();
    expect((await approving).statusCode).toBe(200);
    const uploaded = await upload;
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().paymentId).not.toBe(member.paymentId);
    const approved = await staff.get(`/api/admin/payments/${member.paymentId}/slip`);
    expect(approved.statusCode).toBe(200);
    expect(approved.headers['content-type']).toBe('image/png');
  });
});

describe('an approval and a re-upload that changes the plan', () => {
  // PostgreSQL only: it holds the member's row from a connection of its own, and changes the slip's
  // plan under that lock as a re-upload does, while the approval waits for the row.
  it.runIf(onPostgresServer)('charges the plan the slip has once the approval holds the member, not the one it had when the approval began', async () => {
    const member = await verifiedMember();
    const upload = await member.client.post('/api/users/upload-slip', {
      form: slipForm(await slipImage(), 'slip.png', { userId: member.user.id, plan: 'standard' }),
    });
    expect(upload.statusCode).toBe(201);
    const paymentId = upload.json().paymentId as string;
    const { db } = portal.app.ctx;
    const [premium] = await db.select().from(plans).where(eq(plans.id, 'premium'));
    await db.update(plans).set({ priceKobo: 9_000_000 }).where(eq(plans.id, 'premium'));
    try {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const reupload = db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from users where id = ${member.user.id} for update`);
        locked();
        await released;
        await tx.update(payments).set({ plan: 'premium', months: 2, amountKobo: 18_000_000 }).where(eq(payments.id, paymentId));
      });
      await holding;
      const waiting = async () => {
        const result = await db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        return (result as unknown as { rows: unknown[] }).rows.length;
      };
      const [approve] = await Promise.all([
        staff.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 2 } }),
        (async () => {
          await expect.poll(waiting).toBe(1);
          release();
          await reupload;
        })(),
      ]);
      expect(approve.statusCode, approve.body).toBe(200);
      const [approved] = await db.select().from(payments).where(eq(payments.id, paymentId));
      expect(approved).toMatchObject({ state: 'approved', plan: 'premium', months: 2, amountKobo: 18_000_000 });
    } finally {
      await db.update(plans).set({ priceKobo: premium!.priceKobo }).where(eq(plans.id, 'premium'));
    }
  });
});

describe('mail during an SMTP outage', () => {
  it('keeps the approval mail in the outbox and delivers the OTP once SMTP is back', async () => {
    const member = await memberWithSlip();
    mailbox.down = true;
    try {
      expect((await staff.post(`/api/admin/payments/${member.paymentId}/approve`)).statusCode).toBe(200);
      await expect
        .poll(
          async () => {
            const rows = await portal.app.ctx.db.select().from(outbox).where(eq(outbox.to, member.user.email));
            return rows.filter((r) => /OTP/.test(r.subject) && r.attempts > 0 && !r.sentAt).length;
          },
          { timeout: 5000 },
        )
        .toBe(1);
    } finally {
      mailbox.down = false;
    }
    const otp = await mailbox.codeFor(member.user.email, /OTP/);
    const activated = await member.client.post('/api/users/activate-profile', { json: { otp } });
    expect(activated.statusCode).toBe(200);
  });
});
