import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Paystack on loopback, speaking the documented contract the portal uses
 * (ledger/paystack-client.ts): POST /transaction/initialize, GET /transaction/verify/:reference,
 * GET /transaction with paging, POST /refund; a checkout page at the authorization_url where a
 * test pays, fails or abandons; and charge.success webhooks signed like Paystack's
 * (x-paystack-signature: HMAC-SHA512 of the body with the secret key), sent and re-sent.
 */
export interface StandInTransaction {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: 'pending' | 'success' | 'failed' | 'abandoned';
  callbackUrl: string;
  accessCode: string;
  metadata: unknown;
  createdAt: string;
  paidAt: string | null;
  refunded: number;
}

export class PaystackStandIn {
  readonly transactions = new Map<string, StandInTransaction>();
  /** Where webhooks go: the portal's POST /api/payments/paystack/webhook. */
  webhookUrl: string | undefined;
  private server = createServer((request, response) => void this.handle(request, response));
  private nextId = 1;
  /** How many times POST /refund was called, accepted or not. */
  refundRequests = 0;
  /** How many pages of GET /transaction were asked for. */
  listRequests = 0;

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

  /** The checkout's outcome, as a member pressing a button on the page would decide it; `amount` lets a test pay short. */
  settle(reference: string, status: 'success' | 'failed' | 'abandoned', amount?: number): StandInTransaction {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`no transaction ${reference}`);
    transaction.status = status;
    if (amount !== undefined) transaction.amount = amount;
    if (status === 'success') transaction.paidAt = new Date().toISOString();
    return transaction;
  }

  /** A successful transaction the portal did not start (paid on a payment page of Paystack's own, say). */
  addPaid(reference: string, amount: number, createdAt = new Date()): StandInTransaction {
    const transaction: StandInTransaction = {
      id: this.nextId++,
      reference,
      amount,
      currency: 'NGN',
      email: 'someone@example.com',
      status: 'success',
      callbackUrl: '',
      accessCode: randomBytes(8).toString('hex'),
      metadata: {},
      createdAt: createdAt.toISOString(),
      paidAt: createdAt.toISOString(),
      refunded: 0,
    };
    this.transactions.set(reference, transaction);
    return transaction;
  }

  /** The webhook body for a transaction and its signature. */
  webhookFor(reference: string, event = 'charge.success'): { body: string; signature: string } {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`no transaction ${reference}`);
    const body = JSON.stringify({ event, data: this.view(transaction) });
    return { body, signature: this.sign(body) };
  }

  sign(body: string): string {
    return createHmac('sha512', this.secretKey).update(body).digest('hex');
  }

  /** Sends the charge.success webhook `times` times at once, as Paystack's retries may; answers the status codes. */
  async sendWebhook(reference: string, times = 1): Promise<number[]> {
    if (!this.webhookUrl) throw new Error('webhookUrl is not set');
    const { body, signature } = this.webhookFor(reference);
    const url = this.webhookUrl;
    return Promise.all(
      Array.from({ length: times }, async () => {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body });
        return response.status;
      }),
    );
  }

  private view(t: StandInTransaction) {
    return {
      id: t.id,
      reference: t.reference,
      amount: t.amount,
      currency: t.currency,
      status: t.status,
      paid_at: t.paidAt,
      created_at: t.createdAt,
      metadata: t.metadata,
      customer: { email: t.email },
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const checkout = /^\/checkout\/([\w-]+)(?:\/(pay|fail|abandon))?$/.exec(url.pathname);
    if (checkout) return this.checkout(request, response, checkout[1]!, checkout[2]);
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) return send(401, { status: false, message: 'Invalid key' });
    const body = request.method === 'POST' ? JSON.parse((await readBody(request)) || '{}') : {};

    if (request.method === 'POST' && url.pathname === '/transaction/initialize') {
      const { email, amount, currency = 'NGN', reference, callback_url: callbackUrl, metadata } = body as Record<string, unknown>;
      if (typeof amount !== 'number' || typeof email !== 'string' || typeof reference !== 'string')
        return send(400, { status: false, message: 'Invalid params' });
      if (this.transactions.has(reference)) return send(400, { status: false, message: 'Duplicate Transaction Reference' });
      const accessCode = randomBytes(8).toString('hex');
      this.transactions.set(reference, {
        id: this.nextId++,
        reference,
        amount,
        currency: String(currency),
        email,
        status: 'pending',
        callbackUrl: String(callbackUrl ?? ''),
        accessCode,
        metadata,
        createdAt: new Date().toISOString(),
        paidAt: null,
        refunded: 0,
      });
      return send(200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${this.baseUrl}/checkout/${accessCode}`, access_code: accessCode, reference },
      });
    }
    const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
    if (request.method === 'GET' && verify) {
      const transaction = this.transactions.get(decodeURIComponent(verify[1]!));
      if (!transaction) return send(400, { status: false, message: 'Transaction reference not found' });
      return send(200, { status: true, message: 'Verification successful', data: this.view(transaction) });
    }
    // GET /transaction: offset paging (perPage, default 50; page from 1), from/to as a date or a
    // timestamp (a date `to` takes in its whole day), status; newest first, as Paystack lists them.
    if (request.method === 'GET' && url.pathname === '/transaction') {
      this.listRequests += 1;
      const perPage = Number(url.searchParams.get('perPage') ?? 50);
      const page = Number(url.searchParams.get('page') ?? 1);
      if (!Number.isInteger(perPage) || perPage < 1 || !Number.isInteger(page) || page < 1) return send(400, { status: false, message: 'Invalid paging' });
      const instant = (value: string | null, endOfDay: boolean) => {
        if (!value) return endOfDay ? Infinity : -Infinity;
        const at = Date.parse(value);
        return /^\d{4}-\d{2}-\d{2}$/.test(value) && endOfDay ? at + 86_400_000 : at;
      };
      const from = instant(url.searchParams.get('from'), false);
      const to = instant(url.searchParams.get('to'), true);
      const status = url.searchParams.get('status');
      const all = [...this.transactions.values()]
        .filter((t) => Date.parse(t.createdAt) >= from && Date.parse(t.createdAt) < to && (!status || t.status === status))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
      const pageCount = Math.max(1, Math.ceil(all.length / perPage));
      const data = all.slice((page - 1) * perPage, page * perPage).map((t) => this.view(t));
      return send(200, {
        status: true,
        message: 'Transactions retrieved',
        data,
        meta: { total: all.length, total_volume: all.reduce((sum, t) => sum + t.amount, 0), skipped: (page - 1) * perPage, perPage, page, pageCount },
      });
    }
    // GET /refund?transaction=: the refunds made of one transaction (reference or id), as Paystack lists them.
    if (request.method === 'GET' && url.pathname === '/refund') {
      const asked = url.searchParams.get('transaction');
      const transaction = [...this.transactions.values()].find((t) => t.reference === asked || String(t.id) === asked);
      const data =
        transaction && transaction.refunded > 0
          ? [{ id: transaction.id, transaction: transaction.id, amount: transaction.refunded, currency: transaction.currency, status: 'processed' }]
          : [];
      return send(200, { status: true, message: 'Refunds retrieved', data, meta: { total: data.length, page: 1, pageCount: 1 } });
    }
    // POST /refund: `transaction` is the reference or the id; `amount` in kobo, the whole remainder without it.
    if (request.method === 'POST' && url.pathname === '/refund') {
      this.refundRequests += 1;
      const transaction = [...this.transactions.values()].find((t) => t.reference === body.transaction || String(t.id) === String(body.transaction));
      if (!transaction || transaction.status !== 'success') return send(400, { status: false, message: 'Transaction not found or not successful' });
      const remaining = transaction.amount - transaction.refunded;
      if (remaining <= 0) return send(400, { status: false, message: 'Transaction has been fully reversed' });
      const amount = body.amount === undefined ? remaining : body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || amount > remaining)
        return send(400, { status: false, message: 'Refund amount cannot be greater than transaction amount' });
      transaction.refunded += amount;
      return send(200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: { transaction: this.view(transaction), amount, currency: transaction.currency, status: 'pending' },
      });
    }
    return send(404, { status: false, message: 'Not found' });
  }

  /** The checkout page: three buttons; paying sends the webhook and then the browser to the callback. */
  private async checkout(request: IncomingMessage, response: ServerResponse, accessCode: string, action: string | undefined): Promise<void> {
    const transaction = [...this.transactions.values()].find((t) => t.accessCode === accessCode);
    if (!transaction) {
      response.writeHead(404).end('Checkout not found');
      return;
    }
    if (request.method === 'POST' && action) {
      this.settle(transaction.reference, action === 'pay' ? 'success' : action === 'fail' ? 'failed' : 'abandoned');
      if (action === 'pay' && this.webhookUrl) await this.sendWebhook(transaction.reference).catch(() => []);
      const back = new URL(transaction.callbackUrl);
      back.searchParams.set('reference', transaction.reference);
      back.searchParams.set('trxref', transaction.reference);
      response.writeHead(303, { location: back.toString() }).end();
      return;
    }
    const naira = (transaction.amount / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Paystack checkout (stand-in)</title></head><body>
<h1>Pay NGN ${naira}</h1><p>${transaction.email}</p>
<form method="post" action="/checkout/${accessCode}/pay"><button>Pay</button></form>
<form method="post" action="/checkout/${accessCode}/fail"><button>Fail</button></form>
<form method="post" action="/checkout/${accessCode}/abandon"><button>Abandon</button></form>
</body></html>`);
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
