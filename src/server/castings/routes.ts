import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { castingApplicationSchema, castingConsentSchema } from '../../shared/schemas/castings.js';
import { memberUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { answerConsent, applyForRole, myApplications, openCallsFor } from './applications-service.js';

const roleParams = z.object({ id: z.uuid({ error: 'Casting role not found' }) });

/** Members: the open casting calls and their own applications; behind the member hook (member-routes.ts). */
export function castingsMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { config: { access: 'member' as const } };

    app.get('/api/castings', member, async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send({ calls: await openCallsFor(ctx, memberUser(request)) }),
    );

    app.get('/api/castings/applications', member, async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send({ applications: await myApplications(ctx, memberUser(request)) }),
    );

    app.post(
      '/api/castings/roles/:id/applications',
      { schema: { params: roleParams, body: castingApplicationSchema }, config: { access: 'member', idempotent: true } },
      async (request, reply) => reply.status(201).send(await applyForRole(ctx, memberUser(request), request.params.id, request.body.note)),
    );
  };
}

/** A child's guardian agrees to an application (public, with the mailed code). */
export function castingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/castings/consent',
      {
        schema: { body: castingConsentSchema },
        config: {
          rateLimit: {
            max: ctx.config.rateLimits.codes,
            timeWindow: 15 * 60 * 1000,
            errorResponseBuilder: () => new HttpError(429, 'Too many requests. Please wait a few minutes and try again.'),
          },
        },
      },
      async (request) => answerConsent(ctx, request.body),
    );
  };
}
