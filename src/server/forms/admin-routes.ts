import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayInLagos } from '../../shared/dates.js';
import { FORM_KINDS } from '../../shared/form-definitions.js';
import { isoDate } from '../../shared/schemas/fields.js';
import { optionalNumber, premiereCreateSchema, premiereUpdateSchema } from '../../shared/schemas/forms.js';
import { accessHooks, requireAdmin } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import {
  createPremiere,
  exportSubmissionsCsv,
  getSubmission,
  listAllPremieres,
  listSubmissions,
  markHandled,
  updatePremiere,
} from './admin-service.js';

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

export function formsAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', accessHooks.admin);

    app.get(
      '/api/admin/submissions',
      { schema: { querystring: filterQuery.extend({ page: optionalNumber('Page', { integer: true, min: 1 }).transform((p) => p ?? 1) }) } },
      async (request) => listSubmissions(ctx, request.query),
    );

    app.get(
      '/api/admin/submissions/export',
      { schema: { querystring: filterQuery.extend({ form: formKind }) } },
      async (request, reply) => {
        const csv = await exportSubmissionsCsv(ctx, request.query);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${request.query.form}-submissions-${todayInLagos()}.csv"`)
          .header('Cache-Control', 'no-store')
          .send(csv);
      },
    );

    app.get('/api/admin/submissions/:id', { schema: { params: idParams } }, async (request) => ({
      submission: await getSubmission(ctx, request.params.id),
    }));

    app.post('/api/admin/submissions/:id/handled', { schema: { params: idParams } }, async (request) => ({
      submission: await markHandled(ctx, requireAdmin(request), request.params.id),
    }));

    app.get('/api/admin/premieres', async () => ({ premieres: await listAllPremieres(ctx) }));

    app.post('/api/admin/premieres', { schema: { body: premiereCreateSchema } }, async (request, reply) =>
      reply.status(201).send({ premiere: await createPremiere(ctx, requireAdmin(request), request.body) }),
    );

    app.patch('/api/admin/premieres/:id', { schema: { params: idParams, body: premiereUpdateSchema } }, async (request) => ({
      premiere: await updatePremiere(ctx, requireAdmin(request), request.params.id, request.body),
    }));
  };
}
