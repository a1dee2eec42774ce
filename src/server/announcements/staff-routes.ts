import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendAnnouncementSchema } from '../../shared/schemas/announcements.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { listAnnouncements, sendAnnouncement } from './announcements-service.js';

/** Staff write to a group of members (under /api/admin: admin/routes.ts). */
export function announcementsStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/announcements', { config: { area: 'announcements' } }, async () => ({ announcements: await listAnnouncements(ctx) }));

    app.post('/announcements', { config: { area: 'announcements' }, schema: { body: sendAnnouncementSchema } }, async (request, reply) => {
      const announcement = await sendAnnouncement(ctx, staffUser(request), request.body);
      const n = announcement.recipients;
      return reply.status(201).send({ message: `Announcement sent to ${n} member${n === 1 ? '' : 's'}.`, announcement });
    });
  };
}
