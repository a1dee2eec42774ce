import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { premiereCreateSchema, premiereUpdateSchema } from '../../shared/schemas/forms.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { createPremiere, listAllPremieres, updatePremiere } from './premieres-service.js';

const idParams = z.object({ id: z.string() });

/** Staff add films and open or retire them (under /api/admin, behind the staff hook: admin/routes.ts). */
export function premieresStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/premieres', { config: { area: 'premieres' } }, async () => ({ premieres: await listAllPremieres(ctx) }));

    app.post('/premieres', { config: { area: 'premieres' }, schema: { body: premiereCreateSchema } }, async (request, reply) =>
      reply.status(201).send({ premiere: await createPremiere(ctx, staffUser(request), request.body) }),
    );

    app.patch('/premieres/:id', { config: { area: 'premieres' }, schema: { params: idParams, body: premiereUpdateSchema } }, async (request) => ({
      premiere: await updatePremiere(ctx, staffUser(request), request.params.id, request.body),
    }));
  };
}
