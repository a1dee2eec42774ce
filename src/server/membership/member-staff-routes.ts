import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { displayDate } from '../../shared/display-date.js';
import { adjustMembershipSchema, standingReasonSchema } from '../../shared/schemas/membership.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { adjustPaidUntil, memberStanding, reinstateMember, resendActivationCode, suspendMember } from './standing.js';

const memberParams = z.object({ id: z.uuid({ error: 'Member not found' }) });

/**
 * A member's membership from the console: paid-until by hand, suspension, the activation code
 * again (under /api/admin, behind the staff hook: admin/routes.ts).
 */
export function memberStandingStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/members/:id/membership', { config: { area: 'membership' }, schema: { params: memberParams } }, async (request) =>
      memberStanding(ctx, request.params.id),
    );

    app.post('/members/:id/membership', { config: { area: 'membership' }, schema: { params: memberParams, body: adjustMembershipSchema } }, async (request) => {
      const { paidUntil, reason } = request.body;
      await adjustPaidUntil(ctx, staffUser(request), request.params.id, paidUntil, reason);
      return { message: `Paid until set to ${displayDate(paidUntil)}.`, standing: await memberStanding(ctx, request.params.id) };
    });

    app.post('/members/:id/suspend', { config: { area: 'membership' }, schema: { params: memberParams, body: standingReasonSchema } }, async (request) => {
      await suspendMember(ctx, staffUser(request), request.params.id, request.body.reason);
      return { message: 'Membership suspended. The member has been told why.', standing: await memberStanding(ctx, request.params.id) };
    });

    app.post('/members/:id/reinstate', { config: { area: 'membership' }, schema: { params: memberParams, body: standingReasonSchema } }, async (request) => {
      await reinstateMember(ctx, staffUser(request), request.params.id, request.body.reason);
      return { message: 'Membership reinstated.', standing: await memberStanding(ctx, request.params.id) };
    });

    app.post('/members/:id/activation-code', { config: { area: 'membership' }, schema: { params: memberParams } }, async (request) => ({
      message: await resendActivationCode(ctx, staffUser(request), request.params.id),
    }));
  };
}
