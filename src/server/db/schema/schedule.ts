// The schedule, attendance and training certificates (src/server/schedule/).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditLog } from './audit.js';
import { createdAt } from './columns.js';
import { ledgerEntries } from './ledger.js';
import { users } from './users.js';

/**
 * A session of the company's week, once or repeating (schedule/recurrence.ts): a date of it is
 * named by the series and the date the rule gives (`day`), also once moved or cancelled.
 * Times of day are Lagos time (HH:MM).
 */
export const scheduleSeries = pgTable(
  'schedule_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['meeting', 'training', 'casting', 'company-event'] }).notNull(),
    title: text('title').notNull(),
    place: text('place').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    repeat: text('repeat', { enum: ['none', 'weekly', 'monthly', 'yearly'] }).notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    untilDay: date('until_day', { mode: 'string' }),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    nth: integer('nth'),
    audience: text('audience', { enum: ['all', 'levels', 'category', 'enrolled'] }).notNull(),
    levelFrom: integer('level_from'),
    levelTo: integer('level_to'),
    category: text('category'),
    attendanceRequired: boolean('attendance_required').notNull(),
    /** Minutes after the start before an arrival is late. */
    graceMinutes: integer('grace_minutes').notNull().default(15),
    /** Raised by each edit that keeps the series: with its dates' own, their SEQUENCE in the calendar feed (RFC 5545 3.8.7.4). */
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check('schedule_series_times', sql`${t.startTime} < ${t.endTime}`)],
);

/** One date of a series cancelled, or moved to another date or time; everyone expected was told. */
export const scheduleChanges = pgTable(
  'schedule_changes',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => scheduleSeries.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    cancelled: boolean('cancelled').notNull(),
    newDay: date('new_day', { mode: 'string' }),
    newStartTime: text('new_start_time'),
    newEndTime: text('new_end_time'),
    note: text('note').notNull(),
    /** How many times staff changed this date: 1 once moved or cancelled, raised by each change after. */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.day] })],
);

/** Members enrolled in a series whose audience is `enrolled` (a training). */
export const scheduleEnrolments = pgTable(
  'schedule_enrolments',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => scheduleSeries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] }), index('schedule_enrolments_user_idx').on(t.userId)],
);

/**
 * A member at one date of a series: the first scan is the arrival, a later one (5 minutes on) the
 * leaving; or entered by hand by staff for a past date (a paper register), with why.
 */
export const attendance = pgTable(
  'attendance',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => scheduleSeries.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** Set on attendance entered by hand, never on one from scans: why (e.g. "Paper register, the door phone had no data"). */
    handReason: text('hand_reason'),
    /**
     * The audit entry that recorded the hand entry: who and when. Staff are named in the audit
     * log, which the privacy record already lists, rather than in one more column of this table.
     */
    handAuditId: bigint('hand_audit_id', { mode: 'number' }).references(() => auditLog.id),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.day, t.userId] }),
    index('attendance_user_idx').on(t.userId, t.day),
    check('attendance_by_hand', sql`(${t.handReason} is null) = (${t.handAuditId} is null)`),
  ],
);

/**
 * Every scan the door's phone made, by the id the phone gave it: a scan sent twice (offline, then
 * again) counts once. A member's arrival and leaving at a date are worked out from their scans there.
 */
export const attendanceScans = pgTable(
  'attendance_scans',
  {
    id: uuid('id').primaryKey(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => scheduleSeries.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** The staff member at the door whose phone sent it. */
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** `scanned`: a card's QR code, its check code checked; `typed`: a member number typed by the staff member. Null on scans recorded before 2026-11-28. */
    method: text('method', { enum: ['scanned', 'typed'] }),
    /** Set when staff removed the member's attendance at the date: the scan is kept, but no longer counts towards it. */
    setAsideAt: timestamp('set_aside_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('attendance_scans_member_idx').on(t.seriesId, t.day, t.userId, t.scannedAt)],
);

/**
 * A fine the register proposes after a date (late, left early, missed): finance confirm it (a
 * ledger charge naming the session) or dismiss it; the member may send a reason first. A scan
 * sent later (queued offline) withdraws a proposal it no longer supports (kept, with when, why
 * and whose scan, for finance to see), revises one, and flags a confirmed one (`issue`).
 */
export const attendanceFines = pgTable(
  'attendance_fines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => scheduleSeries.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['late', 'left-early', 'missed-meeting', 'missed-event'] }).notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['proposed', 'confirmed', 'dismissed', 'withdrawn'] })
      .notNull()
      .default('proposed'),
    memberReason: text('member_reason'),
    /** Set on a confirmed fine that a scan sent later no longer supports: what finance must settle with the member. */
    issue: text('issue'),
    ledgerEntryId: uuid('ledger_entry_id').references(() => ledgerEntries.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** A withdrawn proposal: when the scan that took it back reached us, the staff member who sent it, the scan, and what it showed. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnScanId: uuid('withdrawn_scan_id').references(() => attendanceScans.id, { onDelete: 'set null' }),
    withdrawnReason: text('withdrawn_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('attendance_fines_withdrawn', sql`${t.state} <> 'withdrawn' or (${t.withdrawnAt} is not null and ${t.withdrawnReason} is not null)`),
    uniqueIndex('attendance_fines_once').on(t.seriesId, t.day, t.userId, t.type),
    index('attendance_fines_state_idx').on(t.state, t.createdAt),
    index('attendance_fines_user_idx').on(t.userId),
  ],
);

/** A member's private calendar feed: the address is an HMAC of the member and this version; renewing bumps it. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
});

/**
 * A training certificate, issued once per member and training series (schedule/training-certificates.ts):
 * what it said the day it was issued, its number (TC-000012) and the random check code its QR code
 * carries to the public check page. Never changed once issued.
 */
export const trainingCertificates = pgTable(
  'training_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    /** 128 random bits, base64url: stored, not derived from the server's secret, so a printed certificate outlives a new secret. */
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => scheduleSeries.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    companyName: text('company_name').notNull(),
    memberName: text('member_name').notNull(),
    memberNumber: text('member_number').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** Dates attended, of the dates held from the first to the last attended. */
    attended: integer('attended').notNull(),
    held: integer('held').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('training_certificates_once').on(t.userId, t.seriesId), uniqueIndex('training_certificates_number_key').on(t.number)],
);
