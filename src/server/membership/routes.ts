import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUCCESS } from '../../shared/messages.js';
import { activateProfileSchema, sendOtpSchema, uploadSlipFields, verifyCodeSchema, verifyEmailSchema } from '../../shared/schemas/membership.js';
import { memberUser } from '../auth/guards.js';
import { assertGuardianConfirmed } from '../privacy/guardian-service.js';
import type { AppContext } from '../context.js';
import { DOCUMENT_TYPES } from '../files/file-kinds.js';
import { readMultipart } from '../files/multipart.js';
import { HttpError } from '../http/errors.js';
import { parseBody } from '../http/parse.js';
import { loadUserView } from '../profile/user-view.js';
import { activateProfile, assertOwnUserId, membershipStatus, sendEmailCode, sendOtp, uploadSlip, verifyEmailCode } from './membership-service.js';
import { uploadRoute } from '../http/route-timeouts.js';

/** The fee and activation wizard of /user/fees, step by step; behind the member hook (member-routes.ts). */
export function membershipMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const codeRequests = {
    rateLimit: {
      max: ctx.config.rateLimits.codes,
      timeWindow: 15 * 60 * 1000,
      errorResponseBuilder: () => new HttpError(429, 'Too many requests. Please wait a few minutes and try again.'),
    },
  };

  return async (app) => {
    app.get('/api/users/membership', { config: { access: 'member' } }, async (request) => membershipStatus(ctx, memberUser(request)));

    app.post('/api/users/verify-email', { schema: { body: verifyEmailSchema }, config: { ...codeRequests, access: 'member' } }, async (request) => {
      await sendEmailCode(ctx, memberUser(request), request.body.email);
      return { message: SUCCESS.verificationSent };
    });

    app.post('/api/users/verify-code', { schema: { body: verifyCodeSchema }, config: { access: 'member' } }, async (request) => {
      const user = memberUser(request);
      await verifyEmailCode(ctx, user, request.body.code);
      return { message: SUCCESS.emailVerified, userId: user.id };
    });

    app.post('/api/users/upload-slip', { ...uploadRoute(ctx.config), config: { access: 'member', idempotent: true } }, async (request, reply) => {
      const user = memberUser(request);
      assertGuardianConfirmed(ctx, user);
      const { fields, files } = await readMultipart(request, { paymentSlip: { label: 'Payment slip', types: DOCUMENT_TYPES } });
      const input = parseBody(uploadSlipFields, fields);
      assertOwnUserId(user, input.userId);
      const paymentId = await uploadSlip(ctx, user, files.paymentSlip, input);
      return reply.status(201).send({ message: SUCCESS.slipUploaded, paymentId });
    });

    // Both readings of step 4 in the spec: send-otp, and confirm-payment.
    for (const url of ['/api/users/send-otp', '/api/users/confirm-payment']) {
      app.post(url, { schema: { body: sendOtpSchema }, config: { ...codeRequests, access: 'member' } }, async (request) => {
        const user = memberUser(request);
        assertGuardianConfirmed(ctx, user);
        assertOwnUserId(user, request.body.userId);
        return { message: await sendOtp(ctx, user) };
      });
    }

    app.post('/api/users/activate-profile', { schema: { body: activateProfileSchema }, config: { access: 'member' } }, async (request) => {
      const user = memberUser(request);
      assertOwnUserId(user, request.body.userId);
      const activated = await activateProfile(ctx, user, request.body.otp);
      return { message: SUCCESS.activated, user: await loadUserView(ctx, activated) };
    });
  };
}
