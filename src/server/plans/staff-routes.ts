import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planParams, updatePlanSchema } from '../../shared/schemas/plans.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { updatePlan } from './plans-service.js';

/** Admins edit a plan's name, monthly price and perks (under /api/admin: admin/routes.ts). */
export function plansStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put('/plans/:id', { config: { area: 'plans' }, schema: { params: planParams, body: updatePlanSchema } }, async (request) => ({
      message: 'Plan saved.',
      plan: await updatePlan(ctx, staffUser(request), request.params.id, request.body),
    }));
  };
}
