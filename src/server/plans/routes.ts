import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { listPlans } from './plans-service.js';

/** The plans, public: the services page and the fee wizard read them. */
export function plansRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // `onlinePayment`: the fee wizard offers "Pay online" only when Paystack is configured.
    app.get('/api/plans', async (_request, reply) =>
      reply.header('Cache-Control', 'public, no-cache').send({ plans: await listPlans(ctx.db), onlinePayment: Boolean(ctx.config.paystack) }),
    );
  };
}
