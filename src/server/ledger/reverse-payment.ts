import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { parseISO } from 'date-fns/parseISO';
import { and, eq, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import { CHARGE_KINDS } from '../../shared/charges.js';
import { shiftDate } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';
import { formatNaira } from '../../shared/money.js';
import { mayUse } from '../../shared/roles.js';
import { forgetRunningAds } from '../ads/ads-service.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Transaction } from '../db/client.js';
import { ads, ledgerEntries, payments, users } from '../db/schema.js';
import { conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import { notify } from '../notifications/notifications.js';
import { lockMemberOfPayment } from './confirm-payment.js';
import { PaystackClient, paystackSaid } from './paystack-client.js';

type Payment = typeof payments.$inferSelect;
type Member = typeof users.$inferSelect;

/** A reversal that also sends the money back through Paystack (`POST /refund`): online payments only. */
export interface ReversalOptions {
  refund?: boolean;
}

/**
 * What was done: the payment reversed on the ledger (refunded or not), or money never booked
 * refunded; and whether the member was told (a notification). A closed account's member is not:
 * their row is gone (terminateAccount), so there is no one to notify and no address to mail.
 */
export interface Reversal {
  outcome: 'reversed' | 'refunded-unbooked' | 'refund-retried';
  memberTold: boolean;
}

/**
 * Finance reverses a payment approved in error (a fake slip, the wrong member), or refunds an
 * online one: the payment turns `reversed` with the reason, and its contra entry (the payment's
 * amount, positive) goes on the ledger, so the member owes the charge again. Nothing is edited or
 * deleted: the charge, the payment entry and the receipt stay, the receipt list shows the note.
 * Membership months it booked are taken back (paid-until, and so the member's standing); an
 * advert paid by it stops running; a fine it settled is unpaid again. Once only, under the
 * member's row lock like every decision on money: a second reversal, or a refund racing a
 * reversal, answers 409 and books nothing. A refund calls Paystack inside the transaction, after
 * the payment is claimed and before anything is booked: Paystack refusing rolls everything back
 * (502), and no second refund can start meanwhile.
 */
export async function reversePayment(ctx: AppContext, staff: AuthUser, id: string, reason: string, options: ReversalOptions = {}): Promise<Reversal> {
  if (!mayUse(staff.role, 'payments')) throw forbidden(`Only finance and admin ${options.refund ? 'refund' : 'reverse'} payments.`);
  const reversal = await ctx.db.transaction(async (tx): Promise<Reversal> => {
    const { member } = await lockMemberOfPayment(tx, id);
    const [payment] = await tx
      .update(payments)
      .set({
        state: 'reversed',
        reversalReason: reason,
        reversedBy: staff.id,
        reversedAt: new Date(),
        issue: null,
        ...(options.refund ? { refundedAt: new Date(), refundStatus: 'pending' as const } : {}),
      })
      .where(and(eq(payments.id, id), eq(payments.state, 'approved')))
      .returning();
    if (!payment) {
      const [exists] = await tx.select().from(payments).where(eq(payments.id, id));
      if (!exists) throw notFound('Payment not found');
      // Paystack said the refund did not reach the member (refund.failed): finance asks again.
      if (options.refund && exists.refundStatus === 'failed') {
        await retryRefund(ctx, tx, staff, exists, reason);
        return { outcome: 'refund-retried', memberTold: false };
      }
      // Money taken but never booked: only a payment that is not approved and carries an issue. Only
      // Paystack's word gives one an issue (confirmOnlinePayment; an advert's listing is of an approved
      // payment, and reversing it clears the issue), so no channel check: a slip would be refused by
      // its missing reference anyway (refundAtPaystack), and the transaction undone.
      if (options.refund && exists.issue && !exists.refundedAt) {
        await refundUnbooked(ctx, tx, staff, exists, member, reason);
        return { outcome: 'refunded-unbooked', memberTold: Boolean(member) };
      }
      throw conflict(`Only an approved payment can be ${options.refund ? 'refunded' : 'reversed'}; this one is ${exists.state}.`);
    }
    if (options.refund) await refundAtPaystack(ctx, payment, payment.amountKobo);
    const label = CHARGE_KINDS[payment.kind].label;
    // Stryker disable next-line ConditionalExpression: an advert's or a fine's payment has no membership charge, so takeBackMonths finds nothing to take back.
    const takenBack = payment.kind === 'fee' && member ? await takeBackMonths(tx, payment, member) : null;
    await tx.insert(ledgerEntries).values({
      userId: payment.userId,
      kind: 'reversal',
      amountKobo: payment.amountKobo,
      description: `${options.refund ? 'Payment refunded' : 'Payment reversed'} (${label}): ${reason}`,
      periodFrom: takenBack?.periodFrom ?? null,
      periodTo: takenBack?.periodTo ?? null,
      paymentId: payment.id,
      createdBy: staff.id,
    });
    // Stryker disable next-line ConditionalExpression: no advert is paid by a payment of another kind, so the update matches none.
    if (payment.kind === 'ad') await tx.update(ads).set({ paidAt: null }).where(eq(ads.paymentId, payment.id));
    await recordAudit(tx, {
      actor: staff,
      action: options.refund ? 'payment.refunded' : 'payment.reversed',
      subjectType: 'payment',
      subjectId: id,
      details: {
        reason,
        kind: payment.kind,
        amountKobo: payment.amountKobo,
        userId: payment.userId,
        // Stryker disable next-line OptionalChaining: months are taken back only from a member there is (takenBack above).
        ...(takenBack ? { paidUntil: { from: member?.paidUntil ?? null, to: takenBack.paidUntil } } : {}),
      },
    });
    if (member) {
      const done = options.refund ? 'refunded to you' : 'reversed';
      const paidUntil = takenBack ? ` Your membership is now ${takenBack.paidUntil ? `paid until ${displayDate(takenBack.paidUntil)}` : 'unpaid'}.` : '';
      await notify(
        tx,
        member.id,
        'payment-reversed',
        `Your payment of ${formatNaira(payment.amountKobo)} (${label}) was ${done} by our finance team: ${reason}${paidUntil}`,
      );
    }
    // Stryker disable next-line StringLiteral: the routes tell only 'refunded-unbooked' apart.
    return { outcome: 'reversed', memberTold: Boolean(member) };
  });
  forgetRunningAds(ctx);
  return reversal;
}

/**
 * Money Paystack took that the ledger never booked (an amount not as charged, a checkout already
 * expired or rejected: the payment's `issue`): refunded whole, with nothing to reverse. Marked
 * refunded before Paystack is asked, in this transaction, so it is refunded once.
 */
async function refundUnbooked(ctx: AppContext, tx: Transaction, staff: AuthUser, payment: Payment, member: Member | undefined, reason: string): Promise<void> {
  const [claimed] = await tx
    .update(payments)
    // A pending one is settled too (rejected): the housekeeping's expiry and Paystack's re-sent webhooks leave it be.
    .set({
      refundedAt: new Date(),
      refundStatus: 'pending',
      issue: null,
      reversalReason: reason,
      reversedBy: staff.id,
      reversedAt: new Date(),
      ...(payment.state === 'pending' ? { state: 'rejected' as const, reviewedAt: new Date() } : {}),
    })
    .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt), isNotNull(payments.issue)))
    .returning({ id: payments.id });
  if (!claimed) throw conflict('This payment was already refunded.');
  await refundAtPaystack(ctx, payment);
  await recordAudit(tx, {
    actor: staff,
    action: 'payment.refunded',
    subjectType: 'payment',
    subjectId: payment.id,
    details: { reason, booked: false, issue: payment.issue, userId: payment.userId },
  });
  if (member)
    await notify(
      tx,
      member.id,
      'payment-reversed',
      `The money Paystack took for your payment (${CHARGE_KINDS[payment.kind].label}) was refunded to you by our finance team: ${reason}`,
    );
}

/** A refund Paystack said failed, asked for again: claimed (back to pending) first, so it is asked once. */
async function retryRefund(ctx: AppContext, tx: Transaction, staff: AuthUser, payment: Payment, reason: string): Promise<void> {
  const [claimed] = await tx
    .update(payments)
    .set({ refundStatus: 'pending', issue: null })
    .where(and(eq(payments.id, payment.id), eq(payments.refundStatus, 'failed')))
    .returning({ id: payments.id });
  // Stryker disable next-line ConditionalExpression: under the member's row lock the status read just before is current.
  if (!claimed) throw conflict('This refund is already being made again.');
  await refundAtPaystack(ctx, payment, payment.state === 'reversed' ? payment.amountKobo : undefined);
  await recordAudit(tx, {
    actor: staff,
    action: 'payment.refund-retried',
    subjectType: 'payment',
    subjectId: payment.id,
    details: { reason, failure: payment.issue, userId: payment.userId },
  });
}

/**
 * Paystack's `POST /refund` (the whole transaction without an amount), unless Paystack lists a
 * refund of this transaction already (made while our answer was lost); its refusal undoes the
 * reversal (the caller's transaction) and finance sees what Paystack said.
 */
async function refundAtPaystack(ctx: AppContext, payment: Payment, amountKobo?: number): Promise<void> {
  // Only a checkout started online is given a reference (online-checkout.ts): a slip has none.
  if (!payment.reference) throw conflict('Only an online payment is refunded through Paystack: reverse a slip payment and return the money by bank transfer.');
  if (!ctx.config.paystack)
    throw conflict('Online payment is not set up (PAYSTACK_SECRET_KEY): refund this payment in Paystack’s dashboard, then reverse it here.');
  const client = new PaystackClient(ctx.config.paystack);
  try {
    // A whole refund is of what Paystack took, which for money never booked is not what was charged (paid short or over).
    const transaction = await client.verify(payment.reference);
    const refunding = amountKobo ?? transaction.amount;
    if ((await client.refundedKobo(transaction)) >= refunding) {
      // Stryker disable next-line ObjectLiteral,StringLiteral: a log line.
      ctx.log.info({ reference: payment.reference }, 'Paystack had refunded this payment already: booking it');
      return;
    }
    await client.refund(payment.reference, amountKobo);
  } catch (error) {
    // Stryker disable next-line ObjectLiteral,StringLiteral: a log line.
    ctx.log.warn({ err: error, reference: payment.reference }, 'Paystack refused a refund');
    throw new HttpError(502, `Paystack did not accept the refund: nothing was booked.${paystackSaid(error)} Try again, or refund in Paystack’s dashboard.`);
  }
}

/**
 * The months a membership payment booked, taken back. While nothing has moved paid-until since
 * (it still ends where this payment's period ends), it returns to what it was before the payment;
 * otherwise (a later payment, or staff set it) it moves back by the days this payment's period
 * covered. Answers the period taken back and the new paid-until (the member's standing follows it).
 */
async function takeBackMonths(tx: Transaction, payment: Payment, member: Member) {
  const [charge] = await tx
    .select({ periodFrom: ledgerEntries.periodFrom, periodTo: ledgerEntries.periodTo })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, payment.id), eq(ledgerEntries.kind, CHARGE_KINDS.fee.ledgerKind)));
  // Stryker disable next-line ConditionalExpression,LogicalOperator,OptionalChaining: an approved membership payment has its charge with both dates, and the member's paid-until is empty only once every membership payment is taken back.
  if (!charge?.periodFrom || !charge.periodTo || !member.paidUntil) return null;
  let paidUntil: string | null;
  if (member.paidUntil === charge.periodTo) {
    paidUntil = payment.paidUntilBefore ?? ((await bookedBefore(tx, payment)) ? shiftDate(charge.periodFrom, -1) : null);
  } else {
    paidUntil = shiftDate(member.paidUntil, -(differenceInCalendarDays(parseISO(charge.periodTo), parseISO(charge.periodFrom)) + 1));
  }
  await tx.update(users).set({ paidUntil }).where(eq(users.id, member.id));
  return { periodFrom: charge.periodFrom, periodTo: charge.periodTo, paidUntil };
}

/** A payment booked before paid_until_before was kept: whether an earlier membership payment of the member was confirmed. */
async function bookedBefore(tx: Transaction, payment: Payment): Promise<boolean> {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: months are taken back only from a member there is, and an approved payment has its reviewedAt.
  if (!payment.userId || !payment.reviewedAt) return false;
  // Stryker disable ObjectLiteral: only whether a row is found is read, never its columns.
  const [earlier] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, payment.userId),
        eq(payments.kind, 'fee'),
        eq(payments.state, 'approved'),
        ne(payments.id, payment.id),
        lt(payments.reviewedAt, payment.reviewedAt),
      ),
    )
    .limit(1);
  // Stryker restore ObjectLiteral
  return Boolean(earlier);
}
