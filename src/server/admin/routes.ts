import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROLES, type ConsoleArea } from '../../shared/roles.js';
import { adsStaffRoutes } from '../ads/staff-routes.js';
import { announcementsStaffRoutes } from '../announcements/staff-routes.js';
import { auditStaffRoutes } from '../audit/staff-routes.js';
import { accessHooks, staffRoleHook, staffUser } from '../auth/guards.js';
import { authStaffRoutes } from '../auth/staff-routes.js';
import { assertTwoFactorEnrolled } from '../auth/two-factor.js';
import type { AppContext } from '../context.js';
import { eventsStaffRoutes } from '../events/staff-routes.js';
import { formsStaffRoutes } from '../forms/staff-routes.js';
import { mailStaffRoutes } from '../mail/staff-routes.js';
import { membershipStaffRoutes } from '../membership/staff-routes.js';
import { memberStandingStaffRoutes } from '../membership/member-staff-routes.js';
import { ledgerStaffRoutes } from '../ledger/staff-routes.js';
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

interface StaffArea {
  /** A feature's staff routes, declared relative to /api/admin, without a guard of their own. */
  routes: (ctx: AppContext) => FastifyPluginAsyncZod;
  /** Which part of the console they are: CONSOLE_ROLES says who may use it (docs/decisions/009-staff-roles.md). */
  area: ConsoleArea;
  /** Open to a staff member who still has to set up two-factor sign-in where it is required. */
  beforeTwoFactor?: true;
}

/** Every feature's console routes by area; the access matrix test (http/access.test.ts) checks each route for each role. */
const STAFF_AREAS: StaffArea[] = [
  { routes: authStaffRoutes, area: 'me', beforeTwoFactor: true },
  { routes: homeStaffRoutes, area: 'home' },
  { routes: membersStaffRoutes, area: 'members' },
  { routes: notificationsStaffRoutes, area: 'members' },
  { routes: recognitionStaffRoutes, area: 'members' },
  { routes: membershipStaffRoutes, area: 'payments' },
  { routes: memberStandingStaffRoutes, area: 'membership' },
  { routes: ledgerStaffRoutes, area: 'membership' },
  { routes: auditStaffRoutes, area: 'audit' },
  { routes: adsStaffRoutes, area: 'ads' },
  { routes: formsStaffRoutes, area: 'submissions' },
  { routes: premieresStaffRoutes, area: 'premieres' },
  { routes: eventsStaffRoutes, area: 'events' },
  { routes: scheduleStaffRoutes, area: 'schedule' },
  { routes: attendanceFinesStaffRoutes, area: 'membership' },
  { routes: talentStaffRoutes, area: 'talent' },
  { routes: contactStaffRoutes, area: 'messages' },
  { routes: reportsStaffRoutes, area: 'reports' },
  { routes: staffStaffRoutes, area: 'staff' },
  { routes: welcomeStaffRoutes, area: 'staff' },
  { routes: plansStaffRoutes, area: 'plans' },
  { routes: announcementsStaffRoutes, area: 'announcements' },
  { routes: siteStaffRoutes, area: 'settings' },
  { routes: mailStaffRoutes, area: 'mail' },
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
        areaApp.addHook('onRequest', staffRoleHook(CONSOLE_ROLES[area.area]));
        if (!area.beforeTwoFactor) areaApp.addHook('onRequest', async (request) => assertTwoFactorEnrolled(ctx, staffUser(request)));
        await areaApp.register(area.routes(ctx));
      });
    }
  };
}
