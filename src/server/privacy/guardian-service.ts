import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayInLagos } from '../../shared/dates.js';
import { ADULT_AGE } from '../../shared/ages.js';
import {
  CONSENT_TEXTS,
  type GuardianAnswer,
  type GuardianConfirmInput,
  type guardianAddSchema,
  guardianStateOn,
  type GuardianView,
  NO_PUBLICATION_CONSENT,
  WAITING_FOR_GUARDIAN,
} from '../../shared/privacy.js';
import { recordAudit } from '../audit/audit.js';
import { assertCanResend, consumeCode, issueCode } from '../auth/codes.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { guardians, users, verificationCodes } from '../db/schema.js';
import { badRequest, conflict, forbidden, type HttpError, notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { privacyMail } from './mail.js';
import { notify } from '../notifications/notifications.js';
import { recordConsent } from './consents.js';

type GuardianRow = typeof guardians.$inferSelect;
export interface NewGuardian {
  name: string;
  relationship: string;
  email: string;
  phone: string;
}

/** At a child's sign-up, in its transaction: the guardian is recorded and mailed a code; the account waits for them. */
export async function startGuardianConfirmation(ctx: AppContext, tx: Executor, child: { id: string; fullName: string }, guardian: NewGuardian): Promise<void> {
  await tx.insert(guardians).values({ userId: child.id, ...guardian });
  await tx.update(users).set({ guardianState: 'waiting' }).where(eq(users.id, child.id));
  await mailGuardianCode(ctx, tx, child, guardian);
}

async function mailGuardianCode(ctx: AppContext, tx: Executor, child: { id: string; fullName: string }, guardian: Pick<NewGuardian, 'name' | 'email'>) {
  const code = await issueCode(ctx, tx, child.id, 'guardian');
  await enqueueMail(tx, privacyMail.guardianCode(ctx.mailer.brand, guardian.email, guardian.name, child.fullName, child.id, code));
}

/** Where the member stands with a guardian today (Lagos): see `guardianStateOn`. */
export function guardianStateOf(ctx: AppContext, user: AuthUser) {
  return guardianStateOn(user, todayInLagos(ctx.clock()));
}

/** The child asks for a new code for their guardian (once a minute); also how a guardian changes what they allowed. */
export async function resendGuardianCode(ctx: AppContext, child: AuthUser): Promise<string> {
  const guardian = await currentGuardian(ctx.db, child.id);
  const state = guardianStateOf(ctx, child);
  if (!guardian && state === 'waiting') throw badRequest('Add your parent or guardian first: we send the code to them.');
  if (!guardian || !state) throw badRequest('Your account has no guardian to confirm it: you do not need one.');
  await ctx.db.transaction(async (tx) => {
    await assertCanResend(tx, child.id, 'guardian');
    await mailGuardianCode(ctx, tx, child, guardian);
  });
  ctx.mailer.nudge();
  return `We emailed a new code to ${guardian.email}. Ask ${guardian.name} to open the email and follow it.`;
}

/**
 * A member under 18 who has no guardian yet (an account from before sign-up asked for one) names
 * them: the guardian is mailed a code, as at sign-up, and the account waits for them.
 */
export async function addGuardian(ctx: AppContext, child: AuthUser, input: z.output<typeof guardianAddSchema>): Promise<GuardianView> {
  if (input.guardianEmail === child.email) throw badRequest('Your guardian’s email must be their own, not the same as yours.');
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, child.id)).for('update');
    if (!locked || guardianStateOn(locked, todayInLagos(ctx.clock())) === null) throw badRequest('You are 18 or over: your account needs no guardian.');
    if (await currentGuardian(tx, child.id)) throw conflict('You have already named your parent or guardian. You can send them a new code instead.');
    const guardian = { name: input.guardianName, relationship: input.guardianRelationship, email: input.guardianEmail, phone: input.guardianPhone };
    await startGuardianConfirmation(ctx, tx, locked, guardian);
  });
  ctx.mailer.nudge();
  const view = await guardianView(ctx, { ...child, guardianState: 'waiting' });
  if (!view) throw new Error('guardian row was not written');
  return view;
}

async function currentGuardian(db: Executor, childId: string): Promise<GuardianRow | undefined> {
  const [row] = await db
    .select()
    .from(guardians)
    .where(and(eq(guardians.userId, childId), isNull(guardians.endedAt)));
  return row;
}

export async function guardianView(ctx: AppContext, child: AuthUser): Promise<GuardianView | null> {
  const state = guardianStateOf(ctx, child);
  if (!state) return null;
  const row = await currentGuardian(ctx.db, child.id);
  if (!row) return null;
  return {
    state,
    name: row.name,
    relationship: row.relationship,
    email: row.email,
    allowsPublication: row.allowsPublication,
    allowsAgeBand: row.allowsAgeBand,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

/** The guardian as /profile/privacy shows it, and whether the member must still name one. */
export async function guardianAnswer(ctx: AppContext, child: AuthUser): Promise<GuardianAnswer> {
  const guardian = await guardianView(ctx, child);
  return { guardian, needsGuardian: !guardian && guardianStateOf(ctx, child) === 'waiting' };
}

/**
 * The guardian enters the code from the email: the account is confirmed and what they allowed
 * is recorded (who, when, the text version). The code is single use, so the same code sent
 * twice at once confirms once; the other answer is a 400.
 */
/**
 * The child a guardian's link is for, by name, for the confirmation page to say whose account it
 * is: only while a code the guardian was sent is live (unused, not expired), so an old link or a
 * made-up id names no one.
 */
export async function childToConfirm(ctx: AppContext, childId: string): Promise<{ childName: string }> {
  const [child] = await ctx.db
    .select({ fullName: users.fullName })
    .from(users)
    .innerJoin(verificationCodes, eq(verificationCodes.userId, users.id))
    .where(
      and(
        eq(users.id, childId),
        isNotNull(users.guardianState),
        eq(verificationCodes.purpose, 'guardian'),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!child) throw notFound('This link is no longer waiting for a guardian. Ask the child to send you a new code from their privacy page.');
  return { childName: child.fullName };
}

export async function confirmGuardian(
  ctx: AppContext,
  input: Omit<GuardianConfirmInput, 'allowPublication' | 'allowAgeBand'> & { allowPublication: boolean; allowAgeBand: boolean },
): Promise<{ childName: string }> {
  const outcome = await ctx.db.transaction(async (tx): Promise<{ refusal: HttpError } | { childName: string; childId: string }> => {
    const refusal = await consumeCode(ctx, tx, input.child, 'guardian', input.code, 'That code is not right.');
    if (refusal) return { refusal };
    const [guardian] = await tx
      .update(guardians)
      .set({
        confirmedAt: new Date(),
        textVersion: CONSENT_TEXTS.guardian.version,
        allowsPublication: input.allowPublication,
        allowsAgeBand: input.allowAgeBand,
      })
      .where(and(eq(guardians.userId, input.child), isNull(guardians.endedAt)))
      .returning();
    const [child] = await tx
      .update(users)
      .set({ guardianState: 'confirmed' })
      .where(and(eq(users.id, input.child), isNotNull(users.guardianState)))
      .returning({ id: users.id, fullName: users.fullName });
    if (!guardian || !child) return { refusal: badRequest('This account no longer needs a guardian’s confirmation.') };
    const by = `guardian ${guardian.email}`;
    await recordConsent(tx, child.id, 'guardian', true, by);
    await recordConsent(tx, child.id, 'guardian-publication', input.allowPublication, by);
    await recordConsent(tx, child.id, 'guardian-age-band', input.allowAgeBand, by);
    await recordAudit(tx, {
      actor: null,
      action: 'guardian.confirmed',
      subjectType: 'user',
      subjectId: child.id,
      details: { guardian: guardian.email, allowPublication: input.allowPublication, allowAgeBand: input.allowAgeBand },
    });
    await notify(
      tx,
      child.id,
      'guardian-confirmed',
      `${guardian.name} confirmed your account. You can now pay the membership fee, send forms${input.allowPublication ? ' and publish your talent profile' : ''}.`,
    );
    return { childName: child.fullName, childId: child.id };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return { childName: outcome.childName };
}

/** Throws the 403 a child sees where they try to pay or send a form before their guardian confirmed. */
export function assertGuardianConfirmed(ctx: AppContext, user: AuthUser): void {
  if (guardianStateOf(ctx, user) === 'waiting') throw forbidden(WAITING_FOR_GUARDIAN);
}

/** A child may publish a talent profile only once the guardian confirmed and allowed publication. */
export async function assertMayPublish(ctx: AppContext, user: AuthUser): Promise<void> {
  assertGuardianConfirmed(ctx, user);
  if (!guardianStateOf(ctx, user)) return;
  const guardian = await currentGuardian(ctx.db, user.id);
  if (!guardian?.allowsPublication) throw forbidden(NO_PUBLICATION_CONSENT);
}

/** The guardian of a child who is a listed talent, for booking requests to reach them too. */
export async function guardianContact(db: Executor, childId: string): Promise<{ name: string; email: string } | null> {
  const row = await currentGuardian(db, childId);
  return row?.confirmedAt ? { name: row.name, email: row.email } : null;
}

/**
 * Members who turned 18: the guardian link ends (kept as history, `endedAt`), the member is
 * told in the portal and by email. Run by the housekeeping; returns how many.
 */
export async function endGuardianLinksAtAdulthood(ctx: AppContext): Promise<number> {
  const today = todayInLagos(ctx.clock());
  const bornBy = sql`(${today}::date - ${`${ADULT_AGE} years`}::interval)::date`;
  const ended = await ctx.db.transaction(async (tx) => {
    const adults = await tx
      .update(users)
      .set({ guardianState: null })
      .where(and(isNotNull(users.guardianState), lte(users.dob, bornBy)))
      .returning({ id: users.id, email: users.email, fullName: users.fullName });
    for (const adult of adults) {
      await tx
        .update(guardians)
        .set({ endedAt: sql`now()` })
        .where(and(eq(guardians.userId, adult.id), isNull(guardians.endedAt)));
      await notify(
        tx,
        adult.id,
        'guardian-ended',
        'You are 18 now: your parent or guardian no longer confirms anything for your account, and booking requests come only to you.',
      );
      await enqueueMail(tx, privacyMail.guardianLinkEnded(ctx.mailer.brand, adult.email, adult.fullName));
    }
    return adults.length;
  });
  if (ended > 0) ctx.mailer.nudge();
  return ended;
}
