import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AD_WEEKLY_FEE_KOBO } from '../../shared/constants.js';
import type { SiteInfo } from '../../shared/site.js';
import type { AppContext } from '../context.js';
import { monthlyPriceOf } from '../plans/plans-service.js';
import { readSiteSettings } from './site-settings.js';

export function siteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // public, no-cache: kept by browsers and shared caches, but asked again on each visit, so a change
    // saved on the console shows at once (and, public, it carries no cookie: http/csrf.ts).
    app.get('/api/site', async (_request, reply) => {
      const info: SiteInfo = {
        ...(await readSiteSettings(ctx)),
        membershipFeeKobo: await monthlyPriceOf(ctx.db, 'standard'),
        adWeeklyFeeKobo: AD_WEEKLY_FEE_KOBO,
      };
      return reply.header('Cache-Control', 'public, no-cache').send(info);
    });
  };
}
