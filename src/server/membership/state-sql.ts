import { sql, type SQL } from 'drizzle-orm';
import { type MembershipState, stateBoundaries } from '../../shared/membership.js';

/**
 * A member's state on `today` in SQL, for reports and exports over every member at once: the
 * same rule as membershipState (shared/membership.ts), with the same date boundaries. The query
 * must join `latestFeePaymentSql` as `latest_fee`. Kept equal to the TypeScript rule by state-sql.test.ts.
 */
export function membershipStateSql(today: string): SQL<MembershipState> {
  const { activeFrom, graceFrom } = stateBoundaries(today);
  return sql<MembershipState>`case
    when users.suspended_at is not null then 'lapsed'
    when users.activated and users.paid_until >= ${activeFrom}::date then 'active'
    when users.activated and users.paid_until >= ${graceFrom}::date then 'grace'
    when latest_fee.state = 'pending' or (not users.activated and latest_fee.state = 'approved') then 'pending'
    when users.activated and users.paid_until is not null then 'lapsed'
    else 'none' end`;
}

/**
 * The member's latest membership payment, looked up only when the state depends on it (not for
 * members active or in grace), so counting every member reads few payments.
 */
export function latestFeePaymentSql(today: string): SQL {
  const { graceFrom } = stateBoundaries(today);
  return sql`left join lateral (
    select p.state from payments p
    where p.user_id = users.id and p.kind = 'fee'
      and not (users.suspended_at is not null or (users.activated and coalesce(users.paid_until >= ${graceFrom}::date, false)))
    order by p.created_at desc limit 1
  ) latest_fee on true`;
}
