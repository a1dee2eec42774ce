import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { sql, type SQL } from 'drizzle-orm';
import { shiftDate, startOfLagosDay, todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber, type MembershipState } from '../../shared/membership.js';
import { type LapsingMember, chargeLedgerKindOf, type MonthFigures, type ReportsView } from '../../shared/schemas/reports.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { membershipFactsSql, membershipStateSql } from '../membership/state-sql.js';

/** Months shown on the reports page, this one included. */
export const REPORT_MONTHS = 12;
/** Lapsing members listed by name; the count covers all of them, the members export lists everyone. */
export const LAPSING_LISTED = 100;
export const LAPSING_DAYS = 30;

/** Rows of a raw query; both drivers (node-postgres, PGlite) answer `{ rows }`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The Lagos month (YYYY-MM) of a timestamp column: Nigeria is UTC+1 all year, with no daylight saving. */
const lagosMonth = (column: SQL) => sql`to_char((${column} at time zone 'UTC') + interval '1 hour', 'YYYY-MM')`;

/** YYYY-MM of the `count` months ending with today's, oldest first. */
export function lastMonths(today: string, count: number): string[] {
  const first = parseISO(`${today.slice(0, 7)}-01`);
  return Array.from({ length: count }, (_, i) => format(addMonths(first, i - count + 1), 'yyyy-MM'));
}

export async function membersByState(db: Executor, today: string): Promise<Record<MembershipState, number>> {
  const rows = await rowsOf<{ state: MembershipState; members: number }>(
    db,
    sql`select ${membershipStateSql(today)} as state, count(*)::int as members
        from users ${membershipFactsSql()}
        where users.role = 'member'
        group by 1`,
  );
  const states: Record<MembershipState, number> = { active: 0, grace: 0, pending: 0, lapsed: 0, none: 0 };
  for (const row of rows) states[row.state] = Number(row.members);
  return states;
}

/**
 * Sign-ups, activations, renewals and money received in each month from `firstMonth` on. A renewal
 * is an approved membership payment of a member already activated when it was approved; money
 * received is what confirmed payments paid, by what they paid for, net of the reversals and
 * refunds of the month (their total is `reversedKobo`, so the net can be traced).
 */
export async function monthlyFigures(db: Executor, months: string[]): Promise<MonthFigures[]> {
  const since = startOfLagosDay(`${months[0]}-01`).toISOString();
  const [signups, activations, renewals, money] = await Promise.all([
    rowsOf<{ month: string; n: number }>(
      db,
      sql`select ${lagosMonth(sql`created_at`)} as month, count(*)::int as n from users
          where role = 'member' and created_at >= ${since}::timestamptz group by 1`,
    ),
    rowsOf<{ month: string; n: number }>(
      db,
      sql`select ${lagosMonth(sql`activated_at`)} as month, count(*)::int as n from users
          where role = 'member' and activated_at >= ${since}::timestamptz group by 1`,
    ),
    rowsOf<{ month: string; n: number }>(
      db,
      sql`select ${lagosMonth(sql`p.reviewed_at`)} as month, count(*)::int as n
          from payments p join users u on u.id = p.user_id
          where p.state = 'approved' and p.kind = 'fee' and p.reviewed_at >= ${since}::timestamptz and u.activated_at < p.reviewed_at
          group by 1`,
    ),
    // A payment counts in the month it was confirmed, and its reversal (the contra) in the month it was reversed.
    rowsOf<{ month: string; kind: string; kobo: string; reversed: string }>(
      db,
      sql`select month, kind, sum(kobo)::text as kobo, sum(reversed)::text as reversed from (
            select ${lagosMonth(sql`reviewed_at`)} as month, kind, amount_kobo as kobo, 0 as reversed from payments
              where state in ('approved', 'reversed') and reviewed_at >= ${since}::timestamptz
            union all
            select ${lagosMonth(sql`reversed_at`)} as month, kind, -amount_kobo as kobo, amount_kobo as reversed from payments
              where state = 'reversed' and reversed_at >= ${since}::timestamptz
          ) money group by 1, 2`,
    ),
  ]);
  const countIn = (rows: { month: string; n: number }[], month: string) => Number(rows.find((row) => row.month === month)?.n ?? 0);
  return months.map((month) => {
    const receivedKobo: Record<string, number> = { membership: 0, advert: 0, fine: 0 };
    let reversedKobo = 0;
    for (const row of money.filter((r) => r.month === month)) {
      const kind = chargeLedgerKindOf(row.kind);
      receivedKobo[kind] = (receivedKobo[kind] ?? 0) + Number(row.kobo);
      reversedKobo += Number(row.reversed);
    }
    return { month, signups: countIn(signups, month), activations: countIn(activations, month), renewals: countIn(renewals, month), receivedKobo, reversedKobo };
  });
}

/** Members whose paid-until falls in the next `LAPSING_DAYS` days (today included), soonest first. */
export async function lapsingMembers(db: Executor, today: string): Promise<ReportsView['lapsing']> {
  const until = shiftDate(today, LAPSING_DAYS);
  const where = sql`role = 'member' and activated and suspended_at is null and paid_until between ${today}::date and ${until}::date`;
  const [rows, [total]] = await Promise.all([
    rowsOf<{ id: string; member_number: number | null; full_name: string; email: string; phone: string; paid_until: string }>(
      db,
      sql`select id, member_number, full_name, email, phone, paid_until::text as paid_until from users
          where ${where} order by paid_until, member_number limit ${LAPSING_LISTED}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from users where ${where}`),
  ]);
  const members: LapsingMember[] = rows.map((row) => ({
    id: row.id,
    memberNumber: row.member_number === null ? null : formatMemberNumber(Number(row.member_number)),
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    paidUntil: row.paid_until,
  }));
  return { total: Number(total?.n ?? 0), until, members };
}

export async function reports(ctx: AppContext): Promise<ReportsView> {
  const today = todayInLagos(ctx.clock());
  const [states, months, lapsing] = await Promise.all([
    membersByState(ctx.db, today),
    monthlyFigures(ctx.db, lastMonths(today, REPORT_MONTHS)),
    lapsingMembers(ctx.db, today),
  ]);
  return { today, states, months, lapsing };
}
