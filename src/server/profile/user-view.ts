import { todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber, hasMemberAccess } from '../../shared/membership.js';
import { guardianStateOn } from '../../shared/privacy.js';
import type { User } from '../../shared/schemas/users.js';
import { memberAd } from '../ads/ads-service.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { fileUrl } from '../files/files-service.js';

export const NO_AD: User['ad'] = {
  id: null,
  imageUrl: null,
  linkUrl: null,
  altText: null,
  status: null,
  startDate: null,
  endDate: null,
  reason: null,
  clicks: 0,
  weeks: null,
};

/** The user object of the API: never the hash, never session data. */
/** `today` (Lagos) decides `status`: true while the membership is active or in grace. */
export function toUserView(user: AuthUser, today: string, ad: User['ad'] = NO_AD): User {
  return {
    _id: user.id,
    id: user.id,
    name: user.fullName,
    fullName: user.fullName,
    email: user.email,
    pendingEmail: user.pendingEmail,
    phone: user.phone,
    dob: user.dob,
    countryOfOrigin: user.countryOfOrigin,
    maritalStatus: user.maritalStatus,
    stateOfOrigin: user.stateOfOrigin,
    industry: user.industry,
    occupation: user.occupation,
    title: user.title,
    address: user.address,
    bio: user.bio,
    overview: user.overview,
    profilePic: user.profilePicFileId ? fileUrl(user.profilePicFileId) : null,
    registrationDate: user.createdAt.toISOString(),
    status: hasMemberAccess({ activated: user.activated, paidUntil: user.paidUntil, suspended: Boolean(user.suspendedAt) }, today),
    memberNumber: user.memberNumber === null ? null : formatMemberNumber(user.memberNumber),
    paidUntil: user.paidUntil,
    role: user.role,
    level: user.level,
    achievements: user.achievements,
    guardian: guardianStateOn(user, today),
    ad,
  };
}

/** The user object with the member's own advert, as the profile calls answer it. */
export async function loadUserView(ctx: AppContext, user: AuthUser): Promise<User> {
  return toUserView(user, todayInLagos(ctx.clock()), (await memberAd(ctx, user.id)) ?? NO_AD);
}
