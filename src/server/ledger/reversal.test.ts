import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { parseISO } from 'date-fns/parseISO';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { extendPaidUntil } from '../../shared/membership.js';
import { publicUserColumns } from '../auth/sessions.js';
import { ledgerEntries, payments, receipts, users } from '../db/schema.js';
import { advertForm } from '../test-support/advert-form.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, PASSWORD, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';
import { reversePayment } from './reverse-payment.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let finance: TestClient;
let moderatorId: string;
let moderator: TestClient;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
  finance = (await signedInStaffAs(portal.app, 'finance')).client;
  ({ client: moderator, id: moderatorId } = await signedInStaffAs(portal.app, 'moderator'));
});
afterAll(() => portal.close());

const png = async () =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
        .png()
        .toBuffer(),
    ),
  ]);

async function memberWithSlip() {
  const member = await signedUpMember(portal.app);
  const email = member.user.email;
  await member.client.post('/api/users/verify-email', { json: { email } });
  await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
  const form = new FormData();
  form.append('paymentSlip', await png(), 'slip.png');
  const upload = await member.client.post('/api/users/upload-slip', { form });
  expect(upload.statusCode).toBe(201);
  return { ...member, paymentId: upload.json().paymentId as string };
}

/** Members and their pending membership payments written straight to the database: many at once, quickly. */
let made = 0;
async function pendingPayments(count: number): Promise<string[]> {
  const { db } = portal.app.ctx;
  const rows = Array.from({ length: count }, () => {
    made += 1;
    const email = `payer-${process.pid}-${made}@example.com`;
    return { fullName: `Payer ${made}`, email, phone: `payer:${email}`, passwordHash: 'not-for-signing-in', plan: 'standard' };
  });
  const members = await db.insert(users).values(rows).returning({ id: users.id });
  const written = await db
    .insert(payments)
    .values(members.map((member) => ({ userId: member.id, kind: 'fee' as const, plan: 'standard', months: 1, amountKobo: 6_050_000 })))
    .returning({ id: payments.id });
  return written.map((payment) => payment.id);
}

async function entriesOf(paymentId: string) {
  return portal.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
}

/** The books of one payment agree with its state: one charge and one payment once approved, and one contra once reversed. */
async function expectConsistentBooks(paymentId: string) {
  const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  const entries = await entriesOf(paymentId);
  const count = (kind: string) => entries.filter((entry) => entry.kind === kind).length;
  const booked = payment!.state === 'approved' || payment!.state === 'reversed';
  expect(count('membership')).toBe(booked ? 1 : 0);
  expect(count('payment')).toBe(booked ? 1 : 0);
  expect(count('reversal')).toBe(payment!.state === 'reversed' ? 1 : 0);
  expect(await portal.app.ctx.db.select().from(receipts).where(eq(receipts.paymentId, paymentId))).toHaveLength(booked ? 1 : 0);
  const balance = entries.reduce((sum, entry) => sum + entry.amountKobo, 0);
  expect(balance).toBe(payment!.state === 'reversed' ? payment!.amountKobo : 0);
  return payment!.state;
}

describe('a payment approved in error', () => {
  it('is reversed by finance with a reason: a contra entry and a note, never an edited or deleted row', async () => {
    const { client, paymentId } = await memberWithSlip();
    const pending = await finance.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason: 'Fake transfer screenshot' } });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('Only an approved payment can be reversed; this one is pending.');

    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    const before = await entriesOf(paymentId);
    const [receipt] = await portal.app.ctx.db.select().from(receipts).where(eq(receipts.paymentId, paymentId));

    const unexplained = await finance.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason: ' ' } });
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().message).toBe('Reason is required');
    expect((await moderator.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason: 'No' } })).statusCode).toBe(403);
    expect(await entriesOf(paymentId)).toHaveLength(2);

    const reason = 'The transfer screenshot was fake: no such credit on the statement.';
    const reversed = await finance.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason } });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().message).toBe('Payment reversed. The member owes the charge again and has been told why.');

    const after = await entriesOf(paymentId);
    expect(after.filter((entry) => entry.kind !== 'reversal')).toEqual(before);
    expect(after.find((entry) => entry.kind === 'reversal')).toMatchObject({
      amountKobo: 6_050_000,
      description: `Payment reversed (Membership fee): ${reason}`,
    });
    expect(await portal.app.ctx.db.select().from(receipts).where(eq(receipts.paymentId, paymentId))).toEqual([receipt]);
    expect((await client.get('/api/users/ledger')).json().balanceKobo).toBe(6_050_000);

    const [listed] = (await client.get('/api/users/payments')).json().payments;
    expect(listed).toMatchObject({ id: paymentId, receiptNumber: receipt!.number, reversal: { reason } });
    const notes = (await client.get('/api/notifications')).json().notifications.map((n: { message: string }) => n.message);
    expect(notes[0]).toBe(`Your payment of ₦60,500.00 (Membership fee) was reversed by our finance team: ${reason} Your membership is now unpaid.`);
    const audit = (await finance.get(`/api/admin/audit?subjectType=payment&subjectId=${paymentId}`)).json().entries;
    expect(audit[0]).toMatchObject({ action: 'payment.reversed' });
    expect(JSON.stringify(audit[0].details)).toContain(reason);
    const queued = (await finance.get('/api/admin/payments?status=reversed')).json().find((p: { id: string }) => p.id === paymentId);
    expect(queued).toMatchObject({ status: 'reversed', reason, refundedAt: null });

    const again = await finance.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only an approved payment can be reversed; this one is reversed.');
    expect(await entriesOf(paymentId)).toHaveLength(3);
  });

  it('takes an advert it paid for off the homepage', async () => {
    const member = await activatedMember(portal.app);
    const placed = await member.client.put('/api/users/profile', { form: await advertForm({ fields: { weeks: '1' } }) });
    expect(placed.statusCode, placed.body).toBe(200);
    const adId = placed.json().user.ad.id as string;
    const today = todayInLagos(portal.app.ctx.clock());
    const schedule = { startDate: today, endDate: shiftDate(today, 6), frequency: 'always' };
    expect((await moderator.post(`/api/admin/ads/${adId}/approve`, { json: schedule })).statusCode).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, member.user.id));
    expect((await finance.post(`/api/admin/payments/${payment!.id}/approve`, { json: {} })).statusCode).toBe(200);
    const runningIds = async () => (await new TestClient(portal.app).get('/api/ads')).json().map((ad: { id: string }) => ad.id);
    expect(await runningIds()).toContain(adId);

    expect((await finance.post(`/api/admin/payments/${payment!.id}/reverse`, { json: { reason: 'Bounced transfer' } })).statusCode).toBe(200);
    expect(await runningIds()).not.toContain(adId);
    expect((await member.client.get('/api/users/ledger')).json().balanceKobo).toBe(payment!.amountKobo);
  });

  it('answers 404 for a payment that does not exist, and refuses a moderator in the reversal itself, not only by the console area', async () => {
    const missing = await finance.post('/api/admin/payments/7b0d3c4e-0000-4000-8000-000000000000/reverse', { json: { reason: 'No such payment' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Payment not found');

    const [paymentId] = await pendingPayments(1);
    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    const [asModerator] = await portal.app.ctx.db.select(publicUserColumns).from(users).where(eq(users.id, moderatorId));
    await expect(reversePayment(portal.app.ctx, asModerator!, paymentId!, 'Not mine to reverse')).rejects.toMatchObject({
      statusCode: 403,
      message: 'Only finance and admin reverse payments.',
    });
    await expect(reversePayment(portal.app.ctx, asModerator!, paymentId!, 'Not mine to refund', { refund: true })).rejects.toMatchObject({
      statusCode: 403,
      message: 'Only finance and admin refund payments.',
    });
    expect(await expectConsistentBooks(paymentId!)).toBe('approved');
  });

  it('refuses to refund an online payment while online payment is not set up, booking nothing', async () => {
    const [paymentId] = await pendingPayments(1);
    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    // Taken online while PAYSTACK_SECRET_KEY was set; this portal runs without it.
    await portal.app.ctx.db
      .update(payments)
      .set({ channel: 'paystack', reference: `HM-${paymentId}` })
      .where(eq(payments.id, paymentId!));
    const refused = await finance.post(`/api/admin/payments/${paymentId}/refund`, { json: { reason: 'Paid twice' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Online payment is not set up (PAYSTACK_SECRET_KEY): refund this payment in Paystack’s dashboard, then reverse it here.',
    );
    expect(await expectConsistentBooks(paymentId!)).toBe('approved');
  });

  it('is reversed for the books after the member closed their account: the contra entry, no one to tell', async () => {
    const { client, paymentId } = await memberWithSlip();
    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    expect((await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } })).statusCode).toBe(200);
    const reversed = await finance.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason: 'Fake transfer screenshot' } });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().message).toBe('Payment reversed. The account is closed, so no one was told.');
    expect(await entriesOf(paymentId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'reversal', userId: null, amountKobo: 6_050_000, periodFrom: null, periodTo: null })]),
    );
  });

  it('leaves a fine it settled unpaid again, to be paid anew', async () => {
    const { client, user } = await memberWithSlip();
    const fined = await finance.post(`/api/admin/members/${user.id}/fines`, { json: { type: 'late', reason: 'arrived 40 minutes late' } });
    expect(fined.statusCode).toBe(201);
    const fineId = fined.json().fineId as string;
    const payFine = async () => {
      const form = new FormData();
      form.append('fineId', fineId);
      form.append('paymentSlip', await png(), 'slip.png');
      return client.post('/api/users/upload-slip', { form });
    };
    const first = await payFine();
    expect((await finance.post(`/api/admin/payments/${first.json().paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    expect((await payFine()).statusCode).toBe(409);
    expect((await finance.post(`/api/admin/payments/${first.json().paymentId}/reverse`, { json: { reason: 'Bounced transfer' } })).statusCode).toBe(200);
    const fine = (await client.get('/api/users/ledger')).json().entries.find((entry: { id: string }) => entry.id === fineId);
    expect(fine.fineStatus).toBe('unpaid');
    const [note] = (await client.get('/api/notifications')).json().notifications;
    expect(note).toMatchObject({ kind: 'payment-reversed', message: 'Your payment of ₦3,000.00 (Fine) was reversed by our finance team: Bounced transfer' });
    expect((await payFine()).statusCode).toBe(201);
  });
});

/** An active member (a month paid) whose email is verified, so that a renewal slip is taken. */
async function activeMember() {
  const member = await activatedMember(portal.app);
  const email = member.user.email;
  await member.client.post('/api/users/verify-email', { json: { email } });
  await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
  return member;
}

async function renewalApproved(client: TestClient, months: number): Promise<string> {
  const form = new FormData();
  form.append('months', String(months));
  form.append('paymentSlip', await png(), 'slip.png');
  const upload = await client.post('/api/users/upload-slip', { form });
  expect(upload.statusCode, upload.body).toBe(201);
  const paymentId = upload.json().paymentId as string;
  expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
  return paymentId;
}

async function paidUntilOf(userId: string) {
  const [member] = await portal.app.ctx.db.select({ paidUntil: users.paidUntil }).from(users).where(eq(users.id, userId));
  return member!.paidUntil;
}

describe('reversing a membership payment', () => {
  const reverse = (paymentId: string) => finance.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason: 'The transfer never arrived.' } });

  it('takes back the months it booked: paid-until returns to what it was, and the standing follows', async () => {
    const member = await activeMember();
    const today = todayInLagos(portal.app.ctx.clock());
    const before = await paidUntilOf(member.user.id);
    const paymentId = await renewalApproved(member.client, 2);
    expect(await paidUntilOf(member.user.id)).toBe(extendPaidUntil(before, today, 2));

    expect((await reverse(paymentId)).statusCode).toBe(200);
    expect(await paidUntilOf(member.user.id)).toBe(before);
    const contra = (await entriesOf(paymentId)).find((entry) => entry.kind === 'reversal');
    expect(contra).toMatchObject({ periodFrom: shiftDate(before!, 1), periodTo: extendPaidUntil(before, today, 2) });
    const standing = (await finance.get(`/api/admin/members/${member.user.id}/membership`)).json();
    expect(standing).toMatchObject({ paidUntil: before });
    const notes = (await member.client.get('/api/notifications')).json().notifications.map((n: { message: string }) => n.message);
    expect(notes[0]).toMatch(/was reversed by our finance team: The transfer never arrived\. Your membership is now paid until /);
    const [audit] = (await finance.get(`/api/admin/audit?subjectType=payment&subjectId=${paymentId}`)).json().entries;
    expect(audit).toMatchObject({
      action: 'payment.reversed',
      details: { reason: 'The transfer never arrived.', kind: 'fee', paidUntil: { from: extendPaidUntil(before, today, 2), to: before } },
    });
  });

  it('of a first payment leaves the member unpaid: not active, and the OTP no longer activates', async () => {
    const { client, user, paymentId } = await memberWithSlip();
    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    expect((await client.get('/api/users/membership')).json().state).toBe('pending');
    expect((await reverse(paymentId)).statusCode).toBe(200);
    expect(await paidUntilOf(user.id)).toBeNull();
    expect((await client.get('/api/users/membership')).json().state).toBe('none');
    const otp = await mailbox.codeFor(user.email, /OTP/);
    expect((await client.post('/api/users/activate-profile', { json: { otp } })).statusCode).toBe(403);
  });

  it('booked before paid-until-before was kept, returns paid-until to the day before its period when an earlier payment was confirmed', async () => {
    const member = await activeMember();
    const first = await renewalApproved(member.client, 1);
    const second = await renewalApproved(member.client, 1);
    await portal.app.ctx.db.update(payments).set({ paidUntilBefore: null }).where(eq(payments.id, second));
    const [firstCharge] = (await entriesOf(first)).filter((entry) => entry.kind === 'membership');
    expect((await reverse(second)).statusCode).toBe(200);
    expect(await paidUntilOf(member.user.id)).toBe(firstCharge!.periodTo);
  });

  it('of an earlier payment moves paid-until back by the days its period covered, the later payment kept', async () => {
    const member = await activeMember();
    const first = await renewalApproved(member.client, 1);
    await renewalApproved(member.client, 1);
    const latest = await paidUntilOf(member.user.id);
    const [charge] = (await entriesOf(first)).filter((entry) => entry.kind === 'membership');
    const days = differenceInCalendarDays(parseISO(charge!.periodTo!), parseISO(charge!.periodFrom!)) + 1;
    expect((await reverse(first)).statusCode).toBe(200);
    expect(await paidUntilOf(member.user.id)).toBe(shiftDate(latest!, -days));
  });
});

describe('money at the same moment', () => {
  it('leaves consistent books when an approval and a reversal race', async () => {
    for (let round = 0; round < 5; round++) {
      const [paymentId] = await pendingPayments(1);
      const answers = await Promise.all([
        finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} }),
        finance.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason: 'Approved in error' } }),
      ]);
      expect(answers[0].statusCode).toBe(200);
      expect([200, 409]).toContain(answers[1].statusCode);
      expect(await expectConsistentBooks(paymentId!)).toBe(answers[1].statusCode === 200 ? 'reversed' : 'approved');
    }
  });

  it('reverses once when two reversals race', async () => {
    const [paymentId] = await pendingPayments(1);
    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    const answers = await Promise.all([1, 2, 3].map(() => finance.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason: 'Approved in error' } })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await expectConsistentBooks(paymentId!)).toBe('reversed');
  });

  it('gives 50 payments confirmed at once 50 receipts with distinct numbers', async () => {
    const ids = await pendingPayments(50);
    const answers = await Promise.all(ids.map((id) => finance.post(`/api/admin/payments/${id}/approve`, { json: {} })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const issued = await portal.app.ctx.db.select({ number: receipts.number }).from(receipts).where(inArray(receipts.paymentId, ids));
    expect(issued).toHaveLength(50);
    expect(new Set(issued.map((receipt) => receipt.number)).size).toBe(50);
    for (const id of ids.slice(0, 5)) await expectConsistentBooks(id);
  });
});
