import { and, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { shiftDate, startOfLagosDay, todayInLagos } from '../../shared/dates.js';
import { formatNaira } from '../../shared/money.js';
import { RECONCILIATION_STATUSES, type Reconciliation, type ReconciliationRow } from '../../shared/schemas/ledger.js';
import type { AppContext } from '../context.js';
import { payments, receipts, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { nairaCell } from '../http/csv.js';
import { PaystackClient } from './paystack-client.js';

/** A ledger booking of an online payment: confirmed, and possibly reversed or refunded since. */
const BOOKED = ['approved', 'reversed'] as const;

/**
 * Paystack's successful transactions of Lagos days `from`..`to` (read through GET /transaction,
 * page after page) against the online payments the portal started in those days: matched (booked
 * for the same amount), missing in the ledger (Paystack took money the portal did not book, or
 * booked another amount), missing at Paystack (booked here, no successful transaction there).
 * A refund or reversal is shown on its matched row (money Paystack took, then gave back).
 */
export async function reconcile(ctx: AppContext, from: string, to: string, perPage = 100): Promise<Reconciliation> {
  if (!ctx.config.paystack) throw notFound('Online payment is not set up (PAYSTACK_SECRET_KEY): there is nothing to reconcile.');
  const start = startOfLagosDay(from);
  const end = startOfLagosDay(shiftDate(to, 1));
  const listed = await new PaystackClient(ctx.config.paystack).list(start.toISOString(), end.toISOString(), perPage);
  const paid = new Map(listed.filter((t) => t.status === 'success').map((t) => [t.reference, t]));
  const references = [...paid.keys()];
  const ours = await ctx.db
    .select({ payment: payments, memberName: users.fullName, receiptNumber: receipts.number })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(
      and(
        eq(payments.channel, 'paystack'),
        // Ours started in the range, and any of ours Paystack lists in it.
        or(and(gte(payments.createdAt, start), lt(payments.createdAt, end)), references.length ? inArray(payments.reference, references) : undefined),
      ),
    );
  const byReference = new Map(ours.map((row) => [row.payment.reference ?? row.payment.id, row]));

  const rows: ReconciliationRow[] = [];
  for (const transaction of paid.values()) {
    const mine = byReference.get(transaction.reference);
    const booked = mine && (BOOKED as readonly string[]).includes(mine.payment.state);
    const same = booked && mine.payment.amountKobo === transaction.amount && transaction.currency === 'NGN';
    rows.push({
      reference: transaction.reference,
      status: same ? 'matched' : 'missing-in-ledger',
      paystackKobo: transaction.amount,
      ledgerKobo: booked ? mine.payment.amountKobo : null,
      at: transaction.paid_at ?? mine?.payment.createdAt.toISOString() ?? start.toISOString(),
      memberName: mine?.memberName ?? null,
      paymentState: mine?.payment.state ?? null,
      refunded: Boolean(mine?.payment.refundedAt),
      receiptNumber: mine?.receiptNumber ?? null,
      note: same
        ? mine.payment.state === 'reversed'
          ? `${mine.payment.refundedAt ? 'Refunded' : 'Reversed'}: ${mine.payment.reversalReason ?? ''}`
          : ''
        : !mine
          ? 'Paystack took this money for a reference the portal did not start.'
          : booked
            ? `Paystack took ${formatNaira(transaction.amount)} ${transaction.currency}; the ledger booked ${formatNaira(mine.payment.amountKobo)}.`
            : (mine.payment.issue ?? `The payment is ${mine.payment.state}: nothing is booked for this money.`),
    });
  }
  for (const { payment, memberName, receiptNumber } of ours) {
    if (!(BOOKED as readonly string[]).includes(payment.state) || paid.has(payment.reference ?? '')) continue;
    rows.push({
      reference: payment.reference ?? payment.id,
      status: 'missing-at-paystack',
      paystackKobo: null,
      ledgerKobo: payment.amountKobo,
      at: payment.createdAt.toISOString(),
      memberName,
      paymentState: payment.state,
      refunded: Boolean(payment.refundedAt),
      receiptNumber,
      note: 'Booked in the ledger, but Paystack lists no successful transaction for it in these days.',
    });
  }
  const order = (row: ReconciliationRow) => RECONCILIATION_STATUSES.indexOf(row.status);
  rows.sort((a, b) => order(b) - order(a) || a.at.localeCompare(b.at));
  const counts = Object.fromEntries(
    RECONCILIATION_STATUSES.map((status) => [status, rows.filter((row) => row.status === status).length]),
  ) as Reconciliation['counts'];
  return { from, to, rows, counts };
}

export const RECONCILIATION_CSV_HEADER = [
  'Status',
  'Reference',
  'Date',
  'Member',
  'Paystack (naira)',
  'Ledger (naira)',
  'Payment state',
  'Receipt number',
  'Note',
];

export function reconciliationCsvRows(reconciliation: Reconciliation, labels: Record<string, string>): unknown[][] {
  return reconciliation.rows.map((row) => [
    labels[row.status],
    row.reference,
    todayInLagos(new Date(row.at)),
    row.memberName ?? '',
    row.paystackKobo === null ? '' : nairaCell(row.paystackKobo),
    row.ledgerKobo === null ? '' : nairaCell(row.ledgerKobo),
    row.refunded ? 'refunded' : (row.paymentState ?? ''),
    row.receiptNumber ?? '',
    row.note,
  ]);
}
