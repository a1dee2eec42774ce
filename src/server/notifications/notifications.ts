import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { notifications } from '../db/schema.js';

export type NotificationKind = 'slip-received' | 'payment-approved' | 'payment-rejected' | 'profile-activated' | (string & {});

/** Adds a line to the member's notifications, in the caller's transaction. */
export async function notify(db: Executor, userId: string, kind: NotificationKind, message: string): Promise<void> {
  await db.insert(notifications).values({ userId, kind, message });
}

/** The member's latest notifications, newest first. */
export function listNotifications(ctx: AppContext, userId: string) {
  return ctx.db
    .select({ id: notifications.id, kind: notifications.kind, message: notifications.message, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(100);
}

export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/notifications', async (request) => ({ notifications: await listNotifications(ctx, requireUser(request).id) }));
  };
}
