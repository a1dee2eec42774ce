import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsSchema } from '../../shared/schemas/site-settings.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { readSiteSettings, saveSiteSettings } from './site-settings.js';

/** The company details admins edit on the console's settings page (under /api/admin, admin only: admin/routes.ts). */
export function siteStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/settings/site', { config: { area: 'settings' } }, async () => readSiteSettings(ctx));

    app.put('/settings/site', { config: { area: 'settings' }, schema: { body: siteSettingsSchema } }, async (request) => ({
      message: 'Company details saved.',
      settings: await saveSiteSettings(ctx, staffUser(request), request.body),
    }));
  };
}
