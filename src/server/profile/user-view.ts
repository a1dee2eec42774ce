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

// The session, the user and their advert in one round trip: the profile call answers all three.
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

/**
 * The session's user and their advert for a session cookie token, or null when it is unknown or
 * expired. Every signed-in API request starts here, so the view is kept a while
 * (session-view-cache.ts); `fresh` reads the database, as every change a member asks for does.
 */
export async function findSessionView(ctx: AppContext, token: string, { fresh = false } = {}): Promise<SessionView | null> {
  const sessionId = hashToken(ctx.config.sessionSecret, token);
  const kept = fresh ? undefined : ctx.sessionViews.get(sessionId);
  if (kept) return kept;
  const readVersion = ctx.sessionViews.readVersion();
  const [view] = await sessionUserView(ctx.db).execute({ id: sessionId });
  if (!view) return null;
  ctx.sessionViews.keep(sessionId, view, readVersion);
  return view;
}

/** The signed-in user's view for a session cookie token, or null when it is unknown or expired. */
export async function findSessionUserView(ctx: AppContext, token: string): Promise<User | null> {
  const view = await findSessionView(ctx, token);
  // Made at each answer: the advert's status depends on today's date.
  return view && toUserView(view.user, view.ad ? toMemberAd(view.ad) : NO_AD);
}
