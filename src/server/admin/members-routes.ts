import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageNumber } from '../../shared/schemas/forms.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { getMember, searchMembers } from './members-service.js';

/** Staff find members and open one (under /api/admin, behind the staff hook: routes.ts). */
export function membersStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/members',
      {
        config: { area: 'members' },
        schema: {
          querystring: z.object({
            q: z.string().max(200, { error: 'Search must be at most 200 characters' }).optional(),
            page: pageNumber(),
          }),
        },
      },
      async (request) => searchMembers(ctx, request.query),
    );

    app.get('/members/:id', { config: { area: 'members' }, schema: { params: z.object({ id: z.string() }) } }, async (request) =>
      getMember(ctx, request.params.id, staffUser(request).role),
    );
  };
}
