import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessHooks } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { sendStoredFile } from '../files/send-file.js';
import { eventPicture, galleryPicture, listGallery, listUpcomingEvents } from './events-service.js';

const eventParams = z.object({ id: z.uuid({ error: 'Event not found' }) });
const imageParams = z.object({ id: z.uuid({ error: 'Image not found' }) });

/** The company's calendar for signed-in members; its pictures and the gallery are public. */
export function eventsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/events', { onRequest: accessHooks.user }, async () => ({ events: await listUpcomingEvents(ctx) }));

    app.get('/api/events/:id/image', { schema: { params: eventParams } }, async (request, reply) =>
      sendStoredFile(ctx, reply, await eventPicture(ctx, request.params.id), 'public'),
    );

    app.get('/api/gallery', async () => ({ images: await listGallery(ctx) }));

    app.get('/api/gallery/:id/image', { schema: { params: imageParams } }, async (request, reply) =>
      sendStoredFile(ctx, reply, await galleryPicture(ctx, request.params.id), 'public'),
    );
  };
}
