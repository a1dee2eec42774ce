import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalNumber } from '../../shared/schemas/forms.js';
import { accessHooks } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { getMember, searchMembers } from './members-service.js';

export function membersAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', accessHooks.admin);

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
