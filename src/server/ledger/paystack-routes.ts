import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentState } from '../../shared/charges.js';
import { onlinePaymentSchema } from '../../shared/schemas/membership.js';
import { memberUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { confirmOnlinePayment, type OnlineOutcome } from './confirm-payment.js';
import { CALLBACK_PATH, onlinePaymentOf, paystackOf, RETURN_PAGES, startOnlinePayment } from './online-checkout.js';
import { IN_PROGRESS_STATUSES, isPaystackSignature, PaystackClient, UNPAID_STATUSES, webhookEventSchema } from './paystack-client.js';
import { setAsideUnpaidCheckout } from './expire-checkouts.js';
import { recordRefundEvent } from './refund-events.js';

/** What the member's page says of a payment decided before they came back (nothing is asked of Paystack again); finance settles the rest. */
const DECIDED: Record<Exclude<PaymentState, 'pending'>, string> = { approved: 'paid', rejected: 'review', reversed: 'review' };

function shownAfter(outcome: OnlineOutcome): string {
  if (outcome === 'booked' || outcome === 'already-booked') return 'paid';
  return outcome === 'not-paid' ? 'not-paid' : 'review';
}

/**
 * Paying online (only with PAYSTACK_SECRET_KEY): the member starts a checkout, comes back on the
 * callback (verified with Paystack), and Paystack's signed webhook says the same; both book
 * through the one confirmation, once. Refund events move a refund on (refund-events.ts).
 * Starting a checkout is the member's (paystackMemberRoutes).
 */
export function paystackRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const callbackLimit = {
      rateLimit: {
        max: ctx.config.rateLimits.paymentCallback,
        timeWindow: 15 * 60 * 1000,
        errorResponseBuilder: () => new HttpError(429, 'Too many returns from the payment page. Please wait a few minutes, then open your payments page.'),
      },
    };
    app.get(CALLBACK_PATH, { config: callbackLimit, schema: { querystring: z.object({ reference: z.string().min(1).max(100) }) } }, async (request, reply) => {
      const { reference } = request.query;
      // Only the portal's own checkouts still waiting for Paystack's word are verified: a made-up or
      // decided reference costs no call to Paystack.
      const payment = await onlinePaymentOf(ctx, reference);
      const page = RETURN_PAGES[payment?.kind ?? 'fee'];
      if (!payment) return reply.redirect(page('review'), 303);
      if (payment.state !== 'pending') return reply.redirect(page(DECIDED[payment.state]), 303);
      const paid = await new PaystackClient(paystackOf(ctx))
        .verify(reference)
        .catch((error: unknown) => request.log.warn({ err: error, reference }, 'Paystack could not verify a payment on the callback'));
      // Not verified now: the webhook, the housekeeping's check, or finance with Paystack's dashboard settles it.
      if (!paid) return reply.redirect(page('review'), 303);
      if (IN_PROGRESS_STATUSES.has(paid.status)) return reply.redirect(page('processing'), 303);
      // Not paid: set aside at once, so the member's page offers paying again instead of a wait.
      if (UNPAID_STATUSES.has(paid.status)) await setAsideUnpaidCheckout(ctx, payment.id, paid.status);
      return reply.redirect(page(shownAfter(await confirmOnlinePayment(ctx, paid))), 303);
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
        if (!event.success) return { received: true };
        if (event.data.event === 'charge.success' && 'reference' in event.data.data) {
          const outcome = await confirmOnlinePayment(ctx, event.data.data);
          if (outcome === 'unknown') request.log.info({ reference: event.data.data.reference }, 'Paystack webhook for an unknown reference');
        } else if ('transaction_reference' in event.data.data) {
          await recordRefundEvent(ctx, event.data.event, event.data.data);
        }
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
