import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toE164 } from '../../shared/phone.js';
import type { AppContext } from '../context.js';
import { uniqueViolation } from '../db/errors.js';
import { users } from '../db/schema.js';
import { conflict, forbidden, HttpError } from '../http/errors.js';
import { guesserAt } from './known-browsers.js';
import { verifyNothing, verifyPassword } from './passwords.js';
import type { AuthUser } from './sessions.js';
import { forgetGuesses, holdGuess } from './wrong-guesses.js';

export const EMAIL_TAKEN = 'An account with this email already exists.';
export const PHONE_TAKEN = 'An account with this phone number already exists.';
const BAD_CREDENTIALS = 'Invalid email, phone or password.';
export const ACCOUNT_DISABLED = 'This account has been disabled. Ask an admin if you need it back.';

type Account = typeof users.$inferSelect;

/** An identifier as one account would have it: the email in lower case, or the phone in E.164. */
export function normaliseIdentifier(identifier: string): { email: string } | { phone: string } {
  const trimmed = identifier.trim();
  const phone = trimmed.includes('@') ? null : toE164(trimmed);
  return phone ? { phone } : { email: trimmed.toLowerCase() };
}

/** Finds the account by email, or by phone in any form a Nigerian member types it. */
export async function findAccount(ctx: AppContext, identifier: string): Promise<Account | undefined> {
  const key = normaliseIdentifier(identifier);
  const where = 'phone' in key ? eq(users.phone, key.phone) : eq(users.email, key.email);
  const [row] = await ctx.db.select().from(users).where(where).limit(1);
  return row;
}

/** What the per-account limits count on: the account, or the identifier as normalised when none matches. */
export function limitKey(identifier: string, account: Account | undefined): string {
  return account?.id ?? Object.values(normaliseIdentifier(identifier))[0]!;
}

/**
 * The account when the password is its own; the same 401, after the same work, when either is
 * wrong. The try first waits its turn (wrong-guesses.ts): counted for this browser when it signed
 * in to the account before, else for all the account's strangers together; a name that is no
 * account is counted as one would be, so the waits do not tell which accounts exist.
 */
export async function login(
  ctx: AppContext,
  identifier: string,
  account: Account | undefined,
  password: string,
  browser: string | undefined,
): Promise<AuthUser> {
  const guesser = account ? guesserAt(ctx, account.id, browser) : { key: `unknown:${keyedName(ctx, identifier)}`, userId: null };
  const held = await holdGuess(ctx, ctx.db, 'password', guesser);
  if (!account) {
    await verifyNothing(password);
    throw new HttpError(401, BAD_CREDENTIALS);
  }
  if (!(await verifyPassword(account.passwordHash, password))) throw new HttpError(401, BAD_CREDENTIALS);
  await forgetGuesses(ctx.db, held);
  if (account.disabledAt) throw forbidden(ACCOUNT_DISABLED);
  return withoutHash(account);
}

/** A name that is no account, as its wrong passwords are counted: keyed, so the table holds no email or phone number. */
function keyedName(ctx: AppContext, identifier: string): string {
  return createHmac('sha256', ctx.config.sessionSecret)
    .update(`wrong-guess:${limitKey(identifier, undefined)}`)
    .digest('base64url');
}

export function withoutHash({ passwordHash: _hash, ...user }: Account): AuthUser {
  return user;
}

/** 409 when the email or phone belongs to another account. */
export async function assertContactFree(ctx: AppContext, contact: { email?: string; phone?: string }, exceptUserId?: string): Promise<void> {
  if (contact.email) {
    const [other] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, contact.email)).limit(1);
    if (other && other.id !== exceptUserId) throw conflict(EMAIL_TAKEN);
  }
  if (contact.phone) {
    const [other] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, contact.phone)).limit(1);
    if (other && other.id !== exceptUserId) throw conflict(PHONE_TAKEN);
  }
}

/** The same 409 when two requests race past assertContactFree and the unique index decides. */
export function duplicateContactError(error: unknown): HttpError | null {
  const constraint = uniqueViolation(error);
  if (!constraint) return null;
  return conflict(constraint.includes('phone') ? PHONE_TAKEN : EMAIL_TAKEN);
}
