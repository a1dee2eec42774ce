import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';
import { ATTENDANCE_FINE_STATES } from '../../shared/schedule.js';
import {
  attendanceRemovalFields,
  fineDecisionFields,
  flaggedFineFields,
  handEntryFields,
  scanFields,
  sessionChangeFields,
  sessionSeriesFields,
} from '../../shared/schemas/schedule.js';
import { isoDate } from '../../shared/schemas/fields.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { confirmAttendanceFines, dismissAttendanceFines, keepFlaggedFine, listAttendanceFines, proposeFines } from './attendance-fines.js';
import { recordByHand, removeAttendance } from './hand-entries.js';
import { recordScan, sessionRegister } from './register-service.js';
import { trainingStaffRoutes } from './training-routes.js';
import { changeSessionDate, createSeries, deleteSeries, listSeries, sessionDates, updateSeries } from './schedule-service.js';

const seriesParams = z.object({ id: z.uuid({ error: 'Session not found' }) });
const dateParams = z.object({ id: z.uuid({ error: 'Session not found' }), day: isoDate('Date') });
const attendanceParams = dateParams.extend({ userId: z.string() });
const datesQuery = z.object({ from: isoDate('From').optional(), to: isoDate('To').optional() });

/** The company's week for staff with the schedule area (under /api/admin: admin/routes.ts): series, dates, the door's register. */
export function scheduleStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(trainingStaffRoutes(ctx));

    app.get('/schedule', { config: { area: 'schedule' } }, async () => ({ series: await listSeries(ctx) }));

    app.post('/schedule', { config: { area: 'schedule' }, schema: { body: sessionSeriesFields } }, async (request, reply) =>
      reply.status(201).send({ message: 'Session added.', series: await createSeries(ctx, staffUser(request), request.body) }),
    );

    app.put('/schedule/:id', { config: { area: 'schedule' }, schema: { params: seriesParams, body: sessionSeriesFields } }, async (request) => {
      const { series, splitAt } = await updateSeries(ctx, staffUser(request), request.params.id, request.body);
      return {
        message: splitAt ? `Session saved. Dates from ${displayDate(splitAt)} follow the new settings; the dates before stay as they were.` : 'Session saved.',
        series,
      };
    });

    app.delete('/schedule/:id', { config: { area: 'schedule' }, schema: { params: seriesParams } }, async (request) => {
      await deleteSeries(ctx, staffUser(request), request.params.id);
      return { message: 'Session deleted.' };
    });

    app.get('/schedule/dates', { config: { area: 'schedule' }, schema: { querystring: datesQuery } }, async (request) => {
      const from = request.query.from ?? todayInLagos(ctx.clock());
      const to = request.query.to ?? shiftDate(from, 31);
      return { dates: await sessionDates(ctx.db, await listSeries(ctx), from, to) };
    });

    app.post(
      '/schedule/:id/dates/:day/change',
      { config: { area: 'schedule' }, schema: { params: dateParams, body: sessionChangeFields } },
      async (request) => ({
        message: request.body.action === 'cancel' ? 'Date cancelled; everyone expected is told.' : 'Date moved; everyone expected is told.',
        date: await changeSessionDate(ctx, staffUser(request), request.params.id, request.params.day, request.body),
      }),
    );

    app.get('/schedule/:id/dates/:day/register', { config: { area: 'schedule' }, schema: { params: dateParams } }, async (request) =>
      sessionRegister(ctx, request.params.id, request.params.day),
    );

    // A scan queued on the phone while offline is sent with its Idempotency-Key and its scan id: recorded once.
    app.post(
      '/schedule/:id/dates/:day/scans',
      { config: { area: 'schedule', idempotent: true }, schema: { params: dateParams, body: scanFields } },
      async (request) => recordScan(ctx, staffUser(request), request.params.id, request.params.day, request.body),
    );

    // A past date's register, corrected by hand (a paper list when the door could not keep it): decision 022, amended 2026-11-28.
    app.post(
      '/schedule/:id/dates/:day/attendance',
      { config: { area: 'schedule' }, schema: { params: dateParams, body: handEntryFields } },
      async (request, reply) => {
        const member = await recordByHand(ctx, staffUser(request), request.params.id, request.params.day, request.body);
        return reply.status(201).send({ message: `${member.fullName} (${member.memberNumber}) is recorded present, by hand.` });
      },
    );

    app.delete(
      '/schedule/:id/dates/:day/attendance/:userId',
      { config: { area: 'schedule' }, schema: { params: attendanceParams, body: attendanceRemovalFields } },
      async (request) => {
        await removeAttendance(ctx, staffUser(request), request.params.id, request.params.day, request.params.userId, request.body.reason);
        return { message: 'Taken off this date’s register.' };
      },
    );

    app.post('/schedule/:id/dates/:day/fines', { config: { area: 'schedule' }, schema: { params: dateParams } }, async (request) => {
      const added = await proposeFines(ctx, staffUser(request), request.params.id, request.params.day);
      return { message: added ? `${added} fine${added === 1 ? '' : 's'} proposed to finance.` : 'No new fines to propose.', added };
    });
  };
}

const finesQuery = z.object({
  state: z.enum(ATTENDANCE_FINE_STATES, { error: 'State must be proposed, confirmed, dismissed or withdrawn' }).default('proposed'),
  // The confirmed fines a scan sent later no longer supports.
  flagged: z.enum(['true', 'false'], { error: 'Flagged must be true or false' }).optional(),
});

/** Finance decide the fines the register proposed (the membership area: admin and finance). */
export function attendanceFinesStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/attendance-fines', { config: { area: 'membership' }, schema: { querystring: finesQuery } }, async (request) => ({
      fines: await listAttendanceFines(ctx, request.query.state, request.query.flagged === 'true'),
    }));

    app.post('/attendance-fines/confirm', { config: { area: 'membership', idempotent: true }, schema: { body: fineDecisionFields } }, async (request) => {
      const result = await confirmAttendanceFines(ctx, staffUser(request), request.body.ids);
      return { message: `${result.confirmed} fine${result.confirmed === 1 ? '' : 's'} charged.`, ...result };
    });

    app.post('/attendance-fines/dismiss', { config: { area: 'membership' }, schema: { body: fineDecisionFields } }, async (request) => {
      const result = await dismissAttendanceFines(ctx, staffUser(request), request.body.ids, request.body.note);
      return { message: `${result.dismissed} fine${result.dismissed === 1 ? '' : 's'} dismissed.`, ...result };
    });

    app.post(
      '/attendance-fines/:id/keep',
      { config: { area: 'membership' }, schema: { params: z.object({ id: z.uuid({ error: 'Fine not found' }) }), body: flaggedFineFields } },
      async (request) => {
        await keepFlaggedFine(ctx, staffUser(request), request.params.id, request.body.note);
        return { message: 'The charge stands; the member is told.' };
      },
    );
  };
}
