import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationsMissingError, openDatabase } from './db/client.js';
import { createLocalStorage, type FileStorage } from './files/storage.js';
import { createTestApp } from './test-support/test-app.js';

describe('MIGRATE_ON_START=false', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-migrate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a database that lacks migrations, naming the step to run, and opens one migrated by that step', { timeout: 120_000 }, async () => {
    await expect(openDatabase({ dataDir, inMemory: true, migrate: false })).rejects.toThrow(MigrationsMissingError);
    await expect(openDatabase({ dataDir, inMemory: true, migrate: false })).rejects.toThrow(
      /MIGRATE_ON_START is false and \d+ of \d+ migrations are not applied.*npm run migrate/,
    );
    // `npm run migrate` as a step of its own, then the process that does not migrate.
    const migrated = await openDatabase({ dataDir });
    await migrated.close();
    const runtime = await openDatabase({ dataDir, migrate: false });
    await runtime.close();
  });
});

describe('a deploy stopping and starting a process', () => {
  let listed = 0;
  const disk = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'portal-deploy-')));
  const countingStorage: FileStorage = { ...disk, list: () => (listed++, disk.list()) };
  let portal: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    portal = await createTestApp({}, { storage: countingStorage });
  });
  afterAll(() => portal.close());

  it('starts the housekeeping (its orphan sweep lists the store) only once the port is open', async () => {
    expect(listed).toBe(0);
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const deadline = Date.now() + 10_000;
    while (listed === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listed).toBe(1);
  });

  it('answers /readyz 503 while draining, still serving everything else, before the listener closes', async () => {
    const base = `http://127.0.0.1:${(portal.app.server.address() as { port: number }).port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const draining = portal.app.drainReadiness(800);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('stopping');
    expect((await fetch(`${base}/api/plans`)).status).toBe(200);
    await draining;
  });
});
