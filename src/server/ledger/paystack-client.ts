import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The Paystack calls the portal makes, read as Paystack publishes them (decision 017; its answers
 * are kept as fixtures in test-support/paystack-contract/): the secret key goes only in the
 * Authorization header and is never logged.
 */
export interface PaystackSettings {
  secretKey: string;
  baseUrl: string;
}

/** Paystack writes some amounts as numbers and some as strings of digits (its refund events). */
const kobo = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

/** A transaction as initialize, verify, list and the charge.success webhook describe it. */
const transactionSchema = z.object({
  id: z.number().optional(),
  reference: z.string(),
  /** What the customer paid: with fees passed to the customer, the fees are in it. */
  amount: z.number().int(),
  /** What the merchant asked for; absent from older answers. */
  requested_amount: z.number().int().nullish(),
  fees: z.number().int().nullish(),
  currency: z.string(),
  status: z.string(),
  channel: z.string().nullish(),
  paid_at: z.string().nullish(),
  created_at: z.string().nullish(),
  metadata: z.unknown().optional(),
});
export type PaystackTransaction = z.infer<typeof transactionSchema>;

/**
 * A transaction's statuses that mean money is on its way (a bank transfer or USSD payment the bank
 * has not finished): never expired while Paystack says one of these.
 */
export const IN_PROGRESS_STATUSES: ReadonlySet<string> = new Set(['pending', 'ongoing', 'processing', 'queued']);
/** Paystack's word that a checkout was not and will not be paid. */
export const UNPAID_STATUSES: ReadonlySet<string> = new Set(['abandoned', 'failed']);

/**
 * What the member was charged: Paystack's `requested_amount` when `amount` is it, or it with
 * Paystack's fees passed on to the member; otherwise `amount`, what was taken, so that money paid
 * short or over is seen as such.
 */
export function chargedKobo(transaction: PaystackTransaction): number {
  const requested = transaction.requested_amount;
  if (requested === null || requested === undefined) return transaction.amount;
  return transaction.amount === requested || transaction.amount === requested + (transaction.fees ?? 0) ? requested : transaction.amount;
}

const refundSchema = z.object({
  id: z.number().optional(),
  /** The transaction's id in a list or fetch answer, the transaction itself in a create answer. */
  transaction: z.union([z.number(), z.object({ id: z.number() }).loose()]),
  amount: kobo,
  status: z.string(),
  created_at: z.string().nullish(),
  createdAt: z.string().nullish(),
});
export type PaystackRefund = z.infer<typeof refundSchema>;

/** A refund event (refund.pending, .processing, .processed, .failed, .needs-attention). */
const refundEventData = z.object({
  transaction_reference: z.string(),
  refund_reference: z.string().nullish(),
  amount: kobo,
  currency: z.string().optional(),
  status: z.string(),
  merchant_note: z.string().nullish(),
  customer_note: z.string().nullish(),
});
export type PaystackRefundEvent = z.infer<typeof refundEventData>;

export const webhookEventSchema = z.union([
  z.object({ event: z.literal('charge.success'), data: transactionSchema }),
  z.object({ event: z.string().startsWith('refund.'), data: refundEventData }),
]);

const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), message: z.string(), data });
const initializeAnswer = envelope(z.object({ authorization_url: z.url(), access_code: z.string(), reference: z.string() }));
const verifyAnswer = envelope(transactionSchema);
/** Paystack pages its list by cursor (`meta.next`) when asked to (`use_cursor`), else by page (`meta.pageCount`). */
const pageMeta = z.object({ next: z.string().nullish(), pageCount: z.number().int().optional(), page: z.number().int().optional() }).loose();
const listAnswer = envelope(z.array(transactionSchema)).extend({ meta: pageMeta.optional() });
const refundAnswer = envelope(refundSchema);
const refundListAnswer = envelope(z.array(refundSchema)).extend({ meta: pageMeta.optional() });
const errorAnswer = z.object({ message: z.string() });

/** A call Paystack refused or could not answer: its HTTP status and, when it said one, its own message. */
export class PaystackError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly paystackMessage: string | null,
    call: string,
  ) {
    super(`Paystack ${call} answered ${httpStatus}${paystackMessage ? `: ${paystackMessage}` : ''}`);
  }

  /** Paystack does not know the transaction (its verify call answers 404, or 400 "... not found"). */
  get notFound(): boolean {
    return this.httpStatus === 404 || (this.httpStatus === 400 && /not found/i.test(this.paystackMessage ?? ''));
  }
}

/** Paystack's own words of a refusal, as a sentence for finance (`Paystack said: “…”.`), or nothing when it gave none. */
export function paystackSaid(error: unknown): string {
  return error instanceof PaystackError && error.paystackMessage ? ` Paystack said: “${error.paystackMessage}”.` : '';
}

/** Refunds listed per page while looking for one transaction's (GET /refund has no transaction filter). */
const REFUND_PAGE = 100;
/** Pages of refunds read at most for one transaction: past it, Paystack's refusal of a second refund is the guard. */
const REFUND_PAGES_READ = 20;

export class PaystackClient {
  constructor(private readonly settings: PaystackSettings) {}

  private async call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, answer: T, body?: unknown): Promise<z.infer<T>> {
    const call = `${method} ${path.split('?')[0]}`;
    const response = await fetch(`${this.settings.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.settings.secretKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : null,
      signal: AbortSignal.timeout(15_000),
    });
    const json: unknown = await response.json().catch(() => null);
    const parsed = answer.safeParse(json);
    if (response.ok && parsed.success) return parsed.data;
    const said = errorAnswer.safeParse(json);
    throw new PaystackError(response.status, said.success ? said.data.message : null, call);
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
   * How much of a transaction Paystack has refunded or is refunding, in kobo (failed refunds do not
   * count). Paystack lists refunds only by date, each naming its transaction's id: the pages from
   * the transaction's creation on are read and the transaction's own refunds added up.
   */
  async refundedKobo(transaction: PaystackTransaction): Promise<number> {
    if (transaction.id === undefined) return 0;
    const from = transaction.created_at ?? transaction.paid_at;
    let refunded = 0;
    for (let page = 1; page <= REFUND_PAGES_READ; page++) {
      const query = new URLSearchParams({ perPage: String(REFUND_PAGE), page: String(page), ...(from ? { from } : {}) });
      const answer = await this.call('GET', `/refund?${query.toString()}`, refundListAnswer);
      for (const refund of answer.data) {
        const of = typeof refund.transaction === 'number' ? refund.transaction : refund.transaction.id;
        if (of === transaction.id && refund.status !== 'failed') refunded += refund.amount;
      }
      const pageCount = answer.meta?.pageCount;
      if (answer.data.length < REFUND_PAGE || (pageCount !== undefined && page >= pageCount)) break;
    }
    return refunded;
  }

  /**
   * Sends money back to the payer: `transaction` is our reference, `amount` in kobo (Paystack
   * refunds the whole transaction without it). Paystack queues the refund (`pending`) and says
   * later, by refund.processed or refund.failed, whether it reached the member.
   */
  async refund(reference: string, amountKobo?: number): Promise<{ status: string; amount: number }> {
    const answer = await this.call('POST', '/refund', refundAnswer, { transaction: reference, ...(amountKobo === undefined ? {} : { amount: amountKobo }) });
    return { status: answer.data.status, amount: answer.data.amount };
  }

  /**
   * Every transaction between two timestamps, whatever its status, page after page: by cursor
   * (`use_cursor`, `meta.next` until it is null), or by page where Paystack answers with
   * `meta.pageCount` instead.
   */
  async list(from: string, to: string, perPage = 100): Promise<PaystackTransaction[]> {
    const all: PaystackTransaction[] = [];
    let next: string | undefined;
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ use_cursor: 'true', perPage: String(perPage), from, to, ...(next ? { next } : { page: String(page) }) });
      const answer = await this.call('GET', `/transaction?${query.toString()}`, listAnswer);
      all.push(...answer.data);
      const meta = answer.meta;
      // Paystack's documented cursor example writes an absent cursor as the string "null".
      next = meta?.next && meta.next !== 'null' ? meta.next : undefined;
      if (answer.data.length === 0) return all;
      if (next) continue;
      if (meta?.pageCount === undefined || page >= meta.pageCount) return all;
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
