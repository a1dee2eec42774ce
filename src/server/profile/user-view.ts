import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { User } from '../../shared/schemas/users.js';
import { latestAdOf, memberAd, toMemberAd } from '../ads/ads-service.js';
import { requireUser } from '../auth/guards.js';
import { type AuthUser, publicUserColumns } from '../auth/sessions.js';
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
const sessionViewQuery = preparedPerDatabase((db) => {
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
 * The session's user and their advert for a stored session id, or null when it is unknown or
 * expired. Every signed-in API request starts here (http/session-lookup.ts), so reads use the view
 * this process keeps (session-view-cache.ts); `fresh` reads the database, as a change a member
 * asks for does, and keeps nothing since the change will make the member's views stale.
 */
export async function findSessionView(ctx: AppContext, sessionId: string, { fresh = false } = {}): Promise<SessionView | null> {
  if (fresh) return (await sessionViewQuery(ctx.db).execute({ id: sessionId }))[0] ?? null;
  const kept = ctx.sessionViews.get(sessionId);
  if (kept) return kept;
  const readVersion = ctx.sessionViews.readVersion();
  const [view] = await sessionViewQuery(ctx.db).execute({ id: sessionId });
  if (!view) return null;
  ctx.sessionViews.keep(sessionId, view, readVersion);
  return view;
}

/** The profile answer for the signed-in request, from the session view it was authorised with. */
export function sessionUserView(request: FastifyRequest): User {
  const user = requireUser(request);
  const ad = request.sessionView?.ad;
  // Made at each answer: the advert's status depends on today's date.
  return toUserView(user, ad ? toMemberAd(ad) : NO_AD);
}
