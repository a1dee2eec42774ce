import { type SQL, sql } from 'drizzle-orm';
import { ADULT_AGE } from '../../shared/ages.js';
import { users } from '../db/schema.js';

/**
 * The member is 18 or over by date of birth on `today`, the app's date in Lagos
 * (`todayInLagos(ctx.clock())`), not the database's: what decides a public age and marketing
 * mail. The guardian state alone cannot: members from before sign-up asked for a guardian have
 * none. An account without a date of birth (staff) is not a child.
 */
export function adultByBirth(today: string): SQL {
  return sql`(${users.dob} is null or ${users.dob} <= (${today}::date - ${`${ADULT_AGE} years`}::interval)::date)`;
}

/** The member's age in whole years on `today` (the app's date in Lagos). */
export function ageInYears(today: string): SQL<number | null> {
  return sql<number | null>`extract(year from age(${today}::date, ${users.dob}))::int`;
}
