import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentState, PaymentSummary } from '../../shared/schemas/membership.js';
import { recordAudit } from '../audit/audit.js';
import { recordFileAccess } from '../privacy/access-log.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { decidePending } from '../approvals/decide-pending.js';
import { files, ledgerEntries, payments, users } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { lockMemberOfPayment } from '../ledger/confirm-payment.js';
import { enqueueMail } from '../mail/outbox.js';
import { membershipMail } from './mail.js';
import { notify } from '../notifications/notifications.js';

const reviewers = alias(users, 'reviewers');

/** The staff queue, oldest first for pending (first come, first served), newest first otherwise. */
export async function listPayments(ctx: AppContext, status: PaymentState, kind?: PaymentSummary['kind']): Promise<PaymentSummary[]> {
  const rows = await ctx.db
    .select({
      payment: payments,
      member: { email: users.email, fullName: users.fullName, phone: users.phone },
      slip: { mimeType: files.mimeType },
      reviewerEmail: reviewers.email,
      fineDescription: ledgerEntries.description,
    })
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
    // A reversal's or a refund's reason once there is one, else the decision's.
    reason: payment.state === 'reversed' || payment.refundedAt ? payment.reversalReason : payment.reason,
    channel: payment.channel,
    issue: payment.issue,
    refundedAt: payment.refundedAt?.toISOString() ?? null,
    refundStatus: payment.refundStatus,
  }));
}

export async function rejectPayment(ctx: AppContext, staff: AuthUser, id: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { payment: current, member } = await lockMemberOfPayment(tx, id);
    // The member may have paid already: only Paystack's answer settles an online payment.
    if (current?.channel === 'paystack') throw conflict('An online payment is settled by Paystack, not rejected by hand.');
    const payment = await decidePending(tx, payments, id, staff, { state: 'rejected', reason });
    await recordAudit(tx, {
      actor: staff,
      action: 'payment.rejected',
      subjectType: 'payment',
      subjectId: id,
      details: { reason, kind: payment.kind, userId: payment.userId },
    });
    if (!member) return;
    await notify(tx, member.id, 'payment-rejected', `Your payment slip was not approved: ${reason}`);
    await enqueueMail(tx, membershipMail.paymentRejected(ctx.mailer.brand, member.email, member.fullName, reason));
  });
  ctx.mailer.nudge();
}

/** The slip of a payment for a staff member to look at; the look is in the member's access log and the audit trail. */
export async function paymentSlip(ctx: AppContext, staff: AuthUser, id: string, reason?: string) {
  const [row] = await ctx.db.select({ file: files }).from(payments).innerJoin(files, eq(files.id, payments.slipFileId)).where(eq(payments.id, id));
  if (!row) throw notFound('Slip not found');
  await recordFileAccess(ctx.db, staff, row.file, reason);
  return row.file;
}

/** Slips waiting for a staff decision (a metric: a growing queue means nobody is reviewing). */
export async function countPendingPayments(ctx: AppContext): Promise<number> {
  return ctx.db.$count(payments, eq(payments.state, 'pending'));
}
