// The migrations in drizzle/, and the check that a database has them all when this process does
// not apply them itself. Applying them is each driver's (postgres.ts, pglite.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './handle.js';

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * With MIGRATE_ON_START=false the migrations are a step of their own, run before this version
 * starts (expand/contract, decision 019): a database that lacks any is refused, rather than served
 * with a schema the code does not know.
 */
export async function assertMigrated(db: Database): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  const applied = await db
    .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    .then((result) => Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0))
    .catch(() => 0);
  const missing = journal.entries.length - applied;
  if (missing > 0) {
    throw new MigrationsMissingError(
      `MIGRATE_ON_START is false and ${missing} of ${journal.entries.length} migrations are not applied to this database: run \`npm run migrate\` (as a role allowed to change the schema) first.`,
    );
  }
}

export class MigrationsMissingError extends Error {}
