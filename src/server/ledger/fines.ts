import { and, eq, inArray } from 'drizzle-orm';
import { CHARGE_KINDS } from '../../shared/charges.js';
import type { FineType } from '../../shared/fines.js';
import { formatNaira } from '../../shared/money.js';
import { lockMemberForStaff } from '../members/member-target.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { ledgerEntries, payments } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { ledgerMail } from './mail.js';
import { notify } from '../notifications/notifications.js';

/** Staff fine a member one of the terms' fines: a charge on their ledger, audited; the member is told. */
export async function recordFine(ctx: AppContext, staff: AuthUser, memberId: string, type: FineType, reason: string) {
  const fine = await ctx.db.transaction(async (tx) => {
    const member = await lockMemberForStaff(tx, memberId);
    const amountKobo = CHARGE_KINDS.fine.amountKobo({ type });
    const description = CHARGE_KINDS.fine.describe({ type, reason });
    const [entry] = await tx.insert(ledgerEntries).values({ userId: member.id, kind: 'fine', amountKobo, description, createdBy: staff.id }).returning();
    // Stryker disable next-line ConditionalExpression,StringLiteral: an INSERT ... RETURNING that does not throw returns its row; the guard only narrows the type.
    if (!entry) throw new Error('fine was not written');
    await recordAudit(tx, {
      actor: staff,
      action: 'member.fined',
      subjectType: 'user',
      subjectId: member.id,
      details: { type, reason, amountKobo, fineId: entry.id },
    });
    await notify(tx, member.id, 'fine-recorded', `You have been fined ${formatNaira(amountKobo)}. ${description}. Pay it on your payments page.`);
    await enqueueMail(tx, ledgerMail.fineRecorded(ctx.mailer.brand, member.email, member.fullName, formatNaira(amountKobo), description));
    return entry;
  });
  ctx.mailer.nudge();
  return fine;
}

/**
 * A member's own fine that a slip may still be sent for: not paid, and not someone else's
 * (404 alike). Returns the fine and the slip under review for it, if any.
 */
export async function payableFine(db: Executor, userId: string, fineId: string) {
  const [fine] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, fineId), eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'fine')));
  if (!fine) throw notFound('Fine not found');
  const [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.fineId, fine.id), inArray(payments.state, ['pending', 'approved'])));
  if (open?.state === 'approved') throw conflict('This fine is already paid.');
  return { fine, pending: open };
}

/** What a member owes: their fines not paid yet, and how many of them have a slip under review. */
export interface UnpaidFines {
  count: number;
  amountKobo: number;
  underReview: number;
}

/**
 * The fines a member has not paid: a slip under review, or an online checkout not paid, is not
 * money received yet (only an approved payment settles a fine; a reversed one leaves it unpaid).
 */
export async function unpaidFines(db: Executor, userId: string): Promise<UnpaidFines> {
  const rows = await db
    .select({ amountKobo: ledgerEntries.amountKobo, paymentState: payments.state, channel: payments.channel })
    .from(ledgerEntries)
    .leftJoin(payments, and(eq(payments.fineId, ledgerEntries.id), inArray(payments.state, ['pending', 'approved'])))
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'fine')));
  const unpaid = rows.filter((row) => row.paymentState !== 'approved');
  return {
    count: unpaid.length,
    amountKobo: unpaid.reduce((total, row) => total + row.amountKobo, 0),
    underReview: unpaid.filter((row) => row.paymentState === 'pending' && row.channel === 'slip').length,
  };
}

/** The fine a fine payment settles, as the receipt names it. */
export async function fineCharge(db: Executor, fineId: string | null) {
  // Stryker disable next-line ArrayDeclaration: no fine id (the fine was deleted: ON DELETE SET NULL) means no row; anything else in the empty list has no description either, so the receipt names the label all the same.
  const [fine] = fineId ? await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, fineId)) : [];
  return { kind: CHARGE_KINDS.fine.ledgerKind, description: fine?.description ?? CHARGE_KINDS.fine.label, periodFrom: null, periodTo: null };
}
