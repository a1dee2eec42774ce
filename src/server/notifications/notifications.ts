import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROLES, type ConsoleArea, mayUse, type StaffRole } from '../../shared/roles.js';
import { markNotificationsReadSchema, type UnreadCounts } from '../../shared/schemas/notifications.js';
import { memberUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { bookingRequests, notifications, talentProfiles } from '../db/schema.js';
import { notFound } from '../http/errors.js';

/**
 * Every kind of notification the portal writes, and the console area whose roles may read it on the
 * member's page: what a role may not open elsewhere (a suspension's reason, a refund, the paid-until
 * date) it does not read there either.
 */
export const NOTIFICATION_AREAS = {
  'slip-received': 'payments',
  'payment-approved': 'payments',
  'payment-rejected': 'payments',
  'payment-reversed': 'payments',
  'fine-recorded': 'membership',
  'fine-reviewed': 'membership',
  'membership-reminder': 'membership',
  'membership-adjusted': 'membership',
  'membership-suspended': 'membership',
  'membership-reinstated': 'membership',
  'profile-activated': 'members',
  'level-changed': 'members',
  achievement: 'members',
  'guardian-confirmed': 'members',
  'guardian-ended': 'members',
  'ad-received': 'ads',
  'ad-approved': 'ads',
  'ad-rejected': 'ads',
  'ad-ended': 'ads',
  'booking-request': 'talent',
  'talent-hidden': 'talent',
  'talent-unhidden': 'talent',
  'session-changed': 'schedule',
  'casting-shortlisted': 'castings',
  'casting-cast': 'castings',
  'casting-not-cast': 'castings',
  'casting-closed-before-consent': 'castings',
  'casting-consent-asked': 'castings',
  'casting-consent-given': 'castings',
  'casting-consent-refused': 'castings',
} as const satisfies Record<string, ConsoleArea>;

/** A kind missing from NOTIFICATION_AREAS is still stored, but on a member's page only a role that may use every area reads it. */
export type NotificationKind = keyof typeof NOTIFICATION_AREAS | (string & {});

/** Adds a line to the member's notifications, in the caller's transaction. */
export async function notify(db: Executor, userId: string, kind: NotificationKind, message: string): Promise<void> {
  await db.insert(notifications).values({ userId, kind, message });
}

/** The kinds a staff role reads on a member's page; every kind for a role that may use every area. */
export function kindsReadableBy(role: StaffRole): string[] | 'every kind' {
  if ((Object.keys(CONSOLE_ROLES) as ConsoleArea[]).every((area) => mayUse(role, area))) return 'every kind';
  return Object.entries(NOTIFICATION_AREAS)
    .filter(([, area]) => mayUse(role, area))
    .map(([kind]) => kind);
}

/** The member's latest notifications, newest first; of the kinds given, when given. */
export function listNotifications(ctx: AppContext, userId: string, kinds: string[] | 'every kind' = 'every kind') {
  return ctx.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      message: notifications.message,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), kinds === 'every kind' ? undefined : inArray(notifications.kind, kinds)))
    .orderBy(desc(notifications.createdAt))
    .limit(100);
}

/**
 * What the menu counts: notifications not yet seen on /notifications, and booking requests the
 * talent has not answered (a request stays new until it is accepted or declined).
 */
export async function unreadCounts(ctx: AppContext, userId: string): Promise<UnreadCounts> {
  const [notes] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const [bookings] = await ctx.db
    .select({ n: count() })
    .from(bookingRequests)
    .innerJoin(talentProfiles, eq(talentProfiles.id, bookingRequests.profileId))
    .where(and(eq(talentProfiles.userId, userId), eq(bookingRequests.state, 'new')));
  return { notifications: notes?.n ?? 0, bookingRequests: bookings?.n ?? 0 };
}

/** The member has seen the notifications the page showed: `upTo` (the newest shown) and older, or every one when not given. */
export async function markNotificationsRead(ctx: AppContext, userId: string, upTo?: string): Promise<void> {
  const unread = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  if (upTo === undefined) {
    await ctx.db.update(notifications).set({ readAt: new Date() }).where(unread);
    return;
  }
  const shownNewest = and(eq(notifications.id, upTo), eq(notifications.userId, userId));
  if ((await ctx.db.$count(notifications, shownNewest)) === 0) throw notFound('That notification was not found.');
  // Compared in SQL: a JavaScript Date would cut the timestamp's microseconds and leave the newest one unread.
  const shownAt = ctx.db.select({ createdAt: notifications.createdAt }).from(notifications).where(shownNewest);
  await ctx.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(unread, lte(notifications.createdAt, sql`(${shownAt})`)));
}

/** Any signed-in account's notifications; behind the member hook (member-routes.ts). */
export function notificationsMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/notifications', { config: { access: 'user' } }, async (request) => ({ notifications: await listNotifications(ctx, memberUser(request).id) }));
    app.get('/api/notifications/unread', { config: { access: 'user' } }, async (request) => unreadCounts(ctx, memberUser(request).id));
    app.post('/api/notifications/read', { schema: { body: markNotificationsReadSchema }, config: { access: 'user' } }, async (request) => {
      await markNotificationsRead(ctx, memberUser(request).id, request.body?.upTo);
      return { message: 'Notifications marked as read.' };
    });
  };
}
