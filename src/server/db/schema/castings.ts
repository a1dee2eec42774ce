// Casting calls, roles and applications (src/server/castings/).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApplicationState, CastingGender } from '../../../shared/castings.js';
import { createdAt } from './columns.js';
import { bookingRequests } from './talent.js';
import { users } from './users.js';

/**
 * A casting call staff post: a project, its day and place, and the last Lagos day applications
 * are taken. `bookingRequestId`: the business's booking request it was made from (one call each).
 */
export const castingCalls = pgTable(
  'casting_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    project: text('project').notNull(),
    description: text('description').notNull().default(''),
    castingDay: date('casting_day', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    place: text('place').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    state: text('state', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    bookingRequestId: uuid('booking_request_id').references(() => bookingRequests.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('casting_calls_state_idx').on(t.state, t.deadline),
    uniqueIndex('casting_calls_booking_request_key').on(t.bookingRequestId),
    check('casting_calls_deadline_before_day', sql`${t.deadline} <= ${t.castingDay}`),
  ],
);

/** A role of a call: who may apply (category, gender, ages, levels) and how many are cast. */
export const castingRoles = pgTable(
  'casting_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => castingCalls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    category: text('category', { enum: ['movie', 'music', 'model'] }).notNull(),
    gender: text('gender').$type<CastingGender>().notNull(),
    minAge: integer('min_age').notNull(),
    maxAge: integer('max_age').notNull(),
    minLevel: integer('min_level').notNull(),
    maxLevel: integer('max_level').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    index('casting_roles_call_idx').on(t.callId, t.position),
    check('casting_roles_ranges', sql`${t.minAge} <= ${t.maxAge} and ${t.minLevel} <= ${t.maxLevel} and ${t.minLevel} >= 1 and ${t.maxLevel} <= 5`),
    check('casting_roles_count_positive', sql`${t.count} > 0`),
  ],
);

/**
 * A member's application for a role, with their talent profile as it is when staff look. One per
 * member per role. A child's waits (`awaiting-consent`) for the guardian to enter the code mailed
 * to them; only the code's keyed hash is kept, and its tries are counted.
 */
export const castingApplications = pgTable(
  'casting_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => castingRoles.id, { onDelete: 'cascade' }),
    // A terminated member's applications go with them.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    state: text('state').$type<ApplicationState>().notNull(),
    consentCodeHash: text('consent_code_hash'),
    consentAttempts: integer('consent_attempts').notNull().default(0),
    /** Who consented for a child (the guardian's email) and when. */
    consentBy: text('consent_by'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('casting_applications_one_per_role_key').on(t.roleId, t.userId),
    index('casting_applications_user_idx').on(t.userId, t.createdAt),
    // Counting a role's cast places under its lock reads this index alone.
    index('casting_applications_cast_idx')
      .on(t.roleId)
      .where(sql`${t.state} = 'cast'`),
  ],
);
