// The embedded database (PGlite): one process's, in `<dataDir>/pglite` (its folder locked) or in memory.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { lock as lockFile } from 'proper-lockfile';
import type { Database, DatabaseHandle, OpenDatabaseOptions } from './handle.js';
import { assertMigrated, migrationsFolder } from './migrations.js';
import { neverListening } from './notifications.js';
import * as schema from './schema.js';

// Written by `npm run build` (scripts/make-pglite-seed.mjs); absent when run from the sources.
const pgliteSeed = fileURLToPath(new URL('../../pglite-seed.tar.gz', import.meta.url));

/** The embedded database, its migrations applied first (unless `migrate: false`). */
export async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let dataPath: string | undefined;
  let loadDataDir: Blob | undefined = options.seed;
  let unlockDataDir = async () => {};
  if (!options.inMemory) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
    unlockDataDir = await lockDataDir(dataPath);
    // A first start copies the built, already initialised folder rather than running initdb.
    if (!loadDataDir && !existsSync(path.join(dataPath, 'PG_VERSION')) && existsSync(pgliteSeed)) loadDataDir = new Blob([readFileSync(pgliteSeed)]);
  }
  const client = await PGlite.create(dataPath, { loadDataDir }).catch(async (error: unknown) => {
    await unlockDataDir();
    throw error;
  });
  const db = drizzlePglite(client, { schema });
  if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
  else await assertMigrated(db as unknown as Database);
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    // PGlite tells its listeners of a statement's notifications before the statement answers.
    listen:
      options.listenUrl === null
        ? neverListening
        : async (channel, handlers) => {
            const unlisten = await client.listen(channel, handlers.onMessage);
            handlers.onLive(true);
            return () => unlisten();
          },
    // PGlite serves one process (its folder is locked), so nothing else can be running the job.
    async runAlone(_name, job) {
      await job();
      return true;
    },
    poolWaiting: () => 0,
    poolConnections: () => ({ total: 0, idle: 0 }),
    // CHECKPOINT first, so the copy needs no replay of the log; the dump itself waits for the query running.
    snapshot: async () => {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    async close() {
      await client.close();
      await unlockDataDir();
    },
  };
}

/** PGlite is one process's database: a second process on the same folder would corrupt it, so it is refused. */
export async function lockDataDir(dataPath: string): Promise<() => Promise<void>> {
  try {
    return await lockFile(dataPath);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    throw new DataDirInUseError(
      `Another portal process is using the embedded database in ${dataPath}. The embedded database serves one process: ` +
        'stop the other one (a crashed one releases it within 10 seconds), or set DATABASE_URL to run several.',
    );
  }
}

export class DataDirInUseError extends Error {}
