import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onlinePaymentSchema } from '../../shared/schemas/membership.js';
import { memberUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { confirmOnlinePayment } from './confirm-payment.js';
import { CALLBACK_PATH, kindOfReference, paystackOf, RETURN_PAGES, startOnlinePayment } from './online-checkout.js';
import { isPaystackSignature, PaystackClient, webhookEventSchema } from './paystack-client.js';

/**
 * Paying online (only with PAYSTACK_SECRET_KEY): the member starts a checkout, comes back on the
 * callback (verified with Paystack), and Paystack's signed webhook says the same; both book
 * through the one confirmation, once. Starting a checkout is the member's (paystackMemberRoutes).
 */
export function paystackRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(CALLBACK_PATH, { schema: { querystring: z.object({ reference: z.string().min(1).max(100) }) } }, async (request, reply) => {
      const paid = await new PaystackClient(paystackOf(ctx))
        .verify(request.query.reference)
        .catch((error: unknown) => request.log.warn({ err: error, reference: request.query.reference }, 'Paystack could not verify a payment on the callback'));
      // Not verified now: the webhook, or finance with Paystack's dashboard, settles it.
      const page = RETURN_PAGES[await kindOfReference(ctx, request.query.reference)];
      if (!paid) return reply.redirect(page('review'), 303);
      const outcome = await confirmOnlinePayment(ctx, paid);
      const shown = outcome === 'booked' || outcome === 'already-booked' ? 'paid' : outcome === 'not-paid' ? 'not-paid' : 'review';
      return reply.redirect(page(shown), 303);
    });

    await app.register(async (webhook) => {
      // The signature is over the body as sent: it is kept as text and parsed after the check.
      webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      webhook.post('/api/payments/paystack/webhook', { config: { signedWebhook: true } }, async (request, reply) => {
        const settings = paystackOf(ctx);
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['x-paystack-signature'];
        if (!isPaystackSignature(settings.secretKey, raw, typeof signature === 'string' ? signature : undefined)) {
          return reply.status(401).send({ message: 'Invalid signature' });
        }
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          request.log.warn('Paystack webhook signed but not JSON');
          return reply.status(400).send({ message: 'The webhook body is not JSON' });
        }
        const event = webhookEventSchema.safeParse(body);
        if (!event.success || event.data.event !== 'charge.success') return { received: true };
        const outcome = await confirmOnlinePayment(ctx, event.data.data);
        if (outcome === 'unknown') request.log.info({ reference: event.data.data.reference }, 'Paystack webhook for an unknown reference');
        return { received: true };
      });
    });
  };
}

/** The member starts a checkout; behind the member hook (member-routes.ts). */
export function paystackMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/users/payments/online', { schema: { body: onlinePaymentSchema }, config: { access: 'member' } }, async (request) => {
      const authorizationUrl = await startOnlinePayment(ctx, memberUser(request), request.body, `${request.protocol}://${request.host}`);
      return { authorizationUrl };
    });
  };
}
