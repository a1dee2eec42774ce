import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './pglite.js';

/**
 * Puts a copy of the embedded database's folder (DatabaseHandle.snapshot's gzipped tar, in
 * `tarball`) in `<dataDir>/pglite`, with no portal running on it (its lock is taken, or this
 * refuses). A folder already there is never deleted: it is moved aside, and its new name returned.
 */
export async function restoreEmbeddedCopy(dataDir: string, tarball: string): Promise<{ setAside: string | undefined }> {
  const dataPath = path.join(dataDir, 'pglite');
  await mkdir(dataPath, { recursive: true });
  const unlock = await lockDataDir(dataPath);
  try {
    let setAside: string | undefined;
    if (readdirSync(dataPath).length > 0) {
      setAside = `${dataPath}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(dataPath, setAside);
      await mkdir(dataPath);
    }
    const copy = await PGlite.create(dataPath, { loadDataDir: new Blob([await readFile(tarball)]) });
    await copy.close();
    if (!existsSync(path.join(dataPath, 'PG_VERSION'))) throw new Error(`${tarball} held no database folder`);
    return { setAside };
  } finally {
    await unlock();
  }
}
