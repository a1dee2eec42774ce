import { and, eq, gt, sql } from 'drizzle-orm';
import type { User } from '../../shared/schemas/users.js';
import { latestAdOf, memberAd, toMemberAd } from '../ads/ads-service.js';
import { type AuthUser, hashToken, publicUserColumns } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { preparedPerDatabase } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { fileUrl } from '../files/files-service.js';
import type { SessionView } from './session-view-cache.js';

export const NO_AD: User['ad'] = { id: null, imageUrl: null, linkUrl: null, altText: null, status: null, startDate: null, endDate: null, reason: null, clicks: 0, weeks: null };

/** The user object of the API: never the hash, never session data. */
export function toUserView(user: AuthUser, ad: User['ad'] = NO_AD): User {
  return {
    _id: user.id,
    id: user.id,
    name: user.fullName,
    fullName: user.fullName,
    email: user.email,
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
    status: user.status,
    role: user.role,
    achievements: user.achievements,
    ad,
  };
}

/** The user object with the member's own advert, as the profile calls answer it. */
export async function loadUserView(ctx: AppContext, user: AuthUser): Promise<User> {
  return toUserView(user, (await memberAd(ctx, user.id)) ?? NO_AD);
}

// Every dashboard load asks for the profile: the session, the user and their advert are read in
// one round trip rather than the session lookup's and then the advert's, and kept a while.
const sessionUserView = preparedPerDatabase((db) => {
  const latestAd = latestAdOf(db, users.id).as('latest_ad');
  return db
    .select({ user: publicUserColumns, ad: latestAd._.selectedFields, sessionExpiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(latestAd, sql`true`)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user_view');
});

/** The signed-in user's view for a session cookie token, or null when it is unknown or expired. */
export async function findSessionUserView(ctx: AppContext, token: string): Promise<User | null> {
  const sessionId = hashToken(ctx.config.sessionSecret, token);
  let view: SessionView | undefined = ctx.sessionViews.get(sessionId);
  if (!view) {
    const readVersion = ctx.sessionViews.readVersion();
    [view] = await sessionUserView(ctx.db).execute({ id: sessionId });
    if (!view) return null;
    ctx.sessionViews.keep(sessionId, view, readVersion);
  }
  // Made at each answer: the advert's status depends on today's date.
  return toUserView(view.user, view.ad ? toMemberAd(view.ad) : NO_AD);
}
