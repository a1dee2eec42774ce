import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberForStaff } from '../members/member-target.js';
import type { AppContext } from '../context.js';
import { listNotifications } from './notifications.js';

const memberParams = z.object({ id: z.uuid({ error: 'Member not found' }) });

/** What the portal has told a member, for the console's member page (under /api/admin: admin/routes.ts). */
export function notificationsStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/members/:id/notifications', { config: { area: 'members' }, schema: { params: memberParams } }, async (request) => {
      const member = await memberForStaff(ctx.db, request.params.id);
      return { notifications: await listNotifications(ctx, member.id) };
    });
  };
}
