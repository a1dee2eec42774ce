import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayInLagos } from '../../shared/dates.js';
import { isoDate } from '../../shared/schemas/fields.js';
import { recordAudit } from '../audit/audit.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { sendCsv } from '../http/csv.js';
import { badRequest } from '../http/errors.js';
import { RECONCILIATION_CSV_HEADER, reconcile, reconciliationCsvRows } from './reconciliation.js';
import { downloadRoute } from '../http/route-timeouts.js';

/** At most this many days at once: each is read from Paystack page by page. */
export const RECONCILIATION_MAX_DAYS = 92;

const range = z.object({ from: isoDate('From'), to: isoDate('To') });

function checkedRange({ from, to }: z.output<typeof range>) {
  if (from > to) throw badRequest('From must be on or before To');
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= RECONCILIATION_MAX_DAYS)
    throw badRequest(`Reconcile at most ${RECONCILIATION_MAX_DAYS} days at once`);
  return { from, to };
}

/**
 * Finance's reconciliation of Paystack with the ledger, on the page and as a CSV (under
 * /api/admin/payments, the payments area: admin/routes.ts). Without PAYSTACK_SECRET_KEY: 404.
 */
export function reconciliationStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/payments/reconciliation', { config: { area: 'payments' }, schema: { querystring: range } }, async (request) => {
      const { from, to } = checkedRange(request.query);
      return reconcile(ctx, from, to);
    });

    app.get(
      '/payments/reconciliation.csv',
      { ...downloadRoute(ctx.config), config: { area: 'payments' }, schema: { querystring: range } },
      async (request, reply) => {
        const { from, to } = checkedRange(request.query);
        const reconciliation = await reconcile(ctx, from, to);
        await recordAudit(ctx.db, {
          actor: staffUser(request),
          action: 'reconciliation.export',
          subjectType: 'export',
          subjectId: 'reconciliation',
          details: { from, to, ...reconciliation.counts },
        });
        async function* rows() {
          yield reconciliationCsvRows(reconciliation);
        }
        return sendCsv(reply, `paystack-reconciliation-${from}-to-${to}-${todayInLagos(ctx.clock())}.csv`, RECONCILIATION_CSV_HEADER, rows());
      },
    );
  };
}
