// The company's calendar and gallery on /events (src/server/events/).
import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { CompanyEventKind } from '../../../shared/company-events.js';
import { createdAt } from './columns.js';
import { files } from './users.js';

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
