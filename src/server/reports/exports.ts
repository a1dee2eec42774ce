import { sql } from 'drizzle-orm';
import { shiftDate, startOfLagosDay, todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber } from '../../shared/membership.js';
import { chargeLedgerKindOf, MEMBER_STATE_LABELS, MONEY_KINDS } from '../../shared/schemas/reports.js';
import { labelOf } from '../../shared/form-options.js';
import type { AppContext } from '../context.js';
import { nairaCell } from '../http/csv.js';
import { membershipFactsSql, membershipStateSql } from '../membership/state-sql.js';
import { rowsOf } from './reports-service.js';
import type { MembershipState } from '../../shared/membership.js';

/** Rows read per query while an export streams. */
export const EXPORT_BATCH = 2000;

export const MEMBERS_CSV_HEADER = ['Member number', 'Name', 'Email', 'Phone', 'State', 'Paid until', 'Plan', 'Level'];

interface MemberRow {
  id: string;
  member_number: number | null;
  full_name: string;
  email: string;
  phone: string;
  state: MembershipState;
  paid_until: string | null;
  plan: string | null;
  level: number;
}

/**
 * Every member with their state today, in batches: numbered members by number, then those never
 * activated (no number yet). Each batch continues after the last row of the one before.
 */
export async function* memberCsvRows(ctx: AppContext): AsyncGenerator<unknown[][]> {
  const today = todayInLagos(ctx.clock());
  const select = sql`select users.id, users.member_number, users.full_name, users.email, users.phone, users.paid_until::text as paid_until, users.plan, users.level,
    ${membershipStateSql(today)} as state from users ${membershipFactsSql()}`;
  const toCells = (row: MemberRow) => [
    row.member_number === null ? '' : formatMemberNumber(Number(row.member_number)),
    row.full_name,
    row.email,
    row.phone,
    MEMBER_STATE_LABELS[row.state],
    row.paid_until ?? '',
    row.plan ?? '',
    Number(row.level),
  ];
  let lastNumber = 0;
  for (;;) {
    const rows = await rowsOf<MemberRow>(
      ctx.db,
      sql`${select} where users.role = 'member' and users.member_number > ${lastNumber} order by users.member_number limit ${EXPORT_BATCH}`,
    );
    if (rows.length) yield rows.map(toCells);
    if (rows.length < EXPORT_BATCH) break;
    lastNumber = Number(rows.at(-1)!.member_number);
  }
  let lastId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await rowsOf<MemberRow>(
      ctx.db,
      sql`${select} where users.role = 'member' and users.member_number is null and users.id > ${lastId}::uuid order by users.id limit ${EXPORT_BATCH}`,
    );
    if (rows.length) yield rows.map(toCells);
    if (rows.length < EXPORT_BATCH) break;
    lastId = rows.at(-1)!.id;
  }
}

export const PAYMENTS_CSV_HEADER = ['Date', 'Member number', 'Member', 'Kind', 'Amount (naira)', 'Receipt number', 'Entry', 'Reason', 'Channel', 'Paystack fees (naira)'];

const CHANNEL_WORDS: Record<string, string> = { slip: 'Slip', paystack: 'Online (Paystack)' };

interface PaymentRow {
  id: string;
  entry: 'payment' | 'reversal';
  cursor: string;
  day: string;
  member_number: number | null;
  full_name: string | null;
  kind: string;
  amount_kobo: number;
  receipt: string | null;
  reason: string | null;
  refunded: boolean;
  channel: string;
  fees_kobo: number | null;
}

/**
 * Money received and given back, as the ledger books it, oldest first, optionally within Lagos
 * days `from`..`to`: each confirmed payment on the day it was confirmed (also one reversed since),
 * and each reversal or refund on its own day as a negative amount with its reason, so the column
 * sums to the net and every contra entry can be traced to its payment and receipt.
 */
export async function* paymentCsvRows(ctx: AppContext, range: { from?: string; to?: string }): AsyncGenerator<unknown[][]> {
  const from = range.from ? sql`and e.at >= ${startOfLagosDay(range.from).toISOString()}::timestamptz` : sql``;
  const to = range.to ? sql`and e.at < ${startOfLagosDay(shiftDate(range.to, 1)).toISOString()}::timestamptz` : sql``;
  let after = sql``;
  for (;;) {
    const rows = await rowsOf<PaymentRow>(
      ctx.db,
      sql`select e.id, e.entry, e.at::text as cursor, to_char((e.at at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD') as day,
            u.member_number, u.full_name, p.kind, e.amount_kobo, r.number as receipt, e.reason, p.refunded_at is not null as refunded,
            p.channel, p.fees_kobo
          from (
            select id, 'payment' as entry, reviewed_at as at, amount_kobo, null as reason from payments
              where state in ('approved', 'reversed') and reviewed_at is not null
            union all
            select id, 'reversal' as entry, reversed_at as at, -amount_kobo, reversal_reason from payments
              where state = 'reversed' and reversed_at is not null
          ) e
          join payments p on p.id = e.id
          left join users u on u.id = p.user_id
          left join receipts r on r.payment_id = p.id
          where true ${from} ${to} ${after}
          order by e.at, e.id, e.entry limit ${EXPORT_BATCH}`,
    );
    if (rows.length) {
      yield rows.map((row) => [
        row.day,
        row.member_number === null ? '' : formatMemberNumber(Number(row.member_number)),
        row.full_name ?? 'Former member',
        labelOf(MONEY_KINDS, chargeLedgerKindOf(row.kind)),
        nairaCell(Number(row.amount_kobo)),
        row.receipt ?? '',
        row.entry === 'payment' ? 'Payment' : row.refunded ? 'Refund' : 'Reversal',
        row.reason ?? '',
        CHANNEL_WORDS[row.channel] ?? row.channel,
        // Paystack's fees belong to the payment's own row, not to its reversal.
        row.entry === 'payment' && row.fees_kobo !== null ? nairaCell(Number(row.fees_kobo)) : '',
      ]);
    }
    if (rows.length < EXPORT_BATCH) break;
    const last = rows.at(-1)!;
    after = sql`and (e.at, e.id, e.entry) > (${last.cursor}::timestamptz, ${last.id}::uuid, ${last.entry}::text)`;
  }
}
