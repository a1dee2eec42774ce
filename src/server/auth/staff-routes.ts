import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { twoFactorChangeSchema } from '../../shared/schemas/staff.js';
import type { AppContext } from '../context.js';
import { staffUser } from './guards.js';
import { assertCurrentPassword, assertReauthenticated } from './reauthenticate.js';
import { disableTwoFactor, enableTwoFactor, staffMe, startTwoFactorSetup } from './two-factor.js';

/**
 * The signed-in staff member's own sign-in: what the console needs to know, and setting up the
 * authenticator app (under /api/admin: admin/routes.ts lets these through before enrolment).
 */
export function authStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/me', { config: { area: 'me' } }, async (request) => staffMe(ctx, staffUser(request)));

    app.post('/me/2fa/setup', { config: { area: 'me' } }, async (request) => startTwoFactorSetup(ctx, staffUser(request)));

    app.post('/me/2fa/enable', { config: { area: 'me' }, schema: { body: twoFactorChangeSchema } }, async (request) => {
      const staff = staffUser(request);
      await assertReauthenticated(ctx, staff, request.body.currentPassword);
      return {
        message: 'Two-factor sign-in is on. Keep the recovery codes somewhere safe: each works once, and they are not shown again.',
        recoveryCodes: await enableTwoFactor(ctx, staff, request.body.code),
      };
    });

    // Off needs the password itself and the app's code: neither alone, nor two codes, undoes the second factor.
    app.post('/me/2fa/disable', { config: { area: 'me' }, schema: { body: twoFactorChangeSchema } }, async (request) => {
      const staff = staffUser(request);
      await assertCurrentPassword(ctx, staff, request.body.currentPassword);
      await disableTwoFactor(ctx, staff, request.body.code);
      return { message: 'Two-factor sign-in is off. You sign in with your password alone.' };
    });
  };
}
