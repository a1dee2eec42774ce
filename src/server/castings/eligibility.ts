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

/**
 * Why this member may not apply for this role, in words for them; null when they may. Only
 * active members (a membership in grace still counts, as everywhere in the portal) with a talent
 * profile in the role's category, of its levels, of its ages on the casting day, and of its gender.
 */
export function memberRefusal(role: CastingRoleView, castingDay: string, member: MemberFacts, today: string): string | null {
  if (member.suspendedAt) return `Your membership is suspended${member.suspensionReason ? `: ${member.suspensionReason}` : ''}. Only active members apply for castings.`;
  const state = standingState({ activated: member.activated, paidUntil: member.paidUntil, suspended: false }, today);
  if (state === 'lapsed') return 'Your membership has lapsed: only active members apply for castings. Renew it on the fees page.';
  if (state !== 'active' && state !== 'grace') return 'Only active members apply for castings. Pay the membership fee and activate your profile on the fees page.';
  if (!member.profileCategory) return 'Save your talent profile first: you apply with it, and staff see its photos.';
  if (member.profileCategory !== role.category) {
    return `This role is for ${labelOf(TALENT_CATEGORIES, role.category).toLowerCase()} talent; your talent profile is in ${labelOf(TALENT_CATEGORIES, member.profileCategory).toLowerCase()}.`;
  }
  if (member.level < role.minLevel || member.level > role.maxLevel) {
    return `This role is for levels ${role.minLevel} to ${role.maxLevel}; you are level ${member.level}.`;
  }
  if (!member.dob) return 'Add your date of birth to your profile: roles are cast by age.';
  const age = ageOn(member.dob, castingDay);
  if (age < role.minAge || age > role.maxAge) return `This role is for ages ${role.minAge} to ${role.maxAge}; you will be ${age} on the casting day.`;
  if (role.gender !== 'any') {
    const wanted = labelOf(CASTING_GENDERS, role.gender).toLowerCase();
    if (!member.gender) return `This role is for ${wanted} talent: send the artist membership form first, which gives your gender.`;
    if (member.gender !== role.gender) return `This role is for ${wanted} talent.`;
  }
  return null;
}
