import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { listDeadMail } from './outbox.js';

/** Mail the portal gave up on, for staff to follow up by hand (under /api/admin: admin/routes.ts). */
export function mailStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/mail/dead', async () => ({ messages: await listDeadMail(ctx.db, 50) }));
  };
}
