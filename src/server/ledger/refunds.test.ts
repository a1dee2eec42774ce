import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerEntries, payments, users } from '../db/schema.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createPostgresTestApp, describeOnPostgres } from '../test-support/on-postgres.js';
import { PaystackStandIn } from '../test-support/paystack-server.js';
import { PASSWORD, signedInStaffAs, signedUpMember, type TestClient } from '../test-support/test-app.js';

/** Finance refunding an online payment through Paystack's POST /refund, alone and racing a reversal, on PostgreSQL. */
const mailbox = new TestMailbox();
const paystack = new PaystackStandIn();
let portal: Awaited<ReturnType<typeof createPostgresTestApp>>;
let finance: TestClient;
let moderator: TestClient;

describeOnPostgres('refunds', () => {
  beforeAll(async () => {
    const baseUrl = await paystack.start();
    portal = await createPostgresTestApp({ PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: baseUrl }, { mailTransport: mailbox.transport });
    finance = (await signedInStaffAs(portal.app, 'finance')).client;
    moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
  });
  afterAll(async () => {
    await portal?.close();
    await paystack.close();
  });

  async function verifiedMember() {
    const member = await signedUpMember(portal.app);
    const email = member.user.email;
    await member.client.post('/api/users/verify-email', { json: { email } });
    await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
    return member;
  }

  /** A member who paid the fee online, booked by the callback. */
  async function paidOnline(months = 1) {
    const member = await verifiedMember();
    expect((await member.client.post('/api/users/payments/online', { json: { plan: 'standard', months } })).statusCode).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, member.user.id));
    paystack.settle(payment!.reference!, 'success');
    expect((await member.client.get(`/api/payments/paystack/callback?reference=${payment!.reference}`)).headers.location).toBe('/user/fees?online=paid');
    return { ...member, payment: payment! };
  }

  const entriesOf = async (id: string) => (await portal.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, id))).map((entry) => entry);
  const paymentOf = async (id: string) => (await portal.app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const refund = (client: TestClient, id: string, reason = 'The member paid twice by mistake.') =>
    client.post(`/api/admin/payments/${id}/refund`, { json: { reason } });

  it('refunds the whole payment at Paystack and books one reversal with the reason; the queue shows it refunded', async () => {
    const { client, user, payment } = await paidOnline(2);
    expect((await refund(moderator, payment.id)).statusCode).toBe(403);
    const refunded = await refund(finance, payment.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().message).toBe('Payment refunded through Paystack and reversed on the ledger. The member has been told why.');
    expect(paystack.transactions.get(payment.reference!)?.refunded).toBe(payment.amountKobo);

    const contra = (await entriesOf(payment.id)).filter((entry) => entry.kind === 'reversal');
    expect(contra).toEqual([
      expect.objectContaining({ amountKobo: payment.amountKobo, description: 'Payment refunded (Membership fee): The member paid twice by mistake.' }),
    ]);
    expect(await paymentOf(payment.id)).toMatchObject({ state: 'reversed', reversalReason: 'The member paid twice by mistake.', refundedAt: expect.any(Date) });
    const [member] = await portal.app.ctx.db.select({ paidUntil: users.paidUntil }).from(users).where(eq(users.id, user.id));
    expect(member!.paidUntil).toBeNull();
    const row = (await finance.get('/api/admin/payments?status=reversed')).json().find((p: { id: string }) => p.id === payment.id);
    expect(row).toMatchObject({ status: 'reversed', refundedAt: expect.any(String), reason: 'The member paid twice by mistake.' });
    const notes = (await client.get('/api/notifications')).json().notifications.map((n: { message: string }) => n.message);
    expect(notes[0]).toMatch(/^Your payment of ₦121,000\.00 \(Membership fee\) was refunded to you by our finance team: The member paid twice by mistake\./);
    const [audit] = (await finance.get(`/api/admin/audit?subjectType=payment&subjectId=${payment.id}`)).json().entries;
    expect(audit).toMatchObject({
      action: 'payment.refunded',
      details: { reason: 'The member paid twice by mistake.', kind: 'fee', amountKobo: payment.amountKobo },
    });

    const again = await refund(finance, payment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only an approved payment can be refunded; this one is reversed.');
    expect(paystack.transactions.get(payment.reference!)?.refunded).toBe(payment.amountKobo);
  });

  it('refunds and reverses the payment of a member who closed their account, saying no one was told', async () => {
    const { client, payment } = await paidOnline();
    expect((await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } })).statusCode).toBe(200);
    const refunded = await refund(finance, payment.id, 'Refund after the account closed');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().message).toBe('Payment refunded through Paystack and reversed on the ledger. The account is closed, so no one was told.');
    expect(await paymentOf(payment.id)).toMatchObject({ userId: null, state: 'reversed', refundedAt: expect.any(Date) });
  });

  it('books a refund Paystack made while its answer was lost, when finance tries again, without asking Paystack twice', async () => {
    const { payment } = await paidOnline();
    // Paystack refunded, but the portal never heard (a timeout): nothing was booked.
    paystack.transactions.get(payment.reference!)!.refunded = payment.amountKobo;
    const requestsBefore = paystack.refundRequests;
    const retried = await refund(finance, payment.id, 'Refund retried after a timeout.');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(paystack.refundRequests).toBe(requestsBefore);
    expect(await paymentOf(payment.id)).toMatchObject({ state: 'reversed', refundedAt: expect.any(Date) });
    expect((await entriesOf(payment.id)).filter((entry) => entry.kind === 'reversal')).toHaveLength(1);
  });

  it('books nothing when Paystack refuses the refund (502), and refuses a slip payment (409)', async () => {
    const { payment } = await paidOnline();
    paystack.transactions.get(payment.reference!)!.status = 'failed';
    const refused = await refund(finance, payment.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(
      'Paystack did not accept the refund: nothing was booked. Paystack said: “Cannot refund a transaction that is not successful”. Try again, or refund in Paystack’s dashboard.',
    );
    expect(await paymentOf(payment.id)).toMatchObject({ state: 'approved', refundedAt: null });
    expect((await entriesOf(payment.id)).filter((entry) => entry.kind === 'reversal')).toEqual([]);

    const member = await verifiedMember();
    const form = new FormData();
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
    const slipId = (await member.client.post('/api/users/upload-slip', { form })).json().paymentId as string;
    expect((await finance.post(`/api/admin/payments/${slipId}/approve`, { json: {} })).statusCode).toBe(200);
    const slip = await refund(finance, slipId);
    expect(slip.statusCode).toBe(409);
    expect(slip.json().message).toBe('Only an online payment is refunded through Paystack: reverse a slip payment and return the money by bank transfer.');
    expect(await paymentOf(slipId)).toMatchObject({ state: 'approved' });
  });

  it('refunds money Paystack took that the ledger never booked (one kobo short), once, reversing nothing', async () => {
    const member = await verifiedMember();
    expect((await member.client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } })).statusCode).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, member.user.id));
    paystack.settle(payment!.reference!, 'success', payment!.amountKobo - 1);
    expect((await member.client.get(`/api/payments/paystack/callback?reference=${payment!.reference}`)).headers.location).toBe('/user/fees?online=review');
    expect((await paymentOf(payment!.id)).issue).toBe('Paid ₦60,499.99, not the ₦60,500.00 charged.');

    const answers = await Promise.all([refund(finance, payment!.id, 'Paid short: money returned'), refund(finance, payment!.id, 'Paid short: money returned')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 200)!.json().message).toBe(
      'Refunded through Paystack. Nothing was booked for this money, so nothing is reversed. The member has been told why.',
    );
    expect(paystack.transactions.get(payment!.reference!)?.refunded).toBe(payment!.amountKobo - 1);
    expect(await paymentOf(payment!.id)).toMatchObject({
      state: 'rejected',
      issue: null,
      refundedAt: expect.any(Date),
      reversalReason: 'Paid short: money returned',
    });
    expect(await entriesOf(payment!.id)).toEqual([]);
    const row = (await finance.get('/api/admin/payments?status=rejected')).json().find((p: { id: string }) => p.id === payment!.id);
    expect(row).toMatchObject({ refundedAt: expect.any(String), reason: 'Paid short: money returned', issue: null });
    const [audit] = (await finance.get(`/api/admin/audit?subjectType=payment&subjectId=${payment!.id}`)).json().entries;
    expect(audit).toMatchObject({
      action: 'payment.refunded',
      details: { reason: 'Paid short: money returned', booked: false, issue: 'Paid ₦60,499.99, not the ₦60,500.00 charged.', userId: member.user.id },
    });
    const [note] = (await member.client.get('/api/notifications')).json().notifications;
    expect(note).toMatchObject({
      kind: 'payment-reversed',
      message: 'The money Paystack took for your payment (Membership fee) was refunded to you by our finance team: Paid short: money returned',
    });
    const requestsBefore = paystack.refundRequests;
    const third = await refund(finance, payment!.id);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Only an approved payment can be refunded; this one is rejected.');
    expect(paystack.refundRequests).toBe(requestsBefore);
    // Paystack re-sending its webhook lists nothing again; the member is no longer under review.
    const again = paystack.webhookFor(payment!.reference!);
    const resent = await portal.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': again.signature },
      payload: again.body,
    });
    expect(resent.statusCode).toBe(200);
    expect(await paymentOf(payment!.id)).toMatchObject({ state: 'rejected', issue: null });
    expect((await member.client.get('/api/users/membership')).json().state).toBe('none');
  });

  /** A member whose online checkout of a month is started, not yet paid. */
  async function checkoutStarted() {
    const member = await verifiedMember();
    expect((await member.client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } })).statusCode).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, member.user.id));
    return { ...member, payment: payment! };
  }

  /** A member's online payment Paystack took one kobo short of: not booked, listed with its issue. */
  async function paidShort() {
    const member = await checkoutStarted();
    paystack.settle(member.payment.reference!, 'success', member.payment.amountKobo - 1);
    expect((await member.client.get(`/api/payments/paystack/callback?reference=${member.payment.reference}`)).headers.location).toBe(
      '/user/fees?online=review',
    );
    return member;
  }

  it('refunds money Paystack took on a payment already rejected, keeping the rejection as it was', async () => {
    const { client, payment } = await checkoutStarted();
    const rejectedAt = new Date('2026-11-20T09:30:00Z');
    await portal.app.ctx.db
      .update(payments)
      .set({ state: 'rejected', reason: 'The online checkout could not start.', reviewedAt: rejectedAt })
      .where(eq(payments.id, payment.id));
    paystack.settle(payment.reference!, 'success');
    // A decided payment is not verified again on the callback; Paystack's webhook says it was paid.
    expect((await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`)).headers.location).toBe('/user/fees?online=review');
    const { body, signature } = paystack.webhookFor(payment.reference!);
    const sent = await portal.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      payload: body,
    });
    expect(sent.statusCode).toBe(200);
    expect((await paymentOf(payment.id)).issue).toMatch(/but it is rejected \(The online checkout could not start\.\)/);

    const refunded = await refund(finance, payment.id, 'Paid after the checkout expired');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await paymentOf(payment.id)).toMatchObject({
      state: 'rejected',
      reason: 'The online checkout could not start.',
      reviewedAt: rejectedAt,
      refundedAt: expect.any(Date),
      issue: null,
    });
    expect(paystack.transactions.get(payment.reference!)?.refunded).toBe(payment.amountKobo);
  });

  it('refunds once the money never booked of a member who closed their account, when two refunds come at once', async () => {
    // No member row is left to lock: the payment's own claim (refunded once) keeps the second out.
    let claimedSecond = 0;
    for (let round = 0; round < 3; round++) {
      const { client, payment } = await paidShort();
      expect((await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } })).statusCode).toBe(200);
      const before = paystack.refundRequests;
      const answers = await Promise.all([
        refund(finance, payment.id, 'Closed account: money returned'),
        refund(finance, payment.id, 'Closed account: money returned'),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join(' ')).toEqual([200, 409]);
      // The account's row is gone: no notification, no mail, so the answer does not say the member was told.
      expect(answers.find((answer) => answer.statusCode === 200)!.json().message).toBe(
        'Refunded through Paystack. Nothing was booked for this money, so nothing is reversed. The account is closed, so no one was told.',
      );
      const second = answers.find((answer) => answer.statusCode === 409)!.json().message;
      expect(['This payment was already refunded.', 'Only an approved payment can be refunded; this one is rejected.']).toContain(second);
      if (second === 'This payment was already refunded.') claimedSecond += 1;
      expect(paystack.refundRequests - before).toBe(1);
      expect(paystack.transactions.get(payment.reference!)?.refunded).toBe(payment.amountKobo - 1);
      expect(await paymentOf(payment.id)).toMatchObject({ userId: null, state: 'rejected', refundedAt: expect.any(Date), issue: null });
      const [audit] = (await finance.get(`/api/admin/audit?subjectType=payment&subjectId=${payment.id}`)).json().entries;
      expect(audit).toMatchObject({ action: 'payment.refunded', details: { booked: false, userId: null } });
    }
    // On PostgreSQL both read the payment unrefunded before either commits: the claim refuses the second.
    expect(claimedSecond).toBeGreaterThan(0);
  });

  it.each([
    { paid: 'overpaid', by: 100, reason: 'Paid over: refund retried' },
    { paid: 'paid short', by: -100, reason: 'Paid short: refund retried' },
  ])('books the refund of money $paid and never booked that Paystack made while its answer was lost, without asking Paystack twice', async ({ by, reason }) => {
    const member = await verifiedMember();
    expect((await member.client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } })).statusCode).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, member.user.id));
    paystack.settle(payment!.reference!, 'success', payment!.amountKobo + by);
    expect((await member.client.get(`/api/payments/paystack/callback?reference=${payment!.reference}`)).headers.location).toBe('/user/fees?online=review');
    paystack.transactions.get(payment!.reference!)!.refunded = payment!.amountKobo + by;
    const requestsBefore = paystack.refundRequests;
    const retried = await refund(finance, payment!.id, reason);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(paystack.refundRequests).toBe(requestsBefore);
    expect(await paymentOf(payment!.id)).toMatchObject({ state: 'rejected', refundedAt: expect.any(Date), issue: null });
  });

  it('refunds only money Paystack took: not a checkout unpaid, and not by a reversal (409, Paystack not asked)', async () => {
    const member = await verifiedMember();
    expect((await member.client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } })).statusCode).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, member.user.id));
    const requestsBefore = paystack.refundRequests;
    const unpaid = await refund(finance, payment!.id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('Only an approved payment can be refunded; this one is pending.');

    paystack.settle(payment!.reference!, 'success', payment!.amountKobo - 1);
    expect((await member.client.get(`/api/payments/paystack/callback?reference=${payment!.reference}`)).headers.location).toBe('/user/fees?online=review');
    const reversed = await finance.post(`/api/admin/payments/${payment!.id}/reverse`, { json: { reason: 'Paid short' } });
    expect(reversed.statusCode).toBe(409);
    expect(reversed.json().message).toBe('Only an approved payment can be reversed; this one is pending.');
    expect(paystack.refundRequests).toBe(requestsBefore);
    expect(await paymentOf(payment!.id)).toMatchObject({ state: 'pending', refundedAt: null, issue: 'Paid ₦60,499.99, not the ₦60,500.00 charged.' });
  });

  it('a refund racing a reversal (and a second refund) books one contra entry, and Paystack refunds at most once', async () => {
    for (let round = 0; round < 5; round++) {
      const { payment } = await paidOnline();
      const before = paystack.refundRequests;
      const answers = await Promise.all([
        refund(finance, payment.id),
        finance.post(`/api/admin/payments/${payment.id}/reverse`, { json: { reason: 'Approved in error' } }),
        refund(finance, payment.id),
      ]);
      const codes = answers.map((answer) => answer.statusCode);
      expect(
        codes.filter((code) => code === 200),
        JSON.stringify(codes),
      ).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(2);
      expect((await entriesOf(payment.id)).filter((entry) => entry.kind === 'reversal')).toHaveLength(1);
      const refundedHere = codes[0] === 200 || codes[2] === 200;
      expect(paystack.transactions.get(payment.reference!)?.refunded).toBe(refundedHere ? payment.amountKobo : 0);
      expect(paystack.refundRequests - before).toBe(refundedHere ? 1 : 0);
      expect(Boolean((await paymentOf(payment.id)).refundedAt)).toBe(refundedHere);
    }
  });
});
