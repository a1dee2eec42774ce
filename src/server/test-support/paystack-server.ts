import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Paystack on loopback, built from what Paystack publishes (its OpenAPI description
 * and documented example answers, kept as fixtures in ./paystack-contract/) rather than from the
 * portal's client, so that the client's mistakes show:
 *
 * - POST /transaction/initialize, GET /transaction/verify/:reference, GET /transaction (offset or
 *   cursor paging), POST /refund, GET /refund, GET /refund/:id, behind `Authorization: Bearer`;
 *   every refusal is Paystack's `{ status: false, message }`.
 * - A checkout page at the authorization_url where a test pays by card, fails, abandons, or starts a
 *   bank transfer that `completeTransfer` finishes later.
 * - Webhooks signed like Paystack's (x-paystack-signature: HMAC-SHA512 of the body with the secret
 *   key): charge.success, and refund.* as a test moves a refund on.
 * - Failures on demand: the next calls answer a 5xx or never answer (`failNext`).
 */

export const CURRENCIES = ['GHS', 'KES', 'NGN', 'ZAR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Paystack's transaction statuses: `abandoned` is a checkout never paid, `ongoing` a transfer or USSD payment under way. */
export type TransactionStatus = 'abandoned' | 'ongoing' | 'pending' | 'processing' | 'queued' | 'success' | 'failed' | 'reversed';
export type RefundStatus = 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';

export interface StandInTransaction {
  id: number;
  reference: string;
  /** What the customer paid, in the currency's smallest unit; the requested amount until they pay. */
  amount: number;
  /** What the merchant asked for at initialize. */
  requestedAmount: number;
  /** Paystack's fee, once paid. */
  fees: number | null;
  currency: Currency;
  email: string;
  status: TransactionStatus;
  channel: 'card' | 'bank_transfer';
  callbackUrl: string;
  accessCode: string;
  metadata: unknown;
  createdAt: string;
  paidAt: string | null;
  /**
   * Refunded and not failed. POST /refund raises it and a failed refund lowers it; a test may raise
   * it itself to stand for a refund made on Paystack's dashboard, and the next request records that
   * difference as a processed refund (see `recordRefundsMadeElsewhere`).
   */
  refunded: number;
}

export interface StandInRefund {
  id: number;
  transactionReference: string;
  amount: number;
  currency: Currency;
  status: RefundStatus;
  /** Paystack's reference for the money sent back, once processed or failed. */
  refundReference: string | null;
  customerNote: string;
  merchantNote: string;
  createdAt: string;
  updatedAt: string;
  refundedAt: string;
  expectedAt: string;
}

export interface SignedEvent {
  body: string;
  signature: string;
}

/** How the next calls fail: a 5xx (500 by default) with Paystack's error shape, or no answer at all. */
export interface Fault {
  /** Only calls to this path or below it, `/transaction/verify` say; every API call without it. */
  path?: string;
  status?: number;
  /** The error's message; 'Server error' by default. */
  message?: string;
  hang?: boolean;
}

const REFERENCE = /^[A-Za-z0-9.=-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const INTEGRATION = 412_829;
const REFUNDED_BY = 'finance@stand-in.test';
const INVALID_PARAMS = { meta: { nextStep: "Ensure that the value(s) you're passing are valid." }, type: 'validation_error', code: 'invalid_params' };

const GATEWAY_RESPONSES: Record<TransactionStatus, string> = {
  abandoned: 'The transaction was not completed',
  ongoing: 'Transaction in progress',
  pending: 'Pending',
  processing: 'Processing',
  queued: 'Queued',
  success: 'Successful',
  failed: 'Declined',
  reversed: 'Successful',
};

/** An answer other than 200: thrown by a handler, sent in Paystack's error shape. */
class PaystackError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const invalid = (message: string) => new PaystackError(400, message, INVALID_PARAMS);

type Body = Record<string, unknown>;
type Handler = (url: URL, body: Body, match: RegExpExecArray) => { message: string; data: unknown; meta?: unknown };

/** Paystack's local card fee: 1.5% plus ₦100, the ₦100 waived under ₦2,500, all capped at ₦2,000. */
export function paystackCardFee(kobo: number): number {
  const fee = Math.round(kobo * 0.015) + (kobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

export class PaystackStandIn {
  readonly transactions = new Map<string, StandInTransaction>();
  /** Every refund made, oldest first. */
  readonly refunds: StandInRefund[] = [];
  /** Where webhooks go: the portal's POST /api/payments/paystack/webhook. */
  webhookUrl: string | undefined;
  /** Pass Paystack's fee to the customer: a payment's `amount` is then the requested amount plus `fees`. */
  feesOnCustomer = false;
  /** POST /refund calls, accepted or not. */
  refundRequests = 0;
  /** Pages of GET /transaction asked for. */
  listRequests = 0;
  /** GET /transaction/verify calls. */
  verifyRequests = 0;

  private server = createServer((request, response) => void this.handle(request, response));
  // Transactions and refunds number apart, as Paystack's do, so a client mixing them up is caught.
  private nextTransactionId = 4_100_000_001;
  private nextRefundId = 3_018_001;
  private faults: (Fault & { left: number })[] = [];

  private routes: [method: string, path: RegExp, handler: Handler][] = [
    ['POST', /^\/transaction\/initialize$/, (_url, body) => this.initialize(body)],
    ['GET', /^\/transaction\/verify\/([^/]+)$/, (_url, _body, match) => this.verify(decodeURIComponent(match[1]!))],
    ['GET', /^\/transaction$/, (url) => this.listTransactions(url.searchParams)],
    ['POST', /^\/refund$/, (_url, body) => this.createRefund(body)],
    ['GET', /^\/refund$/, (url) => this.listRefunds(url.searchParams)],
    ['GET', /^\/refund\/([^/]+)$/, (_url, _body, match) => this.fetchRefund(match[1]!)],
  ];

  constructor(readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`) {}

  /** Listens on loopback, on `port` (any free one by default); answers the base URL for PAYSTACK_BASE_URL. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return this.baseUrl;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---- what a test does in Paystack's place ----

  /**
   * The transaction's outcome, as the customer would decide it. On `success`, `amount` is what the
   * customer paid (to pay short or over); without it, the requested amount (plus the fee when
   * `feesOnCustomer`). For another status, `amount` only replaces the amount.
   */
  settle(reference: string, status: TransactionStatus, amount?: number): StandInTransaction {
    const transaction = this.transactionOf(reference);
    transaction.status = status;
    if (status === 'success') this.markPaid(transaction, amount);
    else if (amount !== undefined) transaction.amount = amount;
    return transaction;
  }

  /** A successful card payment the portal did not start (paid on a payment page of Paystack's own, say). */
  addPaid(reference: string, amount: number, createdAt = new Date()): StandInTransaction {
    if (this.transactions.has(reference)) throw new Error(`transaction ${reference} exists`);
    const transaction = this.newTransaction({ reference, amount, currency: 'NGN', email: 'someone@example.com', callbackUrl: '', metadata: '' });
    transaction.createdAt = createdAt.toISOString();
    this.settle(reference, 'success', amount);
    transaction.paidAt = transaction.createdAt;
    return transaction;
  }

  /** The customer's bank transfer arrives: the transaction succeeds and charge.success goes to `webhookUrl`, when set. */
  async completeTransfer(reference: string): Promise<StandInTransaction> {
    const transaction = this.transactionOf(reference);
    transaction.channel = 'bank_transfer';
    this.settle(reference, 'success');
    await this.deliver(this.webhookFor(reference));
    return transaction;
  }

  /** Pending and processing refunds (of one transaction, or all) are processed; each refund.processed event goes to `webhookUrl`, when set. */
  async processRefunds(reference?: string): Promise<SignedEvent[]> {
    this.recordRefundsMadeElsewhere();
    const moving = this.refunds.filter((r) => (r.status === 'pending' || r.status === 'processing') && (!reference || r.transactionReference === reference));
    const events = moving.map((refund) => {
      this.moveRefund(refund, 'processed');
      return this.refundEventFor(refund);
    });
    for (const event of events) await this.deliver(event);
    return events;
  }

  /**
   * The transaction's newest unfinished refund fails: it no longer counts as refunded, so a reversed
   * transaction is a success again. The refund.failed event goes to `webhookUrl`, when set.
   */
  async failRefund(reference: string): Promise<SignedEvent> {
    this.recordRefundsMadeElsewhere();
    const refund = this.refunds.findLast((r) => r.transactionReference === reference && (r.status === 'pending' || r.status === 'processing'));
    if (!refund) throw new Error(`no unfinished refund of ${reference}`);
    const transaction = this.transactionOf(reference);
    this.moveRefund(refund, 'failed');
    transaction.refunded -= refund.amount;
    if (transaction.status === 'reversed') transaction.status = 'success';
    const event = this.refundEventFor(refund);
    await this.deliver(event);
    return event;
  }

  /** The next `times` API calls (to `fault.path` only, when given) answer a 5xx, or hang until the client gives up. */
  failNext(times: number, fault: Fault = {}): void {
    this.faults.push({ ...fault, left: times });
  }

  // ---- webhooks ----

  /** A transaction's event (charge.success by default), signed. */
  webhookFor(reference: string, event = 'charge.success'): SignedEvent {
    return this.eventFor(event, this.transactionView(this.transactionOf(reference)));
  }

  /** The refund's event as it stands now (`refund.<status>`), with the data Paystack documents for refund events. */
  refundEventFor(refund: StandInRefund): SignedEvent {
    const transaction = this.transactionOf(refund.transactionReference);
    // Paystack's own examples send the amount as a string in refund.pending, .processing and
    // .processed, and as a number in refund.failed and .needs-attention.
    const amountAsString = refund.status === 'pending' || refund.status === 'processing' || refund.status === 'processed';
    return this.eventFor(`refund.${refund.status}`, {
      status: refund.status,
      transaction_reference: refund.transactionReference,
      refund_reference: refund.refundReference,
      amount: amountAsString ? String(refund.amount) : refund.amount,
      currency: refund.currency,
      processor: 'instant-transfer',
      customer: { first_name: null, last_name: null, email: transaction.email },
      integration: INTEGRATION,
      domain: 'test',
      id: String(refund.id),
      customer_note: refund.customerNote,
      merchant_note: refund.merchantNote,
    });
  }

  eventFor(event: string, data: unknown): SignedEvent {
    const body = JSON.stringify({ event, data });
    return { body, signature: this.sign(body) };
  }

  sign(body: string): string {
    return createHmac('sha512', this.secretKey).update(body).digest('hex');
  }

  /** Sends the transaction's charge.success `times` times at once, as Paystack's retries may; answers the status codes. */
  async sendWebhook(reference: string, times = 1): Promise<number[]> {
    return this.sendEvent(this.webhookFor(reference), times);
  }

  /** Posts a signed event to `webhookUrl` `times` times at once; answers the status codes. */
  async sendEvent({ body, signature }: SignedEvent, times = 1): Promise<number[]> {
    const url = this.webhookUrl;
    if (!url) throw new Error('webhookUrl is not set');
    const post = async () => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body });
      return response.status;
    };
    return Promise.all(Array.from({ length: times }, post));
  }

  private async deliver(event: SignedEvent): Promise<void> {
    if (this.webhookUrl) await this.sendEvent(event);
  }

  // ---- the API ----

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const checkout = /^\/checkout\/([\w-]+)(?:\/(pay|fail|abandon|transfer))?$/.exec(url.pathname);
    if (checkout) return this.checkout(request, response, checkout[1]!, checkout[2]).catch((error: unknown) => void response.writeHead(500).end(String(error)));
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    try {
      this.count(request.method, url.pathname);
      const fault = this.takeFault(url.pathname);
      if (fault?.hang) return;
      if (fault) return send(fault.status ?? 500, { status: false, message: fault.message ?? 'Server error', type: 'api_error', code: 'unknown' });
      if (request.headers.authorization !== `Bearer ${this.secretKey}`) throw new PaystackError(401, 'Invalid key');
      const route = this.routes.find(([method, path]) => method === request.method && path.test(url.pathname));
      if (!route) throw new PaystackError(404, 'Not found');
      const [, path, handler] = route;
      const body = request.method === 'POST' ? parseBody(request.headers['content-type'], await readBody(request)) : {};
      this.recordRefundsMadeElsewhere();
      send(200, { status: true, ...handler(url, body, path.exec(url.pathname)!) });
    } catch (error) {
      if (error instanceof PaystackError) send(error.status, { status: false, message: error.message, ...error.extra });
      else send(500, { status: false, message: error instanceof Error ? error.message : 'Server error', type: 'api_error' });
    }
  }

  private count(method: string | undefined, pathname: string): void {
    if (method === 'POST' && pathname === '/refund') this.refundRequests += 1;
    if (method === 'GET' && pathname === '/transaction') this.listRequests += 1;
    if (method === 'GET' && pathname.startsWith('/transaction/verify/')) this.verifyRequests += 1;
  }

  private takeFault(pathname: string): Fault | undefined {
    const fault = this.faults.find((f) => f.left > 0 && (!f.path || pathname === f.path || pathname.startsWith(`${f.path}/`)));
    if (fault) fault.left -= 1;
    return fault;
  }

  private initialize(body: Body): ReturnType<Handler> {
    const { email, currency = 'NGN', reference = randomBytes(8).toString('hex'), callback_url: callbackUrl = '', metadata = '' } = body;
    const amount = integerOf(body.amount);
    if (amount === undefined || amount <= 0) throw invalid('Invalid Amount Sent');
    if (typeof email !== 'string' || !EMAIL.test(email)) throw invalid('Invalid Email Address Passed');
    if (!isCurrency(currency)) throw invalid('Currency not supported by merchant');
    if (typeof reference !== 'string' || !REFERENCE.test(reference))
      throw invalid('Invalid transaction reference: only -, ., = and alphanumeric characters allowed');
    if (typeof callbackUrl !== 'string') throw invalid('Invalid callback_url');
    if (this.transactions.has(reference))
      throw new PaystackError(400, 'Duplicate Transaction Reference', {
        meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
        type: 'validation_error',
        code: 'duplicate_reference',
      });
    const transaction = this.newTransaction({ reference, amount, currency, email, callbackUrl, metadata });
    return {
      message: 'Authorization URL created',
      data: { authorization_url: `${this.baseUrl}/checkout/${transaction.accessCode}`, access_code: transaction.accessCode, reference },
    };
  }

  private verify(reference: string): ReturnType<Handler> {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new PaystackError(404, 'Transaction reference not found');
    return { message: 'Verification successful', data: this.transactionView(transaction) };
  }

  /** GET /transaction: newest first; offset paging, or cursor paging with `use_cursor=true`. */
  private listTransactions(query: URLSearchParams): ReturnType<Handler> {
    const perPage = positiveParam(query.get('perPage') ?? query.get('per_page'), 50, 'perPage');
    const { from, to } = periodOf(query);
    const status = query.get('status');
    const all = [...this.transactions.values()]
      .filter((t) => within(t.createdAt, from, to) && (!status || t.status === status))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    if (query.get('use_cursor') === 'true') return this.cursorPage(all, perPage, query);
    const page = positiveParam(query.get('page'), 1, 'page');
    const totalVolume = all.filter((t) => t.status === 'success').reduce((sum, t) => sum + t.amount, 0);
    return {
      message: 'Transactions retrieved',
      data: all.slice((page - 1) * perPage, page * perPage).map((t) => this.transactionView(t)),
      meta: { total: all.length, total_volume: totalVolume, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.ceil(all.length / perPage) },
    };
  }

  private cursorPage(all: StandInTransaction[], perPage: number, query: URLSearchParams): ReturnType<Handler> {
    const indexOf = (cursor: string) => {
      const index = all.findIndex((t) => t.id === idOfCursor(cursor));
      if (index < 0) throw invalid('Invalid cursor');
      return index;
    };
    const next = query.get('next');
    const previous = query.get('previous');
    const start = next ? indexOf(next) + 1 : previous ? Math.max(0, indexOf(previous) - perPage) : 0;
    const page = all.slice(start, start + perPage);
    return {
      message: 'Transactions retrieved',
      data: page.map((t) => this.transactionView(t)),
      meta: {
        next: start + perPage < all.length ? cursorOf(page.at(-1)!.id) : null,
        previous: start > 0 && page.length > 0 ? cursorOf(page[0]!.id) : null,
        perPage,
      },
    };
  }

  private createRefund(body: Body): ReturnType<Handler> {
    const transaction = this.findTransaction(body.transaction);
    if (!transaction) throw new PaystackError(404, 'Transaction not found');
    if (transaction.status === 'reversed') throw invalid('Transaction has been fully reversed');
    if (transaction.status !== 'success') throw invalid('Cannot refund a transaction that is not successful');
    if (body.currency !== undefined && body.currency !== transaction.currency) throw invalid('Currency does not match the transaction currency');
    const remaining = transaction.amount - transaction.refunded;
    const amount = body.amount === undefined ? remaining : integerOf(body.amount);
    if (amount === undefined || amount <= 0) throw invalid('Invalid amount');
    if (amount > remaining) throw invalid('Refund amount cannot be greater than transaction amount');
    const {
      customer_note: customerNote = `Refund for transaction ${transaction.reference}`,
      merchant_note: merchantNote = `${customerNote} by ${REFUNDED_BY}`,
    } = body;
    if (typeof customerNote !== 'string' || typeof merchantNote !== 'string') throw invalid('customer_note and merchant_note must be text');
    const refund = this.addRefund(transaction, amount, 'pending', customerNote, merchantNote);
    return { message: 'Refund has been queued for processing', data: this.refundCreatedView(refund) };
  }

  /** GET /refund: Paystack documents only perPage, page, from and to; anything else is ignored, as an unknown parameter is. */
  private listRefunds(query: URLSearchParams): ReturnType<Handler> {
    const perPage = positiveParam(query.get('perPage'), 50, 'perPage');
    const page = positiveParam(query.get('page'), 1, 'page');
    const { from, to } = periodOf(query);
    const all = this.refunds.filter((r) => within(r.createdAt, from, to)).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    return {
      message: 'Refunds retrieved',
      data: all.slice((page - 1) * perPage, page * perPage).map((r) => this.refundListedView(r)),
      meta: {
        total: all.length,
        skipped: (page - 1) * perPage,
        perPage: String(perPage),
        page,
        pageCount: Math.ceil(all.length / perPage),
        failedRefundCount: all.filter((r) => r.status === 'failed').length,
      },
    };
  }

  private fetchRefund(id: string): ReturnType<Handler> {
    const refund = this.refunds.find((r) => String(r.id) === id);
    if (!refund) throw new PaystackError(404, 'Refund not found');
    return { message: 'Refund retrieved', data: this.refundFetchedView(refund) };
  }

  // ---- the checkout page ----

  /** The checkout page: pay by card (webhook, then back to the callback), fail, abandon, or start a bank transfer. */
  private async checkout(request: IncomingMessage, response: ServerResponse, accessCode: string, action: string | undefined): Promise<void> {
    const transaction = [...this.transactions.values()].find((t) => t.accessCode === accessCode);
    if (!transaction) {
      response.writeHead(404).end('Checkout not found');
      return;
    }
    if (request.method === 'POST' && action) {
      if (action === 'pay' || action === 'fail') transaction.channel = 'card';
      if (action === 'transfer') transaction.channel = 'bank_transfer';
      const outcomes: Record<string, TransactionStatus> = { pay: 'success', fail: 'failed', abandon: 'abandoned', transfer: 'ongoing' };
      this.settle(transaction.reference, outcomes[action]!);
      if (action === 'pay' && this.webhookUrl) await this.sendWebhook(transaction.reference).catch(() => []);
      if (!transaction.callbackUrl) {
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`Transaction ${transaction.status}`);
        return;
      }
      const back = new URL(transaction.callbackUrl);
      back.searchParams.set('reference', transaction.reference);
      back.searchParams.set('trxref', transaction.reference);
      response.writeHead(303, { location: back.toString() }).end();
      return;
    }
    const amount = (transaction.amount / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 });
    const button = (name: string, label: string) => `<form method="post" action="/checkout/${accessCode}/${name}"><button>${label}</button></form>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Paystack checkout (stand-in)</title></head><body>
<h1>Pay ${transaction.currency} ${amount}</h1><p>${escapeHtml(transaction.email)}</p>
${button('pay', 'Pay')}
${button('transfer', 'Pay by bank transfer')}
${button('fail', 'Fail')}
${button('abandon', 'Abandon')}
</body></html>`);
  }

  // ---- the state ----

  private newTransaction(fields: Pick<StandInTransaction, 'reference' | 'amount' | 'currency' | 'email' | 'callbackUrl' | 'metadata'>): StandInTransaction {
    const transaction: StandInTransaction = {
      ...fields,
      id: this.nextTransactionId++,
      requestedAmount: fields.amount,
      fees: null,
      status: 'abandoned',
      channel: 'card',
      accessCode: randomBytes(8).toString('hex'),
      createdAt: new Date().toISOString(),
      paidAt: null,
      refunded: 0,
    };
    this.transactions.set(transaction.reference, transaction);
    return transaction;
  }

  private markPaid(transaction: StandInTransaction, paid: number | undefined): void {
    const feeOnRequested = paystackCardFee(transaction.requestedAmount);
    transaction.paidAt = new Date().toISOString();
    transaction.amount = paid ?? (this.feesOnCustomer ? transaction.requestedAmount + feeOnRequested : transaction.requestedAmount);
    transaction.fees = this.feesOnCustomer ? feeOnRequested : paystackCardFee(transaction.amount);
  }

  private transactionOf(reference: string): StandInTransaction {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`no transaction ${reference}`);
    return transaction;
  }

  /** POST /refund's `transaction`: the reference, or the numeric id. */
  private findTransaction(key: unknown): StandInTransaction | undefined {
    if (typeof key === 'string' && this.transactions.has(key)) return this.transactions.get(key);
    if (typeof key !== 'number' && !(typeof key === 'string' && /^\d+$/.test(key))) return undefined;
    return [...this.transactions.values()].find((t) => t.id === Number(key));
  }

  private addRefund(transaction: StandInTransaction, amount: number, status: RefundStatus, customerNote: string, merchantNote: string): StandInRefund {
    const now = new Date();
    const refund: StandInRefund = {
      id: this.nextRefundId++,
      transactionReference: transaction.reference,
      amount,
      currency: transaction.currency,
      status,
      refundReference: null,
      customerNote,
      merchantNote,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      refundedAt: now.toISOString(),
      expectedAt: new Date(now.getTime() + 9 * DAY_MS).toISOString(),
    };
    this.refunds.push(refund);
    transaction.refunded += amount;
    if (transaction.refunded >= transaction.amount) transaction.status = 'reversed';
    return refund;
  }

  private moveRefund(refund: StandInRefund, status: RefundStatus): void {
    const now = new Date().toISOString();
    refund.status = status;
    refund.updatedAt = now;
    refund.refundReference ??= `TRF_${randomBytes(8).toString('hex')}`;
    if (status === 'processed') refund.refundedAt = now;
  }

  /**
   * A test that raised `refunded` itself stands for a refund made on Paystack's dashboard: it is
   * recorded here as a processed refund of the difference, so GET /refund lists it and a transaction
   * refunded in whole reads `reversed`.
   */
  private recordRefundsMadeElsewhere(): void {
    for (const transaction of this.transactions.values()) {
      const recorded = this.refunds
        .filter((r) => r.transactionReference === transaction.reference && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      const difference = transaction.refunded - recorded;
      if (difference <= 0) continue;
      transaction.refunded = recorded;
      const refund = this.addRefund(transaction, difference, 'pending', `Refund for transaction ${transaction.reference}`, 'Refunded on the dashboard');
      this.moveRefund(refund, 'processed');
    }
  }

  // ---- the views, named and typed as Paystack's documented answers ----

  private transactionView(t: StandInTransaction) {
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      receipt_number: null,
      amount: t.amount,
      message: null,
      gateway_response: GATEWAY_RESPONSES[t.status],
      paid_at: t.paidAt,
      created_at: t.createdAt,
      channel: t.channel,
      currency: t.currency,
      ip_address: '127.0.0.1',
      metadata: t.metadata,
      log: this.logView(t),
      fees: t.fees,
      fees_split: null,
      authorization: t.paidAt ? authorizationView(t) : {},
      customer: this.customerView(t.email),
      plan: {},
      split: {},
      subaccount: {},
      order_id: null,
      paidAt: t.paidAt,
      createdAt: t.createdAt,
      requested_amount: t.requestedAmount,
      source: { source: 'merchant_api', type: 'api', identifier: null, entry_point: 'transaction_initialize' },
      pos_transaction_data: null,
      fees_breakdown: null,
      connect: null,
      transaction_date: t.createdAt,
      plan_object: {},
    };
  }

  /** The customer's attempts; none (null) while the checkout was never used. */
  private logView(t: StandInTransaction) {
    if (t.status === 'abandoned' && !t.paidAt) return null;
    const how = t.channel === 'card' ? 'card' : 'bank transfer';
    const history = [{ type: 'action', message: `Attempted to pay with ${how}`, time: 3 }];
    if (t.paidAt) history.push({ type: 'success', message: `Successfully paid with ${how}`, time: 4 });
    if (t.status === 'failed') history.push({ type: 'error', message: 'Error: Declined', time: 4 });
    return {
      start_time: Math.floor(Date.parse(t.createdAt) / 1000),
      time_spent: 4,
      attempts: 1,
      authentication: t.channel === 'card' ? 'pin' : null,
      errors: t.status === 'failed' ? 1 : 0,
      success: t.paidAt !== null,
      mobile: false,
      input: [],
      channel: null,
      history,
    };
  }

  private customerView(email: string) {
    const id = this.customerIdOf(email);
    return {
      id,
      first_name: null,
      last_name: null,
      email,
      customer_code: `CUS_${id.toString(36)}`,
      phone: null,
      metadata: null,
      risk_action: 'default',
      international_format_phone: null,
    };
  }

  private customers = new Map<string, number>();
  private customerIdOf(email: string): number {
    if (!this.customers.has(email)) this.customers.set(email, 181_873_746 + this.customers.size);
    return this.customers.get(email)!;
  }

  private refundView(r: StandInRefund) {
    const t = this.transactionOf(r.transactionReference);
    return {
      id: r.id,
      integration: INTEGRATION,
      domain: 'test',
      transaction: t.id,
      dispute: null,
      settlement: null,
      amount: r.amount,
      currency: r.currency,
      channel: t.channel,
      status: r.status,
      refunded_by: REFUNDED_BY,
      refunded_at: r.refundedAt,
      expected_at: r.expectedAt,
      customer_note: r.customerNote,
      merchant_note: r.merchantNote,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      bank_reference: null,
      transaction_reference: t.reference,
      customer: this.customerView(t.email),
      refund_type: r.amount === t.amount ? 'full' : 'partial',
      transaction_amount: t.amount,
      initiated_by: REFUNDED_BY,
      session_id: null,
      collect_account_number: false,
    };
  }

  /** As GET /refund/:id documents it: booleans and amounts for what was deducted. */
  private refundFetchedView(r: StandInRefund) {
    const processed = r.status === 'processed';
    return { ...this.refundView(r), deducted_amount: processed ? r.amount : 0, fully_deducted: processed };
  }

  /** As GET /refund documents it: snake-case dates, and 1 or null for what was deducted. */
  private refundListedView(r: StandInRefund) {
    const processed = r.status === 'processed';
    return {
      ...this.refundView(r),
      created_at: r.createdAt,
      updated_at: r.updatedAt,
      deducted_amount: processed ? r.amount : null,
      fully_deducted: processed ? 1 : null,
    };
  }

  /** As POST /refund documents it: the transaction as an object, nothing deducted yet. */
  private refundCreatedView(r: StandInRefund) {
    const t = this.transactionOf(r.transactionReference);
    return {
      transaction: { ...this.transactionView(t), subaccount: { currency: null } },
      integration: INTEGRATION,
      deducted_amount: 0,
      channel: null,
      merchant_note: r.merchantNote,
      customer_note: r.customerNote,
      status: r.status,
      refunded_by: REFUNDED_BY,
      expected_at: r.expectedAt,
      currency: r.currency,
      domain: 'test',
      amount: r.amount,
      fully_deducted: false,
      id: r.id,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  }
}

function authorizationView(t: StandInTransaction) {
  const code = `AUTH_${t.id.toString(36)}`;
  if (t.channel === 'bank_transfer')
    return {
      authorization_code: code,
      bin: '008XXX',
      last4: 'X553',
      exp_month: '12',
      exp_year: '9999',
      channel: 'bank_transfer',
      card_type: 'transfer',
      bank: null,
      country_code: 'NG',
      brand: 'Managed Account',
      reusable: false,
      signature: null,
      account_name: null,
    };
  return {
    authorization_code: code,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: '2030',
    channel: 'card',
    card_type: 'visa ',
    bank: 'TEST BANK',
    country_code: 'NG',
    brand: 'visa',
    reusable: true,
    signature: `SIG_${t.id.toString(36)}`,
    account_name: null,
  };
}

// ---- request parsing ----

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** A JSON object or a form, as the OpenAPI accepts both; anything else is refused, never thrown. */
function parseBody(contentType: string | undefined, text: string): Body {
  if (contentType?.startsWith('application/x-www-form-urlencoded')) return formBody(text);
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('Request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid('Request body must be a JSON object');
  return parsed as Body;
}

/** A form carries only text: its `amount`, when digits, is read as the integer the OpenAPI types it. */
function formBody(text: string): Body {
  const body: Body = Object.fromEntries(new URLSearchParams(text));
  if (typeof body.amount === 'string' && /^\d+$/.test(body.amount)) body.amount = Number(body.amount);
  return body;
}

/** The OpenAPI types amounts `integer`: a JSON string or fraction is refused. */
function integerOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function positiveParam(value: string | null, fallback: number, name: string): number {
  if (value === null) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1) throw invalid(`Invalid ${name}`);
  return number;
}

/** `from` and `to` as instants: a date-time, or a date, where a date `to` takes in its whole day. */
function periodOf(query: URLSearchParams): { from: number; to: number } {
  const instant = (name: 'from' | 'to') => {
    const value = query.get(name);
    if (!value) return name === 'from' ? -Infinity : Infinity;
    const at = Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(at)) throw invalid(`Invalid ${name} date`);
    return name === 'to' && DATE_ONLY.test(value) ? at + DAY_MS - 1 : at;
  };
  return { from: instant('from'), to: instant('to') };
}

function within(iso: string, from: number, to: number): boolean {
  const at = Date.parse(iso);
  return at >= from && at <= to;
}

function isCurrency(value: unknown): value is Currency {
  return CURRENCIES.includes(value as Currency);
}

// Paystack's documented cursor decodes to `undefined:<transaction id>`; this one is made the same way.
function cursorOf(id: number): string {
  return Buffer.from(`undefined:${id}`).toString('base64');
}

function idOfCursor(cursor: string): number {
  return Number(Buffer.from(cursor, 'base64').toString('utf8').split(':')[1]);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
