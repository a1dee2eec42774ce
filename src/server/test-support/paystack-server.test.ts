import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaystackStandIn, paystackCardFee } from './paystack-server.ts';

type Json = Record<string, unknown>;

const documented = (name: string): Json => JSON.parse(readFileSync(new URL(`./paystack-contract/${name}.json`, import.meta.url), 'utf8')) as Json;
const dataOf = (name: string) => documented(name).data as Json;
const itemsOf = (name: string) => documented(name).data as Json[];

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Every JSON type each key path takes in some of Paystack's documents of one kind of object. */
function documentedTypes(samples: unknown[]): Map<string, Set<string>> {
  const types = new Map<string, Set<string>>();
  const walk = (value: unknown, path: string) => {
    types.set(path, (types.get(path) ?? new Set()).add(jsonType(value)));
    if (Array.isArray(value)) value.forEach((item) => walk(item, `${path}[]`));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, `${path}.${key}`);
  };
  samples.forEach((sample) => walk(sample, ''));
  return types;
}

/**
 * Where the answer lacks a key of the documented one, or gives it a type no document of that kind
 * of object gives it. Where a document shows null, the value is free (and not looked into).
 */
function shapeProblems(answer: unknown, fixture: unknown, sameKind: unknown[] = [fixture]): string[] {
  const types = documentedTypes(sameKind);
  const walk = (got: unknown, want: unknown, path: string): string[] => {
    const allowed = types.get(path) ?? new Set([jsonType(want)]);
    if (allowed.has('null')) return [];
    if (!allowed.has(jsonType(got))) return [`${path || '.'}: ${jsonType(got)}, documented ${[...allowed].join('|')}`];
    if (Array.isArray(want) && Array.isArray(got)) {
      if (want.length > 0 && got.length === 0) return [`${path}: empty, documented with items`];
      return want.length > 0 ? got.flatMap((item) => walk(item, want[0], `${path}[]`)) : [];
    }
    if (!want || typeof want !== 'object') return [];
    return Object.entries(want).flatMap(([key, value]) =>
      got && typeof got === 'object' && key in got ? walk((got as Json)[key], value, `${path}.${key}`) : [`${path}.${key}: missing`],
    );
  };
  return walk(answer, fixture, '');
}

/** The envelope (status, message, meta) against the document, and its data (each item of a list) against every document of that kind. */
function answerProblems(answer: Json, name: string, sameKind: unknown[]): string[] {
  const fixture = documented(name);
  const envelope = shapeProblems({ ...answer, data: null }, { ...fixture, data: null });
  if (!Array.isArray(fixture.data)) return [...envelope, ...shapeProblems(answer.data, fixture.data, sameKind)];
  if (!Array.isArray(answer.data) || answer.data.length === 0) return [...envelope, '.data: not a list with items'];
  return [...envelope, ...answer.data.flatMap((item) => shapeProblems(item, (fixture.data as unknown[])[0], sameKind))];
}

const TRANSACTION_DOCUMENTS = [
  dataOf('transaction-verify'),
  ...itemsOf('transaction-list-cursor'),
  ...itemsOf('transaction-list-offset'),
  dataOf('event-charge-success'),
];
const REFUND_DOCUMENTS = [...itemsOf('refund-list'), dataOf('refund-fetch')];
const REFUND_EVENT_DOCUMENTS = ['failed', 'needs-attention', 'pending', 'processed', 'processing'].map((status) => dataOf(`event-refund-${status}`));

let standIn: PaystackStandIn;
let received: { body: string; signature: string | undefined }[];
let webhookServer: Server;
let serial = 0;

beforeAll(async () => {
  webhookServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: request.headers['x-paystack-signature'] as string | undefined });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  webhookServer.closeAllConnections();
  await new Promise<void>((resolve) => webhookServer.close(() => resolve()));
});

beforeEach(async () => {
  standIn = new PaystackStandIn();
  await standIn.start();
  received = [];
});
afterEach(async () => {
  await standIn.close();
});

const webhookUrl = () => `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/webhook`;

async function call(path: string, init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${standIn.secretKey}`, ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  const response = await fetch(`${standIn.baseUrl}${path}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  return { status: response.status, body: (await response.json()) as Json };
}

async function initialize(fields: Json = {}) {
  const reference = `ref-${++serial}`;
  const answer = await call('/transaction/initialize', {
    json: { email: 'member@example.com', amount: 30_050, reference, callback_url: 'http://127.0.0.1:9/back', ...fields },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { reference, answer };
}

async function paid(amount = 30_050) {
  const { reference } = await initialize({ amount });
  standIn.settle(reference, 'success');
  return reference;
}

describe("the stand-in's answers carry every key of Paystack's documented ones, with their types", () => {
  it('POST /transaction/initialize', async () => {
    const { answer } = await initialize();
    expect(shapeProblems(answer.body, documented('transaction-initialize'))).toEqual([]);
  });

  it('GET /transaction/verify of a payment whose fee the customer paid', async () => {
    standIn.feesOnCustomer = true;
    const reference = await paid(30_050);
    const { body } = await call(`/transaction/verify/${reference}`);
    expect(answerProblems(body, 'transaction-verify', TRANSACTION_DOCUMENTS)).toEqual([]);
    const fee = paystackCardFee(30_050);
    expect(body.data).toMatchObject({ status: 'success', requested_amount: 30_050, fees: fee, amount: 30_050 + fee, channel: 'card', domain: 'test' });
  });

  it('GET /transaction with cursor and with offset paging', async () => {
    // More than a page, so that the first page has the documented `next` cursor.
    for (let i = 0; i < 50; i += 1) standIn.addPaid(`older-${i}`, 10_000, new Date(Date.UTC(2024, 7, 22, 9, i)));
    await paid();
    const cursor = await call('/transaction?use_cursor=true&perPage=50');
    expect(answerProblems(cursor.body, 'transaction-list-cursor', TRANSACTION_DOCUMENTS)).toEqual([]);
    const offset = await call('/transaction?page=1&perPage=50');
    expect(answerProblems(offset.body, 'transaction-list-offset', TRANSACTION_DOCUMENTS)).toEqual([]);
    expect(offset.body.meta).toEqual({ total: 51, total_volume: 50 * 10_000 + 30_050, skipped: 0, perPage: 50, page: 1, pageCount: 2 });
  });

  it('POST /refund, GET /refund and GET /refund/:id', async () => {
    const reference = await paid();
    const created = await call('/refund', { json: { transaction: reference, amount: 10_000 } });
    expect(answerProblems(created.body, 'refund-create', [dataOf('refund-create')])).toEqual([]);
    expect(created.body.data).toMatchObject({ status: 'pending', amount: 10_000, transaction: { reference } });
    await call('/refund', { json: { transaction: reference } });
    await standIn.processRefunds();
    const listed = await call('/refund');
    expect(answerProblems(listed.body, 'refund-list', REFUND_DOCUMENTS)).toEqual([]);
    expect(listed.body.meta).toEqual({ total: 2, skipped: 0, perPage: '50', page: 1, pageCount: 1, failedRefundCount: 0 });
    const fetched = await call(`/refund/${(created.body.data as Json).id}`);
    expect(answerProblems(fetched.body, 'refund-fetch', REFUND_DOCUMENTS)).toEqual([]);
    expect(fetched.body.data).toMatchObject({ transaction: standIn.transactions.get(reference)!.id, status: 'processed' });
  });

  it('the charge.success and refund.* events', async () => {
    const reference = await paid();
    const charge = JSON.parse(standIn.webhookFor(reference).body) as Json;
    expect(answerProblems(charge, 'event-charge-success', TRANSACTION_DOCUMENTS)).toEqual([]);
    await call('/refund', { json: { transaction: reference } });
    const refund = standIn.refunds[0]!;
    for (const status of ['pending', 'processing', 'processed', 'failed', 'needs-attention'] as const) {
      refund.status = status;
      const event = JSON.parse(standIn.refundEventFor(refund).body) as Json;
      expect(answerProblems(event, `event-refund-${status}`, REFUND_EVENT_DOCUMENTS), status).toEqual([]);
    }
  });
});

describe('listing', () => {
  it('walks 120 transactions 50 at a time by cursor in 3 pages, newest first, each once', async () => {
    const references = Array.from({ length: 120 }, (_, i) => standIn.addPaid(`walk-${i}`, 10_000 + i, new Date(Date.UTC(2025, 0, 1, 0, i))).reference);
    const seen: string[] = [];
    const sizes: number[] = [];
    let next: string | null = null;
    do {
      const query: string = next ? `&next=${encodeURIComponent(next)}` : '';
      const { body } = await call(`/transaction?use_cursor=true&perPage=50${query}`);
      const data = body.data as Json[];
      seen.push(...data.map((t) => String(t.reference)));
      sizes.push(data.length);
      next = (body.meta as { next: string | null }).next;
      expect((body.meta as Json).perPage).toBe(50);
    } while (next);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(references.toReversed());
    expect(standIn.listRequests).toBe(3);
  });

  it('takes per_page as perPage, a date `to` as its whole day, and filters by status', async () => {
    standIn.addPaid('day-1', 100, new Date('2025-03-01T23:59:00Z'));
    standIn.addPaid('day-2', 200, new Date('2025-03-02T00:01:00Z'));
    const { reference: unpaid } = await initialize();
    const { body } = await call('/transaction?per_page=1&page=1&from=2025-03-01&to=2025-03-01');
    expect((body.data as Json[]).map((t) => t.reference)).toEqual(['day-1']);
    expect(body.meta).toMatchObject({ total: 1, perPage: 1, pageCount: 1 });
    const abandoned = await call('/transaction?status=abandoned');
    expect((abandoned.body.data as Json[]).map((t) => t.reference)).toEqual([unpaid]);
  });

  it('GET /refund ignores a `transaction` parameter, which Paystack does not document', async () => {
    const first = await paid();
    const second = await paid();
    await call('/refund', { json: { transaction: first } });
    await call('/refund', { json: { transaction: standIn.transactions.get(second)!.id } });
    const { body } = await call(`/refund?transaction=${first}`);
    expect((body.data as Json[]).map((r) => r.transaction_reference)).toEqual([second, first]);
  });
});

describe('refusals, each in Paystack shape, with the stand-in answering afterwards', () => {
  const refusals: [string, () => ReturnType<typeof call>][] = [
    ['amount 0', () => call('/transaction/initialize', { json: { email: 'a@b.co', amount: 0 } })],
    ['amount 1.5', () => call('/transaction/initialize', { json: { email: 'a@b.co', amount: 1.5 } })],
    ["amount '100'", () => call('/transaction/initialize', { json: { email: 'a@b.co', amount: '100' } })],
    ['currency XYZ', () => call('/transaction/initialize', { json: { email: 'a@b.co', amount: 100, currency: 'XYZ' } })],
    ['email nope', () => call('/transaction/initialize', { json: { email: 'nope', amount: 100 } })],
    ['reference a b/c', () => call('/transaction/initialize', { json: { email: 'a@b.co', amount: 100, reference: 'a b/c' } })],
    ['a body not JSON', () => call('/transaction/initialize', { body: '{email:', headers: { 'content-type': 'application/json' } })],
    ['a JSON array', () => call('/refund', { json: [1] })],
    ['a wrong key', () => call('/transaction?perPage=1', { headers: { authorization: 'Bearer sk_test_wrong' } })],
    ['an unknown reference', () => call('/transaction/verify/nothing-here')],
    ['paging perPage=0', () => call('/transaction?perPage=0')],
  ];

  it.each(refusals)('%s', async (_name, refused) => {
    const { status, body } = await refused();
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body).toMatchObject({ status: false, message: expect.any(String) });
    expect((await call('/transaction')).status).toBe(200);
  });

  it('a duplicate reference, with the documented nextStep', async () => {
    const { reference } = await initialize();
    const { status, body } = await call('/transaction/initialize', { json: { email: 'a@b.co', amount: 100, reference } });
    expect(status).toBe(400);
    expect(body).toMatchObject(documented('error-duplicate-reference'));
  });

  it('a wrong key, as documented', async () => {
    const { status, body } = await call('/transaction', { headers: { authorization: 'Bearer sk_test_wrong' } });
    expect(status).toBe(401);
    expect(body).toEqual(documented('error-invalid-key'));
  });

  it('refunds of what was not paid, of more than remains, and of a reversed transaction', async () => {
    const { reference: unpaid } = await initialize();
    const reference = await paid(10_000);
    const before = standIn.refundRequests;
    expect((await call('/refund', { json: { transaction: unpaid } })).body).toMatchObject({ status: false });
    expect((await call('/refund', { json: { transaction: reference, amount: 10_001 } })).body).toMatchObject({ status: false });
    expect((await call('/refund', { json: { transaction: reference, amount: 0 } })).body).toMatchObject({ status: false });
    expect((await call('/refund', { json: { transaction: 'no-such-thing' } })).status).toBe(404);
    expect((await call('/refund', { json: { transaction: reference } })).status).toBe(200);
    expect(standIn.transactions.get(reference)?.status).toBe('reversed');
    expect((await call('/refund', { json: { transaction: reference, amount: 1 } })).body).toMatchObject({ status: false });
    expect(standIn.refundRequests - before).toBe(6);
  });
});

describe('transactions and refunds over time', () => {
  it('starts abandoned; a form-encoded initialize is taken as the OpenAPI allows', async () => {
    const response = await fetch(`${standIn.baseUrl}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'form@example.com', amount: '20000', reference: 'form.ref=1' }),
    });
    expect(response.status).toBe(200);
    const { body } = await call('/transaction/verify/form.ref%3D1');
    expect(body.data).toMatchObject({ status: 'abandoned', amount: 20_000, requested_amount: 20_000, paid_at: null, fees: null });
  });

  it("charges Paystack's local card fee: 1.5% + ₦100 from ₦2,500, capped at ₦2,000", () => {
    expect([paystackCardFee(30_050), paystackCardFee(1_000_000), paystackCardFee(20_000_000)]).toEqual([451, 25_000, 200_000]);
  });

  it('pays short when the customer pays less', async () => {
    const { reference } = await initialize({ amount: 50_000 });
    standIn.settle(reference, 'success', 40_000);
    const { body } = await call(`/transaction/verify/${reference}`);
    expect(body.data).toMatchObject({ amount: 40_000, requested_amount: 50_000 });
  });

  it('a refund is pending, then processed or failed, with its signed event sent to the webhook', async () => {
    standIn.webhookUrl = webhookUrl();
    const reference = await paid(10_000);
    await call('/refund', { json: { transaction: reference, amount: 4_000 } });
    const [processed] = await standIn.processRefunds(reference);
    expect(JSON.parse(processed!.body)).toMatchObject({
      event: 'refund.processed',
      data: { status: 'processed', amount: '4000', transaction_reference: reference },
    });
    await call('/refund', { json: { transaction: reference } });
    expect(standIn.transactions.get(reference)).toMatchObject({ status: 'reversed', refunded: 10_000 });
    const failed = await standIn.failRefund(reference);
    expect(JSON.parse(failed.body)).toMatchObject({ event: 'refund.failed', data: { status: 'failed', amount: 6_000 } });
    expect(standIn.transactions.get(reference)).toMatchObject({ status: 'success', refunded: 4_000 });
    expect(received).toEqual([processed!, failed].map(({ body, signature }) => ({ body, signature })));
    expect(received.every(({ body, signature }) => signature === standIn.sign(body))).toBe(true);
  });

  it('records a refund a test made elsewhere (by raising `refunded`) as a processed refund', async () => {
    const reference = await paid(10_000);
    standIn.transactions.get(reference)!.refunded = 10_000;
    const { body } = await call('/refund');
    expect(body.data).toEqual([expect.objectContaining({ transaction_reference: reference, amount: 10_000, status: 'processed' })]);
    expect(standIn.transactions.get(reference)).toMatchObject({ status: 'reversed', refunded: 10_000 });
  });

  it('a bank transfer: ongoing back at the callback, then success with charge.success when it arrives', async () => {
    standIn.webhookUrl = webhookUrl();
    const { reference, answer } = await initialize();
    const checkout = String((answer.body.data as Json).authorization_url);
    expect(await (await fetch(checkout)).text()).toContain('Pay by bank transfer');
    const back = await fetch(`${checkout}/transfer`, { method: 'POST', redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`http://127.0.0.1:9/back?reference=${reference}&trxref=${reference}`);
    expect((await call(`/transaction/verify/${reference}`)).body.data).toMatchObject({ status: 'ongoing', channel: 'bank_transfer', paid_at: null });
    expect(received).toEqual([]);
    await standIn.completeTransfer(reference);
    expect((await call(`/transaction/verify/${reference}`)).body.data).toMatchObject({
      status: 'success',
      channel: 'bank_transfer',
      paid_at: expect.any(String),
    });
    expect(received.map(({ body }) => JSON.parse(body) as Json)).toEqual([expect.objectContaining({ event: 'charge.success' })]);
  });

  it('paying on the checkout sends charge.success and then the browser back', async () => {
    standIn.webhookUrl = webhookUrl();
    const { reference, answer } = await initialize();
    const back = await fetch(`${String((answer.body.data as Json).authorization_url)}/pay`, { method: 'POST', redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(received).toHaveLength(1);
    expect(standIn.transactions.get(reference)).toMatchObject({ status: 'success', channel: 'card' });
  });
});

describe('failing as Paystack may', () => {
  it('answers the next calls of one path with a 5xx in Paystack shape, counting them', async () => {
    const reference = await paid();
    standIn.failNext(2, { path: '/transaction/verify', status: 503 });
    expect(await call('/transaction')).toMatchObject({ status: 200 });
    expect(await call(`/transaction/verify/${reference}`)).toMatchObject({ status: 503, body: { status: false, message: expect.any(String) } });
    expect((await call(`/transaction/verify/${reference}`)).status).toBe(503);
    expect((await call(`/transaction/verify/${reference}`)).status).toBe(200);
    expect(standIn.verifyRequests).toBe(3);
  });

  it('hangs until the client gives up', async () => {
    standIn.failNext(1, { hang: true });
    const gaveUp = fetch(`${standIn.baseUrl}/transaction`, { headers: { authorization: `Bearer ${standIn.secretKey}` }, signal: AbortSignal.timeout(200) });
    await expect(gaveUp).rejects.toThrow(/abort|timeout/i);
    expect((await call('/transaction')).status).toBe(200);
  });
});
