import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { isChildOn } from '../../shared/ages.js';
import type { CastingCallView, CastingRoleView, MemberCastingCall, MyApplication } from '../../shared/castings.js';
import { todayInLagos } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';
import { recordAudit } from '../audit/audit.js';
import { MAX_WRONG_TRIES } from '../auth/codes.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { uniqueViolation } from '../db/errors.js';
import { castingApplications, castingCalls, castingRoles } from '../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { castingsMail } from './mail.js';
import { notify } from '../notifications/notifications.js';
import { guardianContact } from '../privacy/guardian-service.js';
import { callRefusal, memberFacts, memberRefusal } from './eligibility.js';

type CallRow = typeof castingCalls.$inferSelect;
type RoleRow = typeof castingRoles.$inferSelect;

export function roleView(role: RoleRow): CastingRoleView {
  return {
    id: role.id,
    title: role.title,
    category: role.category,
    gender: role.gender,
    minAge: role.minAge,
    maxAge: role.maxAge,
    minLevel: role.minLevel,
    maxLevel: role.maxLevel,
    count: role.count,
  };
}

export function callView(call: CallRow, roles: RoleRow[]): CastingCallView {
  return {
    id: call.id,
    project: call.project,
    description: call.description,
    castingDay: call.castingDay,
    time: call.time,
    place: call.place,
    deadline: call.deadline,
    state: call.state,
    roles: roles.map(roleView),
  };
}

/** "Lead actress in Ada's Journey (12 Dec 2026, 10am–4pm, Lekki studio)": how mail and notifications name a role. */
export function castingName(call: Pick<CallRow, 'project' | 'castingDay' | 'time' | 'place'>, role: Pick<RoleRow, 'title'>): string {
  return `${role.title} in ${call.project} (${displayDate(call.castingDay)}, ${call.time}, ${call.place})`;
}

export async function rolesOf(db: Executor, callIds: string[]): Promise<RoleRow[]> {
  if (callIds.length === 0) return [];
  return db.select().from(castingRoles).where(inArray(castingRoles.callId, callIds)).orderBy(asc(castingRoles.callId), asc(castingRoles.position));
}

/** The calls taking applications today, each role with whether this member may apply and, if not, why. */
export async function openCallsFor(ctx: AppContext, user: AuthUser): Promise<MemberCastingCall[]> {
  const today = todayInLagos(ctx.clock());
  const calls = await ctx.db
    .select()
    .from(castingCalls)
    // Past their deadline, calls staff have not closed yet would fill the page and hide the open ones.
    .where(and(eq(castingCalls.state, 'open'), gte(castingCalls.deadline, today)))
    .orderBy(asc(castingCalls.castingDay), asc(castingCalls.id))
    .limit(100);
  const open = calls.filter((call) => callRefusal(call, today) === null);
  const [roles, facts, mine] = await Promise.all([
    rolesOf(
      ctx.db,
      open.map((call) => call.id),
    ),
    memberFacts(ctx, ctx.db, user.id),
    ctx.db
      .select({ id: castingApplications.id, roleId: castingApplications.roleId, state: castingApplications.state })
      .from(castingApplications)
      .where(eq(castingApplications.userId, user.id)),
  ]);
  if (!facts) throw notFound('Account not found');
  return open.map((call) => ({
    ...callView(call, []),
    roles: roles
      .filter((role) => role.callId === call.id)
      .map((role) => {
        const application = mine.find((a) => a.roleId === role.id);
        return {
          ...roleView(role),
          refusal: memberRefusal(roleView(role), call.castingDay, facts, today),
          application: application ? { id: application.id, state: application.state } : null,
        };
      }),
  }));
}

export async function myApplications(ctx: AppContext, user: AuthUser): Promise<MyApplication[]> {
  const rows = await ctx.db
    .select({ application: castingApplications, role: castingRoles, call: castingCalls })
    .from(castingApplications)
    .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
    .innerJoin(castingCalls, eq(castingCalls.id, castingRoles.callId))
    .where(eq(castingApplications.userId, user.id))
    .orderBy(desc(castingApplications.createdAt), desc(castingApplications.id))
    .limit(200);
  return rows.map(({ application, role, call }) => ({
    id: application.id,
    state: application.state,
    note: application.note,
    project: call.project,
    roleTitle: role.title,
    castingDay: call.castingDay,
    place: call.place,
    callState: call.state,
    createdAt: application.createdAt.toISOString(),
  }));
}

function consentHash(ctx: AppContext, applicationId: string, code: string): string {
  // Keyed: six digits alone could be guessed back from a leaked table.
  return createHmac('sha256', ctx.config.sessionSecret).update(`casting-consent:${applicationId}:${code}`).digest('base64url');
}

/** The call of a role, its row held (FOR SHARE) until commit so that closing the call waits for an application being made. */
async function roleWithCallHeld(tx: Executor, roleId: string): Promise<{ role: RoleRow; call: CallRow }> {
  const [role] = await tx.select().from(castingRoles).where(eq(castingRoles.id, roleId));
  if (!role) throw notFound('Casting role not found');
  const [call] = await tx.select().from(castingCalls).where(eq(castingCalls.id, role.callId)).for('share');
  if (!call) throw notFound('Casting role not found');
  return { role, call };
}

/**
 * A member applies for a role with their talent profile and a note. Everything is decided inside
 * one transaction holding the call: its state and deadline, the member's standing, level, age,
 * category and gender, read fresh. One application per member per role is the unique index's to
 * keep, so two taps at once store one. A child's application waits for their guardian, who is
 * mailed a code; it reaches staff only once they agree.
 */
export async function applyForRole(ctx: AppContext, user: AuthUser, roleId: string, note: string): Promise<{ message: string; state: string }> {
  const today = todayInLagos(ctx.clock());
  const id = randomUUID();
  try {
    const outcome = await ctx.db.transaction(async (tx) => {
      const { role, call } = await roleWithCallHeld(tx, roleId);
      const closed = callRefusal(call, today);
      if (closed) throw conflict(closed);
      const facts = await memberFacts(ctx, tx, user.id);
      if (!facts) throw notFound('Account not found');
      const refusal = memberRefusal(roleView(role), call.castingDay, facts, today);
      if (refusal) throw forbidden(refusal);
      const child = facts.dob !== null && isChildOn(facts.dob, today);
      const guardian = child ? await guardianContact(tx, user.id) : null;
      if (child && !guardian) throw forbidden('You are under 18: your parent or guardian must confirm your account before you apply. See your privacy page.');
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await tx.insert(castingApplications).values({
        id,
        roleId: role.id,
        userId: user.id,
        note,
        state: guardian ? 'awaiting-consent' : 'applied',
        consentCodeHash: guardian ? consentHash(ctx, id, code) : null,
      });
      if (!guardian) return { message: `Application sent for ${role.title}. Staff review it; you are told the outcome here and by email.`, state: 'applied' };
      await enqueueMail(
        tx,
        castingsMail.castingConsent(
          ctx.mailer.brand,
          guardian.email,
          guardian.name,
          facts.fullName,
          id,
          castingName(call, role),
          displayDate(call.deadline),
          code,
        ),
      );
      await notify(tx, user.id, 'casting-consent-asked', `We asked ${guardian.name} to agree to your application for ${castingName(call, role)}.`);
      return {
        message: `We emailed ${guardian.name} at ${guardian.email}: your application goes to our staff once they agree, before ${displayDate(call.deadline)}.`,
        state: 'awaiting-consent',
      };
    });
    if (outcome.state === 'awaiting-consent') ctx.mailer.nudge();
    return outcome;
  } catch (error) {
    if (uniqueViolation(error) === 'casting_applications_one_per_role_key') throw conflict('You have already applied for this role.');
    throw error;
  }
}

const CONSENT_GONE = 'This application is no longer waiting for a guardian’s answer, or had too many wrong codes.';

/**
 * The guardian enters the code mailed to them and agrees (or refuses). The try is counted before
 * the comparison, in one UPDATE, so guesses sent at once cannot pass the limit; the answer is
 * taken once, and only while the call still takes applications.
 */
export async function answerConsent(ctx: AppContext, input: { application: string; code: string; agree: boolean }): Promise<{ message: string }> {
  const [pending] = await ctx.db
    .update(castingApplications)
    .set({ consentAttempts: sql`${castingApplications.consentAttempts} + 1` })
    .where(
      and(
        eq(castingApplications.id, input.application),
        eq(castingApplications.state, 'awaiting-consent'),
        lt(castingApplications.consentAttempts, MAX_WRONG_TRIES),
      ),
    )
    .returning();
  if (!pending?.consentCodeHash) throw badRequest(CONSENT_GONE);
  const expected = Buffer.from(pending.consentCodeHash);
  const given = Buffer.from(consentHash(ctx, pending.id, input.code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badRequest('That code is not right.');
  const today = todayInLagos(ctx.clock());
  const guardian = await guardianContact(ctx.db, pending.userId);
  const message = await ctx.db.transaction(async (tx) => {
    const { role, call } = await roleWithCallHeld(tx, pending.roleId);
    const closed = callRefusal(call, today);
    if (input.agree && closed) throw conflict(`${closed} The application was not sent.`);
    const [answered] = await tx
      .update(castingApplications)
      .set({ state: input.agree ? 'applied' : 'consent-refused', consentCodeHash: null, consentBy: guardian?.email ?? 'guardian', consentAt: new Date() })
      .where(and(eq(castingApplications.id, pending.id), eq(castingApplications.state, 'awaiting-consent')))
      .returning({ userId: castingApplications.userId });
    if (!answered) throw badRequest(CONSENT_GONE);
    const name = castingName(call, role);
    await recordAudit(tx, {
      actor: null,
      action: input.agree ? 'casting.consent.given' : 'casting.consent.refused',
      subjectType: 'casting_application',
      subjectId: pending.id,
      details: { guardian: guardian?.email ?? null },
    });
    await notify(
      tx,
      answered.userId,
      input.agree ? 'casting-consent-given' : 'casting-consent-refused',
      input.agree
        ? `Your guardian agreed: your application for ${name} is with our staff.`
        : `Your guardian did not agree to your application for ${name}, so it was not sent.`,
    );
    return input.agree ? `Thank you: the application for ${name} is sent to our staff.` : `Understood: the application for ${name} is not sent.`;
  });
  return { message };
}
