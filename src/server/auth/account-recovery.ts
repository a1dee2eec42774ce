import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { resetPasswordSchema } from '../../shared/schemas/users.js';
import { recordAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { badRequest, forbidden } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { authMail } from './mail.js';
import { ACCOUNT_DISABLED, findAccount } from './auth-service.js';
import { endLoginChallenges } from './login-challenge.js';
import { consumeCode, hasLiveCode, hasRecentCode, issueCode } from './codes.js';
import { guesserAt } from './known-browsers.js';
import { hashPassword } from './passwords.js';
import { type AuthUser, publicUserColumns } from './sessions.js';
import { forgetGuesses, holdGuess, keepWrongCode } from './wrong-guesses.js';

export const RESET_REQUESTED =
  'If an account uses that email or phone number, we have emailed it a 6-digit code. Enter it below with your new password. It expires in 15 minutes.';
const NO_LIVE_CODE = 'This code has expired or was already used. Request a new code.';

/**
 * Forgot password: emails a reset code to the account the identifier named, if there is one. The caller answers the
 * same whatever happens here, so nobody learns from it whether an account exists; a second
 * request within a minute sends nothing new (the first code still works).
 */
export async function requestPasswordReset(ctx: AppContext, account: { id: string; email: string; fullName: string } | undefined): Promise<void> {
  if (!account) return;
  const sent = await ctx.db.transaction(async (tx) => {
    // Two requests at once: the second waits here, then finds the first one's code.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, account.id)).for('update');
    if (await hasRecentCode(tx, account.id, 'password-reset')) return false;
    const code = await issueCode(ctx, tx, account.id, 'password-reset');
    await enqueueMail(tx, authMail.passwordResetCode(ctx.mailer.brand, account.email, account.fullName, code));
    return true;
  });
  if (sent) ctx.mailer.nudge();
}

/**
 * Sets a new password with the emailed code. Every session of the account ends, and every
 * sign-in waiting for its second factor (the caller starts a new one, or a second-factor
 * challenge for an account with two-factor on), and the account's address is told. An unknown
 * identifier is refused like a code that is not (or no longer) there; a disabled account keeps
 * its password and is told it is disabled. `browser` is the browser's mark (known-browsers.ts):
 * the account's own browser is not held back by strangers' wrong codes.
 */
export async function resetPassword(ctx: AppContext, input: z.output<typeof resetPasswordSchema>, browser: string | undefined): Promise<AuthUser> {
  const account = await findAccount(ctx, input.identifier);
  const passwordHash = await hashPassword(input.password);
  if (!account) throw badRequest(NO_LIVE_CODE);
  const outcome = await ctx.db.transaction(async (tx) => {
    // A try waits its turn only when there is a code to guess: made-up codes for an account that
    // asked for none can never be right, and should not make its owner wait.
    const held = (await hasLiveCode(tx, account.id, 'password-reset')) ? await holdGuess(ctx, tx, 'reset-code', guesserAt(ctx, account.id, browser)) : null;
    const refusal = await consumeCode(ctx, tx, account.id, 'password-reset', input.code, 'That code is not right.');
    if (refusal) {
      if (held) await keepWrongCode(ctx, tx, held);
      return { refusal };
    }
    if (held) await forgetGuesses(tx, held);
    if (account.disabledAt) return { refusal: forbidden(ACCOUNT_DISABLED) };
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, account.id)).returning(publicUserColumns);
    await tx.delete(sessions).where(eq(sessions.userId, account.id));
    await endLoginChallenges(tx, account.id);
    await recordAudit(tx, { actor: { id: account.id, email: account.email }, action: 'password.reset', subjectType: 'user', subjectId: account.id });
    await tellAccountChanged(ctx, tx, account, 'password');
    return { user: user! };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  ctx.mailer.nudge();
  return outcome.user;
}

/** Tells the account's (previous) address of a change to its password or email, with how to get help. */
export async function tellAccountChanged(
  ctx: AppContext,
  db: Executor,
  account: { email: string; fullName: string },
  what: 'password' | 'email',
): Promise<void> {
  await enqueueMail(db, authMail.accountChanged(ctx.mailer.brand, account.email, account.fullName, what));
}
