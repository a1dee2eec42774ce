import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalNumber } from '../../shared/schemas/forms.js';
import { requireAdmin } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { getMember, searchMembers } from './members-service.js';

export function membersAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Before validation, so that a member or a visitor learns nothing from a 400.
    app.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });

    app.get(
      '/api/admin/members',
      {
        schema: {
          querystring: z.object({
            q: z.string().max(200, { error: 'Search must be at most 200 characters' }).optional(),
            page: optionalNumber('Page', { integer: true, min: 1 }).transform((page) => page ?? 1),
          }),
        },
      },
      async (request) => searchMembers(ctx, request.query),
    );

    app.get('/api/admin/members/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request) =>
      getMember(ctx, request.params.id),
    );
  };
}
