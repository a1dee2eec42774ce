import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { readWelcomeText } from './recognition-service.js';

/** The welcome text on the dashboard (the level and achievements come with the user object); behind the member hook (member-routes.ts). */
export function recognitionMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/welcome', { config: { access: 'user' } }, async () => ({ text: await readWelcomeText(ctx.db) }));
  };
}
