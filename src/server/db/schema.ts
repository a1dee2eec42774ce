// The database's tables, one file per domain in schema/, gathered here: the code imports them from
// this file, and drizzle-kit reads it (drizzle.config.ts) to generate the migrations.
export * from './schema/users.js';
export * from './schema/auth.js';
export * from './schema/site.js';
export * from './schema/contact.js';
export * from './schema/audit.js';
export * from './schema/ledger.js';
export * from './schema/membership.js';
export * from './schema/notifications.js';
export * from './schema/mail.js';
export * from './schema/forms.js';
export * from './schema/premieres.js';
export * from './schema/events.js';
export * from './schema/ads.js';
export * from './schema/talent.js';
export * from './schema/plans.js';
export * from './schema/announcements.js';
export * from './schema/privacy.js';
export * from './schema/idempotency.js';
export * from './schema/castings.js';
export * from './schema/schedule.js';
