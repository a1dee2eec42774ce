import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from '../src/server/db/client.js';

const migrations = path.resolve(import.meta.dirname, '../drizzle');

/** A hash of drizzle/ (every migration and the journal): a changed or added migration gets a migrated copy of its own. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(migrations, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the migrated embedded database for these migrations is kept. */
export function pgliteTestSeedFile(): string {
  return path.join(tmpdir(), `portal-pglite-seed-${migrationsHash()}.tar`);
}

/**
 * Vitest globalSetup: builds the seed once (initdb and every migration, as each test portal would)
 * when it is not there. A test portal on the embedded database then starts from a copy of it
 * (PGLITE_TEST_SEED, test-app.ts) and its migrations find nothing left to apply, rather than
 * running initdb and the migrations again for every test file (10 s a file on a busy machine).
 */
export default async function buildPgliteTestSeed(): Promise<void> {
  const file = pgliteTestSeedFile();
  if (existsSync(file)) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-seed-'));
  try {
    const handle = await openDatabase({ dataDir, inMemory: true, listenUrl: null });
    if (!handle.snapshot) throw new Error('The embedded database gives no snapshot.');
    const dump = await handle.snapshot();
    await handle.close();
    // Kept unpacked (43 MB, not 5): PGlite then starts from it a third faster, with no gunzip, at
    // every mutant's boot. Written whole, then renamed: a run that stops half-way leaves no half seed.
    writeFileSync(`${file}.${process.pid}`, gunzipSync(Buffer.from(await dump.arrayBuffer())));
    renameSync(`${file}.${process.pid}`, file);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
