import { and, eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shiftDate, todayInLagos } from '../shared/dates.js';
import { extendPaidUntil } from '../shared/membership.js';
import { auditLog, ledgerEntries, outbox, payments, users, verificationCodes } from './db/schema.js';
import { advertForm } from './test-support/advert-form.js';
import { TestMailbox } from './test-support/mailbox.js';
import { createPostgresTestApp, describeOnPostgres, holdRows } from './test-support/on-postgres.js';
import { activatedMember, signedInStaffAs, signedUpMember, TestClient } from './test-support/test-app.js';

/**
 * Two requests at the same moment, on PostgreSQL whatever the pass (PGlite runs one transaction
 * at a time and would pass each of these with the row lock or the guarded UPDATE taken out).
 */
const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createPostgresTestApp>>;
let finance: TestClient;
let admin: TestClient;
let otherAdmin: TestClient;

describeOnPostgres('races', () => {
  beforeAll(async () => {
    portal = await createPostgresTestApp({}, { mailTransport: mailbox.transport });
    finance = (await signedInStaffAs(portal.app, 'finance')).client;
    admin = (await signedInStaffAs(portal.app, 'admin')).client;
    otherAdmin = (await signedInStaffAs(portal.app, 'admin')).client;
  });
  afterAll(() => portal?.close());

  const today = () => todayInLagos(portal.app.ctx.clock());
  const png = async () =>
    new Blob([
      new Uint8Array(
        await sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
          .png()
          .toBuffer(),
      ),
    ]);

  async function verifiedMember() {
    const member = await signedUpMember(portal.app);
    const email = member.user.email;
    expect((await member.client.post('/api/users/verify-email', { json: { email } })).statusCode).toBe(200);
    const code = await mailbox.codeFor(email, /verification code/);
    expect((await member.client.post('/api/users/verify-code', { json: { email, code } })).statusCode).toBe(200);
    return member;
  }

  async function memberWithSlip() {
    const member = await verifiedMember();
    const form = new FormData();
    form.append('paymentSlip', await png(), 'slip.png');
    const upload = await member.client.post('/api/users/upload-slip', { form });
    expect(upload.statusCode).toBe(201);
    return { ...member, paymentId: upload.json().paymentId as string };
  }

  /** The ledger rows a payment's approval books: its charge and the payment itself. */
  const entriesOfPayment = (paymentId: string) => portal.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
  const bookedOnce = (charge: string) => [expect.objectContaining({ kind: charge }), expect.objectContaining({ kind: 'payment' })];
  const kindOrder = (rows: { kind: string }[]) => [...rows].sort((a, b) => (a.kind === 'payment' ? 1 : b.kind === 'payment' ? -1 : 0));
  const auditOf = (action: string, subjectId: string) =>
    portal.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));
  const mailsTo = (to: string, subject: RegExp) =>
    portal.app.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, to))
      .then((rows) => rows.filter((row) => subject.test(row.subject)));
  const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode).sort();

  /** A member's row, held as holdRows holds rows (test-support/on-postgres.ts). */
  const holdMemberRow = (userId: string) => holdRows(portal.app.ctx.db, sql`select 1 from users where id = ${userId} for update`);

  it('two staff approving one slip at once: one decision, one ledger entry', async () => {
    const { paymentId } = await memberWithSlip();
    const url = `/api/admin/payments/${paymentId}/approve`;
    const answers = await Promise.all([finance.post(url, { json: {} }), admin.post(url, { json: {} })]);
    expect(statuses(answers)).toEqual([200, 409]);
    expect(kindOrder(await entriesOfPayment(paymentId))).toEqual(bookedOnce('membership'));
    expect(await auditOf('payment.approved', paymentId)).toHaveLength(1);
  });

  it('two staff approving one advert at once: one decision, one approval mail; two approving its payment: one ledger entry', async () => {
    const member = await activatedMember(portal.app);
    const placed = await member.client.put('/api/users/profile', { form: await advertForm() });
    expect(placed.statusCode).toBe(200);
    const ad = placed.json().user.ad as { id: string };
    const url = `/api/admin/ads/${ad.id}/approve`;
    const schedule = { startDate: today(), endDate: shiftDate(today(), 13), frequency: 'always' };
    const answers = await Promise.all([admin.post(url, { json: schedule }), otherAdmin.post(url, { json: schedule })]);
    expect(statuses(answers)).toEqual([200, 409]);
    expect(await auditOf('ad.approved', ad.id)).toHaveLength(1);
    expect(await mailsTo(member.user.email, /advert was approved/)).toHaveLength(1);
    // The content only: its money is finance's to confirm, booked once however many press Approve.
    const [payment] = await portal.app.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, member.user.id), eq(payments.kind, 'ad')));
    expect(payment?.state).toBe('pending');
    expect(await entriesOfPayment(payment!.id)).toEqual([]);
    const paymentUrl = `/api/admin/payments/${payment!.id}/approve`;
    expect(statuses(await Promise.all([finance.post(paymentUrl, { json: {} }), admin.post(paymentUrl, { json: {} })]))).toEqual([200, 409]);
    expect(kindOrder(await entriesOfPayment(payment!.id))).toEqual(bookedOnce('advert'));
  });

  it('paid-until set by staff while a slip is approved: the approval extends the date staff set, not the one it first read', async () => {
    const { user, paymentId } = await memberWithSlip();
    const held = await holdMemberRow(user.id);
    const setByStaff = shiftDate(today(), 100);
    const adjusting = finance.post(`/api/admin/members/${user.id}/membership`, { json: { paidUntil: setByStaff, reason: 'Complimentary months' } });
    await held.queued(1);
    const approving = admin.post(`/api/admin/payments/${paymentId}/approve`, { json: {} });
    await held.queued(2);
    await held.release();
    expect((await adjusting).statusCode).toBe(200);
    expect((await approving).statusCode).toBe(200);
    const extended = extendPaidUntil(setByStaff, today(), 1);
    const [member] = await portal.app.ctx.db.select({ paidUntil: users.paidUntil }).from(users).where(eq(users.id, user.id));
    expect(member?.paidUntil).toBe(extended);
    expect(kindOrder(await entriesOfPayment(paymentId))[0]).toMatchObject({ kind: 'membership', periodFrom: shiftDate(setByStaff, 1), periodTo: extended });
  });

  it('a suspension and an approval at once: both hold, whichever went first', async () => {
    const { user, paymentId } = await memberWithSlip();
    const [suspend, approve] = await Promise.all([
      finance.post(`/api/admin/members/${user.id}/suspend`, { json: { reason: 'Unpaid fine' } }),
      admin.post(`/api/admin/payments/${paymentId}/approve`, { json: {} }),
    ]);
    expect([suspend.statusCode, approve.statusCode]).toEqual([200, 200]);
    const standing = (await finance.get(`/api/admin/members/${user.id}/membership`)).json();
    expect(standing).toMatchObject({ suspendedReason: 'Unpaid fine', paidUntil: extendPaidUntil(null, today(), 1), awaitingActivation: true });
    expect(standing.suspendedAt).not.toBeNull();
    expect(kindOrder(await entriesOfPayment(paymentId))).toEqual(bookedOnce('membership'));
  });

  it('the right reset code sent twice at once: one new password, one refusal', async () => {
    const { fields, user } = await signedUpMember(portal.app);
    const identifier = String(fields.email);
    expect((await new TestClient(portal.app).post('/api/users/password/forgot', { json: { identifier } })).statusCode).toBe(200);
    const code = await mailbox.codeFor(user.email, /password reset code/);
    const reset = (password: string) =>
      new TestClient(portal.app).post('/api/users/password/reset', { json: { identifier, code, password, confirmPassword: password } });
    const answers = await Promise.all([reset('first-new-pass-7'), reset('second-new-pass-7')]);
    expect(statuses(answers)).toEqual([200, 400]);
    expect(await auditOf('password.reset', user.id)).toHaveLength(1);
    expect(await mailsTo(user.email, /Your password was changed/)).toHaveLength(1);
  });

  it('the right email code sent twice at once: one verification, one refusal', async () => {
    const { client, user } = await signedUpMember(portal.app);
    expect((await client.post('/api/users/verify-email', { json: { email: user.email } })).statusCode).toBe(200);
    const code = await mailbox.codeFor(user.email, /verification code/);
    const answers = await Promise.all([0, 1].map(() => client.post('/api/users/verify-code', { json: { email: user.email, code } })));
    expect(statuses(answers)).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json().message).toMatch(/expired or was already used/);
    // The one use is the proof the wizard reads (hasVerifiedEmail): used once, by one of the two.
    const used = await portal.app.ctx.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'email'), isNotNull(verificationCodes.consumedAt)));
    expect(used).toHaveLength(1);
  });

  it('the right OTP sent twice at once: one activation, one member number, one welcome mail', async () => {
    const { client, user, paymentId } = await memberWithSlip();
    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    const otp = await mailbox.codeFor(user.email, /OTP/);
    const answers = await Promise.all([0, 1].map(() => client.post('/api/users/activate-profile', { json: { userId: user.id, otp } })));
    expect(statuses(answers)).toEqual([200, 400]);
    const activated = answers.find((answer) => answer.statusCode === 200)!.json().user;
    const [member] = await portal.app.ctx.db.select({ memberNumber: users.memberNumber }).from(users).where(eq(users.id, user.id));
    expect(member?.memberNumber).not.toBeNull();
    expect(activated.memberNumber).toBeTruthy();
    const numbersTaken = await portal.app.ctx.db.execute(sql`select last_value from member_number_seq`);
    expect(Number((numbersTaken as unknown as { rows: { last_value: string }[] }).rows[0]!.last_value)).toBe(member!.memberNumber);
    expect(await mailsTo(user.email, /Your profile is active/)).toHaveLength(1);
  });
});
