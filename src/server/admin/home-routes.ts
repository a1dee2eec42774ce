import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { consoleHome } from './home-service.js';

/** The console home and its tabs' badges (under /api/admin: routes.ts). */
export function homeStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/home', { config: { area: 'home' } }, async (request) => consoleHome(ctx, staffUser(request)));
  };
}
