import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { castingCallSchema } from '../../shared/schemas/castings.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { callForStaff, cast, closeCall, createCall, draftFromBooking, listCalls, shortlist } from './calls-service.js';

const callParams = z.object({ id: z.uuid({ error: 'Casting call not found' }) });
const applicationParams = z.object({ id: z.uuid({ error: 'Application not found' }) });
const bookingParams = z.object({ id: z.uuid({ error: 'Booking request not found' }) });

/** Staff post casting calls, review applicants, shortlist, cast and close (under /api/admin, area `castings`: admin/routes.ts). */
export function castingsStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/castings', { config: { area: 'castings' } }, async () => ({ calls: await listCalls(ctx) }));

    app.post('/castings', { config: { area: 'castings', idempotent: true }, schema: { body: castingCallSchema } }, async (request, reply) => {
      const { id } = await createCall(ctx, staffUser(request), request.body);
      return reply.status(201).send({ message: 'Casting call posted: eligible members see it under Castings.', call: await callForStaff(ctx, id) });
    });

    app.get('/castings/from-booking/:id', { config: { area: 'castings' }, schema: { params: bookingParams } }, async (request) => ({
      draft: await draftFromBooking(ctx, request.params.id),
    }));

    app.get('/castings/:id', { config: { area: 'castings' }, schema: { params: callParams } }, async (request) => ({
      call: await callForStaff(ctx, request.params.id),
    }));

    app.post('/castings/:id/close', { config: { area: 'castings' }, schema: { params: callParams } }, async (request) => ({
      message: await closeCall(ctx, staffUser(request), request.params.id),
    }));

    app.post('/castings/applications/:id/shortlist', { config: { area: 'castings' }, schema: { params: applicationParams } }, async (request) => ({
      message: await shortlist(ctx, staffUser(request), request.params.id),
    }));

    app.post('/castings/applications/:id/cast', { config: { area: 'castings' }, schema: { params: applicationParams } }, async (request) => ({
      message: await cast(ctx, staffUser(request), request.params.id),
    }));
  };
}
