import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROLES, type ConsoleArea } from '../../shared/roles.js';
import { adsStaffRoutes } from '../ads/staff-routes.js';
import { announcementsStaffRoutes } from '../announcements/staff-routes.js';
import { auditStaffRoutes } from '../audit/staff-routes.js';
import { accessHooks, requireStaffRole, staffUser } from '../auth/guards.js';
import { authStaffRoutes } from '../auth/staff-routes.js';
import { castingsStaffRoutes } from '../castings/staff-routes.js';
import { assertTwoFactorEnrolled } from '../auth/two-factor.js';
import type { AppContext } from '../context.js';
import { eventsStaffRoutes } from '../events/staff-routes.js';
import { formsStaffRoutes } from '../forms/staff-routes.js';
import { mailStaffRoutes } from '../mail/staff-routes.js';
import { membershipStaffRoutes } from '../membership/staff-routes.js';
import { memberCardStaffRoutes } from '../member-card/staff-routes.js';
import { memberStandingStaffRoutes } from '../membership/member-staff-routes.js';
import { ledgerStaffRoutes } from '../ledger/staff-routes.js';
import { reconciliationStaffRoutes } from '../ledger/reconciliation-routes.js';
import { notificationsStaffRoutes } from '../notifications/staff-routes.js';
import { plansStaffRoutes } from '../plans/staff-routes.js';
import { premieresStaffRoutes } from '../premieres/staff-routes.js';
import { recognitionStaffRoutes, welcomeStaffRoutes } from '../recognition/staff-routes.js';
import { siteStaffRoutes } from '../site/staff-routes.js';
import { staffStaffRoutes } from '../staff/staff-routes.js';
import { talentStaffRoutes } from '../talent/staff-routes.js';
import { contactStaffRoutes } from '../contact/staff-routes.js';
import { reportsStaffRoutes } from '../reports/staff-routes.js';
import { attendanceFinesStaffRoutes, scheduleStaffRoutes } from '../schedule/staff-routes.js';
import { homeStaffRoutes } from './home-routes.js';
import { membersStaffRoutes } from './members-routes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The part of the console an /api/admin route is: `CONSOLE_ROLES` (src/shared/roles.ts) says who may use it. */
    area?: ConsoleArea;
  }
}

/**
 * Every feature's console routes, declared relative to /api/admin without a guard of their own;
 * each route names its area next to it (`{ config: { area: 'payments' } }`). The access matrix
 * test (http/access.test.ts) calls each route as each role.
 */
const STAFF_ROUTES: ((ctx: AppContext) => FastifyPluginAsyncZod)[] = [
  authStaffRoutes,
  homeStaffRoutes,
  membersStaffRoutes,
  memberCardStaffRoutes,
  notificationsStaffRoutes,
  recognitionStaffRoutes,
  membershipStaffRoutes,
  reconciliationStaffRoutes,
  attendanceFinesStaffRoutes,
  memberStandingStaffRoutes,
  ledgerStaffRoutes,
  auditStaffRoutes,
  adsStaffRoutes,
  formsStaffRoutes,
  premieresStaffRoutes,
  eventsStaffRoutes,
  talentStaffRoutes,
  scheduleStaffRoutes,
  castingsStaffRoutes,
  contactStaffRoutes,
  reportsStaffRoutes,
  staffStaffRoutes,
  welcomeStaffRoutes,
  plansStaffRoutes,
  announcementsStaffRoutes,
  siteStaffRoutes,
  mailStaffRoutes,
];

/** A staff member who must still set up two-factor sign-in may use only this area: their own sign-in settings. */
const BEFORE_TWO_FACTOR: ConsoleArea = 'me';

/**
 * The staff API, registered under /api/admin: one staff hook in front of every route, then the
 * route's area's role rule and, outside their own settings, the two-factor rule. A console route
 * that names no area stops the start, so none can ship without deciding who may use it.
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      if (!route.config?.area)
        throw new Error(`${String(route.method)} ${route.url}: a console route names its area next to it, { config: { area } } (src/shared/roles.ts)`);
    });
    app.addHook('onRequest', accessHooks.staff);
    app.addHook('onRequest', async (request) => {
      const area = request.routeOptions.config.area;
      if (!area) return; // no such route: the not-found answer follows
      requireStaffRole(request, CONSOLE_ROLES[area]);
      if (area !== BEFORE_TWO_FACTOR) await assertTwoFactorEnrolled(ctx, staffUser(request));
    });
    for (const routes of STAFF_ROUTES) await app.register(routes(ctx));
  };
}
