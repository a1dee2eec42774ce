import { and, desc, eq, sql } from 'drizzle-orm';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { CHARGE_KINDS } from '../../shared/charges.js';
import { formatMemberNumber, GRACE_DAYS, hasMemberAccess, membershipState } from '../../shared/membership.js';
import type { MembershipStatus } from '../../shared/schemas/membership.js';
import { FAILURE, SUCCESS } from '../../shared/messages.js';
import { type AuthUser, publicUserColumns } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { files, payments, users } from '../db/schema.js';
import { deleteFiles, withFileTransaction } from '../files/files-service.js';
import type { ReceivedFile } from '../files/multipart.js';
import { badRequest, conflict, forbidden, HttpError } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { membershipMail } from './mail.js';
import { notify } from '../notifications/notifications.js';
import { payableFine } from '../ledger/fines.js';
import { numberReceiptsOf } from '../ledger/ledger-service.js';
import { monthlyPriceOf } from '../plans/plans-service.js';
import { assertCanResend, consumeCode, hasRecentCode, hasVerifiedEmail, issueCode } from '../auth/codes.js';

/** The wizard sends a userId; it must be the signed-in member's own. */
export function assertOwnUserId(user: AuthUser, userId: string | undefined): void {
  if (userId && userId !== user.id) throw forbidden('You can only act on your own membership.');
}

/** Step 1: the code goes to the account's own address, whatever is typed; the answer never says whose an email is. */
export async function sendEmailCode(ctx: AppContext, user: AuthUser, email: string): Promise<void> {
  if (email !== user.email) throw badRequest('Enter the email address you signed up with.');
  await ctx.db.transaction(async (tx) => {
    await assertCanResend(tx, user.id, 'email');
    const code = await issueCode(ctx, tx, user.id, 'email');
    await enqueueMail(tx, membershipMail.emailCode(ctx.mailer.brand, user.email, user.fullName, code));
  });
  ctx.mailer.nudge();
}

export async function verifyEmailCode(ctx: AppContext, user: AuthUser, code: string): Promise<void> {
  const refusal = await consumeCode(ctx, ctx.db, user.id, 'email', code, FAILURE.invalidCode);
  if (refusal) throw refusal;
}

export async function latestFeePayment(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'fee')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/**
 * The member's latest membership slip, whatever its state: an online checkout left unfinished is
 * pending too, but it is Paystack's to settle and a slip never takes it over.
 */
async function latestFeeSlip(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'fee'), eq(payments.channel, 'slip')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/** What a slip pays for: the payment row's values, and the slip under review it replaces, if any. */
interface SlipTarget {
  values: Pick<typeof payments.$inferInsert, 'kind' | 'plan' | 'months' | 'amountKobo' | 'fineId'>;
  pending: typeof payments.$inferSelect | undefined;
  /** After a first membership payment an activation code follows; anything else is simply approved. */
  next: 'otp' | 'approval';
}

/** Membership months; locks the member's row first (their uploads then run one after another). */
async function membershipSlipTarget(tx: Executor, user: AuthUser, plan: string | undefined, months: number): Promise<SlipTarget> {
  const chosenPlan = plan ?? user.plan ?? 'standard';
  await tx.update(users).set({ plan: chosenPlan }).where(eq(users.id, user.id));
  const previous = await latestFeeSlip(tx, user.id);
  return {
    values: {
      kind: 'fee',
      plan: chosenPlan,
      months,
      amountKobo: CHARGE_KINDS.fee.amountKobo({ monthlyPriceKobo: await monthlyPriceOf(tx, chosenPlan), months }),
    },
    pending: previous?.state === 'pending' ? previous : undefined,
    next: user.activated ? 'approval' : 'otp',
  };
}

/** One of the member's unpaid fines, for its amount; locks the member's row first, as above. */
async function fineSlipTarget(tx: Executor, user: AuthUser, fineId: string): Promise<SlipTarget> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  const { fine, pending } = await payableFine(tx, user.id, fineId);
  // An unfinished online checkout for the fine is set aside, never turned into this slip's review:
  // money Paystack still takes for it is then listed for finance, not booked a second time.
  if (pending?.channel === 'paystack') {
    await tx
      .update(payments)
      .set({ state: 'rejected', reason: 'Replaced by a payment slip.', reviewedAt: new Date() })
      .where(and(eq(payments.id, pending.id), eq(payments.state, 'pending')));
  }
  const slipUnderReview = pending?.channel === 'slip' ? pending : undefined;
  return { values: { kind: 'fine', plan: null, months: null, amountKobo: fine.amountKobo, fineId: fine.id }, pending: slipUnderReview, next: 'approval' };
}

/**
 * Step 3 (and a renewal, and a fine's payment): records the slip as a pending payment for staff
 * review. Uploading again while the review is pending replaces the slip (members do pick the
 * wrong photo).
 */
export async function uploadSlip(
  ctx: AppContext,
  user: AuthUser,
  slip: ReceivedFile | undefined,
  input: { plan?: string; months?: number; fineId?: string },
): Promise<string> {
  if (!slip) throw badRequest('Payment slip is required');
  if (!input.fineId && !(await hasVerifiedEmail(ctx.db, user.id))) throw forbidden('Verify your email address first (step 1).');

  const newSlip = { ownerId: user.id, purpose: 'payment-slip', data: slip.data, mimeType: slip.mimeType };
  const { paymentId, replacedSlip } = await withFileTransaction(ctx, [newSlip], async (tx, [stored]) => {
    const target = input.fineId ? await fineSlipTarget(tx, user, input.fineId) : await membershipSlipTarget(tx, user, input.plan, input.months ?? 1);
    // Staff may approve or reject meanwhile: a reviewed slip is never replaced, the new one starts a new review.
    const [replaced] = target.pending
      ? await tx
          .update(payments)
          .set({ ...target.values, slipFileId: stored!.id, createdAt: new Date() })
          .where(and(eq(payments.id, target.pending.id), eq(payments.state, 'pending')))
          .returning({ id: payments.id })
      : [];
    if (replaced && target.pending) return { paymentId: replaced.id, replacedSlip: target.pending.slipFileId };
    const [payment] = await tx
      .insert(payments)
      .values({ ...target.values, userId: user.id, slipFileId: stored!.id })
      .returning({ id: payments.id });
    if (!payment) throw new Error('payment row was not written');
    await notify(tx, user.id, 'slip-received', 'We received your payment slip. Our staff will review it shortly.');
    await enqueueMail(tx, membershipMail.slipReceived(ctx.mailer.brand, user.email, user.fullName, target.next));
    return { paymentId: payment.id, replacedSlip: null };
  });
  if (replacedSlip) {
    const [old] = await ctx.db.select().from(files).where(eq(files.id, replacedSlip));
    if (old) await deleteFiles(ctx, [old]);
  }
  ctx.mailer.nudge();
  return paymentId;
}

/** Step 4: what happens depends on the staff's review of the latest slip. */
export async function sendOtp(ctx: AppContext, user: AuthUser): Promise<string> {
  if (user.activated) return 'Your profile is already active.';
  const payment = await latestFeePayment(ctx.db, user.id);
  if (!payment) throw badRequest('Upload your payment slip first (step 3).');
  if (payment.state === 'pending') {
    throw new HttpError(409, 'Your payment slip is awaiting review by our staff. We will email your OTP as soon as it is approved.');
  }
  if (payment.state === 'rejected') {
    throw new HttpError(409, `Your payment slip was not approved: ${payment.reason ?? 'no reason given'}. Please upload a new slip (step 3).`);
  }
  // The approval email carried an OTP a moment ago: pressing Send OTP right after is not a reason for another.
  if (await hasRecentCode(ctx.db, user.id, 'otp')) return SUCCESS.otpSent;
  await mailFreshOtp(ctx, user);
  return SUCCESS.otpSent;
}

/** A new activation code (OTP) by email; it replaces any unused one. The member's Send OTP and staff's resend both use it. */
export async function mailFreshOtp(
  ctx: AppContext,
  member: Pick<AuthUser, 'id' | 'email' | 'fullName'>,
  alsoInTransaction?: (tx: Executor) => Promise<void>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const otp = await issueCode(ctx, tx, member.id, 'otp');
    await enqueueMail(tx, membershipMail.otpResent(ctx.mailer.brand, member.email, member.fullName, otp));
    await alsoInTransaction?.(tx);
  });
  ctx.mailer.nudge();
}

/** Step 5: the OTP from the approval email turns the member's status on. */
export async function activateProfile(ctx: AppContext, user: AuthUser, otp: string): Promise<AuthUser> {
  if (user.activated) throw conflict('Your profile is already active.');
  const payment = await latestFeePayment(ctx.db, user.id);
  if (payment?.state !== 'approved') throw forbidden('Your payment has not been approved yet.');
  const outcome = await ctx.db.transaction(async (tx) => {
    const refusal = await consumeCode(ctx, tx, user.id, 'otp', otp, FAILURE.invalidOtp);
    if (refusal) return { refusal };
    const [row] = await tx
      .update(users)
      .set({ activated: true, activatedAt: new Date(), memberNumber: sql`coalesce(${users.memberNumber}, nextval('member_number_seq'))` })
      .where(eq(users.id, user.id))
      .returning(publicUserColumns);
    const [numbered] = await tx.select({ memberNumber: users.memberNumber }).from(users).where(eq(users.id, user.id));
    if (numbered?.memberNumber) await numberReceiptsOf(tx, user.id, numbered.memberNumber);
    await notify(tx, user.id, 'profile-activated', 'Your profile is active. The member forms are open to you.');
    await enqueueMail(tx, membershipMail.activated(ctx.mailer.brand, user.email, user.fullName));
    return { activated: row };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  const activated = outcome.activated;
  if (!activated) throw new Error('activation wrote nothing');
  ctx.mailer.nudge();
  return activated;
}

export async function membershipStatus(ctx: AppContext, user: AuthUser): Promise<MembershipStatus> {
  const payment = await latestFeePayment(ctx.db, user.id);
  const today = todayInLagos(ctx.clock());
  const facts = { activated: user.activated, paidUntil: user.paidUntil, suspended: Boolean(user.suspendedAt) };
  return {
    state: membershipState({ ...facts, latestPayment: payment?.state ?? null }, today),
    paidUntil: user.paidUntil,
    graceUntil: user.paidUntil ? shiftDate(user.paidUntil, GRACE_DAYS) : null,
    memberNumber: user.memberNumber === null ? null : formatMemberNumber(user.memberNumber),
    plan: user.plan,
    suspendedReason: user.suspendedAt ? user.suspensionReason : null,
    emailVerified: await hasVerifiedEmail(ctx.db, user.id),
    status: hasMemberAccess(facts, today),
    payment: payment
      ? {
          id: payment.id,
          status: payment.state,
          reason: payment.reason,
          plan: payment.plan,
          months: payment.months ?? 1,
          uploadedAt: payment.createdAt.toISOString(),
          channel: payment.channel,
        }
      : null,
  };
}
