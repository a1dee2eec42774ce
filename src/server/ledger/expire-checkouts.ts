import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { payments } from '../db/schema.js';
import { confirmOnlinePayment, lockMemberOfPayment } from './confirm-payment.js';
import { PaystackClient, PaystackError, UNPAID_STATUSES, type PaystackTransaction } from './paystack-client.js';
import { CHECKOUT_EXPIRED } from './set-aside-checkouts.js';

/** Checkouts looked at per housekeeping round; the rest wait for the next hour. */
const EXPIRY_BATCH = 200;

/**
 * Online payments still `pending` longer than PAYSTACK_CHECKOUT_EXPIRY_MINUTES (a member who left
 * Paystack's page): each is verified with Paystack first. Money that did arrive without its
 * webhook is booked; one Paystack calls `abandoned` or `failed`, or does not know, turns
 * `rejected` (CHECKOUT_EXPIRED), so the member's state is no longer "under review", they can start
 * again, and finance's queue keeps only what needs them. One still on its way (a bank transfer or
 * USSD payment Paystack calls pending, ongoing, processing or queued) is never expired: it is
 * looked at again next round. One Paystack cannot answer for is left for the next round too; one
 * with an issue (paid, but not what was charged) stays on finance's list. A late charge.success
 * for an expired payment is booked while its charge is open (confirm-payment.ts). Housekeeping runs it.
 */
export async function expireAbandonedCheckouts(ctx: AppContext, now = ctx.clock()): Promise<{ booked: number; expired: number }> {
  const settings = ctx.config.paystack;
  if (!settings) return { booked: 0, expired: 0 };
  const stale = await ctx.db
    .select({ id: payments.id, reference: payments.reference })
    .from(payments)
    .where(
      and(
        eq(payments.state, 'pending'),
        eq(payments.channel, 'paystack'),
        isNull(payments.issue),
        lt(payments.createdAt, new Date(now.getTime() - settings.checkoutExpiryMs)),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(EXPIRY_BATCH);
  const client = new PaystackClient(settings);
  let booked = 0;
  let expired = 0;
  for (const { id, reference } of stale) {
    let paid: PaystackTransaction | undefined;
    try {
      paid = reference ? await client.verify(reference) : undefined;
    } catch (error) {
      if (!(error instanceof PaystackError && error.notFound)) {
        ctx.log.warn({ err: error, reference }, 'Paystack could not verify a stale checkout; it is checked again next round');
        continue;
      }
    }
    if (paid?.status === 'success') {
      if ((await confirmOnlinePayment(ctx, paid)) === 'booked') booked += 1;
      continue;
    }
    if (paid && !UNPAID_STATUSES.has(paid.status)) continue;
    if (await setAsideUnpaidCheckout(ctx, id, paid?.status ?? 'unknown')) expired += 1;
  }
  return { booked, expired };
}

/**
 * A checkout Paystack calls unpaid (abandoned, failed, or unknown to it) stops being the member's
 * to pay: rejected with CHECKOUT_EXPIRED, so they can start again at once. Paystack's word of a
 * payment after all still books it while its charge is open (confirm-payment.ts).
 */
export async function setAsideUnpaidCheckout(ctx: AppContext, id: string, status: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await lockMemberOfPayment(tx, id);
    const [payment] = await tx
      .update(payments)
      .set({ state: 'rejected', reason: CHECKOUT_EXPIRED, reviewedAt: new Date() })
      .where(and(eq(payments.id, id), eq(payments.state, 'pending'), isNull(payments.issue)))
      .returning({ id: payments.id, userId: payments.userId });
    if (!payment) return false;
    await recordAudit(tx, {
      actor: null,
      action: 'payment.expired',
      subjectType: 'payment',
      subjectId: id,
      details: { paystackStatus: status, userId: payment.userId },
    });
    return true;
  });
}
