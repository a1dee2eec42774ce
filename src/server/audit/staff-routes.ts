import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuerySchema } from '../../shared/schemas/audit.js';
import type { AppContext } from '../context.js';
import { auditFilters, listAudit } from './audit.js';

/** The audit trail admins and the treasurer read: every staff decision with who and when (under /api/admin: admin/routes.ts). */
export function auditStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/audit', { config: { area: 'audit' }, schema: { querystring: auditQuerySchema } }, async (request) => listAudit(ctx, request.query));
    app.get('/audit/filters', { config: { area: 'audit' } }, async () => auditFilters(ctx));
  };
}
