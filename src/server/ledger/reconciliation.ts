import { and, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { shiftDate, startOfLagosDay, todayInLagos } from '../../shared/dates.js';
import { formatNaira } from '../../shared/money.js';
import { RECONCILIATION_STATUSES, reconciliationLabel, type Reconciliation, type ReconciliationRow } from '../../shared/schemas/ledger.js';
import type { AppContext } from '../context.js';
import { payments, receipts, users } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { nairaCell } from '../http/csv.js';
import { chargedKobo, PaystackClient, paystackSaid, type PaystackTransaction } from './paystack-client.js';

/** A ledger booking of an online payment: confirmed, and possibly reversed or refunded since. */
const BOOKED = ['approved', 'reversed'] as const;

/** Paystack's statuses of a transaction that took money: paid, or paid and since refunded (`reversed`). */
const TOOK_MONEY: ReadonlySet<string> = new Set(['success', 'reversed']);

type OurRow = { payment: typeof payments.$inferSelect; memberName: string | null; receiptNumber: string | null };

/** How a transaction that took money compares with the portal's payment of its reference. */
function compared(transaction: PaystackTransaction, mine: OurRow | undefined): Pick<ReconciliationRow, 'status' | 'note'> {
  if (!mine) return { status: 'missing-in-ledger', note: 'Paystack took this money for a reference the portal did not start.' };
  const { payment } = mine;
  const charged = chargedKobo(transaction);
  const refunded = payment.refundedAt ? `Refunded${payment.refundStatus ? ` (${payment.refundStatus} at Paystack)` : ''}: ${payment.reversalReason ?? ''}` : '';
  // Money taken and given back with nothing booked balances: nothing is owed either way.
  if (!(BOOKED as readonly string[]).includes(payment.state)) {
    if (payment.refundedAt) return { status: 'matched', note: `${refunded} Nothing was booked for it.` };
    return { status: 'missing-in-ledger', note: payment.issue ?? `The payment is ${payment.state}: nothing is booked for this money.` };
  }
  if (payment.amountKobo !== charged || transaction.currency !== 'NGN')
    return {
      status: 'missing-in-ledger',
      note: `Paystack took ${formatNaira(charged)} ${transaction.currency}; the ledger booked ${formatNaira(payment.amountKobo)}.`,
    };
  if (transaction.status === 'reversed' && !payment.refundedAt)
    return { status: 'missing-in-ledger', note: 'Paystack refunded this payment, but the ledger has no refund: reverse it here.' };
  // The ledger gave the money back, but Paystack could not: it still holds it.
  if (payment.refundStatus === 'failed' || payment.refundStatus === 'needs-attention') return { status: 'missing-in-ledger', note: payment.issue ?? refunded };
  if (payment.state === 'reversed') return { status: 'matched', note: refunded || `Reversed: ${payment.reversalReason ?? ''}` };
  return { status: 'matched', note: '' };
}

/**
 * Paystack's transactions of Lagos days `from`..`to`, every status, read through GET /transaction
 * page after page, against the online payments the portal started in those days: matched (booked
 * for what was charged, or taken and refunded), missing in the ledger (Paystack took money the
 * portal did not book, booked another amount, or refunded what the ledger still holds), missing
 * at Paystack (booked here, and Paystack shows no money taken for it). A refund or reversal is
 * shown on its matched row ("matched, refunded").
 */
export async function reconcile(ctx: AppContext, from: string, to: string, perPage = 100): Promise<Reconciliation> {
  if (!ctx.config.paystack) throw notFound('Online payment is not set up (PAYSTACK_SECRET_KEY): there is nothing to reconcile.');
  const start = startOfLagosDay(from);
  const end = startOfLagosDay(shiftDate(to, 1));
  const listed = await new PaystackClient(ctx.config.paystack).list(start.toISOString(), end.toISOString(), perPage).catch((error: unknown) => {
    throw new HttpError(502, `Paystack did not list its transactions, so nothing could be reconciled.${paystackSaid(error)} Try again in a few minutes.`);
  });
  const paid = new Map(listed.filter((t) => TOOK_MONEY.has(t.status)).map((t) => [t.reference, t]));
  const references = [...paid.keys()];
  const ours: OurRow[] = await ctx.db
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
    rows.push({
      reference: transaction.reference,
      ...compared(transaction, mine),
      paystackKobo: chargedKobo(transaction),
      ledgerKobo: booked ? mine.payment.amountKobo : null,
      at: transaction.paid_at ?? mine?.payment.createdAt.toISOString() ?? start.toISOString(),
      memberName: mine?.memberName ?? null,
      paymentState: mine?.payment.state ?? null,
      refunded: Boolean(mine?.payment.refundedAt),
      receiptNumber: mine?.receiptNumber ?? null,
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
      note: 'Booked in the ledger, but Paystack shows no money taken for it in these days.',
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

export function reconciliationCsvRows(reconciliation: Reconciliation): unknown[][] {
  return reconciliation.rows.map((row) => [
    reconciliationLabel(row),
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
