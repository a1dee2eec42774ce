import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, payments, users, verificationCodes } from './db/schema.js';
import { createLocalStorage, type FileStorage } from './files/storage.js';
import { createTestApp, onPostgresServer, postgresServerUrl, signedUpMember, type TestClient } from './test-support/test-app.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A store that accepts the call and never answers, as a paused S3 server does; `stalled` counts the puts waiting. */
function stalledStorage(): FileStorage & { stalled: number } {
  const disk = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'portal-stalled-')));
  const storage = {
    ...disk,
    stalled: 0,
    put: () => {
      storage.stalled += 1;
      return new Promise<void>(() => {});
    },
  };
  return storage;
}

const STORAGE_TIMEOUT_MS = 1500;
const storage = stalledStorage();
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({ STORAGE_TIMEOUT_MS: String(STORAGE_TIMEOUT_MS), DATABASE_STATEMENT_TIMEOUT_MS: '500' }, { storage });
});
afterAll(() => portal.close());

/** A member who may upload a slip (step 1, the email code, done directly). */
async function memberReadyForSlip(): Promise<{ client: TestClient; id: string }> {
  const { client, user } = await signedUpMember(portal.app);
  await portal.app.ctx.db
    .insert(verificationCodes)
    .values({ userId: user.id, purpose: 'email', codeHash: 'consumed', expiresAt: new Date(), consumedAt: new Date() });
  return { client, id: user.id };
}

/** Sessions of the portal's database sitting in a transaction (PostgreSQL only). */
async function transactionsLeftOpen(): Promise<number> {
  const result = (await portal.app.ctx.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/**
 * True once a look at the database finds no session in a transaction while `stalled()` holds. The
 * portal's mail worker claims mail in a short transaction of its own every poll, which a single
 * look may catch; a transaction held by the stalled upload is there at every look until it answers.
 */
async function noTransactionHeldWhile(stalled: () => boolean): Promise<boolean> {
  for (let look = 0; look < 10 && stalled(); look++) {
    const open = await transactionsLeftOpen();
    if (open === 0 && stalled()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function slipForm(): Promise<FormData> {
  const form = new FormData();
  const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
    .png()
    .toBuffer();
  form.append('paymentSlip', new Blob([new Uint8Array(png)]), 'slip.png');
  return form;
}

describe('a stalled file store', () => {
  it('answers an upload with 503 and Retry-After in time, holding no transaction meanwhile, and keeps nothing', async () => {
    const member = await memberReadyForSlip();
    const started = Date.now();
    const upload = member.client.post('/api/users/upload-slip', { form: await slipForm() });
    let answered = false;
    void upload.finally(() => (answered = true));
    while (storage.stalled === 0) await new Promise((resolve) => setTimeout(resolve, 20));

    // While the bytes wait for the store, the member's row is free: another transaction that
    // locks it commits at once (on the embedded database, any open transaction would hold it back).
    const lockedRowWrite = portal.app.ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ title: 'written while the store stalls' }).where(eq(users.id, member.id));
    });
    const settled = await Promise.race([
      lockedRowWrite.then(() => 'committed'),
      new Promise((resolve) => setTimeout(resolve, STORAGE_TIMEOUT_MS / 2, 'waiting')),
    ]);
    expect(settled).toBe('committed');
    if (onPostgresServer) expect(await noTransactionHeldWhile(() => !answered)).toBe(true);

    const response = await upload;
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json().message).toMatch(/briefly unavailable/);
    expect(Date.now() - started).toBeLessThan(STORAGE_TIMEOUT_MS + 3000);
    expect(await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, member.id))).toEqual([]);
    expect(await portal.app.ctx.db.select().from(files).where(eq(files.ownerId, member.id))).toEqual([]);
    expect(portal.app.ctx.health.stateOf('storage')).toBe('down');
  });
});

describe.runIf(onPostgresServer)('a stalled PostgreSQL statement', () => {
  it('answers 503 once the statement timeout ends it, instead of waiting for the lock', async () => {
    // The test portal's own database, locked from a connection of its own.
    const { rows } = (await portal.app.ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(postgresServerUrl!);
    url.pathname = `/${rows[0]!.name}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table plans in access exclusive mode');
      const started = Date.now();
      const response = await portal.app.inject('/api/plans');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      // Well before the client's own limit (the statement timeout plus 2 s): PostgreSQL ended it.
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await portal.app.inject('/api/plans')).statusCode).toBe(200);
  });
});
