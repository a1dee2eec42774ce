import { sql, type SQL } from 'drizzle-orm';
import { type MembershipState, stateBoundaries } from '../../shared/membership.js';

/**
 * A member's state on `today` in SQL, for reports and exports over every member at once: the
 * same rule as membershipState (shared/membership.ts), with the same date boundaries. The query
 * must add `membershipFactsSql` after `from users`. Kept equal to the TypeScript rule by
 * reports/reports.test.ts.
 */
export function membershipStateSql(today: string): SQL<MembershipState> {
  const { activeFrom, graceFrom } = stateBoundaries(today);
  return sql<MembershipState>`case
    when users.suspended_at is not null then 'lapsed'
    when users.activated and users.paid_until >= ${activeFrom}::date then 'active'
    when users.activated and users.paid_until >= ${graceFrom}::date then 'grace'
    when pending_fee.user_id is not null or latest_fee.state = 'approved' then 'pending'
    when users.activated and users.paid_until is not null then 'lapsed'
    else 'none' end`;
}

/**
 * What the state needs beyond the member's row, read set-wise rather than member by member:
 * whether the latest membership payment is pending (a member has at most one pending, always the
 * latest: a new slip replaces a pending one, membership-service.ts uploadSlip), and, for a member
 * not activated yet, whether the latest one is approved (the code still to be entered).
 */
export function membershipFactsSql(): SQL {
  return sql`left join (select distinct user_id from payments where state = 'pending' and kind = 'fee') pending_fee on pending_fee.user_id = users.id
    left join lateral (
      select p.state from payments p
      where p.user_id = users.id and p.kind = 'fee' and not users.activated and users.suspended_at is null
      order by p.created_at desc limit 1
    ) latest_fee on true`;
}
