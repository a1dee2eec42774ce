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
 * whether a membership payment is pending (a slip under review, or an online checkout not yet
 * settled: a new slip replaces a pending slip, membership-service.ts uploadSlip, but a checkout
 * stays Paystack's until its verify call, webhook, or the housekeeping's expiry settles it,
 * ledger/expire-checkouts.ts), and, for a member not activated yet, whether the latest one is
 * approved (the code still to be entered; a reversed one is not, so its OTP no longer activates).
 * paid_until itself is moved back when finance reverses or refunds the months that extended it
 * (ledger/reverse-payment.ts), so a reversal shows in every member's state here too.
 */
export function membershipFactsSql(): SQL {
  return sql`left join (select distinct user_id from payments where state = 'pending' and kind = 'fee') pending_fee on pending_fee.user_id = users.id
    left join lateral (
      select p.state from payments p
      where p.user_id = users.id and p.kind = 'fee' and not users.activated and users.suspended_at is null
      order by p.created_at desc limit 1
    ) latest_fee on true`;
}
