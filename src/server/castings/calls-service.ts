import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ageOn, isChildOn } from '../../shared/ages.js';
import {
  type ApplicationState,
  CASTING_HOURS,
  type CastingApplicant,
  type CastingOutcome,
  type StaffCastingCall,
  type StaffCastingSummary,
} from '../../shared/castings.js';
import { todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber } from '../../shared/membership.js';
import type { CastingCallFields, CastingCallInput } from '../../shared/schemas/castings.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { uniqueViolation } from '../db/errors.js';
import { bookingRequests, castingApplications, castingCalls, castingRoles, talentProfiles, users } from '../db/schema.js';
import { fileUrl } from '../files/files-service.js';
import { conflict, notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { castingsMail } from './mail.js';
import { notify } from '../notifications/notifications.js';
import { guardianContact } from '../privacy/guardian-service.js';
import { knownMeasurements, latestArtistSubmission, measurementColumns, photosOf } from '../talent/talent-queries.js';
import { callView, castingName, roleView, rolesOf } from './applications-service.js';
import { memberFacts, refusalOf } from './eligibility.js';

/** Applications staff see: a child's waiting for (or refused by) the guardian never reach them. */
const REVIEWED = ['applied', 'shortlisted', 'cast', 'not-cast'] as const;

export async function createCall(ctx: AppContext, staff: AuthUser, input: CastingCallFields): Promise<{ id: string }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (input.bookingRequestId) {
        const [booking] = await tx.select({ id: bookingRequests.id }).from(bookingRequests).where(eq(bookingRequests.id, input.bookingRequestId));
        if (!booking) throw notFound('Booking request not found');
      }
      const [call] = await tx
        .insert(castingCalls)
        .values({
          project: input.project,
          description: input.description,
          castingDay: input.castingDay,
          time: input.time,
          place: input.place,
          deadline: input.deadline,
          bookingRequestId: input.bookingRequestId ?? null,
          createdBy: staff.id,
        })
        .returning({ id: castingCalls.id });
      if (!call) throw new Error('casting call row was not written');
      await tx.insert(castingRoles).values(input.roles.map((role, position) => ({ ...role, callId: call.id, position })));
      await recordAudit(tx, {
        actor: staff,
        action: 'casting.posted',
        subjectType: 'casting_call',
        subjectId: call.id,
        details: { project: input.project, roles: input.roles.length },
      });
      return call;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'casting_calls_booking_request_key') throw conflict('A casting call was already made from this booking request.');
    throw error;
  }
}

/** A new call's form filled from a business's booking request: its dates, place, message and the talent's category. */
export async function draftFromBooking(ctx: AppContext, bookingId: string): Promise<CastingCallInput> {
  const [row] = await ctx.db
    .select({ booking: bookingRequests, category: talentProfiles.category, stageName: talentProfiles.stageName })
    .from(bookingRequests)
    .innerJoin(talentProfiles, eq(talentProfiles.id, bookingRequests.profileId))
    .where(eq(bookingRequests.id, bookingId));
  if (!row) throw notFound('Booking request not found');
  const { booking } = row;
  const today = todayInLagos(ctx.clock());
  const castingDay = booking.dateFrom >= today ? booking.dateFrom : today;
  return {
    project: `${booking.businessName} (booking ${booking.reference})`,
    description: `${booking.businessName} asked for ${row.stageName}: ${booking.message}`,
    castingDay,
    time: CASTING_HOURS,
    place: booking.location,
    deadline: castingDay,
    roles: [{ title: `Role asked of ${row.stageName}`, category: row.category, gender: 'any', minAge: 18, maxAge: 75, minLevel: 1, maxLevel: 3 }],
    bookingRequestId: booking.id,
  };
}

export async function listCalls(ctx: AppContext): Promise<StaffCastingSummary[]> {
  const calls = await ctx.db.select().from(castingCalls).orderBy(desc(castingCalls.castingDay), desc(castingCalls.createdAt)).limit(200);
  const ids = calls.map((call) => call.id);
  const [roles, tallies] = await Promise.all([
    rolesOf(ctx.db, ids),
    ids.length
      ? ctx.db
          .select({ callId: castingRoles.callId, applications: count(), cast: sql<number>`count(*) filter (where ${castingApplications.state} = 'cast')::int` })
          .from(castingApplications)
          .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
          .where(and(inArray(castingRoles.callId, ids), inArray(castingApplications.state, REVIEWED)))
          .groupBy(castingRoles.callId)
      : [],
  ]);
  return calls.map((call) => {
    const tally = tallies.find((t) => t.callId === call.id);
    return {
      ...callView(
        call,
        roles.filter((role) => role.callId === call.id),
      ),
      applications: tally?.applications ?? 0,
      cast: tally?.cast ?? 0,
    };
  });
}

/** A call with each role's applicants: their talent profile, every photo and every measurement known from the artist form. */
export async function callForStaff(ctx: AppContext, callId: string): Promise<StaffCastingCall> {
  const [row] = await ctx.db
    .select({ call: castingCalls, bookingReference: bookingRequests.reference })
    .from(castingCalls)
    .leftJoin(bookingRequests, eq(bookingRequests.id, castingCalls.bookingRequestId))
    .where(eq(castingCalls.id, callId));
  if (!row) throw notFound('Casting call not found');
  const today = todayInLagos(ctx.clock());
  const roles = await rolesOf(ctx.db, [callId]);
  const artist = latestArtistSubmission(ctx, users.id);
  const measured = measurementColumns(artist.data, today);
  const applicants = roles.length
    ? await ctx.db
        .select({
          application: castingApplications,
          memberName: users.fullName,
          memberNumber: users.memberNumber,
          level: users.level,
          dob: users.dob,
          profileId: talentProfiles.id,
          stageName: talentProfiles.stageName,
          heightCm: measured.heightCm,
          weight: measured.weight,
          chest: measured.chest,
          hairColor: measured.hairColor,
          eyeColor: measured.eyeColor,
          gender: measured.gender,
          state: measured.state,
        })
        .from(castingApplications)
        .innerJoin(users, eq(users.id, castingApplications.userId))
        .leftJoin(talentProfiles, eq(talentProfiles.userId, users.id))
        .leftJoinLateral(artist, sql`true`)
        .where(
          and(
            inArray(
              castingApplications.roleId,
              roles.map((role) => role.id),
            ),
            inArray(castingApplications.state, REVIEWED),
          ),
        )
        .orderBy(castingApplications.createdAt, castingApplications.id)
    : [];
  const photos = new Map<string, string[]>();
  await Promise.all(
    [...new Set(applicants.map((a) => a.profileId).filter((id): id is string => id !== null))].map(async (profileId) => {
      photos.set(
        profileId,
        (await photosOf(ctx.db, profileId)).map((photo) => fileUrl(photo.fileId)),
      );
    }),
  );
  const applicantView = (a: (typeof applicants)[number]): CastingApplicant => {
    const age = a.dob ? ageOn(a.dob, today) : null;
    const { age: _age, ageBand: _band, state: _state, ...measurements } = knownMeasurements({ ...a, age: null, childAge: null });
    return {
      id: a.application.id,
      state: a.application.state,
      note: a.application.note,
      memberName: a.memberName,
      memberNumber: a.memberNumber === null ? null : formatMemberNumber(a.memberNumber),
      stageName: a.stageName ?? a.memberName,
      level: a.level,
      age,
      child: a.dob !== null && isChildOn(a.dob, today),
      photos: a.profileId ? (photos.get(a.profileId) ?? []) : [],
      measurements,
      createdAt: a.application.createdAt.toISOString(),
    };
  };
  return {
    ...callView(row.call, []),
    bookingReference: row.bookingReference,
    roles: roles.map((role) => {
      const mine = applicants.filter((a) => a.application.roleId === role.id);
      return { ...roleView(role), cast: mine.filter((a) => a.application.state === 'cast').length, applicants: mine.map(applicantView) };
    }),
  };
}

/** The application with its role and call, for a staff decision; the role's row is locked when `lockRole`. */
async function applicationForDecision(tx: Executor, applicationId: string, lockRole: boolean) {
  const [found] = await tx.select().from(castingApplications).where(eq(castingApplications.id, applicationId));
  if (!found || !REVIEWED.includes(found.state as (typeof REVIEWED)[number])) throw notFound('Application not found');
  const roleQuery = tx.select().from(castingRoles).where(eq(castingRoles.id, found.roleId));
  const [role] = lockRole ? await roleQuery.for('update') : await roleQuery;
  const [call] = await tx.select().from(castingCalls).where(eq(castingCalls.id, role!.callId)).for('share');
  if (!role || !call) throw notFound('Application not found');
  if (call.state !== 'open') throw conflict('This casting call is closed: its applications can no longer change.');
  return { role, call, userId: found.userId };
}

/**
 * Refuses (409, "Not shortlisted: …" / "Not cast: …") an applicant who no longer may take the role:
 * applying checked them then, and a membership may lapse or be suspended, a level or a profile's
 * category change, before staff decide. The rule members apply under, on their row read fresh in
 * the decision's transaction.
 */
async function refuseIfNoLongerEligible(
  ctx: AppContext,
  tx: Executor,
  decision: { role: typeof castingRoles.$inferSelect; call: typeof castingCalls.$inferSelect; userId: string },
  not: 'Not shortlisted' | 'Not cast',
): Promise<void> {
  const facts = await memberFacts(ctx, tx, decision.userId);
  const refusal = facts ? refusalOf(roleView(decision.role), decision.call.castingDay, facts, todayInLagos(ctx.clock())) : null;
  if (refusal) throw conflict(`${not}: ${refusal.staff}`);
}

/** Shortlists an applicant who still may take the role (read fresh, as when casting). */
export async function shortlist(ctx: AppContext, staff: AuthUser, applicationId: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const decision = await applicationForDecision(tx, applicationId, false);
    const { role, call } = decision;
    await refuseIfNoLongerEligible(ctx, tx, decision, 'Not shortlisted');
    const [moved] = await tx
      .update(castingApplications)
      .set({ state: 'shortlisted', decidedBy: staff.id, decidedAt: new Date() })
      .where(and(eq(castingApplications.id, applicationId), eq(castingApplications.state, 'applied')))
      .returning({ userId: castingApplications.userId });
    if (!moved) throw conflict('Only a new application can be shortlisted: this one is already shortlisted or cast.');
    await recordAudit(tx, { actor: staff, action: 'casting.shortlisted', subjectType: 'casting_application', subjectId: applicationId });
    await notify(tx, moved.userId, 'casting-shortlisted', `You are shortlisted for ${castingName(call, role)}.`);
    return `Shortlisted for ${role.title}.`;
  });
}

const OUTCOME_NOTES: Record<CastingOutcome, (name: string) => string> = {
  cast: (name) => `You were cast: ${name}.`,
  'not-cast': (name) => `You were not cast this time for ${name}. Thank you for applying.`,
  'closed-before-consent': (name) => `The casting call for ${name} closed before your guardian agreed, so your application was not sent to our staff.`,
};

/** Tells a member (and a child's guardian) the outcome, in the portal and by email, in the caller's transaction. */
async function tellOutcome(ctx: AppContext, tx: Executor, userId: string, outcome: CastingOutcome, name: string): Promise<void> {
  const [member] = await tx.select({ email: users.email, fullName: users.fullName, dob: users.dob }).from(users).where(eq(users.id, userId));
  if (!member) return;
  await notify(tx, userId, `casting-${outcome}`, OUTCOME_NOTES[outcome](name));
  await enqueueMail(tx, castingsMail.castingOutcome(ctx.mailer.brand, member.email, member.fullName, outcome, name));
  const guardian = member.dob && isChildOn(member.dob, todayInLagos(ctx.clock())) ? await guardianContact(tx, userId) : null;
  if (guardian) await enqueueMail(tx, castingsMail.castingOutcomeForGuardian(ctx.mailer.brand, guardian.email, guardian.name, member.fullName, outcome, name));
}

/**
 * Casts an applicant who still may take the role (the rule members apply under, read fresh:
 * standing, profile, level, age, gender). The role's row is locked while its cast places are counted, so two staff
 * casting the last place at once are decided one after the other and the second is refused.
 */
export async function cast(ctx: AppContext, staff: AuthUser, applicationId: string): Promise<string> {
  const message = await ctx.db.transaction(async (tx) => {
    const decision = await applicationForDecision(tx, applicationId, true);
    const { role, call } = decision;
    await refuseIfNoLongerEligible(ctx, tx, decision, 'Not cast');
    const [taken] = await tx
      .select({ n: count() })
      .from(castingApplications)
      .where(and(eq(castingApplications.roleId, role.id), eq(castingApplications.state, 'cast')));
    if ((taken?.n ?? 0) >= role.count)
      throw conflict(role.count === 1 ? `The one place for ${role.title} is cast already.` : `All ${role.count} places for ${role.title} are cast already.`);
    const [moved] = await tx
      .update(castingApplications)
      .set({ state: 'cast', decidedBy: staff.id, decidedAt: new Date() })
      .where(and(eq(castingApplications.id, applicationId), inArray(castingApplications.state, ['applied', 'shortlisted'])))
      .returning({ userId: castingApplications.userId });
    if (!moved) throw conflict('This applicant is already cast.');
    await recordAudit(tx, { actor: staff, action: 'casting.cast', subjectType: 'casting_application', subjectId: applicationId });
    await tellOutcome(ctx, tx, moved.userId, 'cast', castingName(call, role));
    return `Cast for ${role.title} (${(taken?.n ?? 0) + 1} of ${role.count}). The member has been told.`;
  });
  ctx.mailer.nudge();
  return message;
}

/**
 * Closes a call: no more applications. Everyone staff saw and did not cast is told so, in the
 * portal and by email; a child whose guardian had not yet agreed (staff never saw it) is told,
 * with the guardian, that the call closed first, and the guardian's code stops working.
 */
export async function closeCall(ctx: AppContext, staff: AuthUser, callId: string): Promise<string> {
  const message = await ctx.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(castingCalls)
      .set({ state: 'closed', closedAt: new Date() })
      .where(and(eq(castingCalls.id, callId), eq(castingCalls.state, 'open')))
      .returning();
    if (!closed) {
      const [exists] = await tx.select({ id: castingCalls.id }).from(castingCalls).where(eq(castingCalls.id, callId));
      if (!exists) throw notFound('Casting call not found');
      throw conflict('This casting call is already closed.');
    }
    const roles = await rolesOf(tx, [callId]);
    const end = async (from: ApplicationState[], to: CastingOutcome) => {
      if (roles.length === 0) return [];
      const ended = await tx
        .update(castingApplications)
        .set({ state: to, consentCodeHash: null, decidedBy: staff.id, decidedAt: new Date() })
        .where(
          and(
            inArray(
              castingApplications.roleId,
              roles.map((role) => role.id),
            ),
            inArray(castingApplications.state, from),
          ),
        )
        .returning({ userId: castingApplications.userId, roleId: castingApplications.roleId });
      for (const application of ended)
        await tellOutcome(
          ctx,
          tx,
          application.userId,
          to,
          castingName(
            closed,
            roles.find((r) => r.id === application.roleId)!,
          ),
        );
      return ended;
    };
    const notCast = await end(['applied', 'shortlisted'], 'not-cast');
    const unanswered = await end(['awaiting-consent'], 'closed-before-consent');
    await recordAudit(tx, {
      actor: staff,
      action: 'casting.closed',
      subjectType: 'casting_call',
      subjectId: callId,
      details: { notCast: notCast.length, closedBeforeConsent: unanswered.length },
    });
    const waiting = unanswered.length
      ? ` ${unanswered.length === 1 ? 'One child' : `${unanswered.length} children`} whose guardian had not agreed yet ${unanswered.length === 1 ? 'was' : 'were'} told the call closed first.`
      : '';
    return `Casting call closed. ${notCast.length === 1 ? 'One applicant not cast was' : `${notCast.length} applicants not cast were`} told.${waiting}`;
  });
  ctx.mailer.nudge();
  return message;
}
