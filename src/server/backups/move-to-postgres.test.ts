import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { storeFile } from '../files/files-service.js';
import { PDF_BYTES } from '../test-support/files.js';
import { describeOnPostgres, raceServerUrl } from '../test-support/on-postgres.js';
import { createScratchDatabase } from '../test-support/scratch-database.js';
import { signedInStaff, signedUpMember, STAFF, testConfig } from '../test-support/test-app.js';
import { moveToPostgres } from './move-to-postgres.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-move-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function portalOn(databaseUrl: string | undefined) {
  const config = testConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: 's'.repeat(40),
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2, listenUrl: databaseUrl ? undefined : null });
  const app = await buildApp(config, { database, webRoot: path.join(dataDir, 'no-web') });
  return { app, close: async () => (await app.close(), await database.close()) };
}

describeOnPostgres('the move from the embedded database to PostgreSQL', () => {
  it('copies every member, file record and setting, and the portal carries on there', async () => {
    const embedded = await portalOn(undefined);
    const members = [await signedUpMember(embedded.app), await signedUpMember(embedded.app)];
    const stored = await storeFile(embedded.app.ctx, embedded.app.ctx.db, {
      ownerId: members[0]!.user.id,
      purpose: 'test',
      data: Buffer.concat([PDF_BYTES, randomBytes(8)]),
      mimeType: 'application/pdf',
    });
    await embedded.close();

    const target = await createScratchDatabase(raceServerUrl!, 'move');
    try {
      const copied = await moveToPostgres(dataDir, target.url);
      expect(copied.users).toBe(3);
      await expect(moveToPostgres(dataDir, target.url), 'a second move into the same database').rejects.toThrow(/not empty \(3 users\)/);

      const moved = await portalOn(target.url);
      try {
        const staff = await signedInStaff(moved.app);
        for (const { user } of members) expect((await staff.get(`/api/admin/members/${user.id}`)).statusCode).toBe(200);
        const download = await staff.get(`/api/files/${stored.id}`);
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.length).toBe(PDF_BYTES.length + 8);
        // New rows after the move: the sequences carry on past the copied ones.
        await signedUpMember(moved.app);
      } finally {
        await moved.close();
      }
    } finally {
      await target.drop();
    }
  });
});
