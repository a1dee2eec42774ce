import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adsStaffRoutes } from '../ads/staff-routes.js';
import { auditStaffRoutes } from '../audit/staff-routes.js';
import { accessHooks } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { formsStaffRoutes } from '../forms/staff-routes.js';
import { mailStaffRoutes } from '../mail/staff-routes.js';
import { membershipStaffRoutes } from '../membership/staff-routes.js';
import { premieresStaffRoutes } from '../premieres/staff-routes.js';
import { talentStaffRoutes } from '../talent/staff-routes.js';
import { membersStaffRoutes } from './members-routes.js';

/** Each feature's staff routes, declared relative to /api/admin, without a guard of their own. */
const STAFF_AREAS = [
  membersStaffRoutes,
  membershipStaffRoutes,
  adsStaffRoutes,
  formsStaffRoutes,
  premieresStaffRoutes,
  talentStaffRoutes,
  auditStaffRoutes,
  mailStaffRoutes,
];

/**
 * The staff API, registered under /api/admin: one staff hook in front of every route. Each area
 * is a plugin of its own, so one can add a narrower hook of its own inside this one.
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', accessHooks.admin);
    for (const area of STAFF_AREAS) await app.register(area(ctx));
  };
}
