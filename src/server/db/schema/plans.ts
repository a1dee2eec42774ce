// Membership plans (src/server/plans/).
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The membership plans of the services page: staff edit the name, the monthly price and the perks listed. */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    priceKobo: integer('price_kobo').notNull(),
    perks: jsonb('perks').$type<string[]>().notNull().default([]),
    position: integer('position').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('plans_price_positive', sql`${t.priceKobo} > 0`)],
);
