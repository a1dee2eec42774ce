import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffUser } from '../auth/guards.js';
import { memberForStaff } from '../members/member-target.js';
import type { AppContext } from '../context.js';
import { kindsReadableBy, listNotifications } from './notifications.js';

const memberParams = z.object({ id: z.uuid({ error: 'Member not found' }) });

/**
 * What the portal has told a member, for the console's member page (under /api/admin:
 * admin/routes.ts): of the kinds whose area the staff member's role may use (NOTIFICATION_AREAS).
 */
export function notificationsStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/members/:id/notifications', { config: { area: 'members' }, schema: { params: memberParams } }, async (request) => {
      const member = await memberForStaff(ctx.db, request.params.id);
      return { notifications: await listNotifications(ctx, member.id, kindsReadableBy(staffUser(request).role)) };
    });
  };
}
