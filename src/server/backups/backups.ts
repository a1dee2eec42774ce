import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.js';
import { configuredStorage, localUploadsDir } from '../files/configured-storage.js';

const run = promisify(execFile);

/** What a backup folder holds besides the dump, and what it cannot hold. */
interface Manifest {
  createdAt: string;
  database: 'database.dump';
  /** Local uploads are copied into `files/`; a bucket's keys are listed in `bucket-listing.json`. */
  files: { kind: 'local'; folder: 'files' } | { kind: 's3'; bucket: string; listing: 'bucket-listing.json'; count: number };
  keepWithIt: string[];
}

const KEEP_WITH_IT = [
  'SESSION_SECRET: codes and sessions are keyed by it; restored with another, every member signs in again and open codes stop working.',
  'The bucket itself when files are in S3: this backup lists its keys, the bucket keeps the bytes (turn on versioning or replication).',
];

function databaseUrlOf(config: Config): string {
  if (!config.databaseUrl) throw new Error('Backups need DATABASE_URL: with the embedded database, stop the portal and copy DATA_DIR instead.');
  return config.databaseUrl;
}

/**
 * `npm run backup -- <folder>`: the database in pg_dump's custom format, the uploaded files (or the
 * bucket's listing) and a manifest saying what else must be kept.
 */
export async function backupTo(config: Config, folder: string): Promise<Manifest> {
  const databaseUrl = databaseUrlOf(config);
  await mkdir(folder, { recursive: true });
  await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(folder, 'database.dump'), databaseUrl]);
  let files: Manifest['files'];
  if (config.s3) {
    const listing = await configuredStorage(config).list();
    await writeFile(path.join(folder, 'bucket-listing.json'), JSON.stringify(listing, null, 2));
    files = { kind: 's3', bucket: config.s3.bucket, listing: 'bucket-listing.json', count: listing.length };
  } else {
    await cp(localUploadsDir(config), path.join(folder, 'files'), { recursive: true, force: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    files = { kind: 'local', folder: 'files' };
  }
  const manifest: Manifest = { createdAt: new Date().toISOString(), database: 'database.dump', files, keepWithIt: KEEP_WITH_IT };
  await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * `npm run restore -- <folder>`: into the database of DATABASE_URL (emptied first) and the
 * configured storage. The housekeeping lock is held throughout, so no portal process sweeps
 * files as orphans while their rows are not back yet. Resolves to the bucket keys the backup
 * lists that the bucket no longer has.
 */
export async function restoreFrom(config: Config, folder: string): Promise<{ missingKeys: string[] }> {
  const databaseUrl = databaseUrlOf(config);
  const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('portal.job.housekeeping'))`);
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', databaseUrl, path.join(folder, manifest.database)]);
    if (manifest.files.kind === 'local') {
      if (config.s3) throw new Error('This backup holds local files; restore it with S3_BUCKET unset, then copy the files into the bucket.');
      await cp(path.join(folder, manifest.files.folder), localUploadsDir(config), { recursive: true, force: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      return { missingKeys: [] };
    }
    const listed = JSON.parse(await readFile(path.join(folder, manifest.files.listing), 'utf8')) as { key: string }[];
    const present = new Set((await configuredStorage(config).list()).map((entry) => entry.key));
    return { missingKeys: listed.map((entry) => entry.key).filter((key) => !present.has(key)) };
  } finally {
    await lock.end();
  }
}

/** How long ago the newest backup in `dir` (one folder each, with its manifest) was taken; undefined when none is there. */
export async function lastBackupAgeSeconds(dir: string, now: Date = new Date()): Promise<number | undefined> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let newest: number | undefined;
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const manifest = await readFile(path.join(dir, entry.name, 'manifest.json'), 'utf8').catch(() => undefined);
    const createdAt = Date.parse(manifestTime(manifest));
    if (Number.isFinite(createdAt) && (newest === undefined || createdAt > newest)) newest = createdAt;
  }
  return newest === undefined ? undefined : Math.max(0, (now.getTime() - newest) / 1000);
}

function manifestTime(text: string | undefined): string {
  try {
    return (JSON.parse(text ?? '{}') as { createdAt?: string }).createdAt ?? '';
  } catch {
    return '';
  }
}
