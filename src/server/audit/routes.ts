import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessHooks, requireAdmin } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { auditLog } from '../db/schema.js';

/** The audit trail a treasurer reads: every staff decision with who and when. */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', accessHooks.admin);
    app.get(
      '/api/admin/audit',
      { schema: { querystring: z.object({ subjectType: z.string().max(40).optional(), subjectId: z.string().max(80).optional() }) } },
      async (request) => {
        requireAdmin(request);
        const { subjectType, subjectId } = request.query;
        return ctx.db
          .select()
          .from(auditLog)
          .where(and(subjectType ? eq(auditLog.subjectType, subjectType) : undefined, subjectId ? eq(auditLog.subjectId, subjectId) : undefined))
          .orderBy(desc(auditLog.id))
          .limit(500);
      },
    );
  };
}
