import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_IMAGE_MAX_BYTES } from '../../shared/company-events.js';
import { companyEventFields, galleryImageFields } from '../../shared/schemas/events.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { IMAGE_TYPES } from '../files/file-kinds.js';
import { readMultipart } from '../files/multipart.js';
import { badRequest } from '../http/errors.js';
import { parseBody } from '../http/parse.js';
import { addGalleryImage, createEvent, deleteEvent, deleteGalleryImage, listAllEvents, listGallery, updateEvent } from './events-service.js';
import { uploadRoute } from '../http/route-timeouts.js';

const eventParams = z.object({ id: z.uuid({ error: 'Event not found' }) });
const imageParams = z.object({ id: z.uuid({ error: 'Image not found' }) });
const pictureRule = (label: string) => ({ label, types: IMAGE_TYPES, maxBytes: EVENT_IMAGE_MAX_BYTES });

/** Staff keep the events calendar and the gallery (under /api/admin, behind the staff hook: admin/routes.ts). */
export function eventsStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/events', { config: { area: 'events' } }, async () => ({ events: await listAllEvents(ctx) }));

    const upload = uploadRoute(ctx.config);
    app.post('/events', { ...upload, config: { area: 'events' } }, async (request, reply) => {
      const { fields, files } = await readMultipart(request, { picture: pictureRule('Picture') });
      const event = await createEvent(ctx, staffUser(request), parseBody(companyEventFields, fields), files.picture);
      return reply.status(201).send({ message: 'Event added.', event });
    });

    app.put('/events/:id', { config: { area: 'events' }, ...upload, schema: { params: eventParams } }, async (request) => {
      const { fields, files } = await readMultipart(request, { picture: pictureRule('Picture') });
      const event = await updateEvent(ctx, staffUser(request), request.params.id, parseBody(companyEventFields, fields), files.picture);
      return { message: 'Event saved.', event };
    });

    app.delete('/events/:id', { config: { area: 'events' }, schema: { params: eventParams } }, async (request) => {
      await deleteEvent(ctx, staffUser(request), request.params.id);
      return { message: 'Event deleted.' };
    });

    app.get('/gallery', { config: { area: 'events' } }, async () => ({ images: await listGallery(ctx) }));

    app.post('/gallery', { ...upload, config: { area: 'events' } }, async (request, reply) => {
      const { fields, files } = await readMultipart(request, { image: pictureRule('Image') });
      const { caption } = parseBody(galleryImageFields, fields);
      if (!files.image) throw badRequest('Image is required');
      return reply.status(201).send({ message: 'Image added to the gallery.', image: await addGalleryImage(ctx, staffUser(request), caption, files.image) });
    });

    app.delete('/gallery/:id', { config: { area: 'events' }, schema: { params: imageParams } }, async (request) => {
      await deleteGalleryImage(ctx, staffUser(request), request.params.id);
      return { message: 'Image removed from the gallery.' };
    });
  };
}
