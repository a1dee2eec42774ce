import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentsUpdateSchema, guardianAddSchema, guardianConfirmSchema } from '../../shared/privacy.js';
import { accessHooks, requireUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { accessLogOf } from './access-log.js';
import { consentsOf, setMarketingConsent } from './consents.js';
import { sendExport } from './export.js';
import { addGuardian, confirmGuardian, guardianAnswer, resendGuardianCode } from './guardian-service.js';

/** The member's data rights (/profile/privacy) and the guardian's confirmation of a child's account. */
export function privacyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limited = (max: number) => ({
    rateLimit: { max, timeWindow: 15 * 60 * 1000, errorResponseBuilder: () => new HttpError(429, 'Too many requests. Please wait a few minutes and try again.') },
  });
  return async (app) => {
    const member = { onRequest: accessHooks.member };

    app.get('/api/users/me/export', { ...member, config: limited(ctx.config.rateLimits.codes) }, async (request, reply) => sendExport(ctx, reply, requireUser(request)));

    app.get('/api/users/me/consents', member, async (request) => consentsOf(ctx.db, requireUser(request).id));

    app.put('/api/users/me/consents', { ...member, schema: { body: consentsUpdateSchema } }, async (request) => {
      const consents = await setMarketingConsent(ctx, requireUser(request), request.body.marketing);
      const message = request.body.marketing ? 'Thank you: we may send you news and offers by email. You can stop them here at any time.' : 'Done: we will send you no more marketing emails. Emails about your account still come.';
      return { message, ...consents };
    });

    app.get('/api/users/me/access-log', member, async (request) => ({ entries: await accessLogOf(ctx.db, requireUser(request).id) }));

    app.get('/api/users/me/guardian', member, async (request) => guardianAnswer(ctx, requireUser(request)));

    app.put('/api/users/me/guardian', { ...member, schema: { body: guardianAddSchema }, config: limited(ctx.config.rateLimits.codes) }, async (request) => {
      const guardian = await addGuardian(ctx, requireUser(request), request.body);
      return { message: `We emailed ${guardian.name} a code at ${guardian.email}. Once they enter it you can pay, send forms and publish a talent profile.`, guardian };
    });

    app.post('/api/users/me/guardian/code', { ...member, config: limited(ctx.config.rateLimits.codes) }, async (request) => ({
      message: await resendGuardianCode(ctx, requireUser(request)),
    }));

    app.post('/api/guardian/confirm', { schema: { body: guardianConfirmSchema }, config: limited(ctx.config.rateLimits.codes) }, async (request) => {
      const { childName } = await confirmGuardian(ctx, request.body);
      return { message: `Thank you. ${childName}'s account is confirmed; they can now use the portal. We recorded what you agreed to.` };
    });
  };
}
