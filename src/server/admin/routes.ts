import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_ROLES, type StaffRole } from '../../shared/schemas/staff.js';
import { adsStaffRoutes } from '../ads/staff-routes.js';
import { auditStaffRoutes } from '../audit/staff-routes.js';
import { accessHooks, staffRoleHook, staffUser } from '../auth/guards.js';
import { authStaffRoutes } from '../auth/staff-routes.js';
import { assertTwoFactorEnrolled } from '../auth/two-factor.js';
import type { AppContext } from '../context.js';
import { formsStaffRoutes } from '../forms/staff-routes.js';
import { membershipStaffRoutes } from '../membership/staff-routes.js';
import { premieresStaffRoutes } from '../premieres/staff-routes.js';
import { staffStaffRoutes } from '../staff/staff-routes.js';
import { talentStaffRoutes } from '../talent/staff-routes.js';
import { membersStaffRoutes } from './members-routes.js';

interface StaffArea {
  /** A feature's staff routes, declared relative to /api/admin, without a guard of their own. */
  routes: (ctx: AppContext) => FastifyPluginAsyncZod;
  /** The staff roles that may use them (docs/decisions/009-staff-roles.md). */
  roles: readonly StaffRole[];
  /** Open to a staff member who still has to set up two-factor sign-in where it is required. */
  beforeTwoFactor?: true;
}

/**
 * Who does what in the console: admins everything, finance the money, moderators what members
 * publish and send. The access matrix test (http/access.test.ts) checks every route against it.
 */
export const STAFF_AREAS: StaffArea[] = [
  { routes: authStaffRoutes, roles: STAFF_ROLES, beforeTwoFactor: true },
  { routes: membersStaffRoutes, roles: STAFF_ROLES },
  { routes: membershipStaffRoutes, roles: ['admin', 'finance'] },
  { routes: auditStaffRoutes, roles: ['admin', 'finance'] },
  { routes: adsStaffRoutes, roles: ['admin', 'moderator'] },
  { routes: formsStaffRoutes, roles: ['admin', 'moderator'] },
  { routes: premieresStaffRoutes, roles: ['admin', 'moderator'] },
  { routes: talentStaffRoutes, roles: ['admin', 'moderator'] },
  { routes: staffStaffRoutes, roles: ['admin'] },
];

/**
 * The staff API, registered under /api/admin: one staff hook in front of every route, then each
 * area's role rule (and, unless the area is for enrolling, the two-factor rule) in its own plugin.
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', accessHooks.staff);
    for (const area of STAFF_AREAS) {
      await app.register(async (areaApp) => {
        areaApp.addHook('onRequest', staffRoleHook(area.roles));
        if (!area.beforeTwoFactor) areaApp.addHook('onRequest', async (request) => assertTwoFactorEnrolled(ctx, staffUser(request)));
        await areaApp.register(area.routes(ctx));
      });
    }
  };
}
