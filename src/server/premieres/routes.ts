import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { listOpenPremieres } from './premieres-service.js';

/** The films open for premiere bookings, which the movie premiere form offers. */
export function premieresRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/premieres', async () => listOpenPremieres(ctx));
  };
}
