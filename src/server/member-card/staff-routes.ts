import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reissueCardFields } from '../../shared/schemas/member-card.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { reissueCard } from './member-card-service.js';

const memberParams = z.object({ id: z.uuid({ error: 'Member not found' }) });

/** A member's card from the console (under /api/admin, behind the staff hook: admin/routes.ts). */
export function memberCardStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Any staff member may: the door's staff are the ones who see a card shown by someone else.
    app.post('/members/:id/card/reissue', { config: { area: 'members' }, schema: { params: memberParams, body: reissueCardFields } }, async (request) => ({
      message: 'Card replaced: the old QR code no longer checks. The member has been told.',
      cardVersion: await reissueCard(ctx, staffUser(request), request.params.id, request.body.reason),
    }));
  };
}
