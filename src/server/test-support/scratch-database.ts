import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** One statement on a connection of its own: for tests and scripts that set a database up by hand. */
export async function runSql<Row extends pg.QueryResultRow>(databaseUrl: string, sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The machine's own server, as on the development machines and in .ci/run. */
export const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether a PostgreSQL server answers at this address (within 2 s). */
export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The address of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A new database on a PostgreSQL server (`<prefix>_<random>`), and how to drop it after: empty, or
 * a copy of `template` (a database no one is connected to).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  { template }: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runSql(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: databaseUrl(serverUrl, name), drop: async () => void (await runSql(serverUrl, `drop database if exists ${name} with (force)`)) };
}
