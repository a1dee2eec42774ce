import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { memberLedger, memberPayments, receiptCompany, receiptOf } from './ledger-service.js';
import { readSiteSettings } from '../site/site-settings.js';

const paymentParams = z.object({ id: z.uuid({ error: 'Receipt not found' }) });

/** A member's account with the company: the ledger, the approved payments and their receipts; behind the member hook (member-routes.ts). */
export function ledgerMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/ledger', { config: { access: 'member' } }, async (request) => memberLedger(ctx, memberUser(request).id));

    app.get('/api/users/payments', { config: { access: 'member' } }, async (request) => ({ payments: await memberPayments(ctx, memberUser(request).id) }));

    app.get('/api/users/payments/:id/receipt', { schema: { params: paymentParams }, config: { access: 'member' } }, async (request, reply) =>
      sendReceipt(ctx, reply, await receiptOf(ctx, request.params.id, memberUser(request).id)),
    );
  };
}

/** The receipt as a PDF download, never cached (it carries the member's name and number). */
export async function sendReceipt(ctx: AppContext, reply: FastifyReply, receipt: Awaited<ReturnType<typeof receiptOf>>) {
  // Loaded at the first download, not at start: PDFKit and its fonts (as the export's ZIP, privacy/routes.ts).
  const { receiptPdf } = await import('./receipt-pdf.js');
  const pdf = await receiptPdf(receipt.details.company ?? receiptCompany(await readSiteSettings(ctx)), receipt.number, receipt.details);
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${receipt.number}.pdf"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}
