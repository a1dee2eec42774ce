import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUCCESS } from '../../shared/messages.js';
import { activateProfileSchema, sendOtpSchema, uploadSlipFields, verifyCodeSchema, verifyEmailSchema } from '../../shared/schemas/membership.js';
import { accessHooks, requireUser } from '../auth/guards.js';
import { assertGuardianConfirmed } from '../privacy/guardian-service.js';
import type { AppContext } from '../context.js';
import { DOCUMENT_TYPES } from '../files/file-kinds.js';
import { readMultipart, uploadRoute } from '../files/multipart.js';
import { HttpError } from '../http/errors.js';
import { parseBody } from '../http/parse.js';
import { loadUserView } from '../profile/user-view.js';
import { activateProfile, assertOwnUserId, membershipStatus, sendEmailCode, sendOtp, uploadSlip, verifyEmailCode } from './membership-service.js';

/** The fee and activation wizard of /user/fees, step by step. */
export function membershipRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const codeRequests = {
    rateLimit: { max: ctx.config.rateLimits.codes, timeWindow: 15 * 60 * 1000, errorResponseBuilder: () => new HttpError(429, 'Too many requests. Please wait a few minutes and try again.') },
  };

  return async (app) => {
    app.addHook('onRequest', accessHooks.member);

    app.get('/api/users/membership', async (request) => membershipStatus(ctx, requireUser(request)));

    app.post('/api/users/verify-email', { schema: { body: verifyEmailSchema }, config: codeRequests }, async (request) => {
      await sendEmailCode(ctx, requireUser(request), request.body.email);
      return { message: SUCCESS.verificationSent };
    });

    app.post('/api/users/verify-code', { schema: { body: verifyCodeSchema } }, async (request) => {
      const user = requireUser(request);
      await verifyEmailCode(ctx, user, request.body.code);
      return { message: SUCCESS.emailVerified, userId: user.id };
    });

    app.post('/api/users/upload-slip', { ...uploadRoute(ctx.config), config: { idempotent: true } }, async (request, reply) => {
      const user = requireUser(request);
      assertGuardianConfirmed(ctx, user);
      const { fields, files } = await readMultipart(request, { paymentSlip: { label: 'Payment slip', types: DOCUMENT_TYPES } });
      const input = parseBody(uploadSlipFields, fields);
      assertOwnUserId(user, input.userId);
      const paymentId = await uploadSlip(ctx, user, files.paymentSlip, input);
      return reply.status(201).send({ message: SUCCESS.slipUploaded, paymentId });
    });

    // Both readings of step 4 in the spec: send-otp, and confirm-payment.
    for (const url of ['/api/users/send-otp', '/api/users/confirm-payment']) {
      app.post(url, { schema: { body: sendOtpSchema }, config: codeRequests }, async (request) => {
        const user = requireUser(request);
        assertGuardianConfirmed(ctx, user);
        assertOwnUserId(user, request.body.userId);
        return { message: await sendOtp(ctx, user) };
      });
    }

    app.post('/api/users/activate-profile', { schema: { body: activateProfileSchema } }, async (request) => {
      const user = requireUser(request);
      assertOwnUserId(user, request.body.userId);
      const activated = await activateProfile(ctx, user, request.body.otp);
      return { message: SUCCESS.activated, user: await loadUserView(ctx, activated) };
    });
  };
}
