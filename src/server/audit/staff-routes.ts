import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { listAudit } from './audit.js';

/** The audit trail a treasurer reads: every staff decision with who and when (under /api/admin: admin/routes.ts). */
export function auditStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit',
      { schema: { querystring: z.object({ subjectType: z.string().max(40).optional(), subjectId: z.string().max(80).optional() }) } },
      async (request) => listAudit(ctx, request.query),
    );
  };
}
