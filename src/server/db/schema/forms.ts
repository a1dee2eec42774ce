// The members' forms (src/server/forms/).
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FormKind } from '../../../shared/form-routes.js';
import { createdAt } from './columns.js';
import { files, users } from './users.js';

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
    state: text('state', { enum: ['new', 'handled'] })
      .notNull()
      .default('new'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('submissions_form_created_idx').on(t.form, t.createdAt),
    index('submissions_user_idx').on(t.userId),
    index('submissions_new_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'new'`),
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
