import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { sendStoredFile } from '../files/send-file.js';
import { HttpError } from '../http/errors.js';
import { memberCard, verifyMember, verifyPhoto } from './member-card-service.js';
import { downloadRoute } from '../http/route-timeouts.js';

const verifyParams = z.object({ memberNumber: z.string().max(40) });
/** The card's check code; checked, not validated: a wrong one answers as an unknown number. */
const verifyQuery = z.object({ code: z.string().max(100).optional() });

/** The member's card on the dashboard; behind the member hook (member-routes.ts). */
export function memberCardMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/card', { config: { access: 'member' } }, async (request, reply) =>
      reply.header('Cache-Control', 'private, no-store').send({ card: await memberCard(ctx, memberUser(request), `${request.protocol}://${request.host}`) }),
    );
  };
}

/** The public check a card's QR code opens. */
export function memberCardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const lookups = {
    rateLimit: {
      max: ctx.config.rateLimits.verify,
      timeWindow: 15 * 60 * 1000,
      errorResponseBuilder: () => new HttpError(429, 'Too many membership checks from this address. Please wait a few minutes and try again.'),
    },
  };
  return async (app) => {
    app.get('/api/verify/:memberNumber', { schema: { params: verifyParams, querystring: verifyQuery }, config: lookups }, async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await verifyMember(ctx, request.params.memberNumber, request.query.code)),
    );

    app.get(
      '/api/verify/:memberNumber/photo',
      { ...downloadRoute(ctx.config), schema: { params: verifyParams, querystring: verifyQuery }, config: lookups },
      async (request, reply) => sendStoredFile(ctx, reply, await verifyPhoto(ctx, request.params.memberNumber, request.query.code), 'private'),
    );
  };
}
