import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayInLagos } from '../../shared/dates.js';
import { isoDate } from '../../shared/schemas/fields.js';
import { recordAudit } from '../audit/audit.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { sendCsv } from '../http/csv.js';
import { MEMBERS_CSV_HEADER, memberCsvRows, PAYMENTS_CSV_HEADER, paymentCsvRows } from './exports.js';
import { reports } from './reports-service.js';
import { downloadRoute } from '../http/route-timeouts.js';

const paymentsRange = z.object({ from: isoDate('From').optional(), to: isoDate('To').optional() });

/** The business in figures and the exports of members and payments (under /api/admin: admin/routes.ts). */
export function reportsStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/reports', { config: { area: 'reports' } }, async () => reports(ctx));

    app.get('/members.csv', { ...downloadRoute(ctx.config), config: { area: 'reports' } }, async (request, reply) => {
      await recordAudit(ctx.db, { actor: staffUser(request), action: 'members.export', subjectType: 'export', subjectId: 'members' });
      return sendCsv(reply, `members-${todayInLagos(ctx.clock())}.csv`, MEMBERS_CSV_HEADER, memberCsvRows(ctx));
    });

    app.get('/payments.csv', { ...downloadRoute(ctx.config), config: { area: 'reports' }, schema: { querystring: paymentsRange } }, async (request, reply) => {
      const range = request.query;
      if (range.from && range.to && range.from > range.to) throw badRequest('From must be on or before To');
      await recordAudit(ctx.db, { actor: staffUser(request), action: 'payments.export', subjectType: 'export', subjectId: 'payments', details: { ...range } });
      return sendCsv(reply, `payments-${todayInLagos(ctx.clock())}.csv`, PAYMENTS_CSV_HEADER, paymentCsvRows(ctx, range));
    });
  };
}
