import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingListQuerySchema, hideTalentSchema } from '../../shared/schemas/talent.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { profileParams, requestParams } from './routes.js';
import { closeRequest, listProfiles, listRequests, setProfileHidden } from './staff-service.js';

/**
 * Staff: every booking request, closing one, and hiding a profile that breaks the terms
 * (under /api/admin, behind the staff hook: admin/routes.ts).
 */
export function talentStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/talent/requests', { config: { area: 'talent' }, schema: { querystring: bookingListQuerySchema } }, async (request) =>
      listRequests(ctx, request.query.status),
    );

    app.post('/talent/requests/:id/close', { config: { area: 'talent' }, schema: { params: requestParams } }, async (request) => {
      await closeRequest(ctx, staffUser(request), request.params.id);
      return { message: 'Booking request closed.' };
    });

    app.get('/talent/profiles', { config: { area: 'talent' } }, async () => listProfiles(ctx));

    app.post('/talent/profiles/:id/hide', { config: { area: 'talent' }, schema: { params: profileParams, body: hideTalentSchema } }, async (request) => {
      await setProfileHidden(ctx, staffUser(request), request.params.id, true, request.body.reason);
      return { message: 'Profile hidden from the directory. The member has been told why.' };
    });

    app.post('/talent/profiles/:id/unhide', { config: { area: 'talent' }, schema: { params: profileParams } }, async (request) => {
      await setProfileHidden(ctx, staffUser(request), request.params.id, false);
      return { message: 'Profile is back in the directory.' };
    });
  };
}
