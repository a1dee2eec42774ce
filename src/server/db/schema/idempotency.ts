// Idempotency keys (src/server/idempotency/).
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

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
  (t) => [
    primaryKey({ columns: [t.scope, t.route, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    index('idempotency_keys_user_idx').on(t.userId),
  ],
);
