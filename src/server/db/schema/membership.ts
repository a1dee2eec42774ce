// Membership reminders (src/server/membership/).
import { date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A membership reminder sent: one row per member, kind and paid-until, so each is sent once for
 * a period whatever the number of processes or restarts, and again after a renewal moves paid-until.
 */
export const membershipReminders = pgTable(
  'membership_reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['before-7', 'before-1', 'after-3'] }).notNull(),
    paidUntil: date('paid_until', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.paidUntil] })],
);
