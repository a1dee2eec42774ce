import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentsUpdateSchema, guardianAddSchema, guardianChildSchema, guardianConfirmSchema } from '../../shared/privacy.js';
import { memberUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { accessLogOf } from './access-log.js';
import { consentsOf, setMarketingConsent } from './consents.js';
import { addGuardian, childToConfirm, confirmGuardian, guardianAnswer, resendGuardianCode } from './guardian-service.js';
import { downloadRoute } from '../http/route-timeouts.js';

const limited = (max: number) => ({
  rateLimit: { max, timeWindow: 15 * 60 * 1000, errorResponseBuilder: () => new HttpError(429, 'Too many requests. Please wait a few minutes and try again.') },
});

/** The member's data rights (/profile/privacy) and their guardian; behind the member hook (member-routes.ts). */
export function privacyMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { config: { access: 'member' as const } };

    app.get(
      '/api/users/me/export',
      { ...downloadRoute(ctx.config), config: { ...limited(ctx.config.rateLimits.codes), access: 'member' } },
      async (request, reply) => (await import('./export.js')).sendExport(ctx, reply, memberUser(request)),
    );

    app.get('/api/users/me/consents', member, async (request) => consentsOf(ctx.db, memberUser(request).id));

    app.put('/api/users/me/consents', { ...member, schema: { body: consentsUpdateSchema } }, async (request) => {
      const consents = await setMarketingConsent(ctx, memberUser(request), request.body.marketing);
      const message = request.body.marketing
        ? 'Thank you: we may send you news and offers by email. You can stop them here at any time.'
        : 'Done: we will send you no more marketing emails. Emails about your account still come.';
      return { message, ...consents };
    });

    app.get('/api/users/me/access-log', member, async (request) => ({ entries: await accessLogOf(ctx.db, memberUser(request).id) }));

    app.get('/api/users/me/guardian', member, async (request) => guardianAnswer(ctx, memberUser(request)));

    app.put(
      '/api/users/me/guardian',
      { schema: { body: guardianAddSchema }, config: { ...limited(ctx.config.rateLimits.codes), access: 'member' } },
      async (request) => {
        const guardian = await addGuardian(ctx, memberUser(request), request.body);
        return {
          message: `We emailed ${guardian.name} a code at ${guardian.email}. Once they enter it you can pay, send forms and publish a talent profile.`,
          guardian,
        };
      },
    );

    app.post('/api/users/me/guardian/code', { config: { ...limited(ctx.config.rateLimits.codes), access: 'member' } }, async (request) => ({
      message: await resendGuardianCode(ctx, memberUser(request)),
    }));
  };
}

/** The guardian's confirmation of a child's account (public, with the mailed code). */
export function privacyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The page names the child whose account it confirms (from the link's id, while a code is live).
    app.get('/api/guardian/child', { schema: { querystring: guardianChildSchema }, config: limited(ctx.config.rateLimits.codes) }, async (request) =>
      childToConfirm(ctx, request.query.child),
    );
    app.post('/api/guardian/confirm', { schema: { body: guardianConfirmSchema }, config: limited(ctx.config.rateLimits.codes) }, async (request) => {
      const { childName } = await confirmGuardian(ctx, request.body);
      return { message: `Thank you. ${childName}'s account is confirmed; they can now use the portal. We recorded what you agreed to.` };
    });
  };
}
