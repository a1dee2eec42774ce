import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { castingApplicationSchema, castingConsentSchema } from '../../shared/schemas/castings.js';
import { accessHooks, requireUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { answerConsent, applyForRole, myApplications, openCallsFor } from './applications-service.js';

const roleParams = z.object({ id: z.uuid({ error: 'Casting role not found' }) });

/** Members: the open casting calls and their own applications; a child's guardian agrees to an application (public, with the mailed code). */
export function castingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { onRequest: accessHooks.member };

    app.get('/api/castings', member, async (request, reply) => reply.header('Cache-Control', 'no-store').send({ calls: await openCallsFor(ctx, requireUser(request)) }));

    app.get('/api/castings/applications', member, async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send({ applications: await myApplications(ctx, requireUser(request)) }),
    );

    app.post(
      '/api/castings/roles/:id/applications',
      { ...member, schema: { params: roleParams, body: castingApplicationSchema }, config: { idempotent: true } },
      async (request, reply) => reply.status(201).send(await applyForRole(ctx, requireUser(request), request.params.id, request.body.note)),
    );

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
