// Portal-wide settings staff change without a restart (src/server/site/, src/server/staff/).
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Portal-wide switches an admin sets, one row each. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
