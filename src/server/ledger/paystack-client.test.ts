import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargedKobo, PaystackClient, PaystackError, webhookEventSchema } from './paystack-client.js';

/**
 * The client read against Paystack's own documented answers (test-support/paystack-contract/),
 * served as they are: no stand-in of ours in between.
 */
const contract = (name: string): unknown => JSON.parse(readFileSync(new URL(`../test-support/paystack-contract/${name}.json`, import.meta.url), 'utf8'));

interface Asked {
  method: string;
  path: string;
  query: URLSearchParams;
}
type Answer = (asked: Asked) => { status?: number; body: unknown };

let answer: Answer = () => ({ status: 500, body: null });
const asked: Asked[] = [];
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const url = new URL(request.url ?? '/', 'http://paystack');
  const call = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams };
  asked.push(call);
  const { status = 200, body } = answer(call);
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});
let client: PaystackClient;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new PaystackClient({ secretKey: 'sk_test_contract', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked.length = 0;
});

describe('the Paystack client reads Paystack’s documented answers', () => {
  it('initialize: the checkout page to send the member to', async () => {
    answer = () => ({ body: contract('transaction-initialize') });
    const started = await client.initialize({
      email: 'demo@test.com',
      amountKobo: 30050,
      reference: 're4lyvq3s3',
      callbackUrl: 'https://portal.test/cb',
      metadata: {},
    });
    expect(started.authorizationUrl).toBe('https://checkout.paystack.com/3ni8kdavz62431k');
  });

  it('verify: with fees passed to the customer, what was charged is requested_amount, not amount', async () => {
    answer = () => ({ body: contract('transaction-verify') });
    const transaction = await client.verify('re4lyvq3s3');
    expect(transaction).toMatchObject({ id: 4099260516, status: 'success', amount: 40333, requested_amount: 30050, fees: 10283, currency: 'NGN' });
    expect(chargedKobo(transaction)).toBe(30050);
    expect(chargedKobo({ ...transaction, requested_amount: undefined })).toBe(40333);
    expect(chargedKobo({ ...transaction, amount: 30050 })).toBe(30050);
    // Taken short or over, whatever was asked for: what was taken, so that it is seen not to match.
    expect(chargedKobo({ ...transaction, amount: 30049 })).toBe(30049);
    expect(chargedKobo({ ...transaction, amount: 40334 })).toBe(40334);
  });

  it('list: follows the cursor (meta.next) to the last page, asking for every status', async () => {
    const first = contract('transaction-list-cursor') as { data: { reference: string }[]; meta: { next: string } };
    const second = {
      ...first,
      data: first.data.map((t) => ({ ...t, id: 2, reference: 'second-page' })),
      meta: { next: null, previous: first.meta.next, perPage: 50 },
    };
    answer = ({ query }) => ({ body: query.get('next') === first.meta.next ? second : first });
    const listed = await client.list('2024-08-01T00:00:00.000Z', '2024-09-01T00:00:00.000Z', 50);
    expect(listed.map((t) => t.reference)).toEqual(['re4lyvq3s3', 'second-page']);
    expect(asked).toHaveLength(2);
    expect(asked.every(({ query }) => !query.has('status') && query.get('use_cursor') === 'true')).toBe(true);
  });

  it('list: an absent cursor written as the string "null" (Paystack’s pagination example) ends the list', async () => {
    const page = contract('transaction-list-cursor') as { meta: object };
    answer = () => ({ body: { ...page, meta: { next: 'null', previous: 'null', perPage: 49 } } });
    expect(await client.list('2024-08-01T00:00:00.000Z', '2024-09-01T00:00:00.000Z')).toHaveLength(1);
    expect(asked).toHaveLength(1);
  });

  it('list: an answer paged by number (meta.pageCount) is read page after page', async () => {
    const offset = contract('transaction-list-offset') as { data: { reference: string }[]; meta: object };
    answer = ({ query }) => ({
      body: { ...offset, data: offset.data.map((t) => ({ ...t, reference: `page-${query.get('page')}` })), meta: { ...offset.meta, pageCount: 3 } },
    });
    const listed = await client.list('2024-08-01T00:00:00.000Z', '2024-09-01T00:00:00.000Z');
    expect(listed.map((t) => t.reference)).toEqual(['page-1', 'page-2', 'page-3']);
  });

  it('refunds: the documented list (refunds of two other transactions) is no refund of this one', async () => {
    const transaction = (contract('transaction-verify') as { data: Parameters<PaystackClient['refundedKobo']>[0] }).data;
    answer = () => ({ body: contract('refund-list') });
    expect(await client.refundedKobo(transaction)).toBe(0);
    // Paystack's list is filtered by date only; no `transaction` filter is sent, as none is documented.
    expect(asked.every(({ query }) => !query.has('transaction'))).toBe(true);
    expect(asked[0]?.query.get('from')).toBe('2024-08-22T09:14:24.000Z');
  });

  it('refunds: this transaction’s refunds count, failed ones do not', async () => {
    const listed = contract('refund-list') as { data: { transaction: number; amount: number; status: string }[] };
    answer = () => ({
      body: {
        ...listed,
        data: [
          { ...listed.data[0], transaction: 4099260516, amount: 10000, status: 'processed' },
          { ...listed.data[1], transaction: 4099260516, amount: 5000, status: 'failed' },
          { ...listed.data[1], transaction: 4099260516, amount: '2000', status: 'pending' },
        ],
      },
    });
    expect(await client.refundedKobo({ id: 4099260516, reference: 'x', amount: 40333, currency: 'NGN', status: 'reversed' })).toBe(12000);
  });

  it('refund: Paystack queues it (pending) and answers the transaction as an object', async () => {
    answer = () => ({ body: contract('refund-create') });
    expect(await client.refund('T685312322670591')).toEqual({ status: 'pending', amount: 10000 });
  });

  it('errors: Paystack’s own message reaches whoever reads the error', async () => {
    answer = () => ({ status: 401, body: contract('error-invalid-key') });
    const refused = await client.verify('x').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaystackError);
    expect(refused).toMatchObject({ httpStatus: 401, paystackMessage: 'Invalid key', notFound: false });
    expect(String((refused as Error).message)).toContain('Invalid key');
  });

  it('errors: a transaction Paystack does not know is told apart from Paystack being down', async () => {
    answer = () => ({ status: 404, body: contract('error-not-found') });
    expect(await client.verify('x').catch((error: unknown) => error)).toMatchObject({ notFound: true });
    answer = () => ({ status: 400, body: { status: false, message: 'Transaction reference not found' } });
    expect(await client.verify('x').catch((error: unknown) => error)).toMatchObject({ notFound: true });
    answer = () => ({ status: 502, body: '<html>Bad gateway</html>' });
    expect(await client.verify('x').catch((error: unknown) => error)).toMatchObject({ httpStatus: 502, paystackMessage: null, notFound: false });
    answer = () => ({ status: 400, body: contract('error-duplicate-reference') });
    expect(await client.verify('x').catch((error: unknown) => error)).toMatchObject({ notFound: false, paystackMessage: 'Duplicate Transaction Reference' });
  });
});

describe('webhook events as Paystack documents them', () => {
  it('charge.success (metadata 0, fees null) is read as a transaction', () => {
    const event = webhookEventSchema.parse(contract('event-charge-success'));
    expect(event).toMatchObject({ event: 'charge.success', data: { reference: 'qTPrJoy9Bx', amount: 10000, status: 'success', fees: null } });
  });

  it.each(['pending', 'processing', 'processed', 'failed', 'needs-attention'])('refund.%s names its transaction and an amount in kobo', (status) => {
    const event = webhookEventSchema.parse(contract(`event-refund-${status}`));
    expect(event.event).toBe(`refund.${status}`);
    expect(event.data).toMatchObject({ status, transaction_reference: expect.any(String), amount: expect.any(Number) });
  });
});
