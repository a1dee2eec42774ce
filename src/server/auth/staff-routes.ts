import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { twoFactorCodeSchema } from '../../shared/schemas/staff.js';
import type { AppContext } from '../context.js';
import { staffUser } from './guards.js';
import { enableTwoFactor, staffMe, startTwoFactorSetup } from './two-factor.js';

/**
 * The signed-in staff member's own sign-in: what the console needs to know, and setting up the
 * authenticator app (under /api/admin: admin/routes.ts lets these through before enrolment).
 */
export function authStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/me', async (request) => staffMe(ctx, staffUser(request)));

    app.post('/me/2fa/setup', async (request) => startTwoFactorSetup(ctx, staffUser(request)));

    app.post('/me/2fa/enable', { schema: { body: twoFactorCodeSchema } }, async (request) => ({
      message: 'Two-factor sign-in is on. Keep the recovery codes somewhere safe: each works once, and they are not shown again.',
      recoveryCodes: await enableTwoFactor(ctx, staffUser(request), request.body.code),
    }));
  };
}
