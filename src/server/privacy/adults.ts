import { type SQL, sql } from 'drizzle-orm';
import { ADULT_AGE } from '../../shared/ages.js';
import { users } from '../db/schema.js';

/** Today's date in Lagos, in SQL. */
export const lagosToday = sql`(now() at time zone 'Africa/Lagos')::date`;

/**
 * The member is 18 or over by date of birth, in Lagos today: what decides a public age and
 * marketing mail. The guardian state alone cannot: members from before sign-up asked for a
 * guardian have none. An account without a date of birth (staff) is not a child.
 */
export function adultByBirth(): SQL {
  return sql`(${users.dob} is null or ${users.dob} <= (${lagosToday} - ${`${ADULT_AGE} years`}::interval)::date)`;
}
