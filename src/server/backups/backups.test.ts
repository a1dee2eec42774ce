import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { lockDataDir } from '../db/pglite.js';
import { storeFile } from '../files/files-service.js';
import { PDF_BYTES } from '../test-support/files.js';
import { createScratchDatabase } from '../test-support/scratch-database.js';
import { onPostgresServer, postgresServerUrl, signedInStaff, signedUpMember, STAFF, testConfig } from '../test-support/test-app.js';
import { backUpEmbeddedWhenDue, backupTo, restoreFrom } from './backups.js';
import { AGE_HEADER, newBackupKey } from './sealed.js';

const { identity: BACKUP_KEY, recipient: BACKUP_RECIPIENT } = await newBackupKey();
const folders: string[] = [];
const folder = (name: string) => {
  const made = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  folders.push(made);
  return made;
};
afterAll(() => folders.forEach((made) => rmSync(made, { recursive: true, force: true })));

async function portalOn(databaseUrl: string | undefined, dataDir: string, options: { clock?: () => Date; inMemory?: boolean } = {}) {
  const config = testConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    SESSION_SECRET: 's'.repeat(40),
    BACKUP_KEY,
    BACKUP_DIR: path.join(dataDir, 'backups'),
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
  });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2, inMemory: options.inMemory });
  const app = await buildApp(config, { database, webRoot: path.join(dataDir, 'no-web'), ...(options.clock ? { clock: options.clock } : {}) });
  return { config, app, close: async () => (await app.close(), await database.close()) };
}

describe.runIf(onPostgresServer)('backup and restore', () => {
  it('backs up, and after a wipe restores into a fresh database every member and file', async () => {
    const original = await createScratchDatabase(postgresServerUrl!, 'backup');
    const originalData = folder('backup-data');
    const portal = await portalOn(original.url, originalData);
    const members = [await signedUpMember(portal.app), await signedUpMember(portal.app)];
    const stored = await Promise.all(
      members.map(({ user }) =>
        storeFile(portal.app.ctx, portal.app.ctx.db, {
          ownerId: user.id,
          purpose: 'test',
          data: Buffer.concat([PDF_BYTES, randomBytes(8)]),
          mimeType: 'application/pdf',
        }),
      ),
    );
    const backup = folder('backup');
    const manifest = await backupTo(portal.config, backup);
    expect(manifest.files.kind).toBe('local');
    expect(manifest.keepWithIt.join(' ')).toContain('SESSION_SECRET');
    expect(manifest.keepWithIt.join(' ')).toContain('BACKUP_KEY');
    expect(manifest.app.version).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(manifest.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.encryption).toEqual({ format: AGE_HEADER, recipient: BACKUP_RECIPIENT });
    // Owner-only, sealed (no clear dump: pg_dump's custom format starts PGDMP), every file checksummed.
    expect(statSync(backup).mode & 0o777).toBe(0o700);
    const written = readdirSync(backup, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(written.map((entry) => path.relative(backup, path.join(entry.parentPath, entry.name))).sort()).toEqual(
      [...Object.keys(manifest.checksums), 'manifest.json'].sort(),
    );
    for (const entry of written) expect(statSync(path.join(entry.parentPath, entry.name)).mode & 0o777, entry.name).toBe(0o600);
    expect(Object.keys(manifest.checksums).filter((name) => name.startsWith('files/'))).toHaveLength(2);
    const sealedDump = readFileSync(path.join(backup, 'database.dump.age'));
    expect(sealedDump.subarray(0, AGE_HEADER.length).toString()).toBe(AGE_HEADER);
    expect(sealedDump.includes('PGDMP')).toBe(false);
    expect(sealedDump.includes(members[0]!.user.email)).toBe(false);
    await portal.close();
    await original.drop();
    rmSync(originalData, { recursive: true, force: true });

    const restored = await createScratchDatabase(postgresServerUrl!, 'restore');
    try {
      const restoredData = folder('restore-data');
      const target = loadConfig({ NODE_ENV: 'test', DATABASE_URL: restored.url, DATA_DIR: restoredData, SESSION_SECRET: 's'.repeat(40), BACKUP_KEY });
      // Another key, or one changed byte, and nothing is restored.
      const otherKey = loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: restored.url,
        DATA_DIR: restoredData,
        SESSION_SECRET: 's'.repeat(40),
        BACKUP_KEY: (await newBackupKey()).identity,
      });
      await expect(restoreFrom(otherKey, backup)).rejects.toThrow(/sealed for another key/);
      const file = path.join(backup, 'database.dump.age');
      const flipped = Buffer.from(sealedDump);
      flipped[100] = flipped[100]! ^ 1;
      writeFileSync(file, flipped);
      await expect(restoreFrom(target, backup)).rejects.toThrow(/database\.dump\.age: checksum .* the backup was changed/);
      writeFileSync(file, sealedDump);
      expect(await restoreFrom(target, backup)).toEqual({ missingKeys: [] });

      const back = await portalOn(restored.url, restoredData);
      try {
        const staff = await signedInStaff(back.app);
        for (const [i, { user }] of members.entries()) {
          expect((await staff.get(`/api/admin/members/${user.id}`)).statusCode).toBe(200);
          const download = await staff.get(`/api/files/${stored[i]!.id}`);
          expect(download.statusCode).toBe(200);
          expect(download.rawPayload.subarray(0, PDF_BYTES.length).equals(PDF_BYTES)).toBe(true);
          expect(download.rawPayload.length).toBe(PDF_BYTES.length + 8);
        }
      } finally {
        await back.close();
      }
    } finally {
      await restored.drop();
    }
  });
});

describe('the embedded database, backed up while it serves', () => {
  // In memory: an embedded database on disk first runs initdb (minutes on a busy machine); its copy is the same tar.
  let now = new Date();
  let portal: Awaited<ReturnType<typeof portalOn>>;
  beforeAll(async () => {
    portal = await portalOn(undefined, folder('embedded-data'), { clock: () => now, inMemory: true });
  });
  afterAll(() => portal?.close());

  it('copies it while members sign up, and restores it into another DATA_DIR, setting aside the folder there and refusing while a portal runs on it', async () => {
    const first = await signedUpMember(portal.app);
    const file = await storeFile(portal.app.ctx, portal.app.ctx.db, {
      ownerId: first.user.id,
      purpose: 'test',
      data: Buffer.concat([PDF_BYTES, randomBytes(8)]),
      mimeType: 'application/pdf',
    });
    const backup = path.join(folder('embedded-backups'), 'one');
    const [manifest, ...during] = await Promise.all([
      backupTo(portal.config, backup, { snapshot: portal.app.ctx.snapshot }),
      signedUpMember(portal.app),
      signedUpMember(portal.app),
    ]);
    expect(manifest.database).toBe('pglite.tar.gz.age');
    expect(readFileSync(path.join(backup, manifest.database)).subarray(0, AGE_HEADER.length).toString()).toBe(AGE_HEADER);

    // Another host's DATA_DIR, with a database folder already: while a portal holds it the restore is refused; stopped, the folder is set aside.
    const targetData = folder('embedded-target');
    mkdirSync(path.join(targetData, 'pglite'));
    writeFileSync(path.join(targetData, 'pglite', 'PG_VERSION'), '17\n');
    const target = loadConfig({ NODE_ENV: 'test', DATA_DIR: targetData, SESSION_SECRET: 's'.repeat(40), BACKUP_KEY });
    const running = await lockDataDir(path.join(targetData, 'pglite'));
    await expect(restoreFrom(target, backup)).rejects.toThrow(/Another portal process is using the embedded database/);
    await running();
    const restored = await restoreFrom(target, backup);
    expect(restored.setAside).toMatch(/pglite\.before-restore-/);
    expect(readFileSync(path.join(restored.setAside!, 'PG_VERSION'), 'utf8')).toBe('17\n');

    const back = await portalOn(undefined, targetData);
    try {
      const staff = await signedInStaff(back.app);
      expect((await staff.get(`/api/admin/members/${first.user.id}`)).statusCode).toBe(200);
      const download = await staff.get(`/api/files/${file.id}`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, PDF_BYTES.length).equals(PDF_BYTES)).toBe(true);
      // A sign-up racing the copy is in it or not; the copy opens either way.
      for (const { user } of during) expect([200, 404]).toContain((await staff.get(`/api/admin/members/${user.id}`)).statusCode);
    } finally {
      await back.close();
    }
    // A PostgreSQL restore of it is refused by name.
    const onServer = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: targetData,
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
      SESSION_SECRET: 's'.repeat(40),
      BACKUP_KEY,
    });
    await expect(restoreFrom(onServer, backup)).rejects.toThrow(/backup is of the embedded database: restore it with DATABASE_URL unset/);
  });

  it('is taken by housekeeping when one is due (BACKUP_EVERY_HOURS), not again before', async () => {
    rmSync(portal.config.backups.dir, { recursive: true, force: true });
    const first = await backUpEmbeddedWhenDue(portal.app.ctx);
    expect(first).toBeDefined();
    expect(await backUpEmbeddedWhenDue(portal.app.ctx)).toBeUndefined();
    now = new Date(now.getTime() + 23 * 3_600_000);
    expect(await backUpEmbeddedWhenDue(portal.app.ctx)).toBeUndefined();
    now = new Date(now.getTime() + 3_600_000);
    const second = await backUpEmbeddedWhenDue(portal.app.ctx);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(readdirSync(portal.config.backups.dir)).toHaveLength(2);
  });
});
