import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { loginChallenges, users } from '../db/schema.js';
import { badRequest, forbidden, unauthorized } from '../http/errors.js';
import { ACCOUNT_DISABLED } from './auth-service.js';
import { MAX_WRONG_TRIES } from './codes.js';
import { browserMark, guesserAt } from './known-browsers.js';
import { hashToken, publicUserColumns, type AuthUser } from './sessions.js';
import { passSecondFactor, secondFactorKind } from './two-factor.js';
import { forgetGuesses, holdGuess, keepWrongCode } from './wrong-guesses.js';

/**
 * The cookie of a sign-in that passed the password and waits for the authenticator code:
 * `__Host-` in production like the session's, so its path is the whole site.
 */
function challengeCookieName(config: Pick<AppContext['config'], 'env'>): string {
  return config.env === 'production' ? '__Host-sid2fa' : 'sid2fa';
}
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const START_AGAIN = 'This sign-in has expired or had too many wrong codes. Sign in again with your password.';

/** Ends every sign-in of the account that waits for its second factor: a password reset or change makes them stale. */
export async function endLoginChallenges(db: Executor, userId: string): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

/** Remembers, for five minutes and five codes, that this browser gave the right password. */
export async function startLoginChallenge(ctx: AppContext, reply: FastifyReply, userId: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(loginChallenges).values({
    id: hashToken(ctx.config.sessionSecret, token),
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  reply.setCookie(challengeCookieName(ctx.config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.env === 'production',
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
}

/**
 * The account whose sign-in this code completes. The try is counted before the code is checked,
 * in one UPDATE, so codes sent at the same moment cannot get past five; after the fifth wrong
 * one the sign-in starts again from the password. The account's run of wrong codes of its kind
 * (app or recovery) counts it too, whatever challenge or address it comes from (wrong-guesses.ts).
 */
export async function completeLoginChallenge(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
): Promise<AuthUser & { passedWith: 'app' | 'recovery-code' }> {
  const token = request.cookies[challengeCookieName(ctx.config)];
  if (!token) throw unauthorized(START_AGAIN);
  const id = hashToken(ctx.config.sessionSecret, token);
  const [challenge] = await ctx.db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(and(eq(loginChallenges.id, id), gt(loginChallenges.expiresAt, sql`now()`), lt(loginChallenges.attempts, MAX_WRONG_TRIES)))
    .returning({ userId: loginChallenges.userId, attempts: loginChallenges.attempts });
  if (!challenge) throw unauthorized(START_AGAIN);

  const held = await holdGuess(ctx, ctx.db, secondFactorKind(code), guesserAt(ctx, challenge.userId, browserMark(ctx, request)));
  const passedWith = await passSecondFactor(ctx, challenge.userId, code);
  if (!passedWith) {
    await keepWrongCode(ctx, ctx.db, held);
    const left = MAX_WRONG_TRIES - challenge.attempts;
    throw badRequest(left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : `That code is not right. ${START_AGAIN}`);
  }
  await forgetGuesses(ctx.db, held);
  await ctx.db.delete(loginChallenges).where(eq(loginChallenges.id, id));
  reply.clearCookie(challengeCookieName(ctx.config), { path: '/', secure: ctx.config.env === 'production' });
  const [user] = await ctx.db
    .select(publicUserColumns)
    .from(users)
    .where(and(eq(users.id, challenge.userId), isNull(users.disabledAt)))
    .limit(1);
  if (!user) throw forbidden(ACCOUNT_DISABLED);
  return { ...user, passedWith };
}
