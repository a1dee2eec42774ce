import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeadMail } from '../../shared/schemas/admin.js';
import type { AppContext } from '../context.js';
import { listDeadMail } from './outbox.js';

/** Mail the portal gave up on, for staff to follow up by hand (under /api/admin: admin/routes.ts). */
export function mailStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/mail/dead', { config: { area: 'mail' } }, async (): Promise<{ messages: DeadMail[] }> => {
      const rows = await listDeadMail(ctx.db, 50);
      return { messages: rows.map((row) => ({ ...row, deadAt: (row.deadAt ?? new Date()).toISOString() })) };
    });
  };
}
