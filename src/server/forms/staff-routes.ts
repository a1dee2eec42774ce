import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayInLagos } from '../../shared/dates.js';
import { FORM_KINDS } from '../../shared/form-routes.js';
import { isoDate } from '../../shared/schemas/fields.js';
import { pageNumber } from '../../shared/schemas/forms.js';
import { recordAudit } from '../audit/audit.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { exportSubmissionsCsv, getSubmission, listSubmissions, markHandled } from './staff-service.js';

const formKind = z.enum(FORM_KINDS.map((f) => f.value) as [(typeof FORM_KINDS)[number]['value']], {
  error: 'Form must be one of the six forms',
});

const filterQuery = z.object({
  form: formKind.optional(),
  member: z.string().max(200, { error: 'Member must be at most 200 characters' }).optional(),
  from: isoDate('From').optional(),
  to: isoDate('To').optional(),
});

const idParams = z.object({ id: z.string() });

/** Staff read, export and handle the members' form submissions (under /api/admin, behind the staff hook: admin/routes.ts). */
export function formsStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/submissions', { config: { area: 'submissions' }, schema: { querystring: filterQuery.extend({ page: pageNumber() }) } }, async (request) =>
      listSubmissions(ctx, request.query),
    );

    app.get(
      '/submissions/export',
      { config: { area: 'submissions' }, schema: { querystring: filterQuery.extend({ form: formKind }) } },
      async (request, reply) => {
        const csv = await exportSubmissionsCsv(ctx, request.query);
        await recordAudit(ctx.db, {
          actor: staffUser(request),
          action: 'submissions.export',
          subjectType: 'form',
          subjectId: request.query.form,
          details: { ...request.query },
        });
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${request.query.form}-submissions-${todayInLagos()}.csv"`)
          .header('Cache-Control', 'no-store')
          .send(csv);
      },
    );

    app.get('/submissions/:id', { config: { area: 'submissions' }, schema: { params: idParams } }, async (request) => ({
      submission: await getSubmission(ctx, request.params.id),
    }));

    app.post('/submissions/:id/handled', { config: { area: 'submissions' }, schema: { params: idParams } }, async (request) => ({
      submission: await markHandled(ctx, staffUser(request), request.params.id),
    }));
  };
}
