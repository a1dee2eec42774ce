import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { fineReasonFields } from '../../shared/schemas/schedule.js';
import { memberUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { memberAttendance, sendFineReason } from './attendance-fines.js';
import { calendarFeed, feedPath, renewFeed } from './calendar-feed.js';
import { memberCalendar } from './schedule-service.js';
import { trainingCheckRoutes, trainingMemberRoutes } from './training-routes.js';

const fineParams = z.object({ id: z.uuid({ error: 'Fine not found' }) });
const feedParams = z.object({ token: z.string().max(120) });

/** How far ahead the member's calendar page looks. */
const CALENDAR_AHEAD_DAYS = 62;

/** The member's week: calendar, feed address, attendance and fines; behind the member hook (member-routes.ts). */
export function scheduleMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const absolute = (request: { protocol: string; host: string }, path: string) =>
    `${(ctx.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '')}${path}`;
  return async (app) => {
    await app.register(trainingMemberRoutes(ctx));

    app.get('/api/users/calendar', { config: { access: 'member' } }, async (request, reply) => {
      const today = todayInLagos(ctx.clock());
      const dates = await memberCalendar(ctx, memberUser(request).id, today, shiftDate(today, CALENDAR_AHEAD_DAYS));
      return reply.header('Cache-Control', 'private, no-store').send({ dates: dates.filter((d) => new Date(d.endsAt) >= ctx.clock()) });
    });

    app.get('/api/users/calendar/feed', { config: { access: 'member' } }, async (request, reply) =>
      reply.header('Cache-Control', 'private, no-store').send({ url: absolute(request, await feedPath(ctx, memberUser(request).id)) }),
    );

    app.post('/api/users/calendar/feed', { config: { access: 'member' } }, async (request) => ({
      message: 'Your calendar has a new address: the old one no longer works. Subscribe again with this one.',
      url: absolute(request, await renewFeed(ctx, memberUser(request).id)),
    }));

    app.get('/api/users/attendance', { config: { access: 'member' } }, async (request) => memberAttendance(ctx, memberUser(request).id));

    app.post(
      '/api/users/attendance-fines/:id/reason',
      { schema: { params: fineParams, body: fineReasonFields }, config: { access: 'member' } },
      async (request) => {
        await sendFineReason(ctx, memberUser(request).id, request.params.id, request.body.reason);
        return { message: 'Your reason is sent: finance read it before deciding.' };
      },
    );
  };
}

/** The calendar feed itself, public by its secret address, and the certificates' public check. */
export function scheduleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(trainingCheckRoutes(ctx));

    // A calendar app keeps no cookie: the feed, or its refusal, sets none (http/csrf.ts).
    app.get('/api/calendar/:token', { schema: { params: feedParams }, config: { cookieless: true } }, async (request, reply) => {
      // Read first: a refused address must not carry the feed's cache header (a renewed one answers 404 at once).
      const feed = await calendarFeed(ctx, request.params.token);
      return reply.header('Content-Type', 'text/calendar; charset=utf-8').header('Cache-Control', 'private, max-age=300').send(feed);
    });
  };
}
