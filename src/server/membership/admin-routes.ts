import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvePaymentSchema, paymentsQuerySchema, rejectPaymentSchema } from '../../shared/schemas/membership.js';
import { accessHooks, requireAdmin } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { approvePayment, listPayments, paymentSlip, rejectPayment } from './payments-review.js';
import { sendStoredFile } from '../files/send-file.js';

const paymentParams = z.object({ id: z.uuid({ error: 'Payment not found' }) });

/** The staff payments queue: slips checked against the bank statement, then approved or rejected. */
export function paymentsAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', accessHooks.admin);

    app.get('/api/admin/payments', { schema: { querystring: paymentsQuerySchema } }, async (request) => {
      requireAdmin(request);
      return listPayments(ctx, request.query.status, request.query.kind);
    });

    app.post('/api/admin/payments/:id/approve', { schema: { params: paymentParams, body: approvePaymentSchema } }, async (request) => {
      const staff = requireAdmin(request);
      const { months } = request.body;
      await approvePayment(ctx, staff, request.params.id, months);
      return { message: `Payment approved for ${months} month${months === 1 ? '' : 's'}.` };
    });

    app.post('/api/admin/payments/:id/reject', { schema: { params: paymentParams, body: rejectPaymentSchema } }, async (request) => {
      const staff = requireAdmin(request);
      await rejectPayment(ctx, staff, request.params.id, request.body.reason);
      return { message: 'Payment rejected. The member has been told why.' };
    });

    app.get('/api/admin/payments/:id/slip', { schema: { params: paymentParams } }, async (request, reply) => {
      requireAdmin(request);
      const file = await paymentSlip(ctx, request.params.id);
      return sendStoredFile(ctx, reply, file, 'none');
    });
  };
}
