import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AD_WEEKLY_FEE_KOBO, MEMBERSHIP_FEE_KOBO } from '../../shared/constants.js';
import type { SiteInfo } from '../../shared/site.js';
import type { AppContext } from '../context.js';

export function siteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { company } = ctx.config;
  const info: SiteInfo = {
    companyName: company.name,
    email: company.email,
    phone: company.phone,
    nairaAccount: company.nairaAccount,
    dollarAccount: company.dollarAccount,
    offices: company.offices,
    membershipFeeKobo: MEMBERSHIP_FEE_KOBO,
    adWeeklyFeeKobo: AD_WEEKLY_FEE_KOBO,
  };
  return async (app) => {
    app.get('/api/site', async (_request, reply) => reply.header('Cache-Control', 'public, max-age=300').send(info));
  };
}
