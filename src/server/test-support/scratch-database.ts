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

/** A new, empty database on a PostgreSQL server (`<prefix>_<random>`), and how to drop it after. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runSql(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => void (await runSql(serverUrl, `drop database if exists ${name} with (force)`)) };
}
