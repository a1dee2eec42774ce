import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client.js';
import { answers, databaseUrl, LOCAL_SERVER } from '../src/server/test-support/scratch-database.js';
import { migrationsHash } from './pglite-test-seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database a test portal's scratch database on this server is copied from. */
    postgresTestTemplate: { serverUrl: string; database: string } | undefined;
  }
}

/** Held while a template is looked for or built: two runs (or Stryker's two workers) build it once. */
const BUILDING_LOCK = 310_427;
const PREFIX = 'portal_test_template_';

/**
 * Vitest globalSetup: on the PostgreSQL server the tests use (DATABASE_URL's, else the machine's
 * own when it answers, as the race tests do), one database migrated as every test portal's would
 * be, named by a hash of drizzle/ and kept between runs. A test portal's scratch database is then a
 * copy of it (`create database ... template`, about 50 ms) instead of an empty one that runs every
 * migration (0.35-0.9 s here), at every test file and, in a mutation run, every mutant's.
 */
export default async function buildPostgresTestTemplate(project: TestProject): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? ((await answers(LOCAL_SERVER)) ? LOCAL_SERVER : undefined);
  project.provide('postgresTestTemplate', serverUrl ? { serverUrl, database: await migratedTemplate(serverUrl) } : undefined);
}

async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `${PREFIX}${migrationsHash()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [BUILDING_LOCK]);
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${PREFIX}%`]);
    if (rows.some((row) => row.datname === name)) return name;
    // Those of other migrations, and one a stopped run left half-built: no test copies them any more.
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    // Built under another name and renamed once whole, so a run stopped half-way leaves no half template.
    const building = `${name}_building`;
    await client.query(`create database ${building}`);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-template-'));
    try {
      const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building), dataDir, listenUrl: null });
      await handle.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    await client.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [BUILDING_LOCK]).catch(() => {});
    await client.end();
  }
}
