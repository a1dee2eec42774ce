// The contact form and the staff replies (src/server/contact/).
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    feedback: text('feedback').notNull(),
    message: text('message'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_unhandled_idx')
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
  ],
);

/** A staff reply to a contact message, as emailed to the sender. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);
