import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AD_WEEKLY_FEE_KOBO, MEMBERSHIP_FEE_KOBO } from '../../shared/constants.js';
import type { SiteInfo } from '../../shared/site.js';
import type { AppContext } from '../context.js';
import { readSiteSettings } from './site-settings.js';

export function siteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // no-cache: the browser asks again on each visit, so a change saved on the console shows at once.
    app.get('/api/site', async (_request, reply) => {
      const info: SiteInfo = { ...(await readSiteSettings(ctx)), membershipFeeKobo: MEMBERSHIP_FEE_KOBO, adWeeklyFeeKobo: AD_WEEKLY_FEE_KOBO };
      return reply.header('Cache-Control', 'no-cache').send(info);
    });
  };
}
