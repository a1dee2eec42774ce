import { eq } from 'drizzle-orm';
import { FAILURE } from '../../shared/messages.js';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { badRequest, forbidden } from '../http/errors.js';
import { verifyPassword } from './passwords.js';
import { hasTwoFactor, passSecondFactor, secondFactorKind } from './two-factor.js';
import { forgetGuesses, holdGuess, keepWrongCode, signedIn } from './wrong-guesses.js';

export const CURRENT_PASSWORD_WRONG = 'Your current password is not right.';
const STAFF_PROOF_WRONG = 'That is neither your current password nor a code from your authenticator app.';

/**
 * Asks the signed-in person to prove it is still them before a change that matters: 400 when
 * nothing is given, 403 when it is not the account's password, nor (for a staff member with
 * two-factor sign-in) a code from the app or a recovery code, counted like any other code.
 */
export async function assertReauthenticated(ctx: AppContext, user: { id: string; role: string }, proof: string | undefined): Promise<void> {
  if (!proof) throw badRequest(FAILURE.currentPasswordRequired);
  if (await isOwnPassword(ctx, user.id, proof)) return;
  if (user.role === 'member' || !(await hasTwoFactor(ctx.db, user.id))) throw forbidden(CURRENT_PASSWORD_WRONG);
  const held = await holdGuess(ctx, ctx.db, secondFactorKind(proof), signedIn(user.id));
  if (await passSecondFactor(ctx, user.id, proof)) {
    await forgetGuesses(ctx.db, held);
    return;
  }
  await keepWrongCode(ctx, ctx.db, held);
  throw forbidden(STAFF_PROOF_WRONG);
}

/**
 * The account's password itself, no code in its place: for turning the second factor off, which
 * asks for a code besides (two codes would otherwise do it with no password at all).
 */
export async function assertCurrentPassword(ctx: AppContext, user: { id: string }, password: string | undefined): Promise<void> {
  if (!password) throw badRequest(FAILURE.currentPasswordRequired);
  if (!(await isOwnPassword(ctx, user.id, password))) throw forbidden(CURRENT_PASSWORD_WRONG);
}

async function isOwnPassword(ctx: AppContext, userId: string, password: string): Promise<boolean> {
  const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row !== undefined && (await verifyPassword(row.passwordHash, password));
}
