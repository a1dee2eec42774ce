import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { toE164 } from '../../shared/phone.js';
import type { loginSchema, signupSchema } from '../../shared/schemas/users.js';
import type { AppContext } from '../context.js';
import { uniqueViolation } from '../db/errors.js';
import { users } from '../db/schema.js';
import { conflict, HttpError } from '../http/errors.js';
import { hashPassword, verifyNothing, verifyPassword } from './passwords.js';
import { type AuthUser, publicUserColumns } from './sessions.js';

export const EMAIL_TAKEN = 'An account with this email already exists.';
export const PHONE_TAKEN = 'An account with this phone number already exists.';
const BAD_CREDENTIALS = 'Invalid email, phone or password.';

export async function signup(ctx: AppContext, input: z.output<typeof signupSchema>): Promise<AuthUser> {
  await assertContactFree(ctx, { email: input.email, phone: input.phone });
  const now = new Date();
  try {
    const [user] = await ctx.db
      .insert(users)
      .values({
        fullName: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash: await hashPassword(input.password),
        dob: input.dob,
        maritalStatus: input.maritalStatus,
        countryOfOrigin: input.countryOfOrigin,
        stateOfOrigin: input.stateOfOrigin,
        industry: input.industry,
        occupation: input.occupation,
        address: input.address,
        termsAcceptedAt: now,
        marketingConsentAt: now,
      })
      .returning(publicUserColumns);
    if (!user) throw new Error('user row was not written');
    return user;
  } catch (error) {
    throw duplicateContactError(error) ?? error;
  }
}

/** Finds the account by email, or by phone in any form a Nigerian member types it. */
export async function login(ctx: AppContext, input: z.output<typeof loginSchema>): Promise<AuthUser> {
  const identifier = input.identifier.trim();
  const phone = identifier.includes('@') ? null : toE164(identifier);
  const where = phone ? eq(users.phone, phone) : eq(users.email, identifier.toLowerCase());
  const [row] = await ctx.db.select().from(users).where(where).limit(1);
  if (!row) {
    await verifyNothing(input.password);
    throw new HttpError(401, BAD_CREDENTIALS);
  }
  if (!(await verifyPassword(row.passwordHash, input.password))) throw new HttpError(401, BAD_CREDENTIALS);
  const { passwordHash: _hash, ...user } = row;
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
