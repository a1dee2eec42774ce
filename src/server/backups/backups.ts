import { execFile, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Readable, Writable } from 'node:stream';
import pg from 'pg';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import type { DatabaseHandle } from '../db/client.js';
import { restoreEmbeddedCopy } from '../db/embedded-copy.js';
import { configuredStorage } from '../files/configured-storage.js';
import { SERVICE } from '../service.js';
import { AGE_HEADER, recipientOf, sealInto, sha256Of, unsealInto } from './sealed.js';

const run = promisify(execFile);

/** The backup's table of contents, written in clear (no secret in it) and 0600 like every file of the backup. */
export interface Manifest {
  format: 'portal-backup/3';
  createdAt: string;
  app: { name: string; version: string };
  /** The last migration applied by this release (drizzle/meta/_journal.json), and how many there are. */
  migrations: { count: number; last: string };
  /** Every file of the backup (sealed) with its SHA-256, checked before a restore touches anything. */
  checksums: Record<string, string>;
  /** age files, sealed for this recipient: `age -d -i <file holding BACKUP_KEY> <name>.age` opens one without the portal. */
  encryption: { format: typeof AGE_HEADER; recipient: string };
  /** PostgreSQL: pg_dump's custom format; embedded: its folder as a gzipped tar, copied while it served. */
  database: 'database.dump.age' | 'pglite.tar.gz.age';
  /** Local uploads are sealed into `files/`; a bucket's objects too with `--with-files`, its keys always in the listing. */
  files: { kind: 'local'; folder: 'files' } | { kind: 's3'; bucket: string; listing: 'bucket-listing.json.age'; count: number; copied: boolean };
  keepWithIt: string[];
}

const KEEP_WITH_IT = [
  'BACKUP_KEY (the age identity of the recipient in this manifest), kept apart from the backups: without it they cannot be opened.',
  'SESSION_SECRET: codes and sessions are keyed by it; restored with another, every member signs in again and open codes stop working.',
  'The bucket itself when files are in S3 and the backup was taken without --with-files: this backup lists its keys, the bucket keeps the bytes (turn on versioning or replication).',
];

/** The migrations this build applies: drizzle/ beside src/ and dist/ alike. */
export function migrationVersion(): Manifest['migrations'] {
  const journal = JSON.parse(readFileSync(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as { entries: { tag: string }[] };
  return { count: journal.entries.length, last: journal.entries.at(-1)?.tag ?? '' };
}

/** Who backups are sealed for: BACKUP_RECIPIENT, or the recipient of BACKUP_KEY; both set must be one pair. */
async function recipientFor(config: Config): Promise<string> {
  const { identity, recipient } = config.backups;
  const ofIdentity = identity ? await recipientOf(identity) : undefined;
  if (recipient && ofIdentity && recipient !== ofIdentity)
    throw new Error('BACKUP_RECIPIENT is not the recipient of BACKUP_KEY: set one of them, or the pair npm run backup -- new-key printed.');
  const chosen = recipient ?? ofIdentity;
  if (!chosen)
    throw new Error(
      'Backups are encrypted: set BACKUP_RECIPIENT (or BACKUP_KEY); npm run backup -- new-key prints a pair. Keep BACKUP_KEY apart from the backups.',
    );
  return chosen;
}

function identityOf(config: Config): string {
  if (!config.backups.identity) throw new Error('BACKUP_KEY is not set: it is the age identity (AGE-SECRET-KEY-1...) that opens the backups.');
  return config.backups.identity;
}

/**
 * `npm run backup -- [folder] [--with-files]`: the database (PostgreSQL: pg_dump's custom format;
 * embedded: `snapshot`, its folder copied while it serves), streamed straight into its sealed file
 * (no clear copy touches the disk), the uploaded files (a bucket's objects only with
 * `withBucketFiles`), each sealed (age) for BACKUP_RECIPIENT, in a folder only its owner reads
 * (0700, files 0600), with a manifest of checksums and versions.
 */
export async function backupTo(
  config: Config,
  folder: string,
  options: { withBucketFiles?: boolean; snapshot?: DatabaseHandle['snapshot'] } = {},
): Promise<Manifest> {
  const recipient = await recipientFor(config);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  const checksums: Record<string, string> = {};
  const seal = async (name: string, source: NodeJS.ReadableStream) => {
    const target = path.join(folder, name);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    checksums[name] = await sealInto(recipient, source as never, target);
  };

  let database: Manifest['database'];
  if (config.databaseUrl) {
    database = 'database.dump.age';
    await sealPgDump(config.databaseUrl, (source) => seal(database, source));
  } else {
    if (!options.snapshot)
      throw new Error('The embedded database is backed up by the portal serving it (BACKUP_EVERY_HOURS), or by npm run backup while the portal is stopped.');
    database = 'pglite.tar.gz.age';
    await seal(database, Readable.fromWeb((await options.snapshot()).stream() as never));
  }

  let files: Manifest['files'];
  const storage = await configuredStorage(config);
  const listing = await storage.list();
  if (config.s3) {
    await seal('bucket-listing.json.age', Readable.from([Buffer.from(JSON.stringify(listing, null, 2))]));
    if (options.withBucketFiles) for (const entry of listing) await seal(`files/${entry.key}.age`, (await storage.open(entry.key)).stream);
    files = { kind: 's3', bucket: config.s3.bucket, listing: 'bucket-listing.json.age', count: listing.length, copied: Boolean(options.withBucketFiles) };
  } else {
    for (const entry of listing) await seal(`files/${entry.key}.age`, (await storage.open(entry.key)).stream);
    files = { kind: 'local', folder: 'files' };
  }
  const manifest: Manifest = {
    format: 'portal-backup/3',
    createdAt: new Date().toISOString(),
    app: { ...SERVICE },
    migrations: migrationVersion(),
    checksums,
    encryption: { format: AGE_HEADER, recipient },
    database,
    files,
    keepWithIt: KEEP_WITH_IT,
  };
  await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: 0o600 });
  return manifest;
}

async function sealPgDump(databaseUrl: string, seal: (source: NodeJS.ReadableStream) => Promise<void>): Promise<void> {
  const dump = spawn('pg_dump', ['--format=custom', '--no-owner', databaseUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
  let dumpErrors = '';
  dump.stderr.on('data', (chunk: Buffer) => (dumpErrors += chunk.toString()));
  const dumped = new Promise<void>((resolve, reject) => {
    dump.once('error', reject);
    dump.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump failed (${code}): ${dumpErrors.trim()}`))));
  });
  await Promise.all([seal(dump.stdout), dumped]);
}

/** Every file the manifest lists is there with its checksum; throws naming the first that is not. */
export async function verifyBackup(folder: string, identity: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 'portal-backup/3') throw new Error(`${folder}: not a backup this release reads (format ${String(manifest.format)})`);
  const ours = await recipientOf(identity);
  if (manifest.encryption.recipient !== ours)
    throw new Error(`${folder} was sealed for another key (${manifest.encryption.recipient}; this BACKUP_KEY opens ${ours})`);
  for (const [name, expected] of Object.entries(manifest.checksums)) {
    const actual = await sha256Of(path.join(folder, name)).catch(() => 'missing');
    if (actual !== expected) throw new Error(`${folder}/${name}: checksum ${actual}, the manifest says ${expected}: the backup was changed or is incomplete`);
  }
  return manifest;
}

/**
 * `npm run restore -- <folder>`: checks every checksum and the key first, then restores into the
 * database of DATABASE_URL (emptied first), or, for a backup of the embedded database, into
 * DATA_DIR (a folder there is moved aside, never deleted; no portal may be running on it), and
 * into the configured storage. On PostgreSQL the housekeeping lock is held throughout, so no
 * portal process sweeps files as orphans while their rows are not back yet. Resolves to the bucket
 * keys the backup lists that neither it nor the bucket has, and where an embedded folder was set aside.
 */
export async function restoreFrom(config: Config, folder: string): Promise<{ missingKeys: string[]; setAside?: string }> {
  const identity = identityOf(config);
  const manifest = await verifyBackup(folder, identity);
  const ownRelease = migrationVersion();
  if (manifest.migrations.count > ownRelease.count) {
    throw new Error(
      `${folder} was taken by a newer release (migration ${manifest.migrations.last}; this one ends at ${ownRelease.last}): restore it with that release`,
    );
  }
  const embedded = manifest.database === 'pglite.tar.gz.age';
  if (embedded && config.databaseUrl)
    throw new Error('This backup is of the embedded database: restore it with DATABASE_URL unset (npm run move-to-postgres then moves it to PostgreSQL).');
  if (!embedded && !config.databaseUrl) throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to the database to restore it into.');
  if (manifest.files.kind === 'local' && config.s3)
    throw new Error('This backup holds local files; restore it with S3_BUCKET unset, then copy the files into the bucket.');
  const scratch = await mkdtemp(path.join(tmpdir(), 'portal-restore-'));
  const housekeeping = config.databaseUrl ? new pg.Client({ connectionString: config.databaseUrl }) : undefined;
  try {
    await housekeeping?.connect();
    await housekeeping?.query(`select pg_advisory_lock(hashtext('portal.job.housekeeping'))`);
    const copy = path.join(scratch, 'database');
    await unsealInto(identity, path.join(folder, manifest.database), createWriteStream(copy, { mode: 0o600 }));
    const { setAside } = config.databaseUrl
      ? (await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', config.databaseUrl, copy]),
        { setAside: undefined })
      : await restoreEmbeddedCopy(config.dataDir, copy);
    const storage = await configuredStorage(config);
    const sealedFiles = Object.keys(manifest.checksums).filter((name) => name.startsWith('files/'));
    for (const name of sealedFiles) {
      const fileKey = name.slice('files/'.length, -'.age'.length);
      const clear = path.join(scratch, 'file-bytes');
      await unsealInto(identity, path.join(folder, name), createWriteStream(clear, { mode: 0o600 }));
      await storage.put(fileKey, await readFile(clear));
      await rm(clear);
    }
    if (manifest.files.kind === 'local') return { missingKeys: [], ...(setAside ? { setAside } : {}) };
    const listed = await unsealToBuffer(identity, path.join(folder, manifest.files.listing));
    const present = new Set((await storage.list()).map((entry) => entry.key));
    return { missingKeys: (JSON.parse(listed.toString('utf8')) as { key: string }[]).map((entry) => entry.key).filter((fileKey) => !present.has(fileKey)) };
  } finally {
    await housekeeping?.end();
    await rm(scratch, { recursive: true, force: true });
  }
}

async function unsealToBuffer(identity: string, file: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await unsealInto(
    identity,
    file,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks);
}

/** A backup's folder name: its time, sortable. */
export function backupFolderName(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/**
 * The embedded database's online backups, taken by the portal that serves it (nothing else may
 * open its folder): into BACKUP_DIR every BACKUP_EVERY_HOURS when BACKUP_RECIPIENT (or BACKUP_KEY)
 * is set. Housekeeping asks hourly, so "due" allows half an hour early. Resolves to the new folder.
 */
export async function backUpEmbeddedWhenDue(ctx: AppContext): Promise<string | undefined> {
  const { backups } = ctx.config;
  if (!ctx.snapshot || backups.everyHours === 0 || !(backups.recipient ?? backups.identity)) return undefined;
  const age = await lastBackupAgeSeconds(backups.dir, ctx.clock());
  if (age !== undefined && age < backups.everyHours * 3600 - 1800) return undefined;
  const folder = path.join(backups.dir, backupFolderName(ctx.clock()));
  await backupTo(ctx.config, folder, { snapshot: ctx.snapshot });
  return folder;
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
