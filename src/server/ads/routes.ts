import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adsQuerySchema, approveAdSchema, rejectAdSchema, updateAdSchema } from '../../shared/schemas/ads.js';
import { accessHooks, requireAdmin } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { approveAd, listAds, publicAdImage, publicAds, recordClick, rejectAd, updateAd } from './ads-service.js';
import { sendStoredFile } from '../files/send-file.js';

const adParams = z.object({ id: z.uuid({ error: 'Advert not found' }) });

/** The public strip of running ads, its images and click counting. */
export function adsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/ads', async (_request, reply) => reply.header('Cache-Control', 'no-store').send(await publicAds(ctx)));

    app.get('/api/ads/:id/image', { schema: { params: adParams } }, async (request, reply) => {
      const file = await publicAdImage(ctx, request.params.id);
      return sendStoredFile(ctx, reply, file, 'public');
    });

    app.get('/api/ads/:id/click', { schema: { params: adParams } }, async (request, reply) => {
      const target = await recordClick(ctx, request.params.id);
      return reply.header('Cache-Control', 'no-store').redirect(target, 302);
    });
  };
}

/** Staff moderation and scheduling of adverts. */
export function adsAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', accessHooks.admin);

    app.get('/api/admin/ads', { schema: { querystring: adsQuerySchema } }, async (request) => {
      requireAdmin(request);
      return listAds(ctx, request.query.status);
    });

    app.post('/api/admin/ads/:id/approve', { schema: { params: adParams, body: approveAdSchema } }, async (request) => {
      await approveAd(ctx, requireAdmin(request), request.params.id, request.body);
      return { message: `Advert approved: it runs from ${request.body.startDate} to ${request.body.endDate}.` };
    });

    app.post('/api/admin/ads/:id/reject', { schema: { params: adParams, body: rejectAdSchema } }, async (request) => {
      await rejectAd(ctx, requireAdmin(request), request.params.id, request.body.reason);
      return { message: 'Advert rejected. The member has been told why.' };
    });

    app.patch('/api/admin/ads/:id', { schema: { params: adParams, body: updateAdSchema } }, async (request) => {
      await updateAd(ctx, requireAdmin(request), request.params.id, request.body);
      return { message: request.body.end ? 'Advert ended.' : 'Changes saved successfully!' };
    });
  };
}
