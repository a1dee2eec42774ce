// Announcements (src/server/announcements/).
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * A message staff sent to a group of members, as a notification and an email each. `clientKey`
 * is made by the console's form: a second send of the same form (a double click, a retry) is refused.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientKey: uuid('client_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    promotional: boolean('promotional').notNull(),
    audience: text('audience', { enum: ['all', 'active', 'level', 'industry', 'lapsed'] }).notNull(),
    /** The level or the industry, for those audiences. */
    audienceValue: text('audience_value'),
    recipients: integer('recipients').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('announcements_client_key').on(t.clientKey), index('announcements_created_idx').on(t.createdAt)],
);
