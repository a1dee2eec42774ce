import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { extendPaidUntil } from '../../shared/membership.js';
import { payments, receipts } from '../db/schema.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let finance: TestClient;
let moderator: TestClient;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
  finance = (await signedInStaffAs(portal.app, 'finance')).client;
  moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
});
afterAll(() => portal.close());

const today = todayInLagos();
const png = () =>
  sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
    .png()
    .toBuffer();
const adImage = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0a7' } })
    .jpeg()
    .toBuffer();

async function placedAd(weeks: number, withSlip = true) {
  const member = await activatedMember(portal.app);
  const form = new FormData();
  form.append('linkUrl', 'https://ngozi-styles.example.com/shop');
  form.append('altText', 'Ngozi Styles: bridal fashion in Lekki');
  form.append('weeks', String(weeks));
  form.append('imageUrl', new Blob([new Uint8Array(await adImage())]), 'ad.jpg');
  if (withSlip) form.append('paymentSlip', new Blob([new Uint8Array(await png())]), 'slip.png');
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
const publicAdIds = async () => (await new TestClient(portal.app).get('/api/ads')).json().map((ad: { id: string }) => ad.id) as string[];

describe('an advert’s payment approved in the finance queue', () => {
  it('books the advert’s charge, payment and receipt once; the content approval books nothing more', async () => {
    const { client, user, response } = await placedAd(2);
    expect(response.statusCode).toBe(200);
    const ad = response.json().user.ad;
    const payment = await adPaymentOf(user.id);

    const approved = await finance.post(`/api/admin/payments/${payment.id}/approve`, { json: {} });
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
    expect(await receiptsOf(payment.id)).toHaveLength(1);

    expect((await moderator.post(`/api/admin/ads/${ad.id}/approve`, { json: schedule })).statusCode).toBe(200);
    expect((await client.get('/api/users/ledger')).json().entries).toHaveLength(2);
    expect(await receiptsOf(payment.id)).toHaveLength(1);
    expect(await publicAdIds()).toContain(ad.id);
  });
});

describe('a renewal of several months with one slip', () => {
  async function renewalOf(months: number) {
    const member = await signedUpMember(portal.app);
    const email = member.user.email;
    await member.client.post('/api/users/verify-email', { json: { email } });
    await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
    const { db } = portal.app.ctx;
    const { users } = await import('../db/schema.js');
    await db.update(users).set({ activated: true, activatedAt: new Date(), paidUntil: today, plan: 'standard' }).where(eq(users.id, member.user.id));
    const form = new FormData();
    form.append('plan', 'standard');
    form.append('months', String(months));
    form.append('paymentSlip', new Blob([new Uint8Array(await png())]), 'slip.png');
    const upload = await member.client.post('/api/users/upload-slip', { form });
    expect(upload.statusCode).toBe(201);
    return { ...member, paymentId: upload.json().paymentId as string };
  }

  it('is approved as the months and amount the member chose and paid', async () => {
    const { client, paymentId } = await renewalOf(3);
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
          periodTo: extendPaidUntil(today, today, 3),
        }),
      ]),
    );
    expect((await client.get('/api/users/profile')).json().user.paidUntil).toBe(extendPaidUntil(today, today, 3));
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
    const { client, user, response } = await placedAd(52);
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
    const ledger = (await client.get('/api/users/ledger')).json();
    expect(ledger.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'advert', amountKobo: 26_000_000, periodFrom: schedule.startDate, periodTo: schedule.endDate })]),
    );
    expect((await client.get('/api/users/profile')).json().user.ad.status).toBe('running');
  });

  it('refuses an advert without a payment slip, and keeps nothing of it', async () => {
    const { client, user, response } = await placedAd(52, false);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Payment slip is required');
    expect((await client.get('/api/users/profile')).json().user.ad).toMatchObject({ id: null, status: null });
    expect(await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
  });
});
