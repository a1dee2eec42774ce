import { type SQL, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../db/client.js';
import { answers, LOCAL_SERVER } from './scratch-database.js';
import { createTestApp, postgresServerUrl } from './test-app.js';

/**
 * The PostgreSQL server the race tests run on, on every pass (`npm test`'s embedded-database one
 * included): DATABASE_URL's, else the machine's own when it answers. PGlite runs one transaction
 * at a time, so a race there always passes, whatever the code does.
 */
export const raceServerUrl: string | undefined = postgresServerUrl ?? ((await answers(LOCAL_SERVER)) ? LOCAL_SERVER : undefined);

/**
 * Something tests need is not there: said loudly where a developer runs them, and a failure
 * under CI, whose .ci/run starts PostgreSQL and builds before the tests.
 */
export function missingForTests(message: string): void {
  if (process.env.CI) throw new Error(message);
  console.warn(`\n!!! ${message}\n`);
}

/** The PATH a child process of a test needs to find its tools. */
export const inheritedPath = process.env.PATH;

if (!raceServerUrl) {
  missingForTests(
    'PostgreSQL does not answer on 127.0.0.1:5432 and DATABASE_URL is not set: the race tests of this file are SKIPPED ' +
      '(PGlite would pass them whatever the code does). Start PostgreSQL to run them.',
  );
}

/** A describe block that runs on PostgreSQL whenever a server answers, and is skipped (loudly, above) otherwise. */
export function describeOnPostgres(name: string, body: () => void): void {
  describe.skipIf(!raceServerUrl)(`${name} (on PostgreSQL)`, body);
}

/** A test portal whose database is a scratch database on the race server. */
export function createPostgresTestApp(...[env, build]: Parameters<typeof createTestApp>) {
  if (!raceServerUrl) throw new Error('no PostgreSQL server for this portal');
  return createTestApp(env, build, { postgresServer: raceServerUrl });
}

/**
 * Holds the rows `lockQuery` locks (`select ... for update`) from a connection of its own, so that
 * requests queue behind them in the order they are sent; `queued(n)` waits until n statements wait
 * for a lock, `release()` commits. PostgreSQL only (pg_stat_activity).
 */
export async function holdRows(db: Database, lockQuery: SQL) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const done = db.transaction(async (tx) => {
    await tx.execute(lockQuery);
    locked();
    await released;
  });
  await holding;
  const waiting = async () => {
    const result = await db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  };
  return {
    queued: (n: number) => expect.poll(waiting, { timeout: 10_000 }).toBe(n),
    release: async () => {
      release();
      await done;
    },
  };
}
