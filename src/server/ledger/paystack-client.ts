import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The few Paystack calls the portal makes, typed from its documented API (decision 017): the
 * secret key goes only in the Authorization header and is never logged.
 */
export interface PaystackSettings {
  secretKey: string;
  baseUrl: string;
}

/** A transaction as initialize, verify, list and the charge.success webhook describe it. */
const transactionSchema = z.object({
  id: z.number().optional(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  paid_at: z.string().nullish(),
  metadata: z.unknown().optional(),
});
export type PaystackTransaction = z.infer<typeof transactionSchema>;

const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.boolean(), message: z.string(), data });
const initializeAnswer = envelope(z.object({ authorization_url: z.url(), access_code: z.string(), reference: z.string() }));
const verifyAnswer = envelope(transactionSchema);
const listAnswer = envelope(z.array(transactionSchema)).extend({ meta: z.object({ page: z.number(), pageCount: z.number() }).partial().optional() });
const refundAnswer = envelope(z.object({ status: z.string(), amount: z.number().int() }));
const refundListAnswer = envelope(z.array(z.object({ amount: z.number().int(), status: z.string() })));
export const webhookEventSchema = z.object({ event: z.string(), data: transactionSchema });

export class PaystackError extends Error {}

export class PaystackClient {
  constructor(private readonly settings: PaystackSettings) {}

  private async call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, answer: T, body?: unknown): Promise<z.infer<T>> {
    const response = await fetch(`${this.settings.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.settings.secretKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : null,
      signal: AbortSignal.timeout(15_000),
    });
    const json: unknown = await response.json().catch(() => null);
    const parsed = answer.safeParse(json);
    if (!response.ok || !parsed.success || !(parsed.data as { status: boolean }).status) {
      throw new PaystackError(`Paystack ${method} ${path.split('?')[0]} answered ${response.status}`);
    }
    return parsed.data;
  }

  /** Starts a checkout: the amount in kobo, in naira (NGN); answers where to send the member. */
  async initialize(input: { email: string; amountKobo: number; reference: string; callbackUrl: string; metadata: Record<string, string> }) {
    const answer = await this.call('POST', '/transaction/initialize', initializeAnswer, {
      email: input.email,
      amount: input.amountKobo,
      currency: 'NGN',
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    });
    return { authorizationUrl: answer.data.authorization_url };
  }

  async verify(reference: string): Promise<PaystackTransaction> {
    return (await this.call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, verifyAnswer)).data;
  }

  /**
   * Sends money back to the payer: `transaction` is our reference (or Paystack's id), `amount` in
   * kobo (Paystack refunds the whole transaction without it). Paystack queues the refund and
   * answers at once; it reaches the member's card or account in a few working days.
   */
  /** How much of a transaction Paystack has refunded already (`GET /refund?transaction=`), in kobo; failed refunds do not count. */
  async refundedKobo(reference: string): Promise<number> {
    const answer = await this.call('GET', `/refund?transaction=${encodeURIComponent(reference)}`, refundListAnswer);
    return answer.data.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amount, 0);
  }

  async refund(reference: string, amountKobo?: number): Promise<{ status: string; amount: number }> {
    const answer = await this.call('POST', '/refund', refundAnswer, { transaction: reference, ...(amountKobo === undefined ? {} : { amount: amountKobo }) });
    return { status: answer.data.status, amount: answer.data.amount };
  }

  /**
   * Every successful transaction between two timestamps, page after page (GET /transaction with
   * perPage, page, from, to and status; meta.pageCount says when to stop).
   */
  async list(from: string, to: string, perPage = 100): Promise<PaystackTransaction[]> {
    const all: PaystackTransaction[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ perPage: String(perPage), page: String(page), from, to, status: 'success' });
      const answer = await this.call('GET', `/transaction?${query.toString()}`, listAnswer);
      all.push(...answer.data);
      if (answer.data.length === 0 || page >= (answer.meta?.pageCount ?? page)) return all;
    }
  }
}

/** A webhook is Paystack's when its x-paystack-signature is the HMAC-SHA512 of the raw body with the secret key. */
export function isPaystackSignature(secretKey: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(createHmac('sha512', secretKey).update(rawBody).digest('hex'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
