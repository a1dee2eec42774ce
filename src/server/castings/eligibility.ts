import { eq, sql } from 'drizzle-orm';
import { ageOn } from '../../shared/ages.js';
import { CASTING_GENDERS, type CastingRoleView } from '../../shared/castings.js';
import { todayInLagos } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';
import { labelOf } from '../../shared/form-options.js';
import { standingState } from '../../shared/membership.js';
import { TALENT_CATEGORIES, type TalentCategory } from '../../shared/talent-options.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { type castingCalls, talentProfiles, users } from '../db/schema.js';
import { latestArtistSubmission, measurementColumns } from '../talent/talent-queries.js';

/** What decides whether a member may apply for a role: their row, their talent profile and the gender from their artist form. */
export interface MemberFacts {
  id: string;
  fullName: string;
  email: string;
  dob: string | null;
  level: number;
  activated: boolean;
  paidUntil: string | null;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  profileCategory: TalentCategory | null;
  gender: string | null;
}

/** Read fresh (inside the application's transaction when applying), never from the session's copy. */
export async function memberFacts(ctx: AppContext, db: Executor, userId: string): Promise<MemberFacts | undefined> {
  const artist = latestArtistSubmission(ctx, users.id);
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      dob: users.dob,
      level: users.level,
      activated: users.activated,
      paidUntil: users.paidUntil,
      suspendedAt: users.suspendedAt,
      suspensionReason: users.suspensionReason,
      profileCategory: talentProfiles.category,
      gender: measurementColumns(artist.data, todayInLagos(ctx.clock())).gender,
    })
    .from(users)
    .leftJoin(talentProfiles, eq(talentProfiles.userId, users.id))
    .leftJoinLateral(artist, sql`true`)
    .where(eq(users.id, userId));
  return row;
}

type CallFacts = Pick<typeof castingCalls.$inferSelect, 'state' | 'deadline'>;

/** Why nobody may apply to this call any more (closed, or its deadline passed on `today` in Lagos); null while it takes applications. */
export function callRefusal(call: CallFacts, today: string): string | null {
  if (call.state !== 'open') return 'This casting call is closed: applications are no longer taken.';
  if (today > call.deadline) return `Applications for this casting closed on ${displayDate(call.deadline)}.`;
  return null;
}

/** Why a member may not take a role: in words for them (applying) and for staff (casting them). */
export interface Refusal {
  member: string;
  staff: string;
}

/**
 * Why this member may not take this role, or null when they may: the one rule, checked when they
 * apply and again when staff cast them (a membership may lapse or be suspended in between). Only
 * active members (a membership in grace still counts, as everywhere in the portal) with a talent
 * profile in the role's category, of its levels, of its ages on the casting day, and of its gender.
 */
export function refusalOf(role: CastingRoleView, castingDay: string, member: MemberFacts, today: string): Refusal | null {
  const who = member.fullName;
  if (member.suspendedAt) {
    const why = member.suspensionReason ? `: ${member.suspensionReason}` : '';
    return {
      member: `Your membership is suspended${why}. Only active members apply for castings.`,
      staff: `${who}'s membership is suspended${why}. Only active members are cast.`,
    };
  }
  const state = standingState({ activated: member.activated, paidUntil: member.paidUntil, suspended: false }, today);
  if (state === 'lapsed') {
    return {
      member: 'Your membership has lapsed: only active members apply for castings. Renew it on the fees page.',
      staff: `${who}'s membership has lapsed: only active members are cast. They can renew it on the fees page.`,
    };
  }
  if (state !== 'active' && state !== 'grace') {
    return {
      member: 'Only active members apply for castings. Pay the membership fee and activate your profile on the fees page.',
      staff: `${who}'s membership is not active: only active members are cast.`,
    };
  }
  if (!member.profileCategory)
    return { member: 'Save your talent profile first: you apply with it, and staff see its photos.', staff: `${who} no longer has a talent profile.` };
  if (member.profileCategory !== role.category) {
    const wanted = labelOf(TALENT_CATEGORIES, role.category).toLowerCase();
    const theirs = labelOf(TALENT_CATEGORIES, member.profileCategory).toLowerCase();
    return {
      member: `This role is for ${wanted} talent; your talent profile is in ${theirs}.`,
      staff: `This role is for ${wanted} talent; ${who}'s talent profile is now in ${theirs}.`,
    };
  }
  if (member.level < role.minLevel || member.level > role.maxLevel) {
    const range = `This role is for levels ${role.minLevel} to ${role.maxLevel}`;
    return { member: `${range}; you are level ${member.level}.`, staff: `${range}; ${who} is now level ${member.level}.` };
  }
  if (!member.dob)
    return { member: 'Add your date of birth to your profile: roles are cast by age.', staff: `${who}'s profile has no date of birth: roles are cast by age.` };
  const age = ageOn(member.dob, castingDay);
  if (age < role.minAge || age > role.maxAge) {
    const range = `This role is for ages ${role.minAge} to ${role.maxAge}`;
    return {
      member: `${range}; you will be ${age} on the casting day.`,
      staff: `${range}; by the date of birth on ${who}'s profile now, they will be ${age} on the casting day.`,
    };
  }
  if (role.gender !== 'any') {
    const wanted = labelOf(CASTING_GENDERS, role.gender).toLowerCase();
    if (!member.gender)
      return {
        member: `This role is for ${wanted} talent: send the artist membership form first, which gives your gender.`,
        staff: `This role is for ${wanted} talent; ${who}'s artist membership form gives no gender.`,
      };
    if (member.gender !== role.gender)
      return {
        member: `This role is for ${wanted} talent.`,
        staff: `This role is for ${wanted} talent; ${who}'s latest artist membership form says otherwise.`,
      };
  }
  return null;
}

/** Why this member may not apply for this role, in words for them; null when they may. */
export function memberRefusal(role: CastingRoleView, castingDay: string, member: MemberFacts, today: string): string | null {
  return refusalOf(role, castingDay, member, today)?.member ?? null;
}
