import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { verificationCodes } from '../db/schema.js';
import { badRequest, HttpError } from '../http/errors.js';
import { CODE_TTL_MS, type CodePurpose } from '../../shared/codes.js';

export const MAX_WRONG_TRIES = 5;
/** A member may ask for a new code once a minute. */
export const RESEND_INTERVAL_MS = 60 * 1000;

function hashCode(secret: string, userId: string, purpose: CodePurpose, code: string): string {
  // Keyed: six digits alone could be guessed back from a leaked table.
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('base64url');
}

/** Compares two hashes in constant time. */
function sameHash(stored: string, given: string): boolean {
  const expected = Buffer.from(stored);
  const actual = Buffer.from(given);
  // Stryker disable next-line all: both are HMAC-SHA256 digests in base64url (43 bytes), so this never runs; it only keeps timingSafeEqual from throwing on a malformed row.
  if (expected.length !== actual.length) return false;
  return timingSafeEqual(expected, actual);
}

/** Throws 429 when the member asked for a code of this purpose less than a minute ago. */
export async function assertCanResend(db: Executor, userId: string, purpose: CodePurpose): Promise<void> {
  if (await hasRecentCode(db, userId, purpose)) {
    throw new HttpError(429, 'A code was sent less than a minute ago. Please check your email or wait a minute.');
  }
}

export async function hasRecentCode(db: Executor, userId: string, purpose: CodePurpose): Promise<boolean> {
  // A code already used is no reason to wait: it cannot be entered again.
  return hasUnusedCode(db, userId, purpose, gt(verificationCodes.createdAt, sql`now() - ${`${RESEND_INTERVAL_MS} milliseconds`}::interval`));
}

/**
 * A fresh random 6-digit code; earlier unused codes of the same purpose are deleted (only a used
 * code stays, as proof). `ttlMs` is for a code that must wait longer than usual (a staff invite).
 */
export async function issueCode(ctx: AppContext, db: Executor, userId: string, purpose: CodePurpose, ttlMs = CODE_TTL_MS[purpose]): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
  await db.insert(verificationCodes).values({
    userId,
    purpose,
    codeHash: hashCode(ctx.config.sessionSecret, userId, purpose, code),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return code;
}

/**
 * Counts one try at the member's current code of this purpose, before any comparison, and
 * returns the code; or nothing when it is expired, used or out of tries. The count and the
 * limit are one UPDATE, so guesses sent at the same moment cannot get past five between a read
 * and a write. Every kind of code goes through here (see consumeCode).
 */
async function spendTry(db: Executor, userId: string, purpose: CodePurpose) {
  const current = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const [code] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, current),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
        lt(verificationCodes.attempts, MAX_WRONG_TRIES),
      ),
    )
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash, attempts: verificationCodes.attempts });
  return code;
}

/** Whether the member has a code of this purpose that can still be tried: unexpired, unused, with tries left. */
export async function hasLiveCode(db: Executor, userId: string, purpose: CodePurpose): Promise<boolean> {
  return hasUnusedCode(db, userId, purpose, and(gt(verificationCodes.expiresAt, sql`now()`), lt(verificationCodes.attempts, MAX_WRONG_TRIES)));
}

/** Whether the member has an unused code of this purpose that also meets `condition`. */
async function hasUnusedCode(db: Executor, userId: string, purpose: CodePurpose, condition: SQL | undefined): Promise<boolean> {
  // Stryker disable ObjectLiteral: only whether a row is found is read, not its columns.
  const [found] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt), condition))
    .limit(1);
  // Stryker restore ObjectLiteral
  return Boolean(found);
}

/** Whether the member's current code of this purpose is alive but has no tries left (else it is expired or used). */
async function outOfTries(db: Executor, userId: string, purpose: CodePurpose): Promise<boolean> {
  const [current] = await db
    .select({ attempts: verificationCodes.attempts, expiresAt: verificationCodes.expiresAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!current) return false;
  // Stryker disable next-line ConditionalExpression: asked only after spendTry found no try left on this same latest code, so an unexpired one has used its tries (unless another request issued a new code in between: then only the refusal's wording differs).
  const triesUsed = current.attempts >= MAX_WRONG_TRIES;
  // Stryker disable next-line EqualityOperator: the millisecond of expiry itself; Date.now() is not the app's clock, so no test can land on it.
  return triesUsed && current.expiresAt.getTime() > Date.now();
}

/**
 * Checks a code and uses it up. Every try is counted before the comparison; after five, the
 * code is dead and a new one is needed. A refusal is returned, not thrown, so the caller's
 * transaction still commits the counted try; messages say what to do next.
 */
export async function consumeCode(
  ctx: AppContext,
  db: Executor,
  userId: string,
  purpose: CodePurpose,
  code: string,
  wrongText: string,
): Promise<HttpError | null> {
  const askAgain = purpose === 'otp' ? 'Click Send OTP to get a new one.' : 'Request a new code.';
  const expired = () => badRequest(`This code has expired or was already used. ${askAgain}`);
  const current = await spendTry(db, userId, purpose);
  if (!current) return (await outOfTries(db, userId, purpose)) ? new HttpError(429, `Too many wrong tries. ${askAgain}`) : expired();

  if (!sameHash(current.codeHash, hashCode(ctx.config.sessionSecret, userId, purpose, code.trim()))) {
    const left = MAX_WRONG_TRIES - current.attempts;
    return badRequest(left > 0 ? `${wrongText} ${left} ${left === 1 ? 'try' : 'tries'} left.` : `${wrongText} No tries left. ${askAgain}`);
  }
  // The right code sent twice at once: only one use counts.
  const [used] = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, current.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return used ? null : expired();
}

/** Whether the member has confirmed their email with a code (step 1 of the wizard). */
export async function hasVerifiedEmail(db: Executor, userId: string): Promise<boolean> {
  // Stryker disable ObjectLiteral: only whether a row is found is read, not its columns.
  const [row] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, 'email'), isNotNull(verificationCodes.consumedAt)))
    .limit(1);
  // Stryker restore ObjectLiteral
  return Boolean(row);
}
