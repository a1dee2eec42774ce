import type { z } from 'zod';
import { type signupSchema, signupGuardian } from '../../shared/schemas/users.js';
import { assertContactFree, duplicateContactError } from '../auth/auth-service.js';
import { hashPassword } from '../auth/passwords.js';
import { type AuthUser, publicUserColumns } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { recordConsent } from '../privacy/consents.js';
import { startGuardianConfirmation } from '../privacy/guardian-service.js';

/** A new member's account, with their consents, and for a child the guardian's confirmation started. */
export async function signup(ctx: AppContext, input: z.output<typeof signupSchema>): Promise<AuthUser> {
  await assertContactFree(ctx, { email: input.email, phone: input.phone });
  const now = new Date();
  const guardian = signupGuardian(input);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          fullName: input.name,
          email: input.email,
          phone: input.phone,
          passwordHash,
          dob: input.dob,
          maritalStatus: guardian ? null : (input.maritalStatus ?? null),
          countryOfOrigin: input.countryOfOrigin,
          stateOfOrigin: input.stateOfOrigin,
          industry: input.industry,
          occupation: input.occupation,
          address: input.address,
          termsAcceptedAt: now,
          // A child is not asked (NDPA s.31): they choose marketing themselves at 18, on /profile/privacy.
          marketingConsentAt: !guardian && input.acceptMarketing ? now : null,
        })
        .returning(publicUserColumns);
      if (!row) throw new Error('user row was not written');
      await recordConsent(tx, row.id, 'terms', true, 'member');
      if (!guardian) {
        await recordConsent(tx, row.id, 'marketing', input.acceptMarketing, 'member');
        return row;
      }
      await startGuardianConfirmation(ctx, tx, row, guardian);
      return { ...row, guardianState: 'waiting' as const };
    });
    if (guardian) ctx.mailer.nudge();
    return user;
  } catch (error) {
    throw duplicateContactError(error) ?? error;
  }
}
