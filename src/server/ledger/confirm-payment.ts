import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { CHARGE_KINDS, type PaymentKind } from '../../shared/charges.js';
import { displayDate } from '../../shared/display-date.js';
import { formatNaira } from '../../shared/money.js';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { extendPaidUntil } from '../../shared/membership.js';
import { mayUse } from '../../shared/roles.js';
import { forgetRunningAds } from '../ads/ads-service.js';
import { recordAudit } from '../audit/audit.js';
import { issueCode } from '../auth/codes.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Transaction } from '../db/client.js';
import { decidePending } from '../approvals/decide-pending.js';
import { ads, payments, users } from '../db/schema.js';
import { badRequest, conflict, forbidden } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { ledgerMail } from './mail.js';
import { notify } from '../notifications/notifications.js';
import { monthlyPriceOf } from '../plans/plans-service.js';
import { fineCharge } from './fines.js';
import { bookApprovedPayment, bookPayment, type Confirmer } from './ledger-service.js';
import { chargedKobo, type PaystackTransaction } from './paystack-client.js';
import { SET_ASIDE_REASONS } from './set-aside-checkouts.js';

type Payment = typeof payments.$inferSelect;
type Member = typeof users.$inferSelect;

/** Finance changing the months a member chose and paid for: only with a reason the member and the audit see. */
export interface PaymentCorrection {
  months?: number | undefined;
  reason?: string | undefined;
}

/** What was confirmed, for the staff's message. */
export interface ConfirmedPayment {
  kind: Payment['kind'];
  months: number | null;
  receiptNumber: string | null;
}

/**
 * The payment's kind and its member, the member's row locked before the payment is decided: a
 * slip upload takes the member's row first too, so approvals, rejections and uploads wait for
 * each other in one order and never deadlock, and two approvals for one member extend one after
 * the other. The payment is read once the lock is held: a slip re-uploaded meanwhile may have
 * changed it.
 */
export async function lockMemberOfPayment(tx: Transaction, id: string) {
  const [owner] = await tx.select({ userId: payments.userId }).from(payments).where(eq(payments.id, id));
  const [member] = owner?.userId ? await tx.select().from(users).where(eq(users.id, owner.userId)).for('update') : [];
  const [payment] = await tx.select().from(payments).where(eq(payments.id, id));
  return { payment, member };
}

/**
 * The one way money is confirmed, whatever the channel: the payment turns approved once (a
 * second confirmation finds it no longer pending), and in the same transaction its charge, the
 * payment and its receipt are booked and the kind's booking is done (paid-until extended, the
 * advert paid, the fine settled). Staff confirm slips here (finance and admin only; a second
 * approval answers 409); Paystack's verify call and webhook through `confirmOnlinePayment`.
 */
export async function confirmPayment(ctx: AppContext, staff: AuthUser, id: string, correction: PaymentCorrection = {}): Promise<ConfirmedPayment> {
  if (!mayUse(staff.role, 'payments')) throw forbidden('Only finance and admin confirm payments.');
  const confirmed = await ctx.db.transaction(async (tx) => {
    const { payment: current, member } = await lockMemberOfPayment(tx, id);
    // Money paid online is confirmed by Paystack's word only: no one books it by hand.
    if (current?.channel === 'paystack' && current.state === 'pending') throw conflict('An online payment is confirmed by Paystack, not by hand.');
    const change = current ? await correctedValues(tx, current, correction) : {};
    const payment = await decidePending(tx, payments, id, staff, { state: 'approved', ...change });
    // Stryker disable next-line OptionalChaining: only correctedValues sets a reason, and it runs only for a payment that exists.
    return bookConfirmed(ctx, tx, staff, payment, member, change.reason ? { fromMonths: current?.months, reason: change.reason } : undefined);
  });
  afterConfirming(ctx, confirmed);
  return confirmed;
}

/** What Paystack said of a payment: booked now, booked before, not ours, or not what was charged (listed for finance). */
export type OnlineOutcome = 'booked' | 'already-booked' | 'unknown' | 'mismatch' | 'not-paid';

const PAYSTACK: Confirmer = { id: null, role: 'paystack' };

/**
 * Paystack's verify answer or signed charge.success webhook for one of our references: booked
 * exactly once however many times and in whatever order they come. What was charged is Paystack's
 * `requested_amount` when it passed its fees on to the member (the `amount` then includes them);
 * the fees are kept on the payment. A checkout set aside (expired, or replaced by a new one) that
 * Paystack says was paid after all is booked while what it paid for is still open. An amount,
 * currency or reference that is not the charge's, or money taken for something already paid,
 * rejected or refunded, books nothing and is kept on the payment for finance.
 */
export async function confirmOnlinePayment(ctx: AppContext, paid: PaystackTransaction): Promise<OnlineOutcome> {
  if (paid.status !== 'success') return 'not-paid';
  const [known] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.reference, paid.reference), eq(payments.channel, 'paystack')));
  // Stryker disable next-line StringLiteral: the callback shows an unknown reference the review page like any outcome but booked or not paid, and the webhook answers alike; only a log line names it.
  if (!known) return 'unknown';
  const outcome = await ctx.db.transaction(async (tx) => {
    const { payment: current, member } = await lockMemberOfPayment(tx, known.id);
    // Stryker disable next-line ConditionalExpression,ObjectLiteral: the payment was found by its reference just before, and no code deletes a payment (a closed account's keeps user_id null).
    if (!current) return { outcome: 'unknown' as const };
    if (current.state === 'approved') return { outcome: 'already-booked' as const };
    // Finance already refunded the money Paystack took for it: nothing more to book or to list.
    // Stryker disable next-line ObjectLiteral: an outcome of mismatch and none show the same review page, and the webhook answers alike.
    if (current.refundedAt) return { outcome: 'mismatch' as const };
    const bookable = current.state === 'pending' || (await isOpenSetAside(tx, current));
    const issue = bookable
      ? mismatchOf(current, paid)
      : `Paystack took ${formatNaira(chargedKobo(paid))} for this payment, but it is ${current.state}${current.reason ? ` (${current.reason})` : ''}: refund the member or settle it by hand.`;
    if (issue) {
      await tx.update(payments).set({ issue }).where(eq(payments.id, current.id));
      await recordAudit(tx, {
        actor: null,
        action: 'payment.online-mismatch',
        subjectType: 'payment',
        subjectId: current.id,
        details: { issue, reference: paid.reference },
      });
      // Stryker disable next-line ObjectLiteral: an outcome of mismatch and none show the same review page, and the webhook answers alike.
      return { outcome: 'mismatch' as const };
    }
    const [payment] = await tx
      .update(payments)
      .set({ state: 'approved', reviewedAt: new Date(), issue: null, reason: null, feesKobo: paid.fees ?? null })
      .where(and(eq(payments.id, current.id), eq(payments.state, current.state)))
      .returning();
    // Stryker disable next-line ConditionalExpression,ObjectLiteral: under the member's row lock the state read above is current; only two confirmations of a closed account's payment (no row to lock) reach this at once.
    if (!payment) return { outcome: 'already-booked' as const };
    return { outcome: 'booked' as const, confirmed: await bookConfirmed(ctx, tx, PAYSTACK, payment, member) };
  });
  if (outcome.outcome === 'booked') afterConfirming(ctx, outcome.confirmed);
  return outcome.outcome;
}

/**
 * A checkout set aside (SET_ASIDE_REASONS) whose charge nobody has paid since: membership with no
 * later membership payment pending or booked, a fine with no other payment pending or booked, an
 * advert still waiting for this very payment and not paid.
 */
async function isOpenSetAside(tx: Transaction, payment: Payment): Promise<boolean> {
  if (payment.state !== 'rejected' || payment.issue || !SET_ASIDE_REASONS.has(payment.reason ?? '') || !payment.userId) return false;
  const open = inArray(payments.state, ['pending', 'approved']);
  if (payment.kind === 'fee') {
    const [later] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, payment.userId), eq(payments.kind, 'fee'), open, gt(payments.createdAt, payment.createdAt)))
      .limit(1);
    return !later;
  }
  if (payment.kind === 'fine') {
    if (!payment.fineId) return false;
    const [other] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.fineId, payment.fineId), open))
      .limit(1);
    return !other;
  }
  const [ad] = await tx
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.paymentId, payment.id), isNull(ads.paidAt), inArray(ads.state, ['pending', 'approved'])));
  return Boolean(ad);
}

function mismatchOf(payment: Payment, paid: PaystackTransaction): string | null {
  // Stryker disable next-line ConditionalExpression,StringLiteral,LogicalOperator: confirmOnlinePayment found the payment by this very reference, and no code changes a reference.
  if (paid.reference !== payment.reference) return `Paystack answered for reference ${paid.reference}, not ${payment.reference ?? 'none'}.`;
  if (paid.currency !== 'NGN') return `Paid in ${paid.currency}, not NGN.`;
  const charged = chargedKobo(paid);
  if (charged !== payment.amountKobo) return `Paid ${formatNaira(charged)}, not the ${formatNaira(payment.amountKobo)} charged.`;
  return null;
}

/** The audit and the kind's booking of a payment just turned approved, in its transaction. */
async function bookConfirmed(
  ctx: AppContext,
  tx: Transaction,
  by: Confirmer,
  payment: Payment,
  member: Member | undefined,
  correction?: { fromMonths: number | null | undefined; reason: string },
): Promise<ConfirmedPayment> {
  await recordAudit(tx, {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a confirmer has both an id and an email (staff) or neither (Paystack), and an actor of no id and no email is stored as none.
    actor: by.id && by.email ? { id: by.id, email: by.email } : null,
    action: 'payment.approved',
    subjectType: 'payment',
    subjectId: payment.id,
    details: {
      kind: payment.kind,
      channel: payment.channel,
      amountKobo: payment.amountKobo,
      months: payment.months,
      userId: payment.userId,
      ...(correction ? { correction } : {}),
    },
  });
  const receiptNumber = member ? await BOOKINGS[payment.kind](ctx, tx, payment, member, by) : null;
  return { kind: payment.kind, months: payment.months, receiptNumber };
}

function afterConfirming(ctx: AppContext, confirmed: ConfirmedPayment): void {
  ctx.mailer.nudge();
  // Stryker disable next-line ConditionalExpression: forgetting the running adverts after any other payment only costs the next homepage one query.
  if (confirmed.kind === 'ad') forgetRunningAds(ctx);
}

/** A membership payment keeps the months and amount the member chose unless finance corrects the months, with a reason. */
async function correctedValues(tx: Transaction, payment: Payment, correction: PaymentCorrection): Promise<Partial<typeof payments.$inferInsert>> {
  const chosen = payment.months ?? 1;
  if (payment.kind !== 'fee' || payment.state !== 'pending' || correction.months === undefined || correction.months === chosen) return {};
  if (!correction.reason) throw badRequest(`Give the member a reason for changing the months they chose (${chosen}).`);
  // Stryker disable next-line StringLiteral: a membership payment is always written with its plan (the slip upload and the online checkout); the fallback only types it.
  const amountKobo = CHARGE_KINDS.fee.amountKobo({ monthlyPriceKobo: await monthlyPriceOf(tx, payment.plan ?? 'standard'), months: correction.months });
  return { months: correction.months, amountKobo, reason: correction.reason };
}

type Booking = (ctx: AppContext, tx: Transaction, payment: Payment, member: Member, staff: Confirmer) => Promise<string>;

/** What a confirmed payment of each kind books (shared/charges.ts says it in words); each answers the receipt number. */
export const BOOKINGS: Record<PaymentKind, Booking> = {
  fee: bookMembership,
  ad: bookAdvert,
  fine: bookFine,
};

/** Membership months: paid-until moves on; a first payment is followed by the OTP that activates. */
async function bookMembership(ctx: AppContext, tx: Transaction, payment: Payment, member: Member, staff: Confirmer): Promise<string> {
  const months = payment.months ?? 1;
  const period = await extendMembership(ctx, tx, payment, member, months);
  const charge = { kind: CHARGE_KINDS.fee.ledgerKind, description: CHARGE_KINDS.fee.describe({ months }), ...period };
  const receiptNumber = await bookApprovedPayment(ctx, tx, payment, member, staff, charge);
  const otp = member.activated ? null : await issueCode(ctx, tx, member.id, 'otp');
  const correction = payment.reason ? ` Our staff changed the months you chose: ${payment.reason}` : '';
  await notify(
    tx,
    member.id,
    'payment-approved',
    (otp ? 'Your payment was approved. Check your email for the OTP to activate your profile.' : 'Your payment was approved.') + correction,
  );
  await enqueueMail(tx, ledgerMail.paymentApproved(ctx.mailer.brand, member.email, member.fullName, otp, months, payment.reason));
  return receiptNumber;
}

/**
 * An approved membership payment of `months` extends paid-until from the later of today and the
 * current one; returns the days it covers.
 */
async function extendMembership(ctx: AppContext, tx: Transaction, payment: Payment, member: Member, months: number) {
  const today = todayInLagos(ctx.clock());
  const paidUntil = extendPaidUntil(member.paidUntil, today, months);
  await tx.update(users).set({ paidUntil }).where(eq(users.id, member.id));
  // What a reversal restores while nothing has moved paid-until since (reverse-payment.ts).
  await tx.update(payments).set({ paidUntilBefore: member.paidUntil }).where(eq(payments.id, payment.id));
  const periodFrom = member.paidUntil && member.paidUntil >= today ? shiftDate(member.paidUntil, 1) : today;
  return { periodFrom, periodTo: paidUntil };
}

/** Advert weeks: the advert is paid, and runs between its dates once its content is approved too. */
async function bookAdvert(ctx: AppContext, tx: Transaction, payment: Payment, member: Member, staff: Confirmer): Promise<string> {
  const [ad] = await tx.update(ads).set({ paidAt: new Date() }).where(eq(ads.paymentId, payment.id)).returning();
  // Stryker disable next-line OptionalChaining: an advert payment's advert is never deleted (a deleted advert is a state; with a closed account there is no member to book for).
  const weeks = ad?.weeks ?? 0;
  const scheduled =
    // Stryker disable next-line OptionalChaining,ObjectLiteral: the advert is always there (above); periods left out are stored and read as null.
    ad?.state === 'approved' && ad.startDate && ad.endDate ? { periodFrom: ad.startDate, periodTo: ad.endDate } : { periodFrom: null, periodTo: null };
  const charge = { kind: CHARGE_KINDS.ad.ledgerKind, description: CHARGE_KINDS.ad.describe({ weeks }), ...scheduled };
  const receiptNumber = await bookApprovedPayment(ctx, tx, payment, member, staff, charge);
  const when =
    // Stryker disable next-line LogicalOperator: both dates are set, or neither (scheduled above).
    scheduled.periodFrom && scheduled.periodTo
      ? `It runs from ${displayDate(scheduled.periodFrom)} to ${displayDate(scheduled.periodTo)}.`
      : 'It runs once our staff approve its content.';
  await notify(tx, member.id, 'payment-approved', `Your advert payment was approved. Receipt ${receiptNumber}. ${when}`);
  return receiptNumber;
}

/** A fine: already charged, now settled by the payment. */
async function bookFine(ctx: AppContext, tx: Transaction, payment: Payment, member: Member, staff: Confirmer): Promise<string> {
  const charge = await fineCharge(tx, payment.fineId);
  const receiptNumber = await bookPayment(ctx, tx, payment, member, staff, charge);
  await notify(tx, member.id, 'payment-approved', `Your payment of this fine was approved: ${charge.description}. Receipt ${receiptNumber}.`);
  await enqueueMail(tx, ledgerMail.finePaid(ctx.mailer.brand, member.email, member.fullName, charge.description, receiptNumber));
  return receiptNumber;
}
