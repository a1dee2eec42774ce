// The mail outbox (src/server/mail/).
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Mail waiting to be sent; written in the transaction of the change that causes it. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The mail carries a code: its body is cleared once delivered, so the outbox keeps no usable code. */
    sensitive: boolean('sensitive').notNull().default(false),
    /** The company's address, on mail that asks for an answer (the From is a no-reply address). */
    replyTo: text('reply_to'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up on after the last attempt: no longer retried, shown to staff. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.deadAt} is null`),
  ],
);
