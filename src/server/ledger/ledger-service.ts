import { and, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChargeLedgerKind, PaymentState } from '../../shared/charges.js';
import { todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber } from '../../shared/membership.js';
import {
  type FineStatus,
  type Ledger,
  type MemberAccount,
  type MemberPayment,
  PAID_ONLINE,
  type ReceiptCompany,
  type ReceiptDetails,
  receiptConfirmation,
} from '../../shared/schemas/ledger.js';
import type { SiteSettings } from '../../shared/site.js';
import type { AppContext } from '../context.js';
import type { Executor, Transaction } from '../db/client.js';
import { ledgerEntries, payments, receiptCounters, receipts, type users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { readSiteSettings } from '../site/site-settings.js';

type Payment = typeof payments.$inferSelect;
type Member = Pick<typeof users.$inferSelect, 'id' | 'fullName' | 'memberNumber'>;

/** What an approved payment paid for: the charge entry it settles. */
export interface Charge {
  kind: ChargeLedgerKind;
  description: string;
  periodFrom: string | null;
  periodTo: string | null;
}

/**
 * Books an approved payment in the approval's transaction: the charge it pays for, the payment
 * itself, and its receipt with the next number of the year. Returns the receipt number.
 */
/** Who confirmed a payment: a staff member, or the payment service itself (id null, role 'paystack'). */
export interface Confirmer {
  id: string | null;
  role: string;
  email?: string;
  fullName?: string;
}

/** How the receipt says the money was confirmed: by Paystack's word, or by the staff member who approved the slip. */
function confirmationOf(payment: Payment, by: Confirmer): string {
  if (by.id === null) return PAID_ONLINE;
  const who = `${by.fullName?.trim() || by.email || 'staff'} (${by.role})`;
  return payment.channel === 'paystack' ? `Paid online, confirmed by ${who}` : `Slip approved by ${who}`;
}

export async function bookApprovedPayment(
  ctx: AppContext,
  tx: Transaction,
  payment: Payment,
  member: Member,
  staff: Confirmer,
  charge: Charge,
): Promise<string> {
  await tx.insert(ledgerEntries).values({
    userId: member.id,
    kind: charge.kind,
    amountKobo: payment.amountKobo,
    description: charge.description,
    periodFrom: charge.periodFrom,
    periodTo: charge.periodTo,
    paymentId: payment.id,
    createdBy: staff.id,
  });
  return bookPayment(ctx, tx, payment, member, staff, charge);
}

/**
 * Books an approved payment of a charge already on the ledger (a fine): the payment and its
 * receipt. Returns the receipt number.
 */
export async function bookPayment(ctx: AppContext, tx: Transaction, payment: Payment, member: Member, staff: Confirmer, charge: Charge): Promise<string> {
  await tx.insert(ledgerEntries).values({
    userId: member.id,
    kind: 'payment',
    amountKobo: -payment.amountKobo,
    description: `Payment received: ${charge.description}`,
    paymentId: payment.id,
    createdBy: staff.id,
  });
  const today = todayInLagos(ctx.clock());
  // Read before the number is taken: from the number to the commit, every other confirmation waits on the year's counter row.
  const company = receiptCompany(await readSiteSettings(ctx, tx));
  const number = await nextReceiptNumber(tx, Number(today.slice(0, 4)));
  const details: ReceiptDetails = {
    memberName: member.fullName,
    memberNumber: member.memberNumber === null ? null : formatMemberNumber(member.memberNumber),
    paidFor: charge.description,
    periodFrom: charge.periodFrom,
    periodTo: charge.periodTo,
    amountKobo: payment.amountKobo,
    date: today,
    approvedBy: staff.role,
    confirmation: confirmationOf(payment, staff),
    company,
  };
  await tx.insert(receipts).values({ number, paymentId: payment.id, details, issuedAt: ctx.clock() });
  return number;
}

/** The receipts of one member's payments. */
const receiptsOfMember = (db: Executor, userId: string) =>
  inArray(receipts.paymentId, db.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId)));

/**
 * A first payment is approved before the member has a number (it is given when the emailed code
 * activates the profile): its receipt is given the number then, so every receipt carries it.
 */
export async function numberReceiptsOf(db: Executor, userId: string, memberNumber: number): Promise<void> {
  await db
    .update(receipts)
    .set({ details: sql`${receipts.details} || jsonb_build_object('memberNumber', ${formatMemberNumber(memberNumber)}::text)` })
    .where(and(receiptsOfMember(db, userId), sql`${receipts.details}->>'memberNumber' is null`));
}

/** What the receipts of a terminated account name as the member: the books keep the amounts, not the person (docs/privacy.md). */
export const FORMER_MEMBER = 'Former member';

export async function forgetMemberInReceipts(db: Executor, userId: string): Promise<void> {
  await db
    .update(receipts)
    .set({ details: sql`${receipts.details} || jsonb_build_object('memberName', ${FORMER_MEMBER}::text, 'memberNumber', null)` })
    .where(receiptsOfMember(db, userId));
}

/** The company details a receipt keeps from the settings: a receipt says what it said the day it was issued. */
export function receiptCompany(settings: SiteSettings): ReceiptCompany {
  return { name: settings.companyName, email: settings.email, phone: settings.phone };
}

/** The row lock of the year's counter makes concurrent approvals take numbers one after another, none twice. */
async function nextReceiptNumber(tx: Transaction, year: number): Promise<string> {
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: receiptCounters.year, set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  return `HM-R-${year}-${String(counter!.last).padStart(6, '0')}`;
}

/** A fine's open payment (under review or approved): at most one, by the unique index on payments; a reversed one leaves it unpaid. */
const finePayments = alias(payments, 'fine_payments');

export async function memberLedger(ctx: AppContext, userId: string): Promise<Ledger> {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ entry: ledgerEntries, finePaymentState: finePayments.state, finePaymentChannel: finePayments.channel })
      .from(ledgerEntries)
      .leftJoin(finePayments, and(eq(finePayments.fineId, ledgerEntries.id), inArray(finePayments.state, ['pending', 'approved'])))
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.amountKobo)),
    ctx.db
      .select({ balance: sum(ledgerEntries.amountKobo) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId)),
  ]);
  return {
    // A sum without GROUP BY answers one row, with null when the member has no entry.
    balanceKobo: Number(total!.balance ?? 0),
    entries: rows.map(({ entry, finePaymentState, finePaymentChannel }) => ({
      id: entry.id,
      kind: entry.kind,
      amountKobo: entry.amountKobo,
      description: entry.description,
      periodFrom: entry.periodFrom,
      periodTo: entry.periodTo,
      createdAt: entry.createdAt.toISOString(),
      // An online checkout not yet paid leaves the fine unpaid: the member may pay it again, online or by slip.
      fineStatus: entry.kind === 'fine' ? fineStatus(finePaymentState === 'pending' && finePaymentChannel === 'paystack' ? null : finePaymentState) : null,
    })),
  };
}

function fineStatus(paymentState: PaymentState | null): FineStatus {
  if (paymentState === 'approved') return 'paid';
  return paymentState === 'pending' ? 'under-review' : 'unpaid';
}

export async function memberPayments(ctx: AppContext, userId: string): Promise<MemberPayment[]> {
  const rows = await ctx.db
    .select({ payment: payments, receiptNumber: receipts.number, receiptDetails: receipts.details })
    .from(payments)
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(and(eq(payments.userId, userId), inArray(payments.state, ['approved', 'reversed'])))
    .orderBy(desc(payments.reviewedAt));
  return rows.map(({ payment, receiptNumber, receiptDetails }) => ({
    id: payment.id,
    kind: payment.kind,
    amountKobo: payment.amountKobo,
    approvedAt: (payment.reviewedAt ?? payment.createdAt).toISOString(),
    // Of the payments listed (approved or reversed), only a reversed one has reversedAt: a refund of money never booked sets it on a rejected one.
    reversal: payment.reversedAt
      ? // Stryker disable next-line StringLiteral: a reversal always has its reason (the route requires one); the fallback narrows its type.
        { reason: payment.reversalReason ?? '', at: payment.reversedAt.toISOString() }
      : null,
    receiptNumber,
    receiptUrl: receiptNumber ? `/api/users/payments/${payment.id}/receipt` : null,
    confirmation: receiptDetails ? receiptConfirmation(receiptDetails) : null,
  }));
}

/** The receipt of a payment; `userId` limits it to the member's own (404 for anyone else's). */
export async function receiptOf(ctx: AppContext, paymentId: string, userId?: string) {
  const [row] = await ctx.db
    .select({ receipt: receipts })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .where(and(eq(receipts.paymentId, paymentId), userId ? eq(payments.userId, userId) : undefined));
  if (!row) throw notFound('Receipt not found');
  return row.receipt;
}

/** A member's ledger and receipts for the console. */
export async function memberAccount(ctx: AppContext, userId: string): Promise<MemberAccount> {
  const [ledger, paid] = await Promise.all([memberLedger(ctx, userId), memberPayments(ctx, userId)]);
  return {
    ...ledger,
    payments: paid.map((payment) => ({ ...payment, receiptUrl: payment.receiptNumber ? `/api/admin/payments/${payment.id}/receipt` : null })),
  };
}
