import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessHooks, requireUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { memberLedger, memberPayments, receiptCompany, receiptOf } from './ledger-service.js';
import { readSiteSettings } from '../site/site-settings.js';
import { receiptPdf } from './receipt-pdf.js';

const paymentParams = z.object({ id: z.uuid({ error: 'Receipt not found' }) });

/** A member's account with the company: the ledger, the approved payments and their receipts. */
export function ledgerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', accessHooks.member);

    app.get('/api/users/ledger', async (request) => memberLedger(ctx, requireUser(request).id));

    app.get('/api/users/payments', async (request) => ({ payments: await memberPayments(ctx, requireUser(request).id) }));

    app.get('/api/users/payments/:id/receipt', { schema: { params: paymentParams } }, async (request, reply) =>
      sendReceipt(ctx, reply, await receiptOf(ctx, request.params.id, requireUser(request).id)),
    );
  };
}

/** The receipt as a PDF download, never cached (it carries the member's name and number). */
export async function sendReceipt(ctx: AppContext, reply: FastifyReply, receipt: Awaited<ReturnType<typeof receiptOf>>) {
  const pdf = await receiptPdf(receipt.details.company ?? receiptCompany(await readSiteSettings(ctx)), receipt.number, receipt.details);
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${receipt.number}.pdf"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}
