// Premieres (src/server/premieres/).
import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Films members can book a premiere seat for; retired ones stay for old submissions. */
export const premieres = pgTable('premieres', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull().unique('premieres_title_key'),
  showtimes: jsonb('showtimes').$type<string[]>().notNull().default(['5pm', '7pm', '9pm']),
  open: boolean('open').notNull().default(true),
  createdAt: createdAt(),
});
