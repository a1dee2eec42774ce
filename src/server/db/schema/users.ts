// Accounts and the uploads: `users` and `files` name each other (a profile picture is a file, a file has an
// owner), so they share this file.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/roles.js';
import type { Achievement } from '../../../shared/schemas/users.js';
import { createdAt } from './columns.js';

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
    /** The member card's version, which its check code covers: staff reissuing the card raise it, and the old QR code stops checking. */
    cardVersion: integer('card_version').notNull().default(1),
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

/** Every upload is a row here; the bytes live in storage under `storageKey`. */
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
