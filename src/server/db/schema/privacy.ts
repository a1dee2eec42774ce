// A child's guardian, consents and the staff file-access log (src/server/privacy/).
import { bigserial, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { files, users } from './users.js';

/**
 * The parent or guardian of a member under 18, as given at sign-up. The guardian confirms with
 * the code mailed to them; what they allowed (the account, publishing the talent profile, an age
 * band on it) is recorded in `consents` too. `endedAt`: the member turned 18.
 */
export const guardians = pgTable('guardians', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  relationship: text('relationship').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  textVersion: text('text_version'),
  allowsPublication: boolean('allows_publication').notNull().default(false),
  allowsAgeBand: boolean('allows_age_band').notNull().default(false),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Every consent given or withdrawn, with the version of the text the person saw: the history
 * behind users.marketing_consent_at (the current state) and the guardian's confirmation.
 */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['terms', 'marketing', 'guardian', 'guardian-publication', 'guardian-age-band'] }).notNull(),
    given: boolean('given').notNull(),
    textVersion: text('text_version').notNull(),
    /** Who gave it: the member, or the guardian (by the email the code went to). */
    givenBy: text('given_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.createdAt)],
);

/** Each time a staff member opened a member's private file: shown to the member by role, never by name. */
export const fileAccessLog = pgTable(
  'file_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    filePurpose: text('file_purpose').notNull(),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    staffRole: text('staff_role').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('file_access_log_owner_idx').on(t.ownerId, t.createdAt)],
);
