// Members' adverts (src/server/ads/).
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { payments } from './ledger.js';
import { files, users } from './users.js';

/**
 * A member's paid advert on the public homepage. It runs between its dates once a moderator
 * approved its content and finance its payment (`paidAt`); a deleted ad keeps its row, without image or link, for
 * the books and the click count.
 */
export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    linkUrl: text('link_url'),
    altText: text('alt_text'),
    weeks: integer('weeks').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'ended', 'deleted'] })
      .notNull()
      .default('pending'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    frequency: text('frequency', { enum: ['always', 'randomly'] })
      .notNull()
      .default('always'),
    title: text('title'),
    reason: text('reason'),
    clicks: integer('clicks').notNull().default(0),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When finance confirmed the payment for its weeks: an approved advert runs only once it is paid. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ads_state_dates_idx').on(t.state, t.startDate, t.endDate),
    index('ads_user_idx').on(t.userId),
    // One advert waiting for review per member, whatever two tabs send at once.
    uniqueIndex('ads_one_pending_per_member_key')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
  ],
);
