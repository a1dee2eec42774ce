// The talent directory and its booking requests (src/server/talent/).
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BookingRequestFields } from '../../../shared/schemas/talent.js';
import { createdAt } from './columns.js';
import { files, users } from './users.js';

/**
 * A member's public talent card in the directory. Off until the member publishes it; staff can
 * hide one that breaks the terms. Measurements are not copied here: they are read from the
 * member's latest artist membership submission, and `show` says which of them are public.
 */
export const talentProfiles = pgTable(
  'talent_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['movie', 'music', 'model'] }).notNull(),
    stageName: text('stage_name').notNull(),
    bio: text('bio').notNull().default(''),
    show: jsonb('show').$type<string[]>().notNull().default([]),
    published: boolean('published').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('talent_profiles_user_key').on(t.userId), index('talent_profiles_listed_idx').on(t.published, t.hidden, t.category)],
);

/** Portfolio photos: each is a `files` row owned by the member, so termination removes it. */
export const talentPhotos = pgTable(
  'talent_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => talentProfiles.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    primary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('talent_photos_profile_idx').on(t.profileId, t.createdAt)],
);

/**
 * A booking request waiting for the business to confirm its email with the code mailed there:
 * until then nothing the business wrote is mailed or shown to anybody. Removed when confirmed
 * (it becomes a `booking_requests` row) or once expired.
 */
export const bookingConfirmations = pgTable('booking_confirmations', {
  id: uuid('id').primaryKey().defaultRandom(),
  profileId: uuid('profile_id')
    .notNull()
    .references(() => talentProfiles.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  request: jsonb('request').$type<BookingRequestFields>().notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** A business asking a talent for a booking; `reference` is what the business quotes. */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    // The talent's requests go with their profile when the member terminates the account.
    profileId: uuid('profile_id')
      .notNull()
      .references(() => talentProfiles.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    location: text('location').notNull(),
    budgetKobo: bigint('budget_kobo', { mode: 'number' }).notNull(),
    message: text('message').notNull(),
    state: text('state', { enum: ['new', 'accepted', 'declined', 'closed'] })
      .notNull()
      .default('new'),
    responseMessage: text('response_message'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_requests_reference_key').on(t.reference),
    index('booking_requests_profile_idx').on(t.profileId, t.createdAt),
    index('booking_requests_state_idx').on(t.state, t.createdAt),
  ],
);
