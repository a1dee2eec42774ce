import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

/** The same type for both drivers, so every query is written once. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repository function accepts: the database or a transaction inside it. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Written by `npm run build` (scripts/make-pglite-seed.mjs); absent when run from the sources.
const pgliteSeed = fileURLToPath(new URL('../../pglite-seed.tar.gz', import.meta.url));

/**
 * PostgreSQL when a URL is given, else the embedded PGlite in `<dataDir>/pglite`
 * (or in memory for `memory://`, which the tests use). Migrations run before it is returned.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** Connections to a PostgreSQL server. */
  poolSize?: number;
  /** Told when a connection breaks (server restart); the pool opens new ones for the next queries. */
  onConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // Without listeners, a connection dropped by a PostgreSQL restart would crash the process:
    // the pool's covers idle connections, each client's covers one checked out (in a transaction).
    const onError = options.onConnectionError ?? (() => {});
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Database, driver: 'postgres', close: () => pool.end() };
  }
  let dataPath: string | undefined;
  let loadDataDir: Blob | undefined;
  if (!options.inMemory) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
    // A first start copies the built, already initialised folder rather than running initdb.
    if (!existsSync(path.join(dataPath, 'PG_VERSION')) && existsSync(pgliteSeed)) loadDataDir = new Blob([readFileSync(pgliteSeed)]);
  }
  const client = await PGlite.create(dataPath, { loadDataDir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: 'pglite', close: () => client.close() };
}

/**
 * A query prepared once per database and reused: for the few queries on every request's path,
 * which are then neither rebuilt nor re-planned.
 */
export function preparedPerDatabase<P>(prepare: (db: Database) => P): (db: Database) => P {
  const prepared = new WeakMap<Database, P>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = prepare(db)));
    return query;
  };
}
