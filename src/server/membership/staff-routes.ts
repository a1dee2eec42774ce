import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvePaymentSchema, paymentsQuerySchema, rejectPaymentSchema, reversePaymentSchema } from '../../shared/schemas/membership.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { listPayments, paymentSlip, rejectPayment } from './payments-review.js';
import { confirmPayment } from '../ledger/confirm-payment.js';
import { reversePayment } from '../ledger/reverse-payment.js';
import { staffLookQuery } from '../privacy/staff-look.js';
import { sendStoredFile } from '../files/send-file.js';
import { receiptOf } from '../ledger/ledger-service.js';
import { sendReceipt } from '../ledger/routes.js';
import { downloadRoute } from '../http/route-timeouts.js';

const paymentParams = z.object({ id: z.uuid({ error: 'Payment not found' }) });

/** A closed account's member is not told of a reversal or refund (reverse-payment.ts: no one is left to notify). */
const NO_ONE_TOLD = 'The account is closed, so no one was told.';

/**
 * The staff payments queue: slips checked against the bank statement, then confirmed (the months and
 * amount the member chose, unless corrected with a reason) or rejected
 * (under /api/admin, behind the staff hook: admin/routes.ts).
 */
export function membershipStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/payments', { config: { area: 'payments' }, schema: { querystring: paymentsQuerySchema } }, async (request) =>
      listPayments(ctx, request.query.status, request.query.kind),
    );

    app.post('/payments/:id/approve', { config: { area: 'payments' }, schema: { params: paymentParams, body: approvePaymentSchema } }, async (request) => {
      const { kind, months } = await confirmPayment(ctx, staffUser(request), request.params.id, request.body);
      if (kind === 'fine') return { message: 'Fine payment approved. The member has their receipt.' };
      if (kind === 'ad') return { message: 'Advert payment approved. The member has their receipt.' };
      return { message: `Payment approved for ${months} month${months === 1 ? '' : 's'}.` };
    });

    app.post('/payments/:id/reject', { config: { area: 'payments' }, schema: { params: paymentParams, body: rejectPaymentSchema } }, async (request) => {
      await rejectPayment(ctx, staffUser(request), request.params.id, request.body.reason);
      return { message: 'Payment rejected. The member has been told why.' };
    });

    app.post('/payments/:id/reverse', { config: { area: 'payments' }, schema: { params: paymentParams, body: reversePaymentSchema } }, async (request) => {
      const { memberTold } = await reversePayment(ctx, staffUser(request), request.params.id, request.body.reason);
      return { message: memberTold ? 'Payment reversed. The member owes the charge again and has been told why.' : `Payment reversed. ${NO_ONE_TOLD}` };
    });

    // Money: Paystack is asked once per payment (the reversal claims it first); a retried request with its Idempotency-Key answers as the first did.
    app.post(
      '/payments/:id/refund',
      { config: { area: 'payments', idempotent: true }, schema: { params: paymentParams, body: reversePaymentSchema } },
      async (request) => {
        const { outcome, memberTold } = await reversePayment(ctx, staffUser(request), request.params.id, request.body.reason, { refund: true });
        const told = memberTold ? 'The member has been told why.' : NO_ONE_TOLD;
        if (outcome === 'refund-retried') return { message: 'Paystack was asked again to refund this payment. Nothing more is booked.' };
        if (outcome === 'refunded-unbooked')
          return { message: `Refunded through Paystack. Nothing was booked for this money, so nothing is reversed. ${told}` };
        return { message: `Payment refunded through Paystack and reversed on the ledger. ${told}` };
      },
    );

    app.get('/payments/:id/receipt', { config: { area: 'payments' }, schema: { params: paymentParams } }, async (request, reply) =>
      sendReceipt(ctx, reply, await receiptOf(ctx, request.params.id)),
    );

    app.get(
      '/payments/:id/slip',
      { ...downloadRoute(ctx.config), config: { area: 'payments' }, schema: { params: paymentParams, querystring: staffLookQuery } },
      async (request, reply) => {
        const file = await paymentSlip(ctx, staffUser(request), request.params.id, request.query.reason);
        return sendStoredFile(ctx, reply, file, 'private');
      },
    );
  };
}
