import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adsQuerySchema, approveAdSchema, rejectAdSchema, updateAdSchema } from '../../shared/schemas/ads.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { approveAd, listAds, rejectAd, updateAd } from './ads-service.js';
import { adParams } from './routes.js';

/** Staff moderation and scheduling of adverts (under /api/admin, behind the staff hook: admin/routes.ts). */
export function adsStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/ads', { config: { area: 'ads' }, schema: { querystring: adsQuerySchema } }, async (request) => listAds(ctx, request.query.status));

    app.post('/ads/:id/approve', { config: { area: 'ads' }, schema: { params: adParams, body: approveAdSchema } }, async (request) => {
      const period = await approveAd(ctx, staffUser(request), request.params.id, request.body);
      return { message: `Advert approved: it runs from ${period.startDate} to ${period.endDate}.` };
    });

    app.post('/ads/:id/reject', { config: { area: 'ads' }, schema: { params: adParams, body: rejectAdSchema } }, async (request) => {
      await rejectAd(ctx, staffUser(request), request.params.id, request.body.reason);
      return { message: 'Advert rejected. The member has been told why.' };
    });

    app.patch('/ads/:id', { config: { area: 'ads' }, schema: { params: adParams, body: updateAdSchema } }, async (request) => {
      await updateAd(ctx, staffUser(request), request.params.id, request.body);
      return { message: request.body.end ? 'Advert ended.' : 'Changes saved successfully!' };
    });
  };
}
