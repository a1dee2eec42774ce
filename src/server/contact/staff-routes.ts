import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTACT_FILTERS, contactReplySchema } from '../../shared/schemas/contact.js';
import { pageNumber } from '../../shared/schemas/forms.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { getContactMessage, listContactMessages, markContactHandled, replyToContact } from './contact-service.js';

const idParams = z.object({ id: z.string() });

/** The contact inbox: staff read the contact page's messages, reply by email and mark them handled (under /api/admin: admin/routes.ts). */
export function contactStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/messages',
      {
        config: { area: 'messages' },
        schema: {
          querystring: z.object({
            filter: z.enum(CONTACT_FILTERS, { error: 'Filter must be new, handled or all' }).default('all'),
            page: pageNumber(),
          }),
        },
      },
      async (request) => listContactMessages(ctx, request.query),
    );

    app.get('/messages/:id', { config: { area: 'messages' }, schema: { params: idParams } }, async (request) => ({
      contact: await getContactMessage(ctx, request.params.id),
    }));

    app.post('/messages/:id/reply', { config: { area: 'messages' }, schema: { params: idParams, body: contactReplySchema } }, async (request, reply) =>
      reply.status(201).send({ contact: await replyToContact(ctx, staffUser(request), request.params.id, request.body) }),
    );

    app.post('/messages/:id/handled', { config: { area: 'messages' }, schema: { params: idParams } }, async (request) => ({
      contact: await markContactHandled(ctx, staffUser(request), request.params.id),
    }));
  };
}
