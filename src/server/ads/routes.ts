import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { publicAdImage, publicAds, recordClick } from './ads-service.js';
import { sendStoredFile } from '../files/send-file.js';

export const adParams = z.object({ id: z.uuid({ error: 'Advert not found' }) });

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
