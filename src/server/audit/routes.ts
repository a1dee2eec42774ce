import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessHooks } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { listAudit } from './audit.js';

/** The audit trail a treasurer reads: every staff decision with who and when. */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', accessHooks.admin);
    app.get(
      '/api/admin/audit',
      { schema: { querystring: z.object({ subjectType: z.string().max(40).optional(), subjectId: z.string().max(80).optional() }) } },
      async (request) => listAudit(ctx, request.query),
    );
  };
}
