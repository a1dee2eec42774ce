import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../db/client.js';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * `npm run move-to-postgres`: the embedded database of DATA_DIR (the portal stopped: its folder is
 * locked while it runs) copied into the empty PostgreSQL database of DATABASE_URL, for a company
 * that outgrows one machine. The target gets this release's migrations first (the rows they seed
 * are replaced); every table of the public schema is then copied row for row in one transaction, with triggers and foreign keys held
 * off while it runs (session_replication_role = replica: a superuser or the database's owner on a
 * managed server), and every sequence is set past the largest id copied. Uploaded files stay in
 * DATA_DIR/uploads (or the bucket): keep the same DATA_DIR and S3_* settings. Resolves to the rows
 * copied per table.
 */
export async function moveToPostgres(dataDir: string, databaseUrl: string): Promise<Record<string, number>> {
  const source = await openDatabase({ dataDir });
  const scratch = await mkdtemp(path.join(tmpdir(), 'portal-move-'));
  const migrated = await openDatabase({ databaseUrl, dataDir: scratch, poolSize: 1, listenUrl: null });
  await migrated.close();
  const target = new pg.Client({ connectionString: databaseUrl });
  await target.connect();
  try {
    const tables = rowsOf<{ name: string }>(
      await source.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
    ).map((table) => table.name);
    // Migrations seed some rows (plans, pages); members mean a database in use.
    const [{ n } = { n: 0 }] = (await target.query<{ n: number }>('select count(*)::int as n from public.users')).rows;
    if (n > 0) throw new Error(`The PostgreSQL database is not empty (${n} users): move into a new database.`);
    const copied: Record<string, number> = {};
    await target.query('begin');
    await target.query('set local session_replication_role = replica');
    await target.query(`truncate ${tables.map((table) => `public.${ident(table)}`).join(', ')}`);
    for (const table of tables) {
      // PostgreSQL's own JSON of each row (bytea as \x hex, times in ISO form), read back by the target's json_populate_recordset.
      const rows = rowsOf<{ row: string }>(await source.db.execute(sql.raw(`select row_to_json(t)::text as row from public.${ident(table)} t`)));
      for (let i = 0; i < rows.length; i += 500) {
        const batch = `[${rows
          .slice(i, i + 500)
          .map((r) => r.row)
          .join(',')}]`;
        await target.query(`insert into public.${ident(table)} select * from json_populate_recordset(null::public.${ident(table)}, $1::json)`, [batch]);
      }
      copied[table] = rows.length;
    }
    const sequences = await target.query<{ seq: string; tbl: string; col: string }>(
      `select pg_get_serial_sequence(format('public.%I', table_name), column_name) as seq, table_name as tbl, column_name as col
         from information_schema.columns
        where table_schema = 'public' and pg_get_serial_sequence(format('public.%I', table_name), column_name) is not null`,
    );
    for (const { seq, tbl, col } of sequences.rows) {
      await target.query(`select setval($1, coalesce((select max(${ident(col)}) from public.${ident(tbl)}), 0) + 1, false)`, [seq]);
    }
    await target.query('commit');
    return copied;
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw error;
  } finally {
    await target.end();
    await source.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
