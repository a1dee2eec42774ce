// Starting an online checkout: the payment written first, then Paystack asked for its page (decision 017).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { CHARGE_KINDS, type PaymentKind } from '../../shared/charges.js';
import type { onlinePaymentSchema } from '../../shared/schemas/membership.js';
import type { AuthUser } from '../auth/sessions.js';
import { hasVerifiedEmail } from '../auth/codes.js';
import type { AppContext } from '../context.js';
import type { Transaction } from '../db/client.js';
import { ads, payments, users } from '../db/schema.js';
import { assertGuardianConfirmed } from '../privacy/guardian-service.js';
import { conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import { monthlyPriceOf } from '../plans/plans-service.js';
import { confirmOnlinePayment } from './confirm-payment.js';
import { payableFine } from './fines.js';
import { IN_PROGRESS_STATUSES, PaystackClient, type PaystackSettings } from './paystack-client.js';
import { CHECKOUT_REPLACED } from './set-aside-checkouts.js';

export const CALLBACK_PATH = '/api/payments/paystack/callback';

/** Where the member lands back from Paystack's checkout, by what they paid for (?online=paid|not-paid|review); the advert's section of the dashboard. */
export const RETURN_PAGES: Record<PaymentKind, (shown: string) => string> = {
  fee: (shown) => `/user/fees?online=${shown}`,
  fine: (shown) => `/profile/payments?online=${shown}`,
  ad: (shown) => `/profile?online=${shown}#advert`,
};

export function paystackOf(ctx: AppContext): PaystackSettings {
  if (!ctx.config.paystack) throw notFound('Online payment is not available');
  return ctx.config.paystack;
}

type NewPayment = Pick<typeof payments.$inferInsert, 'kind' | 'plan' | 'months' | 'amountKobo' | 'fineId'>;
type OnlineInput = z.output<typeof onlinePaymentSchema>;

/** Locks the member's row first, as a slip upload and a confirmation do: their payments are decided one after another. */
async function lockMember(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * An unfinished checkout the member starts again: it stops being theirs to pay (rejected, with
 * the reason), so that money Paystack still takes for it is listed for finance, never booked twice.
 */
async function setAsideCheckout(tx: Transaction, paymentId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ state: 'rejected', reason: CHECKOUT_REPLACED, reviewedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.state, 'pending'), eq(payments.channel, 'paystack')));
}

/** Membership months: the plan's monthly price x months; an unfinished membership checkout is set aside for the new one. */
async function feeToPay(tx: Transaction, user: AuthUser, input: OnlineInput): Promise<NewPayment> {
  await lockMember(tx, user.id);
  const unfinished = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.kind, 'fee'), eq(payments.state, 'pending'), eq(payments.channel, 'paystack')));
  for (const { id } of unfinished) await setAsideCheckout(tx, id);
  const plan = input.plan ?? user.plan ?? 'standard';
  await tx.update(users).set({ plan }).where(eq(users.id, user.id));
  const amountKobo = CHARGE_KINDS.fee.amountKobo({ monthlyPriceKobo: await monthlyPriceOf(tx, plan), months: input.months });
  return { kind: 'fee', plan, months: input.months, amountKobo };
}

/** One of the member's unpaid fines, for its amount; a slip under review for it is finance's to decide first. */
async function fineToPay(tx: Transaction, user: AuthUser, fineId: string): Promise<NewPayment> {
  await lockMember(tx, user.id);
  const { fine, pending } = await payableFine(tx, user.id, fineId);
  if (pending?.channel === 'slip') throw conflict('Your slip for this fine is under review.');
  if (pending) await setAsideCheckout(tx, pending.id);
  return { kind: 'fine', plan: null, months: null, amountKobo: fine.amountKobo, fineId: fine.id };
}

/** The member's own advert, not yet paid: ₦5,000 x its weeks; the new payment becomes the advert's. */
async function advertToPay(tx: Transaction, user: AuthUser, adId: string): Promise<NewPayment & { adId: string }> {
  await lockMember(tx, user.id);
  const [ad] = await tx
    .select()
    .from(ads)
    .where(and(eq(ads.id, adId), eq(ads.userId, user.id), inArray(ads.state, ['pending', 'approved'])));
  if (!ad) throw notFound('Advert not found');
  const [current] = ad.paymentId ? await tx.select().from(payments).where(eq(payments.id, ad.paymentId)) : [];
  if (ad.paidAt || current?.state === 'approved') throw conflict('This advert is already paid.');
  if (current?.state === 'pending' && current.channel === 'slip') throw conflict('Your slip for this advert is under review.');
  if (current?.state === 'pending') await setAsideCheckout(tx, current.id);
  return { kind: 'ad', plan: null, months: null, amountKobo: CHARGE_KINDS.ad.amountKobo({ weeks: ad.weeks }), adId: ad.id };
}

export const STILL_ON_ITS_WAY =
  'Your bank is still sending your earlier payment. It is booked as soon as Paystack confirms it: you need not pay again. If your bank says it failed, try again in a few minutes.';

/**
 * The member is not charged twice for one thing: an earlier checkout for the same membership,
 * fine or advert that Paystack says is on its way refuses a new one, and one Paystack says was
 * paid is booked now (the new membership checkout is then refused; a fine's or an advert's is
 * refused as already paid).
 */
async function settleEarlierCheckout(ctx: AppContext, settings: PaystackSettings, userId: string, input: OnlineInput): Promise<void> {
  const unfinished = and(eq(payments.userId, userId), eq(payments.state, 'pending'), eq(payments.channel, 'paystack'));
  const open = input.fineId
    ? await ctx.db
        .select({ reference: payments.reference })
        .from(payments)
        .where(and(eq(payments.fineId, input.fineId), unfinished))
    : input.adId
      ? await ctx.db
          .select({ reference: payments.reference })
          .from(ads)
          .innerJoin(payments, eq(payments.id, ads.paymentId))
          .where(and(eq(ads.id, input.adId), eq(ads.userId, userId), unfinished))
      : await ctx.db
          .select({ reference: payments.reference })
          .from(payments)
          .where(and(eq(payments.kind, 'fee'), unfinished));
  for (const { reference } of open) {
    const paid = reference ? await new PaystackClient(settings).verify(reference).catch(() => undefined) : undefined;
    // Money on its way (a bank transfer, USSD): a second checkout would take it twice.
    if (paid && IN_PROGRESS_STATUSES.has(paid.status)) throw conflict(STILL_ON_ITS_WAY);
    const outcome = paid ? await confirmOnlinePayment(ctx, paid) : undefined;
    if (outcome === 'booked' && !input.fineId && !input.adId)
      throw conflict('Your earlier online payment went through and is booked: there is nothing more to pay now.');
  }
}

/**
 * Paid online: the payment row first (pending, channel paystack, a unique reference), then
 * Paystack's checkout for its amount; answers where to send the member. Membership months, one
 * of the member's fines, or their advert.
 */
export async function startOnlinePayment(ctx: AppContext, user: AuthUser, input: OnlineInput, origin: string): Promise<string> {
  const settings = paystackOf(ctx);
  if (!input.fineId && !input.adId) {
    assertGuardianConfirmed(ctx, user);
    if (!(await hasVerifiedEmail(ctx.db, user.id))) throw forbidden('Verify your email address first (step 1).');
  }
  if (input.adId && !user.activated) throw forbidden('Only activated members can place adverts.');
  await settleEarlierCheckout(ctx, settings, user.id, input);
  const reference = `HM-${randomUUID()}`;
  const payment = await ctx.db.transaction(async (tx) => {
    const target = input.fineId
      ? await fineToPay(tx, user, input.fineId)
      : input.adId
        ? await advertToPay(tx, user, input.adId)
        : await feeToPay(tx, user, input);
    const { adId, ...values } = { adId: undefined, ...target };
    const [row] = await tx
      .insert(payments)
      .values({ ...values, userId: user.id, channel: 'paystack', reference })
      .returning();
    if (adId) await tx.update(ads).set({ paymentId: row!.id }).where(eq(ads.id, adId));
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

/** The portal's own online payment of a reference (its kind and state), or none: only these are ever verified with Paystack. */
export async function onlinePaymentOf(ctx: AppContext, reference: string): Promise<Pick<typeof payments.$inferSelect, 'id' | 'kind' | 'state'> | undefined> {
  const [payment] = await ctx.db
    .select({ id: payments.id, kind: payments.kind, state: payments.state })
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.channel, 'paystack')));
  return payment;
}
