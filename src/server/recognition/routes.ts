import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessHooks } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { readWelcomeText } from './recognition-service.js';

/** The welcome text on the dashboard (the level and achievements come with the user object). */
export function recognitionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/welcome', { onRequest: accessHooks.user }, async () => ({ text: await readWelcomeText(ctx.db) }));
  };
}
