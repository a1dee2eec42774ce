// Opening the database, PostgreSQL (postgres.ts) or the embedded PGlite (pglite.ts), and what the
// code imports to query it. The notifications are notifications.ts, the migrations migrations.ts.
import type { Database, DatabaseHandle, Executor, OpenDatabaseOptions } from './handle.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export type { Database, DatabaseHandle, DatabaseTimeouts, Executor, OpenDatabaseOptions, Transaction } from './handle.js';
export { MigrationsMissingError } from './migrations.js';
export { type ChannelHandlers, NOTIFY_CHANNELS, type NotifyChannel, neverListening } from './notifications.js';
export { DataDirInUseError } from './pglite.js';
export { databaseTimeouts } from './postgres.js';

/**
 * PostgreSQL when a URL is given, else the embedded PGlite in `<dataDir>/pglite`
 * (or in memory for `memory://`, which the tests use). Migrations run before it is returned.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

/**
 * A query prepared once per database and reused: for the few queries on every request's path,
 * which are then neither rebuilt nor re-planned. Given a transaction, it is prepared on it (a query
 * prepared on the database would run outside the transaction).
 */
export function preparedPerDatabase<P, D extends Executor = Database>(prepare: (db: D) => P): (db: D) => P {
  const prepared = new WeakMap<D, P>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = prepare(db)));
    return query;
  };
}
