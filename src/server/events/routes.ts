import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { sendStoredFile } from '../files/send-file.js';
import { eventPicture, galleryPicture, listGallery, listUpcomingEvents } from './events-service.js';
import { downloadRoute } from '../http/route-timeouts.js';

const eventParams = z.object({ id: z.uuid({ error: 'Event not found' }) });
const imageParams = z.object({ id: z.uuid({ error: 'Image not found' }) });

/** The company's calendar for signed-in members; behind the member hook (member-routes.ts). */
export function eventsMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/events', { config: { access: 'user' } }, async () => ({ events: await listUpcomingEvents(ctx) }));
  };
}

/** The pictures of the company's calendar, and the gallery: public. */
export function eventsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/events/:id/image', { ...downloadRoute(ctx.config), schema: { params: eventParams } }, async (request, reply) =>
      sendStoredFile(ctx, reply, await eventPicture(ctx, request.params.id), 'public'),
    );

    app.get('/api/gallery', async () => ({ images: await listGallery(ctx) }));

    app.get('/api/gallery/:id/image', { ...downloadRoute(ctx.config), schema: { params: imageParams } }, async (request, reply) =>
      sendStoredFile(ctx, reply, await galleryPicture(ctx, request.params.id), 'public'),
    );
  };
}
