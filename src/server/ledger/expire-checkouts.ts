import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { payments } from '../db/schema.js';
import { confirmOnlinePayment, lockMemberOfPayment } from './confirm-payment.js';
import { PaystackClient, type PaystackTransaction } from './paystack-client.js';

/** Checkouts looked at per housekeeping round; the rest wait for the next hour. */
const EXPIRY_BATCH = 200;

/** Paystack's word that a checkout will not be paid (as opposed to one still being processed by a bank). */
const UNPAID = new Set(['abandoned', 'failed', 'reversed', 'pending']);

export const CHECKOUT_EXPIRED = 'The online checkout was not completed.';

/**
 * Online payments still `pending` longer than PAYSTACK_CHECKOUT_EXPIRY_MINUTES (a member who left
 * Paystack's page): each is verified with Paystack first, so money that did arrive without its
 * webhook is booked; one Paystack says is unpaid turns `rejected` (CHECKOUT_EXPIRED), so the
 * member's state is no longer "under review", they can start again, and finance's queue keeps
 * only what needs them. One Paystack cannot answer for is left for the next round; one with an
 * issue (paid, but not what was charged) stays on finance's list. A late charge.success for an
 * expired payment is kept as its issue for a refund (confirm-payment.ts). Housekeeping runs it.
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
      ctx.log.warn({ err: error, reference }, 'Paystack could not verify a stale checkout; it is checked again next round');
      continue;
    }
    if (paid?.status === 'success') {
      if ((await confirmOnlinePayment(ctx, paid)) === 'booked') booked += 1;
      continue;
    }
    if (paid && !UNPAID.has(paid.status)) continue;
    if (await expire(ctx, id, paid?.status ?? 'unknown')) expired += 1;
  }
  return { booked, expired };
}

async function expire(ctx: AppContext, id: string, status: string): Promise<boolean> {
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
