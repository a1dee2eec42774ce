import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../shared/dates.js';
import { auditLog, ledgerEntries, payments, receipts } from '../db/schema.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { memberPayingOnline as payingOnline } from '../test-support/paying-online.js';
import { PaystackStandIn } from '../test-support/paystack-server.js';
import { createTestApp, signedInStaffAs, type TestClient } from '../test-support/test-app.js';
import { expireAbandonedCheckouts } from './expire-checkouts.js';
import { STILL_ON_ITS_WAY } from './online-checkout.js';
import { reconcile } from './reconciliation.js';
import { CHECKOUT_EXPIRED } from './set-aside-checkouts.js';

/**
 * Online payment against Paystack as it publishes itself (the stand-in rebuilt from its OpenAPI
 * description and documented answers): refunds listed by date only, transactions `reversed` once
 * refunded, transfers still `pending` or `ongoing` past the expiry, fees passed to the customer,
 * refunds that go pending then processed or failed, and Paystack's own words when it refuses.
 */
const mailbox = new TestMailbox();
const paystack = new PaystackStandIn();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let finance: TestClient;
const EXPIRY_MINUTES = 30;
beforeAll(async () => {
  const baseUrl = await paystack.start();
  portal = await createTestApp(
    { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: baseUrl, PAYSTACK_CHECKOUT_EXPIRY_MINUTES: String(EXPIRY_MINUTES) },
    { mailTransport: mailbox.transport },
  );
  finance = (await signedInStaffAs(portal.app, 'finance')).client;
});
afterAll(async () => {
  await portal.close();
  await paystack.close();
});

const memberPayingOnline = (months = 1) => payingOnline(portal.app, mailbox, months);

/** A member whose fee Paystack took, booked through the callback. */
async function memberPaidOnline() {
  const member = await memberPayingOnline();
  paystack.settle(member.payment.reference!, 'success');
  const back = await member.client.get(`/api/payments/paystack/callback?reference=${member.payment.reference}`);
  expect(back.headers.location).toBe('/user/fees?online=paid');
  return member;
}

const paymentOf = async (id: string) => (await portal.app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const receiptsOf = async (id: string) => portal.app.ctx.db.select().from(receipts).where(eq(receipts.paymentId, id));
const refund = (id: string, reason = 'Paid twice by mistake.') => finance.post(`/api/admin/payments/${id}/refund`, { json: { reason } });
const deliver = ({ body, signature }: { body: string; signature: string }) =>
  portal.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    payload: body,
  });
/** The housekeeping's expiry run as if `minutes` after now. */
const expireAfter = (minutes: number) => expireAbandonedCheckouts(portal.app.ctx, new Date(Date.now() + minutes * 60_000));

describe('refunds as Paystack lists them', () => {
  it('asks Paystack to refund when its refund list holds only other transactions’ refunds, and books the reversal once', async () => {
    const other = await memberPaidOnline();
    expect((await refund(other.payment.id)).statusCode).toBe(200);
    const { payment } = await memberPaidOnline();
    const asked = paystack.refundRequests;
    const refunded = await refund(payment.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(paystack.refundRequests - asked).toBe(1);
    expect(paystack.transactions.get(payment.reference!)?.refunded).toBe(payment.amountKobo);
    expect(await paymentOf(payment.id)).toMatchObject({ state: 'reversed', refundStatus: 'pending' });
  });

  it('marks the refund done on refund.processed, and puts a failed one back in front of finance with Paystack’s word', async () => {
    const { payment } = await memberPaidOnline();
    expect((await refund(payment.id)).statusCode).toBe(200);
    const [processed] = await paystack.processRefunds(payment.reference!);
    expect((await deliver(processed!)).statusCode).toBe(200);
    expect(await paymentOf(payment.id)).toMatchObject({ refundStatus: 'processed', issue: null });
    // A late refund.pending does not take it back.
    const late = paystack.eventFor('refund.pending', { ...JSON.parse(processed!.body).data, status: 'pending' });
    await deliver(late);
    expect((await paymentOf(payment.id)).refundStatus).toBe('processed');

    const second = await memberPaidOnline();
    expect((await refund(second.payment.id)).statusCode).toBe(200);
    expect((await deliver(await paystack.failRefund(second.payment.reference!))).statusCode).toBe(200);
    const failed = await paymentOf(second.payment.id);
    expect(failed).toMatchObject({ state: 'reversed', refundStatus: 'failed' });
    expect(failed.issue).toMatch(/^Paystack could not refund ₦60,500(\.00)? to the member \(refund failed\)/);
    const queue = await finance.get('/api/admin/payments?status=reversed');
    expect(queue.json().find((p: { id: string }) => p.id === second.payment.id)).toMatchObject({ issue: failed.issue, refundStatus: 'failed' });
    const today = todayInLagos();
    const row = (await reconcile(portal.app.ctx, today, today)).rows.find((r) => r.reference === second.payment.reference);
    expect(row).toMatchObject({ status: 'missing-in-ledger', note: failed.issue });

    // Finance asks again: one more POST /refund, no second reversal on the ledger.
    const asked = paystack.refundRequests;
    const again = await refund(second.payment.id, 'Paystack’s first refund failed.');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('Paystack was asked again to refund this payment. Nothing more is booked.');
    expect(paystack.refundRequests - asked).toBe(1);
    expect(await paymentOf(second.payment.id)).toMatchObject({ refundStatus: 'pending', issue: null });
    const reversals = await portal.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.paymentId, second.payment.id), eq(ledgerEntries.kind, 'reversal')));
    expect(reversals).toHaveLength(1);
    // Asked again while the refund is pending: refused, Paystack not asked.
    expect((await refund(second.payment.id)).statusCode).toBe(409);
    expect(paystack.refundRequests - asked).toBe(1);
  });

  it('shows finance Paystack’s own message when it refuses a refund, and books nothing', async () => {
    const { payment } = await memberPaidOnline();
    // Paystack no longer holds the transaction as successful (a chargeback, say): it refuses the refund.
    paystack.transactions.get(payment.reference!)!.status = 'failed';
    const refused = await refund(payment.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(
      'Paystack did not accept the refund: nothing was booked. Paystack said: “Cannot refund a transaction that is not successful”. Try again, or refund in Paystack’s dashboard.',
    );
    expect(await paymentOf(payment.id)).toMatchObject({ state: 'approved', refundedAt: null, refundStatus: null });
  });
});

describe('reconciliation against every status and every page', () => {
  it('shows a refunded payment as matched and refunded, not missing at Paystack, across pages', async () => {
    const first = await memberPaidOnline();
    const second = await memberPaidOnline();
    const third = await memberPaidOnline();
    expect((await refund(second.payment.id)).statusCode).toBe(200);
    expect(paystack.transactions.get(second.payment.reference!)?.status).toBe('reversed');
    const today = todayInLagos();
    const { rows } = await reconcile(portal.app.ctx, today, today, 1);
    const rowOf = (reference: string) => rows.find((row) => row.reference === reference);
    expect(rowOf(first.payment.reference!)?.status).toBe('matched');
    expect(rowOf(third.payment.reference!)?.status).toBe('matched');
    expect(rowOf(second.payment.reference!)).toMatchObject({ status: 'matched', refunded: true });
    expect(rows.filter((row) => row.status === 'missing-at-paystack').map((row) => row.reference)).not.toContain(second.payment.reference);
    const csv = await finance.get(`/api/admin/payments/reconciliation.csv?from=${today}&to=${today}`);
    expect(csv.body).toContain('Matched, refunded');
  });

  it('shows finance Paystack’s own message when it cannot list its transactions', async () => {
    paystack.failNext(1, { path: '/transaction', status: 503, message: 'Service temporarily unavailable' });
    const today = todayInLagos();
    const answer = await finance.get(`/api/admin/payments/reconciliation?from=${today}&to=${today}`);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().message).toBe(
      'Paystack did not list its transactions, so nothing could be reconciled. Paystack said: “Service temporarily unavailable”. Try again in a few minutes.',
    );
  });
});

describe('checkouts still being paid are never expired', () => {
  it.each(['pending', 'ongoing', 'processing', 'queued'] as const)(
    'leaves a checkout Paystack calls %s past the expiry, then books it once when the transfer lands',
    async (status) => {
      const { payment, client } = await memberPayingOnline();
      paystack.settle(payment.reference!, status);
      expect(await expireAfter(EXPIRY_MINUTES * 3)).toMatchObject({ expired: 0 });
      expect((await paymentOf(payment.id)).state).toBe('pending');
      const back = await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`);
      expect(back.headers.location).toBe('/user/fees?online=processing');
      await paystack.completeTransfer(payment.reference!);
      expect((await deliver(paystack.webhookFor(payment.reference!))).statusCode).toBe(200);
      expect(await paymentOf(payment.id)).toMatchObject({ state: 'approved' });
      expect(await receiptsOf(payment.id)).toHaveLength(1);
    },
  );

  it('refuses a second checkout while the first is on its way, so a transfer is never taken twice', async () => {
    const { payment, client } = await memberPayingOnline();
    paystack.settle(payment.reference!, 'ongoing');
    const again = await client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STILL_ON_ITS_WAY);
    expect(await paymentOf(payment.id)).toMatchObject({ state: 'pending' });
    // Once Paystack says it failed, the member starts again at once.
    paystack.settle(payment.reference!, 'failed');
    expect((await client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } })).statusCode).toBe(200);
    expect(await paymentOf(payment.id)).toMatchObject({ state: 'rejected', reason: 'Replaced by a new online checkout.' });
  });

  it('expires what Paystack calls abandoned or failed, or does not know', async () => {
    const abandoned = await memberPayingOnline();
    const failed = await memberPayingOnline();
    paystack.settle(failed.payment.reference!, 'failed');
    const unknown = await memberPayingOnline();
    paystack.transactions.delete(unknown.payment.reference!);
    await expireAfter(EXPIRY_MINUTES * 3);
    for (const { payment } of [abandoned, failed, unknown]) expect(await paymentOf(payment.id)).toMatchObject({ state: 'rejected', reason: CHECKOUT_EXPIRED });
  });

  it('leaves a checkout for the next round when Paystack cannot answer', async () => {
    const { payment } = await memberPayingOnline();
    paystack.failNext(1, { path: '/transaction/verify', status: 500 });
    await expireAfter(EXPIRY_MINUTES * 3);
    expect((await paymentOf(payment.id)).state).toBe('pending');
    await expireAfter(EXPIRY_MINUTES * 3);
    expect((await paymentOf(payment.id)).state).toBe('rejected');
  });

  it('books a late charge.success for an expired checkout while its charge is open, and lists it when it is not', async () => {
    const late = await memberPayingOnline();
    const settled = await memberPayingOnline();
    await expireAfter(EXPIRY_MINUTES * 3);
    expect((await paymentOf(late.payment.id)).state).toBe('rejected');
    // The second member paid their fee another way meanwhile: a new checkout, paid.
    const again = await settled.client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } });
    expect(again.statusCode).toBe(200);

    paystack.settle(late.payment.reference!, 'success');
    await deliver(paystack.webhookFor(late.payment.reference!));
    expect(await paymentOf(late.payment.id)).toMatchObject({ state: 'approved', reason: null, issue: null });
    expect(await receiptsOf(late.payment.id)).toHaveLength(1);

    paystack.settle(settled.payment.reference!, 'success');
    await deliver(paystack.webhookFor(settled.payment.reference!));
    const listed = await paymentOf(settled.payment.id);
    expect(listed.state).toBe('rejected');
    expect(listed.issue).toMatch(
      /^Paystack took ₦60,500(\.00)? for this payment, but it is rejected \(The online checkout was not completed\.\): refund the member/,
    );
    expect(await receiptsOf(settled.payment.id)).toHaveLength(0);
  });
});

describe('fees passed to the customer', () => {
  it('books on what was requested and keeps Paystack’s fees on the payment', async () => {
    paystack.feesOnCustomer = true;
    try {
      const { payment, client } = await memberPayingOnline();
      const paid = paystack.settle(payment.reference!, 'success');
      expect(paid.amount).toBeGreaterThan(payment.amountKobo);
      expect((await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`)).headers.location).toBe('/user/fees?online=paid');
      expect(await paymentOf(payment.id)).toMatchObject({ state: 'approved', amountKobo: payment.amountKobo, feesKobo: paid.fees });
    } finally {
      paystack.feesOnCustomer = false;
    }
  });
});

describe('the callback', () => {
  it('asks Paystack only about the portal’s own undecided checkouts', async () => {
    const { payment, client } = await memberPaidOnline();
    const before = paystack.verifyRequests;
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => client.get(`/api/payments/paystack/callback?reference=HM-made-up-${i}`)));
    expect(made.every((answer) => answer.headers.location === '/user/fees?online=review')).toBe(true);
    expect((await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`)).headers.location).toBe('/user/fees?online=paid');
    expect(paystack.verifyRequests - before).toBe(0);
    const audit = await portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, payment.id));
    expect(audit.filter((row) => row.action === 'payment.approved')).toHaveLength(1);
  });
});
