import { and, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markNotificationsReadSchema, type UnreadCounts } from '../../shared/schemas/notifications.js';
import { memberUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { bookingRequests, notifications, talentProfiles } from '../db/schema.js';
import { notFound } from '../http/errors.js';

export type NotificationKind = 'slip-received' | 'payment-approved' | 'payment-rejected' | 'profile-activated' | (string & {});

/** Adds a line to the member's notifications, in the caller's transaction. */
export async function notify(db: Executor, userId: string, kind: NotificationKind, message: string): Promise<void> {
  await db.insert(notifications).values({ userId, kind, message });
}

/** The member's latest notifications, newest first. */
export function listNotifications(ctx: AppContext, userId: string) {
  return ctx.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      message: notifications.message,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
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
