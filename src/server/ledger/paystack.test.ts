import { and, eq } from 'drizzle-orm';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { subYears } from 'date-fns/subYears';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITING_FOR_GUARDIAN } from '../../shared/privacy.js';
import { FINES } from '../../shared/fines.js';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { ads, ledgerEntries, payments, receipts } from '../db/schema.js';
import { advertForm } from '../test-support/advert-form.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { memberPayingOnline as payingOnline } from '../test-support/paying-online.js';
import { PaystackStandIn } from '../test-support/paystack-server.js';
import { activatedMember, createTestApp, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';
import { auditLog } from '../db/schema.js';
import { parseCsv } from '../test-support/files.js';
import { expireAbandonedCheckouts } from './expire-checkouts.js';
import { CHECKOUT_EXPIRED } from './set-aside-checkouts.js';
import { reconcile } from './reconciliation.js';

const mailbox = new TestMailbox();
const paystack = new PaystackStandIn();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let finance: TestClient;
beforeAll(async () => {
  const baseUrl = await paystack.start();
  portal = await createTestApp({ PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: baseUrl }, { mailTransport: mailbox.transport });
  finance = (await signedInStaffAs(portal.app, 'finance')).client;
});
afterAll(async () => {
  await portal.close();
  await paystack.close();
});

const memberPayingOnline = (months = 1) => payingOnline(portal.app, mailbox, months);

async function uploadSlip(client: TestClient, months = 1) {
  const form = new FormData();
  form.append('months', String(months));
  form.append(
    'paymentSlip',
    new Blob([
      new Uint8Array(
        await sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
          .png()
          .toBuffer(),
      ),
    ]),
    'slip.png',
  );
  return client.post('/api/users/upload-slip', { form });
}

/** The webhook as Paystack sends it: the raw body and its signature. */
function webhook(body: string, signature: string | undefined) {
  return portal.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
    payload: body,
  });
}

async function booksOf(paymentId: string) {
  const { db } = portal.app.ctx;
  const [entries, issued, [payment]] = await Promise.all([
    db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId)),
    db.select().from(receipts).where(eq(receipts.paymentId, paymentId)),
    db.select().from(payments).where(eq(payments.id, paymentId)),
  ]);
  return { entries: entries.map((entry) => entry.kind).sort(), receipts: issued.length, payment: payment! };
}

describe('paying the fee online', () => {
  it('starts with a pending payment and a checkout; the callback books it once, the OTP follows, the receipt is there', async () => {
    const { client, user, payment, authorizationUrl } = await memberPayingOnline(3);
    expect(payment).toMatchObject({ state: 'pending', channel: 'paystack', kind: 'fee', months: 3, amountKobo: 18_150_000 });
    expect(payment.reference).toMatch(/^HM-/);
    expect(authorizationUrl.startsWith(`${paystack.baseUrl}/checkout/`)).toBe(true);
    expect(paystack.transactions.get(payment.reference!)).toMatchObject({ amount: 18_150_000, currency: 'NGN', email: user.email });
    expect(paystack.transactions.get(payment.reference!)?.callbackUrl).toMatch(/\/api\/payments\/paystack\/callback$/);

    paystack.settle(payment.reference!, 'success');
    const back = await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/user/fees?online=paid');
    expect(await booksOf(payment.id)).toMatchObject({ entries: ['membership', 'payment'], receipts: 1, payment: { state: 'approved' } });

    const again = await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`);
    expect(again.headers.location).toBe('/user/fees?online=paid');
    expect((await booksOf(payment.id)).receipts).toBe(1);
    const byHand = await finance.post(`/api/admin/payments/${payment.id}/approve`, { json: {} });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toBe('This payment was already approved.');
    const audit = (await finance.get(`/api/admin/audit?subjectType=payment&subjectId=${payment.id}`)).json().entries;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'payment.approved',
        actorId: null,
        actorEmail: null,
        details: { kind: 'fee', channel: 'paystack', amountKobo: 18_150_000, months: 3, userId: user.id },
      }),
    ]);
    const [approvedNote] = (await client.get('/api/notifications')).json().notifications;
    expect(approvedNote).toMatchObject({
      kind: 'payment-approved',
      message: 'Your payment was approved. Check your email for the OTP to activate your profile.',
    });

    const otp = await mailbox.codeFor(user.email, /OTP/);
    expect((await client.post('/api/users/activate-profile', { json: { otp } })).statusCode).toBe(200);
    const [receipt] = (await client.get('/api/users/payments')).json().payments;
    expect(receipt).toMatchObject({ id: payment.id, amountKobo: 18_150_000 });
    expect(receipt.receiptNumber).toMatch(/^HM-R-/);
    const queued = (await finance.get('/api/admin/payments?status=approved')).json().find((p: { id: string }) => p.id === payment.id);
    expect(queued).toMatchObject({ channel: 'paystack', status: 'approved' });
  });

  it.each(['abandoned', 'failed'] as const)(
    'books nothing for a checkout that was %s, and sets it aside at once so the member can pay again',
    async (status) => {
      const { client, payment } = await memberPayingOnline();
      paystack.settle(payment.reference!, status);
      const back = await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`);
      expect(back.headers.location).toBe('/user/fees?online=not-paid');
      expect(await booksOf(payment.id)).toMatchObject({ entries: [], receipts: 0, payment: { state: 'rejected', reason: CHECKOUT_EXPIRED } });
      expect((await client.get('/api/users/membership')).json().payment).toMatchObject({ status: 'rejected', channel: 'paystack' });
      const again = await client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } });
      expect(again.statusCode, again.body).toBe(200);
    },
  );

  it('sets an unfinished membership checkout aside when the member starts another, and refuses one whose first was paid after all', async () => {
    const { client, payment } = await memberPayingOnline();
    const again = await client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } });
    expect(again.statusCode, again.body).toBe(200);
    expect(await booksOf(payment.id)).toMatchObject({ payment: { state: 'rejected', reason: 'Replaced by a new online checkout.' } });
    const pending = await portal.app.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, payment.userId!), eq(payments.state, 'pending')));
    expect(pending).toHaveLength(1);
    paystack.settle(pending[0]!.reference!, 'success');
    const third = await client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Your earlier online payment went through and is booked: there is nothing more to pay now.');
    expect(await booksOf(pending[0]!.id)).toMatchObject({ receipts: 1, payment: { state: 'approved' } });
  });

  it('sends the member to review when Paystack cannot verify the payment on the callback, booking nothing', async () => {
    const { client, payment } = await memberPayingOnline();
    paystack.transactions.delete(payment.reference!);
    const back = await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/user/fees?online=review');
    expect(await booksOf(payment.id)).toMatchObject({ entries: [], receipts: 0, payment: { state: 'pending' } });
  });

  it('books one payment and one receipt for the callback and 5 copies of the webhook at once', async () => {
    const { client, payment } = await memberPayingOnline();
    paystack.settle(payment.reference!, 'success');
    const { body, signature } = paystack.webhookFor(payment.reference!);
    const answers = await Promise.all([
      client.get(`/api/payments/paystack/callback?reference=${payment.reference}`),
      ...Array.from({ length: 5 }, () => webhook(body, signature)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 200, 200, 200, 200, 200]);
    expect(await booksOf(payment.id)).toMatchObject({ entries: ['membership', 'payment'], receipts: 1, payment: { state: 'approved' } });
  });
});

describe('a checkout left pending', () => {
  it('is verified with Paystack after the expiry time: paid money is booked, an abandoned one expires and the member can start again', async () => {
    const gone = await memberPayingOnline();
    const paidQuietly = await memberPayingOnline();
    const failed = await memberPayingOnline();
    paystack.settle(gone.payment.reference!, 'abandoned');
    paystack.settle(paidQuietly.payment.reference!, 'success');
    paystack.settle(failed.payment.reference!, 'failed');
    expect((await gone.client.get('/api/users/membership')).json().state).toBe('pending');

    // Not yet stale: nothing changes.
    await expireAbandonedCheckouts(portal.app.ctx);
    for (const { payment } of [gone, paidQuietly, failed]) expect((await booksOf(payment.id)).payment.state).toBe('pending');

    const later = new Date(Date.now() + portal.app.ctx.config.paystack!.checkoutExpiryMs + 60_000);
    const settled = await expireAbandonedCheckouts(portal.app.ctx, later);
    expect(settled.booked).toBeGreaterThanOrEqual(1);
    expect(await booksOf(paidQuietly.payment.id)).toMatchObject({ entries: ['membership', 'payment'], receipts: 1, payment: { state: 'approved' } });
    for (const { payment } of [gone, failed])
      expect(await booksOf(payment.id)).toMatchObject({ entries: [], receipts: 0, payment: { state: 'rejected', reason: CHECKOUT_EXPIRED } });
    const queue = (await finance.get('/api/admin/payments?status=pending')).json().map((p: { id: string }) => p.id);
    expect(queue).not.toContain(gone.payment.id);
    expect((await gone.client.get('/api/users/membership')).json().state).toBe('none');
    expect((await gone.client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } })).statusCode).toBe(200);

    // Paystack's late word on an expired checkout books nothing and is listed for a refund.
    paystack.settle(gone.payment.reference!, 'success');
    const late = paystack.webhookFor(gone.payment.reference!);
    expect((await webhook(late.body, late.signature)).statusCode).toBe(200);
    expect(await booksOf(gone.payment.id)).toMatchObject({ entries: [], payment: { state: 'rejected', issue: expect.stringMatching(/refund the member/) } });
  });
});

describe('reconciliation for finance', () => {
  async function bookedOnline() {
    const member = await memberPayingOnline();
    paystack.settle(member.payment.reference!, 'success');
    expect((await member.client.get(`/api/payments/paystack/callback?reference=${member.payment.reference}`)).headers.location).toBe('/user/fees?online=paid');
    return member;
  }

  it('lists Paystack against the ledger for the days asked: matched, missing in the ledger, missing at Paystack, on the page and as a CSV', async () => {
    const matched = await bookedOnline();
    const refunded = await bookedOnline();
    expect((await finance.post(`/api/admin/payments/${refunded.payment.id}/refund`, { json: { reason: 'Paid twice' } })).statusCode).toBe(200);
    const short = await memberPayingOnline();
    paystack.settle(short.payment.reference!, 'success', short.payment.amountKobo - 1);
    expect((await short.client.get(`/api/payments/paystack/callback?reference=${short.payment.reference}`)).headers.location).toBe('/user/fees?online=review');
    const stranger = paystack.addPaid(`ELSEWHERE-${Date.now()}`, 500_000);
    const vanished = await bookedOnline();
    paystack.transactions.delete(vanished.payment.reference!);

    const today = todayInLagos(portal.app.ctx.clock());
    const page = await finance.get(`/api/admin/payments/reconciliation?from=${today}&to=${today}`);
    expect(page.statusCode, page.body).toBe(200);
    const { rows, counts } = page.json() as {
      rows: { reference: string; status: string; note: string; paymentState: string | null; refunded: boolean }[];
      counts: Record<string, number>;
    };
    const rowOf = (reference: string) => rows.find((row) => row.reference === reference);
    expect(rowOf(matched.payment.reference!)).toMatchObject({
      status: 'matched',
      paystackKobo: 6_050_000,
      ledgerKobo: 6_050_000,
      paymentState: 'approved',
      note: '',
    });
    expect(rowOf(refunded.payment.reference!)).toMatchObject({
      status: 'matched',
      paymentState: 'reversed',
      refunded: true,
      note: 'Refunded (pending at Paystack): Paid twice',
    });
    expect(rowOf(short.payment.reference!)).toMatchObject({
      status: 'missing-in-ledger',
      ledgerKobo: null,
      note: 'Paid ₦60,499.99, not the ₦60,500.00 charged.',
    });
    expect(rowOf(stranger.reference)).toMatchObject({
      status: 'missing-in-ledger',
      paymentState: null,
      note: 'Paystack took this money for a reference the portal did not start.',
    });
    expect(rowOf(vanished.payment.reference!)).toMatchObject({ status: 'missing-at-paystack', paystackKobo: null, ledgerKobo: 6_050_000 });
    expect(counts['missing-at-paystack']).toBeGreaterThanOrEqual(1);
    expect(rows.slice(0, counts['missing-at-paystack']).every((row) => row.status === 'missing-at-paystack')).toBe(true);

    // Read page by page, every status: two a page gives the same answer in more calls.
    const calls = paystack.listRequests;
    const paged = await reconcile(portal.app.ctx, today, today, 2);
    expect(paystack.listRequests - calls).toBe(Math.ceil(paystack.transactions.size / 2));
    expect(paged.rows).toEqual(rows);

    const csv = await finance.get(`/api/admin/payments/reconciliation.csv?from=${today}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = parseCsv(csv.body);
    expect(lines[0]).toEqual(['Status', 'Reference', 'Date', 'Member', 'Paystack (naira)', 'Ledger (naira)', 'Payment state', 'Receipt number', 'Note']);
    expect(lines.find((line) => line[1] === stranger.reference)).toEqual([
      'Missing in the ledger',
      stranger.reference,
      today,
      '',
      '5000.00',
      '',
      '',
      '',
      'Paystack took this money for a reference the portal did not start.',
    ]);
    expect(lines.find((line) => line[1] === refunded.payment.reference)?.slice(0, 7)).toEqual([
      'Matched, refunded',
      refunded.payment.reference,
      expect.any(String),
      expect.any(String),
      '60500.00',
      '60500.00',
      'refunded',
    ]);
    expect(lines).toHaveLength(rows.length + 1);
    expect(await portal.app.ctx.db.$count(auditLog, eq(auditLog.action, 'reconciliation.export'))).toBe(1);

    const backwards = await finance.get(`/api/admin/payments/reconciliation?from=${today}&to=2020-01-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('From must be on or before To');
    expect((await finance.get('/api/admin/payments/reconciliation?from=2026-01-01&to=2026-12-31')).json().message).toBe('Reconcile at most 92 days at once');
  });
});

describe('an unfinished checkout and a slip', () => {
  it('keeps the checkout pending beside a new slip: Paystack still books the checkout, finance still approves the slip', async () => {
    const { client, user, payment } = await memberPayingOnline();
    const upload = await uploadSlip(client, 2);
    expect(upload.statusCode, upload.body).toBe(201);
    const slipId = upload.json().paymentId as string;
    expect(slipId).not.toBe(payment.id);
    const rows = await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((row) => [row.channel, row.state, row.months]).sort()).toEqual([
      ['paystack', 'pending', 1],
      ['slip', 'pending', 2],
    ]);

    paystack.settle(payment.reference!, 'success');
    expect((await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`)).headers.location).toBe('/user/fees?online=paid');
    expect(await booksOf(payment.id)).toMatchObject({ receipts: 1, payment: { state: 'approved', reference: payment.reference } });
    expect((await finance.post(`/api/admin/payments/${slipId}/approve`, { json: {} })).statusCode).toBe(200);
  });
});

describe('a child whose guardian has not confirmed', () => {
  it('cannot start an online payment, is told why, and no payment is written', async () => {
    const guardian = {
      guardianName: 'Ngozi Okafor',
      guardianRelationship: 'Mother',
      guardianEmail: `parent${process.pid}-online@example.com`,
      guardianPhone: '+234 803 555 0101',
    };
    const child = await signedUpMember(portal.app, { dob: format(subYears(addDays(new Date(), -10), 12), 'yyyy-MM-dd'), ...guardian });
    const email = child.user.email;
    await child.client.post('/api/users/verify-email', { json: { email } });
    await child.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
    const started = await child.client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } });
    expect(started.statusCode).toBe(403);
    expect(started.json().message).toBe(WAITING_FOR_GUARDIAN);
    expect(await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, child.user.id))).toHaveLength(0);
  });
});

describe('the webhook', () => {
  it('refuses a wrong, missing or re-used-but-altered signature with 401, and books nothing', async () => {
    const { payment } = await memberPayingOnline();
    paystack.settle(payment.reference!, 'success');
    const { body, signature } = paystack.webhookFor(payment.reference!);
    const altered = body.replace(`"amount":${payment.amountKobo}`, `"amount":${payment.amountKobo + 100}`);
    expect(altered).not.toBe(body);
    for (const [sent, signed] of [
      [body, 'f'.repeat(128)],
      [body, undefined],
      [altered, signature],
      [body, new PaystackStandIn('sk_test_someone_else').sign(body)],
    ] as const) {
      const answer = await webhook(sent, signed);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe('Invalid signature');
    }
    expect(await booksOf(payment.id)).toMatchObject({ entries: [], receipts: 0, payment: { state: 'pending' } });
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await booksOf(payment.id)).receipts).toBe(1);
  });

  it('books nothing for an amount one kobo short, and lists it for finance with the reason', async () => {
    const { payment } = await memberPayingOnline();
    paystack.settle(payment.reference!, 'success', payment.amountKobo - 1);
    const { body, signature } = paystack.webhookFor(payment.reference!);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await booksOf(payment.id)).toMatchObject({ entries: [], receipts: 0, payment: { state: 'pending' } });
    const listed = (await finance.get('/api/admin/payments?status=pending')).json().find((p: { id: string }) => p.id === payment.id);
    expect(listed.issue).toBe('Paid ₦60,499.99, not the ₦60,500.00 charged.');
    const audit = (await finance.get(`/api/admin/audit?subjectType=payment&subjectId=${payment.id}`)).json().entries;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'payment.online-mismatch',
        actorId: null,
        details: { issue: 'Paid ₦60,499.99, not the ₦60,500.00 charged.', reference: payment.reference },
      }),
    ]);
    const byHand = await finance.post(`/api/admin/payments/${payment.id}/approve`, { json: {} });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toBe('An online payment is confirmed by Paystack, not by hand.');
    expect((await booksOf(payment.id)).receipts).toBe(0);
  });

  it('books nothing for money paid in another currency, and lists it for finance with the reason', async () => {
    const { payment } = await memberPayingOnline();
    paystack.settle(payment.reference!, 'success').currency = 'USD';
    const { body, signature } = paystack.webhookFor(payment.reference!);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await booksOf(payment.id)).toMatchObject({ entries: [], receipts: 0, payment: { state: 'pending', issue: 'Paid in USD, not NGN.' } });
  });

  it('books and lists nothing when the webhook comes again after finance refunded the payment', async () => {
    const { payment } = await memberPayingOnline();
    paystack.settle(payment.reference!, 'success');
    const { body, signature } = paystack.webhookFor(payment.reference!);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await finance.post(`/api/admin/payments/${payment.id}/refund`, { json: { reason: 'Paid twice' } })).statusCode).toBe(200);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await booksOf(payment.id)).toMatchObject({
      entries: ['membership', 'payment', 'reversal'],
      receipts: 1,
      payment: { state: 'reversed', issue: null },
    });
  });

  it('refuses finance rejecting an online payment by hand (409), which stays pending', async () => {
    const { payment } = await memberPayingOnline();
    const byHand = await finance.post(`/api/admin/payments/${payment.id}/reject`, { json: { reason: 'No money seen yet' } });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toBe('An online payment is settled by Paystack, not rejected by hand.');
    expect((await booksOf(payment.id)).payment).toMatchObject({ state: 'pending', reason: null });
  });

  it('books nothing for money taken on a rejected payment, and lists it for finance with the reason', async () => {
    const { client, payment } = await memberPayingOnline();
    // As when the checkout could not start: the member may still have paid on Paystack's page.
    await portal.app.ctx.db.update(payments).set({ state: 'rejected', reason: 'The online checkout could not start.' }).where(eq(payments.id, payment.id));
    paystack.settle(payment.reference!, 'success');
    const { body, signature } = paystack.webhookFor(payment.reference!);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`)).headers.location).toBe('/user/fees?online=review');
    expect(await booksOf(payment.id)).toMatchObject({ entries: [], receipts: 0, payment: { state: 'rejected' } });
    const listed = (await finance.get('/api/admin/payments?status=rejected')).json().find((p: { id: string }) => p.id === payment.id);
    expect(listed.issue).toBe(
      'Paystack took ₦60,500.00 for this payment, but it is rejected (The online checkout could not start.): refund the member or settle it by hand.',
    );
  });

  it('answers 400 for a correctly signed body that is not JSON, booking nothing', async () => {
    const body = '{"event":"charge.success",';
    const before = await portal.app.ctx.db.$count(receipts);
    const answer = await webhook(body, paystack.sign(body));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('The webhook body is not JSON');
    expect(await portal.app.ctx.db.$count(receipts)).toBe(before);
  });

  it('answers 200 for a reference it does not know, booking nothing', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'HM-not-ours', amount: 100, currency: 'NGN', status: 'success' } });
    const before = await portal.app.ctx.db.$count(receipts);
    const answer = await webhook(body, paystack.sign(body));
    expect(answer.statusCode).toBe(200);
    expect(await portal.app.ctx.db.$count(receipts)).toBe(before);
  });

  it('tells the fee wizard online payment is on', async () => {
    expect((await new TestClient(portal.app).get('/api/plans')).json().onlinePayment).toBe(true);
  });
});

describe('paying a fine online', () => {
  async function finedMember() {
    const member = await activatedMember(portal.app);
    const fined = await finance.post(`/api/admin/members/${member.user.id}/fines`, { json: { type: 'late', reason: 'Arrived 40 minutes late' } });
    expect(fined.statusCode, fined.body).toBe(201);
    return { ...member, fineId: fined.json().fineId as string };
  }
  const fineStatusOf = async (client: TestClient, fineId: string) =>
    (await client.get('/api/users/ledger')).json().entries.find((entry: { id: string }) => entry.id === fineId).fineStatus;

  it('starts a pending Paystack payment for the fine; the webhook and the callback settle it once, with one receipt', async () => {
    const { client, user, fineId } = await finedMember();
    const started = await client.post('/api/users/payments/online', { json: { fineId } });
    expect(started.statusCode, started.body).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.fineId, fineId));
    expect(payment).toMatchObject({ state: 'pending', channel: 'paystack', kind: 'fine', amountKobo: FINES.late.amountKobo, userId: user.id });
    expect(paystack.transactions.get(payment!.reference!)).toMatchObject({ amount: FINES.late.amountKobo, currency: 'NGN', email: user.email });
    // An unfinished checkout leaves the fine unpaid: the member may still pay it either way.
    expect(await fineStatusOf(client, fineId)).toBe('unpaid');

    paystack.settle(payment!.reference!, 'success');
    const { body, signature } = paystack.webhookFor(payment!.reference!);
    const answers = await Promise.all([
      client.get(`/api/payments/paystack/callback?reference=${payment!.reference}`),
      webhook(body, signature),
      webhook(body, signature),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 200, 200]);
    expect(answers[0]!.headers.location).toBe('/profile/payments?online=paid');
    // The fine was charged when staff recorded it: paying books the payment and its receipt only.
    expect(await booksOf(payment!.id)).toMatchObject({ entries: ['payment'], receipts: 1, payment: { state: 'approved' } });
    expect(await fineStatusOf(client, fineId)).toBe('paid');
    expect((await client.get('/api/users/ledger')).json().balanceKobo).toBe(0);
    const [receipt] = await portal.app.ctx.db.select().from(receipts).where(eq(receipts.paymentId, payment!.id));
    const [paidNote] = (await client.get('/api/notifications')).json().notifications;
    expect(paidNote).toMatchObject({
      kind: 'payment-approved',
      message: `Your payment of this fine was approved: Fine (Late): Arrived 40 minutes late. Receipt ${receipt!.number}.`,
    });

    const again = await client.post('/api/users/payments/online', { json: { fineId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This fine is already paid.');
  });

  it('books nothing for an amount one kobo short, and lists it for finance with the reason', async () => {
    const { client, fineId } = await finedMember();
    expect((await client.post('/api/users/payments/online', { json: { fineId } })).statusCode).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.fineId, fineId));
    paystack.settle(payment!.reference!, 'success', FINES.late.amountKobo - 1);
    const { body, signature } = paystack.webhookFor(payment!.reference!);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await client.get(`/api/payments/paystack/callback?reference=${payment!.reference}`)).headers.location).toBe('/profile/payments?online=review');
    expect(await booksOf(payment!.id)).toMatchObject({ entries: [], receipts: 0, payment: { state: 'pending' } });
    const listed = (await finance.get('/api/admin/payments?status=pending')).json().find((p: { id: string }) => p.id === payment!.id);
    expect(listed.issue).toBe('Paid ₦2,999.99, not the ₦3,000.00 charged.');
  });

  it('sets an unfinished checkout aside for a new one or a slip, and never starts one while a slip is under review', async () => {
    const { client, fineId } = await finedMember();
    expect((await client.post('/api/users/payments/online', { json: { fineId } })).statusCode).toBe(200);
    expect((await client.post('/api/users/payments/online', { json: { fineId } })).statusCode).toBe(200);
    const form = new FormData();
    form.append('fineId', fineId);
    form.append(
      'paymentSlip',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
            .png()
            .toBuffer(),
        ),
      ]),
      'slip.png',
    );
    expect((await client.post('/api/users/upload-slip', { form })).statusCode).toBe(201);
    const rows = await portal.app.ctx.db.select().from(payments).where(eq(payments.fineId, fineId)).orderBy(payments.createdAt);
    expect(rows.map((row) => [row.channel, row.state, row.reason])).toEqual([
      ['paystack', 'rejected', 'Replaced by a new online checkout.'],
      ['paystack', 'rejected', 'Replaced by a payment slip.'],
      ['slip', 'pending', null],
    ]);
    const duringReview = await client.post('/api/users/payments/online', { json: { fineId } });
    expect(duringReview.statusCode).toBe(409);
    expect(duringReview.json().message).toBe('Your slip for this fine is under review.');
  });

  it('books an earlier checkout Paystack says was paid instead of starting a second one', async () => {
    const { client, fineId } = await finedMember();
    expect((await client.post('/api/users/payments/online', { json: { fineId } })).statusCode).toBe(200);
    const [first] = await portal.app.ctx.db.select().from(payments).where(eq(payments.fineId, fineId));
    // Paid on Paystack's page, but neither the webhook nor the member came back.
    paystack.settle(first!.reference!, 'success');
    const again = await client.post('/api/users/payments/online', { json: { fineId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This fine is already paid.');
    expect(await booksOf(first!.id)).toMatchObject({ entries: ['payment'], receipts: 1, payment: { state: 'approved' } });
  });

  it("refuses another member's fine (404)", async () => {
    const { fineId } = await finedMember();
    const stranger = await activatedMember(portal.app);
    expect((await stranger.client.post('/api/users/payments/online', { json: { fineId } })).statusCode).toBe(404);
  });
});

describe('paying an advert online', () => {
  let moderator: TestClient;
  beforeAll(async () => {
    moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
  });
  const today = () => todayInLagos(portal.app.ctx.clock());
  const runningIds = async () => (await new TestClient(portal.app).get('/api/ads')).json().map((ad: { id: string }) => ad.id);

  async function advertPaidOnline(weeks = 2) {
    const member = await activatedMember(portal.app);
    const form = await advertForm({ fields: { weeks: String(weeks), payment: 'online' }, slip: null });
    const placed = await member.client.put('/api/users/profile', { form });
    expect(placed.statusCode, placed.body).toBe(200);
    const ad = placed.json().user.ad as { id: string; status: string };
    const [row] = await portal.app.ctx.db.select().from(ads).where(eq(ads.id, ad.id));
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.id, row!.paymentId!));
    return { ...member, ad, payment: payment!, authorizationUrl: placed.json().authorizationUrl as string };
  }

  it('places the advert without a slip and starts its checkout; paid online it still waits for the content approval to run', async () => {
    const { client, ad, payment, authorizationUrl } = await advertPaidOnline(2);
    expect(authorizationUrl.startsWith(`${paystack.baseUrl}/checkout/`)).toBe(true);
    expect(payment).toMatchObject({ state: 'pending', channel: 'paystack', kind: 'ad', amountKobo: 1_000_000, slipFileId: null });
    expect(paystack.transactions.get(payment.reference!)).toMatchObject({ amount: 1_000_000, currency: 'NGN' });

    paystack.settle(payment.reference!, 'success');
    const { body, signature } = paystack.webhookFor(payment.reference!);
    const answers = await Promise.all([
      client.get(`/api/payments/paystack/callback?reference=${payment.reference}`),
      ...Array.from({ length: 3 }, () => webhook(body, signature)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 200, 200, 200]);
    expect(answers[0]!.headers.location).toBe('/profile?online=paid#advert');
    expect(await booksOf(payment.id)).toMatchObject({ entries: ['advert', 'payment'], receipts: 1, payment: { state: 'approved' } });
    expect((await client.get('/api/users/profile')).json().user.ad.status).toBe('pending');
    expect(await runningIds()).not.toContain(ad.id);

    // Moderators decide the content only: no payment of any kind is theirs to see or approve.
    expect((await moderator.get('/api/admin/payments?status=approved')).statusCode).toBe(403);
    expect((await moderator.post(`/api/admin/payments/${payment.id}/approve`, { json: {} })).statusCode).toBe(403);
    const approved = await moderator.post(`/api/admin/ads/${ad.id}/approve`, {
      json: { startDate: today(), endDate: shiftDate(today(), 13), frequency: 'always' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await client.get('/api/users/profile')).json().user.ad.status).toBe('running');
    expect(await runningIds()).toContain(ad.id);
    expect((await booksOf(payment.id)).receipts).toBe(1);
  });

  it('runs an advert whose content was approved first as soon as Paystack’s word books its payment', async () => {
    const { ad, payment } = await advertPaidOnline(1);
    const approved = await moderator.post(`/api/admin/ads/${ad.id}/approve`, {
      json: { startDate: today(), endDate: shiftDate(today(), 6), frequency: 'always' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await runningIds()).not.toContain(ad.id);
    paystack.settle(payment.reference!, 'success');
    const { body, signature } = paystack.webhookFor(payment.reference!);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await runningIds()).toContain(ad.id);
  });

  it('books nothing for an amount one kobo short: listed for finance, and the approved advert does not run', async () => {
    const { client, ad, payment } = await advertPaidOnline(1);
    paystack.settle(payment.reference!, 'success', payment.amountKobo - 1);
    const { body, signature } = paystack.webhookFor(payment.reference!);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`)).headers.location).toBe('/profile?online=review#advert');
    expect(await booksOf(payment.id)).toMatchObject({ entries: [], receipts: 0, payment: { state: 'pending' } });
    const listed = (await finance.get('/api/admin/payments?status=pending')).json().find((p: { id: string }) => p.id === payment.id);
    expect(listed.issue).toBe('Paid ₦4,999.99, not the ₦5,000.00 charged.');
    expect(
      (await moderator.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: today(), endDate: shiftDate(today(), 6), frequency: 'always' } }))
        .statusCode,
    ).toBe(200);
    expect(await runningIds()).not.toContain(ad.id);
  });

  it('starts the checkout again for an advert whose first one was abandoned, and refuses a paid one', async () => {
    const { client, ad, payment } = await advertPaidOnline(1);
    paystack.settle(payment.reference!, 'abandoned');
    const again = await client.post('/api/users/payments/online', { json: { adId: ad.id } });
    expect(again.statusCode, again.body).toBe(200);
    const [row] = await portal.app.ctx.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(row!.paymentId).not.toBe(payment.id);
    expect((await booksOf(payment.id)).payment).toMatchObject({ state: 'rejected', reason: 'Replaced by a new online checkout.' });
    const [second] = await portal.app.ctx.db.select().from(payments).where(eq(payments.id, row!.paymentId!));
    paystack.settle(second!.reference!, 'success');
    expect((await client.get(`/api/payments/paystack/callback?reference=${second!.reference}`)).headers.location).toBe('/profile?online=paid#advert');
    const paid = await client.post('/api/users/payments/online', { json: { adId: ad.id } });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('This advert is already paid.');
  });
});

describe('without PAYSTACK_SECRET_KEY', () => {
  it('says nothing of online payment and refuses its routes', async () => {
    const plain = await createTestApp({}, { mailTransport: mailbox.transport });
    try {
      expect((await new TestClient(plain.app).get('/api/plans')).json().onlinePayment).toBe(false);
      const member = await signedUpMember(plain.app);
      expect((await member.client.post('/api/users/payments/online', { json: { months: 1 } })).statusCode).toBe(404);
      const body = JSON.stringify({ event: 'charge.success', data: { reference: 'x', amount: 1, currency: 'NGN', status: 'success' } });
      expect(
        (await plain.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', headers: { 'content-type': 'application/json' }, payload: body }))
          .statusCode,
      ).toBe(404);
      const advert = await advertForm({ fields: { weeks: '1', payment: 'online' }, slip: null });
      const activated = await activatedMember(plain.app);
      const placed = await activated.client.put('/api/users/profile', { form: advert });
      expect(placed.statusCode).toBe(400);
      expect(placed.json().message).toBe('Online payment is not available: attach the payment slip.');
      expect(await plain.app.ctx.db.select().from(ads).where(eq(ads.userId, activated.user.id))).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
