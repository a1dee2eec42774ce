import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHARGE_KINDS } from '../../shared/charges.js';
import { onlinePaymentSchema } from '../../shared/schemas/membership.js';
import { accessHooks, requireUser } from '../auth/guards.js';
import type { AuthUser } from '../auth/sessions.js';
import { hasVerifiedEmail } from '../auth/codes.js';
import type { AppContext } from '../context.js';
import { payments, users } from '../db/schema.js';
import { assertGuardianConfirmed } from '../privacy/guardian-service.js';
import { forbidden, HttpError, notFound } from '../http/errors.js';
import { monthlyPriceOf } from '../plans/plans-service.js';
import { confirmOnlinePayment } from './confirm-payment.js';
import { isPaystackSignature, PaystackClient, webhookEventSchema, type PaystackSettings } from './paystack-client.js';

const CALLBACK_PATH = '/api/payments/paystack/callback';

function paystackOf(ctx: AppContext): PaystackSettings {
  if (!ctx.config.paystack) throw notFound('Online payment is not available');
  return ctx.config.paystack;
}

/**
 * Membership months paid online: the payment row first (pending, channel paystack, a unique
 * reference), then Paystack's checkout for its amount; answers where to send the member.
 */
async function startOnlinePayment(ctx: AppContext, user: AuthUser, input: z.output<typeof onlinePaymentSchema>, origin: string): Promise<string> {
  const settings = paystackOf(ctx);
  assertGuardianConfirmed(ctx, user);
  if (!(await hasVerifiedEmail(ctx.db, user.id))) throw forbidden('Verify your email address first (step 1).');
  const reference = `HM-${randomUUID()}`;
  const payment = await ctx.db.transaction(async (tx) => {
    const plan = input.plan ?? user.plan ?? 'standard';
    await tx.update(users).set({ plan }).where(eq(users.id, user.id));
    const amountKobo = CHARGE_KINDS.fee.amountKobo({ monthlyPriceKobo: await monthlyPriceOf(tx, plan), months: input.months });
    const [row] = await tx.insert(payments).values({ userId: user.id, kind: 'fee', plan, months: input.months, amountKobo, channel: 'paystack', reference }).returning();
    return row!;
  });
  try {
    const { authorizationUrl } = await new PaystackClient(settings).initialize({
      email: user.email,
      amountKobo: payment.amountKobo,
      reference,
      callbackUrl: `${ctx.config.publicUrl ?? origin}${CALLBACK_PATH}`,
      metadata: { paymentId: payment.id, kind: payment.kind },
    });
    return authorizationUrl;
  } catch (error) {
    ctx.log.warn({ err: error, reference }, 'Paystack checkout could not start');
    await ctx.db.update(payments).set({ state: 'rejected', reason: 'The online checkout could not start.' }).where(eq(payments.id, payment.id));
    throw new HttpError(502, 'Online payment is not available right now. Please try again, or upload a slip.');
  }
}

/**
 * Paying online (only with PAYSTACK_SECRET_KEY): the member starts a checkout, comes back on the
 * callback (verified with Paystack), and Paystack's signed webhook says the same; both book
 * through the one confirmation, once.
 */
export function paystackRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const memberRoutes: FastifyPluginAsyncZod = async (member) => {
      member.addHook('onRequest', accessHooks.member);
      member.post('/api/users/payments/online', { schema: { body: onlinePaymentSchema } }, async (request) => {
        const authorizationUrl = await startOnlinePayment(ctx, requireUser(request), request.body, `${request.protocol}://${request.host}`);
        return { authorizationUrl };
      });
    };
    await app.register(memberRoutes);

    app.get(CALLBACK_PATH, { schema: { querystring: z.object({ reference: z.string().min(1).max(100) }) } }, async (request, reply) => {
      const paid = await new PaystackClient(paystackOf(ctx))
        .verify(request.query.reference)
        .catch((error: unknown) => request.log.warn({ err: error, reference: request.query.reference }, 'Paystack could not verify a payment on the callback'));
      // Not verified now: the webhook, or finance with Paystack's dashboard, settles it.
      if (!paid) return reply.redirect('/user/fees?online=review', 303);
      const outcome = await confirmOnlinePayment(ctx, paid);
      const shown = outcome === 'booked' || outcome === 'already-booked' ? 'paid' : outcome === 'not-paid' ? 'not-paid' : 'review';
      return reply.redirect(`/user/fees?online=${shown}`, 303);
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
