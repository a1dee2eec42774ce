import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { extendPaidUntil } from '../../shared/membership.js';
import type { PaymentState, PaymentSummary } from '../../shared/schemas/membership.js';
import { recordAudit } from '../audit/audit.js';
import { recordFileAccess } from '../privacy/access-log.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Transaction } from '../db/client.js';
import { decidePending } from '../db/decide-pending.js';
import { files, ledgerEntries, payments, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { fineCharge } from '../ledger/fines.js';
import { bookApprovedPayment, bookPayment } from '../ledger/ledger-service.js';
import { enqueueMail } from '../mail/outbox.js';
import { mailTemplates } from '../mail/templates.js';
import { notify } from '../notifications/notifications.js';
import { monthlyPriceOf } from '../plans/plans-service.js';
import { issueCode } from '../auth/codes.js';

const reviewers = alias(users, 'reviewers');

/** The staff queue, oldest first for pending (first come, first served), newest first otherwise. */
export async function listPayments(ctx: AppContext, status: PaymentState, kind?: PaymentSummary['kind']): Promise<PaymentSummary[]> {
  const rows = await ctx.db
    .select({ payment: payments, member: { email: users.email, fullName: users.fullName, phone: users.phone }, slip: { mimeType: files.mimeType }, reviewerEmail: reviewers.email, fineDescription: ledgerEntries.description })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(files, eq(files.id, payments.slipFileId))
    .leftJoin(reviewers, eq(reviewers.id, payments.reviewerId))
    .leftJoin(ledgerEntries, eq(ledgerEntries.id, payments.fineId))
    .where(and(eq(payments.state, status), kind ? eq(payments.kind, kind) : undefined))
    .orderBy(status === 'pending' ? payments.createdAt : desc(payments.createdAt))
    .limit(500);
  return rows.map(({ payment, member, slip, reviewerEmail, fineDescription }) => ({
    id: payment.id,
    userId: payment.userId,
    email: member?.email ?? null,
    fullName: member?.fullName ?? null,
    phone: member?.phone ?? null,
    kind: payment.kind,
    description: fineDescription,
    plan: payment.plan,
    amountKobo: payment.amountKobo,
    months: payment.months,
    status: payment.state,
    uploadedAt: payment.createdAt.toISOString(),
    slipUrl: payment.slipFileId ? `/api/admin/payments/${payment.id}/slip` : null,
    slipType: slip?.mimeType ?? null,
    reviewedAt: payment.reviewedAt?.toISOString() ?? null,
    reviewerEmail: reviewerEmail ?? null,
    reason: payment.reason,
  }));
}

/**
 * The payment's kind and its member, the member's row locked before the payment is decided: a
 * slip upload takes the member's row first too, so approvals, rejections and uploads wait for
 * each other in one order and never deadlock, and two approvals for one member extend one after
 * the other. The kind and plan are read once the lock is held: a slip re-uploaded meanwhile may
 * have changed them.
 */
async function lockMemberOfPayment(tx: Transaction, id: string) {
  const [owner] = await tx.select({ userId: payments.userId }).from(payments).where(eq(payments.id, id));
  const [member] = owner?.userId ? await tx.select().from(users).where(eq(users.id, owner.userId)).for('update') : [];
  const [target] = await tx.select({ kind: payments.kind, plan: payments.plan }).from(payments).where(eq(payments.id, id));
  return { kind: target?.kind, plan: target?.plan, member };
}

/** Approves a slip and books it; answers the kind approved, for the staff's message. */
export async function approvePayment(ctx: AppContext, staff: AuthUser, id: string, months: number): Promise<'fee' | 'ad' | 'fine'> {
  const kind = await ctx.db.transaction(async (tx) => {
    const { kind, plan, member } = await lockMemberOfPayment(tx, id);
    // Fee payments are charged per month covered at the plan's price; a fine keeps its amount and covers no months.
    const change = kind === 'fine' ? {} : { months, ...(kind === 'fee' ? { amountKobo: (await monthlyPriceOf(tx, plan ?? 'standard')) * months } : {}) };
    const payment = await decidePending(tx, payments, id, staff, { state: 'approved', ...change });
    await recordAudit(tx, { actor: staff, action: 'payment.approved', subjectType: 'payment', subjectId: id, details: { ...change, amountKobo: payment.amountKobo, kind: payment.kind, userId: payment.userId } });
    if (!member) return payment.kind;
    if (payment.kind === 'fine') {
      const charge = await fineCharge(tx, payment.fineId);
      const receiptNumber = await bookPayment(ctx, tx, payment, member, staff, charge);
      await notify(tx, member.id, 'payment-approved', `Your payment of this fine was approved: ${charge.description}. Receipt ${receiptNumber}.`);
      await enqueueMail(tx, mailTemplates.finePaid(ctx.mailer.brand, member.email, member.fullName, charge.description, receiptNumber));
      return payment.kind;
    }
    if (payment.kind === 'fee') {
      const period = await extendMembership(ctx, tx, member, months);
      const charge = { kind: 'membership' as const, description: `Membership, ${months} month${months === 1 ? '' : 's'}`, ...period };
      await bookApprovedPayment(ctx, tx, payment, member, staff, charge);
    }
    // A renewal needs no new code: only a first payment is followed by the OTP that activates.
    const otp = payment.kind === 'fee' && !member.activated ? await issueCode(ctx, tx, member.id, 'otp') : null;
    await notify(tx, member.id, 'payment-approved', otp ? 'Your payment was approved. Check your email for the OTP to activate your profile.' : 'Your payment was approved.');
    await enqueueMail(tx, mailTemplates.paymentApproved(ctx.mailer.brand, member.email, member.fullName, otp, months));
    return payment.kind;
  });
  ctx.mailer.nudge();
  return kind;
}

/**
 * An approved membership payment of `months` extends paid-until from the later of today and the
 * current one; returns the days it covers.
 */
async function extendMembership(ctx: AppContext, tx: Transaction, member: typeof users.$inferSelect, months: number) {
  const today = todayInLagos(ctx.clock());
  const paidUntil = extendPaidUntil(member.paidUntil, today, months);
  await tx.update(users).set({ paidUntil }).where(eq(users.id, member.id));
  const periodFrom = member.paidUntil && member.paidUntil >= today ? shiftDate(member.paidUntil, 1) : today;
  return { periodFrom, periodTo: paidUntil };
}

export async function rejectPayment(ctx: AppContext, staff: AuthUser, id: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { member } = await lockMemberOfPayment(tx, id);
    const payment = await decidePending(tx, payments, id, staff, { state: 'rejected', reason });
    await recordAudit(tx, { actor: staff, action: 'payment.rejected', subjectType: 'payment', subjectId: id, details: { reason, kind: payment.kind, userId: payment.userId } });
    if (!member) return;
    await notify(tx, member.id, 'payment-rejected', `Your payment slip was not approved: ${reason}`);
    await enqueueMail(tx, mailTemplates.paymentRejected(ctx.mailer.brand, member.email, member.fullName, reason));
  });
  ctx.mailer.nudge();
}

/** The slip of a payment for a staff member to look at; the look is in the member's access log and the audit trail. */
export async function paymentSlip(ctx: AppContext, staff: AuthUser, id: string, reason?: string) {
  const [row] = await ctx.db
    .select({ file: files })
    .from(payments)
    .innerJoin(files, eq(files.id, payments.slipFileId))
    .where(eq(payments.id, id));
  if (!row) throw notFound('Slip not found');
  await recordFileAccess(ctx.db, staff, row.file, reason);
  return row.file;
}


/** Slips waiting for a staff decision (a metric: a growing queue means nobody is reviewing). */
export async function countPendingPayments(ctx: AppContext): Promise<number> {
  return ctx.db.$count(payments, eq(payments.state, 'pending'));
}
