import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApplicationState, CastingGender } from '../../shared/castings.js';
import type { CompanyEventKind } from '../../shared/company-events.js';
import type { FormKind } from '../../shared/form-definitions.js';
import { LEDGER_KINDS, PAYMENT_KINDS, PAYMENT_STATES } from '../../shared/charges.js';
import type { ReceiptDetails } from '../../shared/schemas/ledger.js';
import { ROLES } from '../../shared/roles.js';
import type { BookingRequestFields } from '../../shared/schemas/talent.js';
import type { Achievement } from '../../shared/schemas/users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    dob: date('dob', { mode: 'string' }),
    maritalStatus: text('marital_status'),
    countryOfOrigin: text('country_of_origin'),
    stateOfOrigin: text('state_of_origin'),
    industry: text('industry'),
    occupation: text('occupation'),
    title: text('title'),
    address: text('address'),
    bio: text('bio'),
    overview: text('overview'),
    profilePicFileId: uuid('profile_pic_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    /** `HM-000123` once formatted: given at first activation from member_number_seq, never reused. */
    memberNumber: integer('member_number'),
    /** The last Lagos calendar day the membership fee covers; the state is computed from it (shared/membership.ts). */
    paidUntil: date('paid_until', { mode: 'string' }),
    /** Staff suspended the membership: treated as lapsed, and the member is told why. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** A new email the member asked for, in force once the code sent to it is entered. */
    pendingEmail: text('pending_email'),
    /** The member activated their profile with the OTP (the API's `status`). */
    activated: boolean('activated').notNull().default(false),
    plan: text('plan'),
    /** The member's level in the company's terms, 1 to 5; staff set it. */
    level: integer('level').notNull().default(1),
    achievements: jsonb('achievements').$type<Achievement[]>().notNull().default([]),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** A staff account an admin disabled: it cannot sign in and its sessions are gone. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** A member under 18: `waiting` until their guardian confirms by email, then `confirmed`; null for an adult (and from the 18th birthday). */
    guardianState: text('guardian_state', { enum: ['waiting', 'confirmed'] }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_member_number_key').on(t.memberNumber),
    check('users_level_range', sql`${t.level} between 1 and 5`),
    // The reports: sign-ups and activations per month, members lapsing soon.
    index('users_created_at_idx').on(t.createdAt),
    index('users_activated_at_idx').on(t.activatedAt),
    index('users_paid_until_idx').on(t.paidUntil),
  ],
);

/** Member numbers: a sequence never gives a number twice, even to a transaction that rolled back. */
export const memberNumberSeq = pgSequence('member_number_seq', { startWith: 1 });

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC of the cookie's token: the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every upload is a row here; the bytes live in storage under `storageKey`. */
/**
 * A staff member's authenticator (TOTP) secret: set up, then in force once `enabledAt` is set.
 * The secret is kept as is (the server must compute the codes from it); the recovery codes
 * only as keyed hashes, each removed from the list when used.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last 30-second step whose code was accepted: a code is good once. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

/**
 * The second-factor and password-reset codes tried for an account on one Lagos day, from every
 * address and process: counted before a code is checked and given back when it is right, so it
 * holds the wrong ones. At the ceiling (auth/code-guesses.ts) codes are refused until the day
 * ends or an admin lifts it (the row is deleted).
 */
export const codeGuesses = pgTable(
  'code_guesses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A sign-in whose password was right, waiting for the authenticator code (cookie: HMAC of its token). */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** Portal-wide switches an admin sets, one row each. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

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
  (t) => [index('contact_messages_unhandled_idx').on(t.createdAt).where(sql`${t.handledAt} is null`)],
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

/** Who did what to whom, when: read by staff and the treasurer. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectType, t.subjectId), index('audit_log_actor_idx').on(t.actorId, t.id)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['email', 'otp', 'password-reset', 'email-change', 'guardian'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    plan: text('plan'),
    amountKobo: integer('amount_kobo').notNull(),
    months: integer('months'),
    state: text('state', { enum: PAYMENT_STATES }).notNull().default('pending'),
    slipFileId: uuid('slip_file_id').references(() => files.id, { onDelete: 'set null' }),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reason: text('reason'),
    /** The fine (its ledger charge) a `fine` payment settles. */
    fineId: uuid('fine_id').references((): AnyPgColumn => ledgerEntries.id, { onDelete: 'set null' }),
    /** Finance reversed an approved payment (booked in error): why, who and when; its contra entry is on the ledger. */
    reversalReason: text('reversal_reason'),
    reversedBy: uuid('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /** How the money came: a slip finance checks, or Paystack's checkout (confirmed by its verify call or webhook). */
    channel: text('channel', { enum: ['slip', 'paystack'] }).notNull().default('slip'),
    /** The reference Paystack knows an online payment by. */
    reference: text('reference'),
    /** Why an online payment was not booked (amount or currency not as charged): finance's list to look at. */
    issue: text('issue'),
    /** A membership payment's paid-until before it was booked: what a reversal restores while nothing moved it since. */
    paidUntilBefore: date('paid_until_before', { mode: 'string' }),
    /** Finance refunded the money through Paystack (the payment is reversed with the refund's reason). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_state_idx').on(t.state, t.createdAt),
    index('payments_user_idx').on(t.userId, t.kind, t.createdAt),
    // Money received per month: read from the index alone.
    index('payments_reviewed_idx').on(t.state, t.reviewedAt, t.kind, t.amountKobo),
    // The payments export pages through approved payments in this order.
    index('payments_approved_idx').on(t.reviewedAt, t.id).where(sql`${t.state} = 'approved'`),
    // Members with a slip under review, for the state of every member at once.
    index('payments_pending_fee_idx').on(t.userId).where(sql`${t.state} = 'pending' and ${t.kind} = 'fee'`),
    // A fine has at most one slip under review or approved: it is paid once (a reversed payment leaves it unpaid).
    uniqueIndex('payments_fine_open_key').on(t.fineId).where(sql`${t.state} in ('pending', 'approved')`),
    uniqueIndex('payments_reference_key').on(t.reference),
  ],
);

/**
 * A member's account with the company, in kobo: charges are positive (the kinds of
 * shared/charges.ts), payments negative (approved slips), a reversal the contra of a payment
 * approved in error (positive), so the sum is what the member owes.
 * Entries are never changed; a correction is another entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    description: text('description').notNull(),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_user_idx').on(t.userId, t.createdAt), index('ledger_entries_kind_idx').on(t.kind, t.createdAt)],
);

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

/** One receipt per approved payment, numbered per year (HM-R-2026-000123) and never changed. */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** What the receipt says, as issued: member, what was paid for, amount, approving role. */
    details: jsonb('details').$type<ReceiptDetails>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('receipts_number_key').on(t.number), uniqueIndex('receipts_payment_key').on(t.paymentId)],
);

/** The last receipt number given in each year: taken with one UPDATE, so two approvals never share one. */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

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
  (t) => [index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.deadAt} is null`)],
);

/**
 * One row per form a member sends: the six forms share this table, `data` holds the fields as
 * validated by the form's shared schema, so a new form is a new schema, not a new table.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // A terminated member's submissions go with them: they are personal data.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    form: text('form').$type<FormKind>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['new', 'handled'] }).notNull().default('new'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('submissions_form_created_idx').on(t.form, t.createdAt),
    index('submissions_user_idx').on(t.userId),
    index('submissions_new_idx').on(t.createdAt).where(sql`${t.state} = 'new'`),
  ],
);

/** The uploads of a submission, by the form's file field. */
export const submissionFiles = pgTable(
  'submission_files',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.field] }), index('submission_files_file_idx').on(t.fileId)],
);

/** Films members can book a premiere seat for; retired ones stay for old submissions. */
export const premieres = pgTable('premieres', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull().unique('premieres_title_key'),
  showtimes: jsonb('showtimes').$type<string[]>().notNull().default(['5pm', '7pm', '9pm']),
  open: boolean('open').notNull().default(true),
  createdAt: createdAt(),
});

/** The company's calendar that members see on /events; `day` and `time` are Lagos time. */
export const companyEvents = pgTable(
  'company_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<CompanyEventKind>().notNull(),
    title: text('title').notNull(),
    day: date('day').notNull(),
    time: text('time').notNull(),
    place: text('place').notNull(),
    description: text('description').notNull(),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('company_events_day_idx').on(t.day, t.time)],
);

/** The pictures of the gallery on /events, newest first. */
export const galleryImages = pgTable('gallery_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileId: uuid('file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'cascade' }),
  caption: text('caption').notNull(),
  createdAt: createdAt(),
});

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
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'ended', 'deleted'] }).notNull().default('pending'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    frequency: text('frequency', { enum: ['always', 'randomly'] }).notNull().default('always'),
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
    uniqueIndex('ads_one_pending_per_member_key').on(t.userId).where(sql`${t.state} = 'pending'`),
  ],
);

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
    state: text('state', { enum: ['new', 'accepted', 'declined', 'closed'] }).notNull().default('new'),
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

/** The membership plans of the services page: staff edit the name, the monthly price and the perks listed. */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    priceKobo: integer('price_kobo').notNull(),
    perks: jsonb('perks').$type<string[]>().notNull().default([]),
    position: integer('position').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('plans_price_positive', sql`${t.priceKobo} > 0`)],
);

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

/**
 * The first answer to a submission sent with an `Idempotency-Key` (docs/decisions/013): a retry
 * with the same key, by the same member (or anonymous browser) to the same path, gets this answer
 * instead of storing anything again. `status` is null while the first request is being handled.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>`, or `anon:<hash of the pre-session cookie>` for a visitor. */
    scope: text('scope').notNull(),
    /** Method and path, as `POST /api/contact`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** Set for a member's keys, so their answers go with the account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    /** Which request holds the key while it is being handled. */
    claim: text('claim').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.route, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt), index('idempotency_keys_user_idx').on(t.userId)],
);

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
    state: text('state', { enum: ['open', 'closed'] }).notNull().default('open'),
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
    index('casting_applications_cast_idx').on(t.roleId).where(sql`${t.state} = 'cast'`),
  ],
);

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

/** A member at one date of a series: the first scan is the arrival, a later one (5 minutes on) the leaving. */
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
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.day, t.userId] }), index('attendance_user_idx').on(t.userId, t.day)],
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
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('attendance_scans_member_idx').on(t.seriesId, t.day, t.userId, t.scannedAt)],
);

/**
 * A fine the register proposes after a date (late, left early, missed): finance confirm it (a
 * ledger charge naming the session) or dismiss it; the member may send a reason first. A scan
 * sent later (queued offline) withdraws or revises a proposal it no longer supports, and flags a
 * confirmed one (`issue`).
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
    state: text('state', { enum: ['proposed', 'confirmed', 'dismissed'] }).notNull().default('proposed'),
    memberReason: text('member_reason'),
    /** Set on a confirmed fine that a scan sent later no longer supports: what finance must settle with the member. */
    issue: text('issue'),
    ledgerEntryId: uuid('ledger_entry_id').references(() => ledgerEntries.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('attendance_fines_once').on(t.seriesId, t.day, t.userId, t.type), index('attendance_fines_state_idx').on(t.state, t.createdAt), index('attendance_fines_user_idx').on(t.userId)],
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
