import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, runSql } from '../test-support/scratch-database.js';
import { onPostgresServer, postgresServerUrl } from '../test-support/test-app.js';
import { DataDirInUseError, type DatabaseHandle, openDatabase } from './client.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('opening the database', () => {
  it('refuses a second process on the embedded database folder, and lets it in once the first closed it', async () => {
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
    await first.close();
    const second = await openDatabase({ dataDir });
    await second.close();
  });

  // Kept reads rely on it (decision 016): a process's next request never sees what its own change replaced.
  it('hands a statement’s own notification to the listeners before the statement answers, and a transaction’s at its commit', async () => {
    const scratch = onPostgresServer ? await createScratchDatabase(postgresServerUrl!, 'own_notify') : undefined;
    // On PostgreSQL the process's own LISTEN connection points nowhere, so only the pool's connections can tell.
    const handle: DatabaseHandle = scratch
      ? await openDatabase({ databaseUrl: scratch.url, listenUrl: 'postgres://postgres@127.0.0.1:1/nowhere', dataDir, poolSize: 2 })
      : await openDatabase({ dataDir, inMemory: true });
    try {
      const told: string[] = [];
      const stop = await handle.listen('session_changed', { onMessage: (payload) => told.push(payload), onLive: () => {} });
      await handle.db.execute(sql`select pg_notify('session_changed', 'alone')`);
      expect(told).toEqual(['alone']);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('session_changed', 'in a transaction')`);
        expect(told).toEqual(['alone']);
      });
      expect(told).toEqual(['alone', 'in a transaction']);
      await Promise.all([1, 2, 3].map((n) => handle.db.execute(sql`select pg_notify('session_changed', ${`at once ${n}`})`)));
      expect(told.slice(2).sort()).toEqual(['at once 1', 'at once 2', 'at once 3']);
      await stop();
    } finally {
      await handle.close();
      await scratch?.drop();
    }
  });

  it.runIf(onPostgresServer)('applies the migrations once when several processes start together', async () => {
    const scratch = await createScratchDatabase(postgresServerUrl!, 'migrate');
    try {
      const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: scratch.url, dataDir, poolSize: 2 })));
      await Promise.all(handles.map((handle) => handle.close()));
      const applied = await runSql<{ hash: string }>(scratch.url, 'select hash from drizzle.__drizzle_migrations');
      expect(applied.length).toBeGreaterThan(0);
      expect(new Set(applied.map((row) => row.hash)).size).toBe(applied.length);
    } finally {
      await scratch.drop();
    }
  });

  it.runIf(onPostgresServer)('runs a job in one process at a time', async () => {
    const scratch = await createScratchDatabase(postgresServerUrl!, 'jobs');
    const [a, b] = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: scratch.url, dataDir, poolSize: 2 })));
    try {
      let finish = () => {};
      const running = new Promise<void>((resolve) => (finish = resolve));
      const first = a!.runAlone('sweep', () => running);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await b!.runAlone('sweep', async () => {})).toBe(false);
      expect(await b!.runAlone('reminders', async () => {})).toBe(true);
      finish();
      expect(await first).toBe(true);
      expect(await b!.runAlone('sweep', async () => {})).toBe(true);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
      await scratch.drop();
    }
  });
});
