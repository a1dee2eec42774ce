import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';
import { extendPaidUntil } from '../../shared/membership.js';
import { publicUserColumns } from '../auth/sessions.js';
import { ledgerEntries, payments, receipts, users } from '../db/schema.js';
import { advertForm } from '../test-support/advert-form.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, PASSWORD, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';
import { confirmPayment } from './confirm-payment.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let financeStaff: Awaited<ReturnType<typeof signedInStaffAs>>;
let finance: TestClient;
let moderatorStaff: Awaited<ReturnType<typeof signedInStaffAs>>;
let moderator: TestClient;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
  financeStaff = await signedInStaffAs(portal.app, 'finance');
  finance = financeStaff.client;
  moderatorStaff = await signedInStaffAs(portal.app, 'moderator');
  moderator = moderatorStaff.client;
});
afterAll(() => portal.close());

const today = todayInLagos();
const png = () =>
  sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
    .png()
    .toBuffer();
async function placedAd(weeks: number, withSlip = true) {
  const member = await activatedMember(portal.app);
  const form = await advertForm({ fields: { weeks: String(weeks) }, slip: withSlip ? undefined : null });
  const response = await member.client.put('/api/users/profile', { form });
  return { ...member, response };
}

async function adPaymentOf(userId: string) {
  const [row] = await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, userId));
  return row!;
}

async function receiptsOf(paymentId: string) {
  return portal.app.ctx.db.select().from(receipts).where(eq(receipts.paymentId, paymentId));
}

const schedule = { startDate: today, endDate: shiftDate(today, 13), frequency: 'always' };
const latestNotification = async (client: TestClient) => (await client.get('/api/notifications')).json().notifications[0];
const publicAdIds = async () => (await new TestClient(portal.app).get('/api/ads')).json().map((ad: { id: string }) => ad.id) as string[];

describe('an advert’s payment approved in the finance queue', () => {
  it('books the advert’s charge, payment and receipt once; the content approval books nothing more', async () => {
    const { client, user, response } = await placedAd(2);
    expect(response.statusCode).toBe(200);
    const ad = response.json().user.ad;
    const payment = await adPaymentOf(user.id);

    // Months are a membership's: sent for an advert, they and their reason change nothing.
    const approved = await finance.post(`/api/admin/payments/${payment.id}/approve`, { json: { months: 3, reason: 'Three months' } });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('Advert payment approved. The member has their receipt.');
    const ledger = (await client.get('/api/users/ledger')).json();
    expect(ledger.balanceKobo).toBe(0);
    expect(ledger.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'advert', amountKobo: 1_000_000, description: 'Advert, 2 weeks' }),
        expect.objectContaining({ kind: 'payment', amountKobo: -1_000_000 }),
      ]),
    );
    expect(ledger.entries).toHaveLength(2);
    const issued = await receiptsOf(payment.id);
    expect(issued).toHaveLength(1);
    expect(await latestNotification(client)).toMatchObject({
      kind: 'payment-approved',
      message: `Your advert payment was approved. Receipt ${issued[0]!.number}. It runs once our staff approve its content.`,
    });

    expect((await moderator.post(`/api/admin/ads/${ad.id}/approve`, { json: schedule })).statusCode).toBe(200);
    expect((await client.get('/api/users/ledger')).json().entries).toHaveLength(2);
    expect(await receiptsOf(payment.id)).toHaveLength(1);
    expect(await publicAdIds()).toContain(ad.id);
  });
});

describe('a renewal of several months with one slip', () => {
  async function renewalOf(months: number, paidUntil = today, plan = 'standard') {
    const member = await signedUpMember(portal.app);
    const email = member.user.email;
    await member.client.post('/api/users/verify-email', { json: { email } });
    await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
    const { db } = portal.app.ctx;
    await db.update(users).set({ activated: true, activatedAt: new Date(), paidUntil, plan }).where(eq(users.id, member.user.id));
    const form = new FormData();
    form.append('plan', plan);
    form.append('months', String(months));
    form.append('paymentSlip', new Blob([new Uint8Array(await png())]), 'slip.png');
    const upload = await member.client.post('/api/users/upload-slip', { form });
    expect(upload.statusCode).toBe(201);
    return { ...member, paymentId: upload.json().paymentId as string };
  }

  it('is approved as the months and amount the member chose and paid', async () => {
    const { client, user, paymentId } = await renewalOf(3);
    const queued = (await finance.get('/api/admin/payments?status=pending')).json().find((p: { id: string }) => p.id === paymentId);
    expect(queued).toMatchObject({ months: 3, amountKobo: 18_150_000 });

    const approved = await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('Payment approved for 3 months.');
    const ledger = (await client.get('/api/users/ledger')).json();
    expect(ledger.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'membership',
          amountKobo: 18_150_000,
          description: 'Membership, 3 months',
          periodFrom: shiftDate(today, 1),
          periodTo: extendPaidUntil(today, today, 3),
        }),
      ]),
    );
    expect((await client.get('/api/users/profile')).json().user.paidUntil).toBe(extendPaidUntil(today, today, 3));
    expect(await latestNotification(client)).toMatchObject({ kind: 'payment-approved', message: 'Your payment was approved.' });
    const audit = (await finance.get(`/api/admin/audit?subjectType=payment&subjectId=${paymentId}`)).json().entries;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'payment.approved',
        actorId: financeStaff.id,
        actorEmail: financeStaff.email,
        details: { kind: 'fee', channel: 'slip', amountKobo: 18_150_000, months: 3, userId: user.id },
      }),
    ]);

    // Approved already: a second approval answers so, whatever months it sends.
    const again = await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 1 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment was already approved.');
  });

  it('takes the months the member chose when finance sends the same months without a reason', async () => {
    const { paymentId } = await renewalOf(2);
    const approved = await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 2 } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe('Payment approved for 2 months.');
  });

  it('starts the months paid today for a member whose membership had lapsed', async () => {
    const lapsed = shiftDate(today, -10);
    const { client, paymentId } = await renewalOf(1, lapsed);
    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    const ledger = (await client.get('/api/users/ledger')).json();
    expect(ledger.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'membership', periodFrom: today, periodTo: extendPaidUntil(lapsed, today, 1) })]),
    );
  });

  it('prices a correction at the plan the member paid for', async () => {
    const admin = (await signedInStaffAs(portal.app, 'admin')).client;
    const premium = { name: 'Premium', priceKobo: 7_500_000, perks: ['Member forms'] };
    expect((await admin.put('/api/admin/plans/premium', { json: premium })).statusCode).toBe(200);
    const { client, paymentId } = await renewalOf(3, today, 'premium');
    const corrected = await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 1, reason: 'One month on the statement.' } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await client.get('/api/users/ledger')).json().entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'membership', amountKobo: 7_500_000, description: 'Membership, 1 month' })]),
    );
  });

  it('approves the slip of an account closed while it waited, booking nothing for no one', async () => {
    const { client, paymentId } = await renewalOf(1);
    expect((await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } })).statusCode).toBe(200);
    const approved = await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ state: 'approved', userId: null });
    expect(await portal.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId))).toEqual([]);
    expect(await receiptsOf(paymentId)).toEqual([]);
  });

  it('answers 404 for a payment that does not exist, booking nothing', async () => {
    const missing = await finance.post('/api/admin/payments/7b0d3c4e-0000-4000-8000-000000000000/approve', { json: { months: 2, reason: 'Two months' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Payment not found');
  });

  it('is corrected by finance only with a reason, which the audit and the member see', async () => {
    const { client, paymentId } = await renewalOf(3);
    const unexplained = await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 1 } });
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().message).toBe('Give the member a reason for changing the months they chose (3).');
    expect((await client.get('/api/users/ledger')).json().entries).toHaveLength(0);

    const reason = 'The transfer on the statement is ₦60,500, one month.';
    const corrected = await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 1, reason } });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().message).toBe('Payment approved for 1 month.');
    const ledger = (await client.get('/api/users/ledger')).json();
    expect(ledger.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'membership', amountKobo: 6_050_000, description: 'Membership, 1 month' })]),
    );
    const audit = (await finance.get(`/api/admin/audit?subjectType=payment&subjectId=${paymentId}`)).json().entries;
    expect(audit[0]).toMatchObject({ action: 'payment.approved' });
    expect(JSON.stringify(audit[0].details)).toContain(reason);
    const notifications = (await client.get('/api/notifications')).json().notifications.map((n: { message: string }) => n.message);
    expect(notifications.some((message: string) => message.includes(reason))).toBe(true);
  });
});

describe('a moderator and an advert’s money', () => {
  it('approves the content only: nothing is booked and the advert waits for finance', async () => {
    // Two weeks: the period the schedule gives (an advert runs for the weeks paid).
    const { client, user, response } = await placedAd(2);
    const ad = response.json().user.ad;
    const payment = await adPaymentOf(user.id);

    expect((await moderator.post(`/api/admin/ads/${ad.id}/approve`, { json: schedule })).statusCode).toBe(200);
    expect((await client.get('/api/users/ledger')).json().entries).toHaveLength(0);
    expect((await adPaymentOf(user.id)).state).toBe('pending');
    expect(await receiptsOf(payment.id)).toHaveLength(0);
    expect(await publicAdIds()).not.toContain(ad.id);
    expect((await client.get('/api/users/profile')).json().user.ad.status).toBe('pending');

    expect((await moderator.post(`/api/admin/payments/${payment.id}/approve`, { json: {} })).statusCode).toBe(403);
    expect((await moderator.get(`/api/admin/payments/${payment.id}/slip`)).statusCode).toBe(403);
    const queued = (await moderator.get('/api/admin/ads?status=running')).json().find((a: { id: string }) => a.id === ad.id);
    expect(queued).not.toHaveProperty('slipUrl');

    expect((await finance.post(`/api/admin/payments/${payment.id}/approve`, { json: {} })).statusCode).toBe(200);
    expect(await publicAdIds()).toContain(ad.id);
    const [receipt] = await receiptsOf(payment.id);
    expect((await latestNotification(client)).message).toBe(
      `Your advert payment was approved. Receipt ${receipt!.number}. It runs from ${displayDate(schedule.startDate)} to ${displayDate(schedule.endDate)}.`,
    );
    const ledger = (await client.get('/api/users/ledger')).json();
    expect(ledger.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'advert', amountKobo: 1_000_000, periodFrom: schedule.startDate, periodTo: schedule.endDate })]),
    );
    expect((await client.get('/api/users/profile')).json().user.ad.status).toBe('running');
  });

  it('is refused by the confirmation itself, not only by the payments area of the console', async () => {
    const { user } = await placedAd(1);
    const payment = await adPaymentOf(user.id);
    const [asModerator] = await portal.app.ctx.db.select(publicUserColumns).from(users).where(eq(users.id, moderatorStaff.id));
    await expect(confirmPayment(portal.app.ctx, asModerator!, payment.id)).rejects.toMatchObject({
      statusCode: 403,
      message: 'Only finance and admin confirm payments.',
    });
    expect((await adPaymentOf(user.id)).state).toBe('pending');
  });

  it('books no running dates for an advert staff ended before its payment was confirmed', async () => {
    const { client, user, response } = await placedAd(2);
    const ad = response.json().user.ad;
    const payment = await adPaymentOf(user.id);
    expect((await moderator.post(`/api/admin/ads/${ad.id}/approve`, { json: schedule })).statusCode).toBe(200);
    expect((await moderator.patch(`/api/admin/ads/${ad.id}`, { json: { end: true } })).statusCode).toBe(200);
    expect((await finance.post(`/api/admin/payments/${payment.id}/approve`, { json: {} })).statusCode).toBe(200);
    const ledger = (await client.get('/api/users/ledger')).json();
    expect(ledger.entries).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'advert', periodFrom: null, periodTo: null })]));
    expect((await latestNotification(client)).message).toMatch(/It runs once our staff approve its content\.$/);
  });

  it('refuses an advert without a payment slip, and keeps nothing of it', async () => {
    const { client, user, response } = await placedAd(52, false);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Payment slip is required');
    expect((await client.get('/api/users/profile')).json().user.ad).toMatchObject({ id: null, status: null });
    expect(await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
  });
});
