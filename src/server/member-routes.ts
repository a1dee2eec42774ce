import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessHooks } from './auth/guards.js';
import { castingsMemberRoutes } from './castings/routes.js';
import type { AppContext } from './context.js';
import { eventsMemberRoutes } from './events/routes.js';
import { formsMemberRoutes } from './forms/routes.js';
import { paystackMemberRoutes } from './ledger/paystack-routes.js';
import { ledgerMemberRoutes } from './ledger/routes.js';
import { memberCardMemberRoutes } from './member-card/routes.js';
import { membershipMemberRoutes } from './membership/routes.js';
import { notificationsMemberRoutes } from './notifications/notifications.js';
import { privacyMemberRoutes } from './privacy/routes.js';
import { profileMemberRoutes } from './profile/routes.js';
import { recognitionMemberRoutes } from './recognition/routes.js';
import { scheduleMemberRoutes } from './schedule/routes.js';
import { talentMemberRoutes } from './talent/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set inside the member plugin: the route table notes which routes are behind the member hook. */
    memberHook?: true;
  }
}

/**
 * Every feature's routes for a signed-in account outside the console, each naming who may use it
 * next to it (`{ config: { access: 'member' } }`, MemberAccess in auth/guards.ts), without a
 * guard of its own. The access matrix test (http/access.test.ts) checks that every such route is
 * here, with the access it expects, and calls each as a visitor, a member and each staff role.
 */
const MEMBER_ROUTES: ((ctx: AppContext) => FastifyPluginAsyncZod)[] = [
  profileMemberRoutes,
  membershipMemberRoutes,
  ledgerMemberRoutes,
  paystackMemberRoutes,
  notificationsMemberRoutes,
  formsMemberRoutes,
  eventsMemberRoutes,
  talentMemberRoutes,
  castingsMemberRoutes,
  recognitionMemberRoutes,
  memberCardMemberRoutes,
  scheduleMemberRoutes,
  privacyMemberRoutes,
];

/**
 * The member API: one member hook in front of every route, checking the route's `access`;
 * handlers take the checked user with `memberUser(request)`. A route that names no access stops
 * the start, so none can ship without deciding who may use it.
 */
export function memberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorate('memberHook', true);
    app.addHook('onRoute', (route) => {
      if (!route.config?.access)
        throw new Error(
          `${String(route.method)} ${route.url}: a member route names who may use it next to it, { config: { access } } (src/server/auth/guards.ts)`,
        );
    });
    app.addHook('onRequest', accessHooks.member);
    for (const routes of MEMBER_ROUTES) await app.register(routes(ctx));
  };
}
