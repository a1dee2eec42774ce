import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerEntries, payments, receipts } from '../db/schema.js';
import { outboxRowsTo, TestMailbox } from '../test-support/mailbox.js';
import { createPostgresTestApp, describeOnPostgres } from '../test-support/on-postgres.js';
import { PaystackStandIn } from '../test-support/paystack-server.js';
import { signedInStaffAs, signedUpMember } from '../test-support/test-app.js';
import { todayInLagos } from '../../shared/dates.js';
import { reconcile } from './reconciliation.js';
import { CHECKOUT_EXPIRED } from './set-aside-checkouts.js';

/**
 * Paystack's callback and webhooks arriving together, on PostgreSQL (PGlite runs one transaction
 * at a time and would pass these with the guarded UPDATE or the row locks taken out).
 */
const mailbox = new TestMailbox();
const paystack = new PaystackStandIn();
const logLines: string[] = [];
let portal: Awaited<ReturnType<typeof createPostgresTestApp>>;

describeOnPostgres('paying online, at once', () => {
  beforeAll(async () => {
    const baseUrl = await paystack.start();
    portal = await createPostgresTestApp(
      { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: baseUrl, LOG_LEVEL: 'info' },
      { mailTransport: mailbox.transport, logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await portal?.close();
    await paystack.close();
  });

  /** A member who verified their email and started paying one month online: their pending payment. */
  async function memberPayingOnline() {
    const member = await signedUpMember(portal.app);
    const email = member.user.email;
    await member.client.post('/api/users/verify-email', { json: { email } });
    await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
    const started = await member.client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } });
    expect(started.statusCode, started.body).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, member.user.id));
    return { ...member, payment: payment! };
  }

  function webhook(body: string, signature: string) {
    return portal.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      payload: body,
    });
  }

  it('books one payment and one receipt for the callback and 5 copies of the webhook at once', async () => {
    const { client, payment } = await memberPayingOnline();
    paystack.settle(payment.reference!, 'success');
    const { body, signature } = paystack.webhookFor(payment.reference!);
    const answers = await Promise.all([
      client.get(`/api/payments/paystack/callback?reference=${payment.reference}`),
      ...Array.from({ length: 5 }, () => webhook(body, signature)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 200, 200, 200, 200, 200]);
    expect(answers[0]!.headers.location).toBe('/user/fees?online=paid');
    const { db } = portal.app.ctx;
    const [entries, issued, [row]] = await Promise.all([
      db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.id)),
      db.select().from(receipts).where(eq(receipts.paymentId, payment.id)),
      db.select().from(payments).where(eq(payments.id, payment.id)),
    ]);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['membership', 'payment']);
    expect(issued).toHaveLength(1);
    expect(row!.state).toBe('approved');
    // One approval mail with its OTP, however many confirmations came.
    expect(await outboxRowsTo(db, (await client.get('/api/users/profile')).json().user.email, /approved/i)).toBe(1);
  });

  it('gives 50 members paying at once 50 receipts with 50 different numbers', async () => {
    // Signed up ten at a time (the mail of fifty sign-ups at once outlasts the mailbox's wait); the paying is at once.
    const members: Awaited<ReturnType<typeof memberPayingOnline>>[] = [];
    for (let batch = 0; batch < 5; batch++) members.push(...(await Promise.all(Array.from({ length: 10 }, () => memberPayingOnline()))));
    for (const { payment } of members) paystack.settle(payment.reference!, 'success');
    const answers = await Promise.all(
      members.flatMap(({ client, payment }) => {
        const { body, signature } = paystack.webhookFor(payment.reference!);
        return [webhook(body, signature), client.get(`/api/payments/paystack/callback?reference=${payment.reference}`)];
      }),
    );
    expect(answers.filter((answer) => answer.statusCode >= 400).map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
    const issued = await portal.app.ctx.db
      .select()
      .from(receipts)
      .where(
        inArray(
          receipts.paymentId,
          members.map(({ payment }) => payment.id),
        ),
      );
    expect(issued).toHaveLength(50);
    expect(new Set(issued.map((receipt) => receipt.number)).size).toBe(50);
    expect(new Set(issued.map((receipt) => receipt.paymentId)).size).toBe(50);
  });

  it('logs a webhook for a reference it does not know and answers 200 without booking; the secret key is never logged', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'HM-not-ours-at-all', amount: 6_050_000, currency: 'NGN', status: 'success' } });
    const before = await portal.app.ctx.db.$count(receipts);
    const answers = await Promise.all([webhook(body, paystack.sign(body)), webhook(body, paystack.sign(body))]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await portal.app.ctx.db.$count(receipts)).toBe(before);
    const logged = logLines.filter((line) => line.includes('Paystack webhook for an unknown reference'));
    expect(logged).toHaveLength(2);
    expect(logged[0]).toContain('HM-not-ours-at-all');
    expect(logLines.filter((line) => line.includes(paystack.secretKey))).toEqual([]);
  });
  it('a refund racing re-sent charge.success webhooks: one reversal, one receipt, Paystack asked to refund once', async () => {
    const finance = (await signedInStaffAs(portal.app, 'finance')).client;
    for (let round = 0; round < 3; round++) {
      const { client, payment } = await memberPayingOnline();
      paystack.settle(payment.reference!, 'success');
      expect((await client.get(`/api/payments/paystack/callback?reference=${payment.reference}`)).headers.location).toBe('/user/fees?online=paid');
      const asked = paystack.refundRequests;
      const { body, signature } = paystack.webhookFor(payment.reference!);
      const answers = await Promise.all([
        finance.post(`/api/admin/payments/${payment.id}/refund`, { json: { reason: 'Paid twice.' } }),
        ...Array.from({ length: 3 }, () => webhook(body, signature)),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      const { db } = portal.app.ctx;
      const [entries, issued, [row]] = await Promise.all([
        db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.id)),
        db.select().from(receipts).where(eq(receipts.paymentId, payment.id)),
        db.select().from(payments).where(eq(payments.id, payment.id)),
      ]);
      expect(entries.map((entry) => entry.kind).sort()).toEqual(['membership', 'payment', 'reversal']);
      expect(issued).toHaveLength(1);
      expect(row).toMatchObject({ state: 'reversed', refundStatus: 'pending', issue: null });
      expect(paystack.refundRequests - asked).toBe(1);
    }
  });

  it('a refund racing a late charge.success for an expired checkout: booked at most once, refunded at most once', async () => {
    const finance = (await signedInStaffAs(portal.app, 'finance')).client;
    for (let round = 0; round < 4; round++) {
      const { payment } = await memberPayingOnline();
      await portal.app.ctx.db.update(payments).set({ state: 'rejected', reason: CHECKOUT_EXPIRED, reviewedAt: new Date() }).where(eq(payments.id, payment.id));
      paystack.settle(payment.reference!, 'success');
      const asked = paystack.refundRequests;
      const { body, signature } = paystack.webhookFor(payment.reference!);
      const [refunded, ...sent] = await Promise.all([
        finance.post(`/api/admin/payments/${payment.id}/refund`, { json: { reason: 'Paid after it expired.' } }),
        ...Array.from({ length: 3 }, () => webhook(body, signature)),
      ]);
      expect(sent.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect([200, 409]).toContain(refunded.statusCode);
      const { db } = portal.app.ctx;
      const [entries, issued, [row]] = await Promise.all([
        db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.id)),
        db.select().from(receipts).where(eq(receipts.paymentId, payment.id)),
        db.select().from(payments).where(eq(payments.id, payment.id)),
      ]);
      // The late money is booked once (the charge was still open); a refund that came after it reverses it once.
      expect(issued).toHaveLength(1);
      if (refunded.statusCode === 200) {
        expect(entries.map((entry) => entry.kind).sort()).toEqual(['membership', 'payment', 'reversal']);
        expect(row).toMatchObject({ state: 'reversed', refundStatus: 'pending' });
        expect(paystack.refundRequests - asked).toBe(1);
      } else {
        expect(entries.map((entry) => entry.kind).sort()).toEqual(['membership', 'payment']);
        expect(row!.state).toBe('approved');
        expect(paystack.refundRequests - asked).toBe(0);
      }
    }
  });

  it('two reconciliations at once read every page and agree', async () => {
    const paid = await Promise.all(Array.from({ length: 3 }, () => memberPayingOnline()));
    for (const { payment } of paid) {
      paystack.settle(payment.reference!, 'success');
      const { body, signature } = paystack.webhookFor(payment.reference!);
      expect((await webhook(body, signature)).statusCode).toBe(200);
    }
    const today = todayInLagos();
    const listedBefore = paystack.listRequests;
    const [first, second] = await Promise.all([reconcile(portal.app.ctx, today, today, 2), reconcile(portal.app.ctx, today, today, 2)]);
    expect(first).toEqual(second);
    for (const { payment } of paid) expect(first.rows.find((row) => row.reference === payment.reference)?.status).toBe('matched');
    // Every transaction of the day on pages of two, read by each reconciliation.
    expect(paystack.listRequests - listedBefore).toBe(2 * Math.ceil(paystack.transactions.size / 2));
  });

  it('a flood of callbacks with made-up references makes no call to Paystack, and the address is limited', async () => {
    const flooded = paystack.verifyRequests;
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) => portal.app.inject({ method: 'GET', url: `/api/payments/paystack/callback?reference=HM-made-up-${i}` })),
    );
    expect(answers.every((answer) => answer.statusCode === 303 && answer.headers.location === '/user/fees?online=review')).toBe(true);
    expect(paystack.verifyRequests - flooded).toBe(0);

    // One address past RATE_LIMIT_PAYMENT_CALLBACK returns is refused. (Counted one after another: the
    // in-process counter hands every request of a burst the same counter object, so a burst counts high.)
    const limited = await createPostgresTestApp(
      { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.baseUrl, RATE_LIMIT_PAYMENT_CALLBACK: '30' },
      { mailTransport: mailbox.transport },
    );
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++)
        codes.push((await limited.app.inject({ method: 'GET', url: `/api/payments/paystack/callback?reference=HM-made-up-${i}` })).statusCode);
      expect(codes.slice(0, 30).every((code) => code === 303)).toBe(true);
      expect(codes[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
