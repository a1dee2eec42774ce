import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactSchema } from '../../shared/schemas/contact.js';
import type { AppContext } from '../context.js';
import { saveContactMessage } from './contact-service.js';
import { HttpError } from '../http/errors.js';

const THANKS = 'Thank you for contacting us. We will get back to you soon.';

export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Both readings of the spec's path answer the same.
    for (const url of ['/api/users/contact', '/api/contact']) {
      app.post(
        url,
        {
          schema: { body: contactSchema },
          config: {
            idempotent: true,
            rateLimit: {
              max: ctx.config.rateLimits.contact,
              timeWindow: 15 * 60 * 1000,
              errorResponseBuilder: () => new HttpError(429, 'Too many messages. Please wait a few minutes and try again.'),
            },
          },
        },
        async (request, reply) => {
          await saveContactMessage(ctx, request.body, request.user?.id ?? null);
          return reply.status(201).send({ message: THANKS });
        },
      );
    }
  };
}
