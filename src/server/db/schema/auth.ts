// Who is asking: sessions, two-factor, codes and their guesses (src/server/auth/).
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

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
 * A run of wrong passwords or codes in a row, of one kind, from one guesser: the account's
 * strangers together, a browser that signed in to the account before, or a name that is no
 * account. Counted before the answer is checked and deleted when it is right; past a few, each
 * try waits for `next_try_at` (auth/wrong-guesses.ts, docs/decisions/024).
 */
export const wrongGuesses = pgTable(
  'wrong_guesses',
  {
    kind: text('kind', { enum: ['password', 'app-code', 'recovery-code', 'reset-code'] }).notNull(),
    /** The account's id; `browser:` and a known browser's id; or `unknown:` and a keyed hash of a name that is no account. */
    key: text('key').notNull(),
    /** The account guessed at, when there is one: whom to tell, and whose waits an admin lifts. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index('wrong_guesses_user_idx').on(t.userId)],
);

/**
 * The release before this one's daily ceiling of wrong codes: no longer written (wrong_guesses
 * replaced it, docs/decisions/024); dropped once no process of that release runs
 * (docs/decisions/019). The housekeeping still clears its past days.
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
