import { randomUUID } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { idempotencyKeys } from '../db/schema.js';

/** How long a first answer is kept and given again (the IETF draft's usual 24 hours). */
export const KEEP_ANSWER_MS = 24 * 60 * 60 * 1000;
/** A key held longer than this by a request that never finished (its process stopped) may be taken over. */
export const ABANDONED_AFTER_MS = 10 * 60 * 1000;

/** Whose key it is and where it was sent. */
export interface KeyTarget {
  scope: string;
  route: string;
  key: string;
  userId: string | null;
}

/** A key this request holds while it is handled. */
export interface Claim extends KeyTarget {
  claim: string;
}

export type KeyState =
  { kind: 'claimed'; claim: Claim } | { kind: 'answered'; status: number; body: unknown } | { kind: 'in-progress' } | { kind: 'other-request' };

const samePrimaryKey = (target: KeyTarget) =>
  and(eq(idempotencyKeys.scope, target.scope), eq(idempotencyKeys.route, target.route), eq(idempotencyKeys.key, target.key));

/**
 * Takes the key for this request, or says what holds it: the first answer, a request still being
 * handled, or a different request (another fingerprint). The insert is the lock: of two requests
 * arriving together, PostgreSQL lets exactly one insert the row.
 */
export async function claimKey(ctx: AppContext, target: KeyTarget, fingerprint: string): Promise<KeyState> {
  for (;;) {
    const now = ctx.clock();
    const claim = randomUUID();
    const inserted = await ctx.db
      .insert(idempotencyKeys)
      .values({ ...target, fingerprint, claim, createdAt: now, expiresAt: new Date(now.getTime() + KEEP_ANSWER_MS) })
      .onConflictDoNothing()
      .returning({ claim: idempotencyKeys.claim });
    if (inserted.length > 0) return { kind: 'claimed', claim: { ...target, claim } };

    const [row] = await ctx.db.select().from(idempotencyKeys).where(samePrimaryKey(target));
    // Stryker disable next-line ConditionalExpression: the first request failed and let the key go between this request's insert and this read (one query's time, which no test can hold a request in): take it.
    if (!row) continue;
    if (row.expiresAt <= now) {
      await ctx.db.delete(idempotencyKeys).where(and(samePrimaryKey(target), eq(idempotencyKeys.claim, row.claim)));
      continue;
    }
    if (row.fingerprint !== fingerprint) return { kind: 'other-request' };
    if (row.status !== null) return { kind: 'answered', status: row.status, body: row.body };
    // Stryker disable next-line ObjectLiteral,StringLiteral: the hook waits on any state that is not claimed, answered or another request.
    if (row.createdAt.getTime() > now.getTime() - ABANDONED_AFTER_MS) return { kind: 'in-progress' };
    const [taken] = await ctx.db
      .update(idempotencyKeys)
      .set({ claim, createdAt: now })
      .where(and(samePrimaryKey(target), eq(idempotencyKeys.claim, row.claim)))
      .returning({ claim: idempotencyKeys.claim });
    if (taken) return { kind: 'claimed', claim: { ...target, claim } };
  }
}

/** Keeps the answer for the retries. */
export async function recordAnswer(ctx: AppContext, claim: Claim, status: number, body: unknown): Promise<void> {
  await ctx.db
    .update(idempotencyKeys)
    .set({ status, body })
    .where(and(samePrimaryKey(claim), eq(idempotencyKeys.claim, claim.claim)));
}

/** The request was refused or failed, storing nothing: a retry with the key runs again. */
export async function releaseKey(ctx: AppContext, claim: Claim): Promise<void> {
  await ctx.db.delete(idempotencyKeys).where(and(samePrimaryKey(claim), eq(idempotencyKeys.claim, claim.claim)));
}

/** Housekeeping: answers past their 24 hours. */
export async function deleteExpiredKeys(ctx: AppContext): Promise<number> {
  const removed = await ctx.db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, ctx.clock())).returning({ key: idempotencyKeys.key });
  return removed.length;
}
