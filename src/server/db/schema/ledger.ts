// Money: payments, the ledger and receipts (src/server/ledger/, src/server/membership/). A payment and a
// ledger entry name each other, so they share this file.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS, PAYMENT_KINDS, PAYMENT_STATES, REFUND_STATUSES } from '../../../shared/charges.js';
import type { ReceiptDetails } from '../../../shared/schemas/ledger.js';
import { createdAt } from './columns.js';
import { files, users } from './users.js';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    plan: text('plan'),
    amountKobo: integer('amount_kobo').notNull(),
    months: integer('months'),
    state: text('state', { enum: PAYMENT_STATES }).notNull().default('pending'),
    slipFileId: uuid('slip_file_id').references(() => files.id, { onDelete: 'set null' }),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reason: text('reason'),
    /** The fine (its ledger charge) a `fine` payment settles. */
    fineId: uuid('fine_id').references((): AnyPgColumn => ledgerEntries.id, { onDelete: 'set null' }),
    /** Finance reversed an approved payment (booked in error): why, who and when; its contra entry is on the ledger. */
    reversalReason: text('reversal_reason'),
    reversedBy: uuid('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /** How the money came: a slip finance checks, or Paystack's checkout (confirmed by its verify call or webhook). */
    channel: text('channel', { enum: ['slip', 'paystack'] })
      .notNull()
      .default('slip'),
    /** The reference Paystack knows an online payment by. */
    reference: text('reference'),
    /** Why an online payment was not booked (amount or currency not as charged): finance's list to look at. */
    issue: text('issue'),
    /** A membership payment's paid-until before it was booked: what a reversal restores while nothing moved it since. */
    paidUntilBefore: date('paid_until_before', { mode: 'string' }),
    /** Finance refunded the money through Paystack (the payment is reversed with the refund's reason). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Where Paystack's refund stands (its refund.* events): queued, reached the member, or failed (then its reason is the issue). */
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    /** Paystack's fees for an online payment, in kobo (paid by the member when passed on to them). */
    feesKobo: integer('fees_kobo'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_state_idx').on(t.state, t.createdAt),
    index('payments_user_idx').on(t.userId, t.kind, t.createdAt),
    // Money received per month: read from the index alone.
    index('payments_reviewed_idx').on(t.state, t.reviewedAt, t.kind, t.amountKobo),
    // The payments export pages through approved payments in this order.
    index('payments_approved_idx')
      .on(t.reviewedAt, t.id)
      .where(sql`${t.state} = 'approved'`),
    // Members with a slip under review, for the state of every member at once.
    index('payments_pending_fee_idx')
      .on(t.userId)
      .where(sql`${t.state} = 'pending' and ${t.kind} = 'fee'`),
    // A fine has at most one slip under review or approved: it is paid once (a reversed payment leaves it unpaid).
    uniqueIndex('payments_fine_open_key')
      .on(t.fineId)
      .where(sql`${t.state} in ('pending', 'approved')`),
    uniqueIndex('payments_reference_key').on(t.reference),
  ],
);

/**
 * A member's account with the company, in kobo: charges are positive (the kinds of
 * shared/charges.ts), payments negative (approved slips), a reversal the contra of a payment
 * approved in error (positive), so the sum is what the member owes.
 * Entries are never changed; a correction is another entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    description: text('description').notNull(),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_user_idx').on(t.userId, t.createdAt), index('ledger_entries_kind_idx').on(t.kind, t.createdAt)],
);

/** One receipt per approved payment, numbered per year (HM-R-2026-000123) and never changed. */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** What the receipt says, as issued: member, what was paid for, amount, approving role. */
    details: jsonb('details').$type<ReceiptDetails>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('receipts_number_key').on(t.number), uniqueIndex('receipts_payment_key').on(t.paymentId)],
);

/** The last receipt number given in each year: taken with one UPDATE, so two approvals never share one. */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
