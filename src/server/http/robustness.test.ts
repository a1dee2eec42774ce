import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInStaff, signedUpMember, TestClient } from '../test-support/test-app.js';

/**
 * Generated bad input at every route, as a visitor, a member and staff: the answer is never a
 * 5xx, and every refusal is JSON `{ message }` without a stack trace or SQL.
 */
const FIELD_NAMES = [
  'email', 'phone', 'password', 'confirmPassword', 'name', 'fullName', 'dob', 'userId', 'userID', 'otp', 'code', 'months', 'reason',
  'startDate', 'endDate', 'frequency', 'linkUrl', 'altText', 'weeks', 'ad', 'title', 'open', 'showtimes', 'quantity', 'movie',
  'showtime', 'amountPaid', 'heightFt', 'category', 'stageName', 'published', 'show', 'message', 'feedback', 'plan', 'status', 'paidUntil', 'type', 'fineId', '__proto__', 'constructor',
];
const QUERY_NAMES = ['status', 'kind', 'page', 'form', 'member', 'from', 'to', 'q', 'category', 'gender', 'state', 'minAge', 'maxAge', 'minHeightCm', 'maxHeightCm', 'subjectId'];
const FILE_FIELDS = ['profilePic', 'paymentSlip', 'imageUrl', 'photo', 'tellerImage', 'passportImage', 'signatureImage', 'passportPicture', 'paymentTeller', 'nationalId', 'junk'];

const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const PDF_HEAD = new TextEncoder().encode('%PDF-1.4\n');

/** Text PostgreSQL cannot store: NUL bytes and lone surrogates, alone and inside words. */
const unstorable = fc.constantFrom('\u0000', 'ada\u0000', 'a\u0000@x.test', '\ud800', 'a\udc00b', '😀'.slice(0, 1));
const text = (maxLength: number) => fc.oneof(fc.string({ maxLength }), unstorable);
const scalar = fc.oneof(text(40), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('', ' ', '0', '-1', '1e309', '2024-02-30', '<script>', "' or 1=1 --", '😀'.repeat(50)));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...FIELD_NAMES), scalar, { maxKeys: 3 }));
const jsonBody = fc.oneof(fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }), fc.jsonValue({ maxDepth: 2 }));
const query = fc.dictionary(fc.constantFrom(...QUERY_NAMES), fc.oneof(text(20), fc.integer().map(String), fc.constantFrom('pending', 'approved', 'running', 'movie', 'script-printing', '2026-01-01')), { maxKeys: 4 });
const fileBytes = fc.oneof(fc.uint8Array({ maxLength: 600 }), fc.uint8Array({ maxLength: 200 }).map((b) => Uint8Array.from([...PNG_HEAD, ...b])), fc.uint8Array({ maxLength: 200 }).map((b) => Uint8Array.from([...PDF_HEAD, ...b])));
const multipart = fc.record({
  fields: fc.dictionary(fc.constantFrom(...FIELD_NAMES), text(30), { maxKeys: 6 }),
  files: fc.array(fc.record({ field: fc.constantFrom(...FILE_FIELDS), bytes: fileBytes, name: fc.constantFrom('a.png', 'b.pdf', 'c.jpg', '../../etc/passwd', '') }), { maxLength: 3 }),
});
const body = fc.oneof(
  fc.record({ kind: fc.constant('json' as const), json: jsonBody }),
  fc.record({ kind: fc.constant('multipart' as const), form: multipart }),
  fc.record({ kind: fc.constant('raw' as const), raw: fc.string({ maxLength: 100 }), type: fc.constantFrom('text/plain', 'application/json', 'multipart/form-data', 'application/x-www-form-urlencoded', 'image/png') }),
);

function toForm(form: { fields: Record<string, string>; files: { field: string; bytes: Uint8Array; name: string }[] }): FormData {
  const data = new FormData();
  for (const [key, v] of Object.entries(form.fields)) data.append(key, v);
  for (const file of form.files) data.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
  return data;
}

function expectWellFormed(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const answer = response.json() as { message?: unknown };
  expect(typeof answer.message, label).toBe('string');
  expect(response.body, label).not.toMatch(/\n\s+at |node_modules|syntax error at|relation "|SELECT |INSERT /);
}

let portal: Awaited<ReturnType<typeof createTestApp>>;
let identities: { name: string; client: () => Promise<TestClient> }[];

beforeAll(async () => {
  portal = await createTestApp();
  const staff = await signedInStaff(portal.app);
  const member = (await signedUpMember(portal.app)).client;
  identities = [
    { name: 'visitor', client: async () => new TestClient(portal.app) },
    { name: 'member', client: async () => member },
    { name: 'staff', client: async () => staff },
  ];
});
afterAll(() => portal.close());

/** Calls that end the caller's own session get a fresh member each time. */
const SELF_ENDING = new Set(['DELETE /api/users/terminate', 'POST /api/users/logout']);

describe('text PostgreSQL cannot store', () => {
  const contact = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phone: '08031234567', feedback: 'general', message: 'Hello' };
  const refusedAs = async (client: TestClient, url: string, json?: unknown) => {
    const response = json === undefined ? await client.get(url) : await client.post(url, { json });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    expect(response.json().message).toMatch(/not allowed/);
  };

  it.each([
    ['a NUL byte', '\u0000'],
    ['a lone surrogate', '\ud800'],
  ])('refuses %s in a JSON field with 400', async (_, bad) => {
    const visitor = new TestClient(portal.app);
    await refusedAs(visitor, '/api/users/login', { email: `a${bad}@x.test`, password: 'whatever-123' });
    await refusedAs(visitor, '/api/contact', { ...contact, message: `Hello ${bad}` });
    await refusedAs(visitor, '/api/contact', { ...contact, [`note${bad}`]: 'a key' });
  });

  it.each(['%00'])('refuses %s in a query parameter or a path parameter with 400', async (bad) => {
    const staff = await signedInStaff(portal.app);
    await refusedAs(staff, `/api/admin/members?q=ada${bad}`);
    await refusedAs(staff, `/api/admin/audit?subjectId=x${bad}`);
    await refusedAs(staff, `/api/admin/submissions?member=ada${bad}`);
    await refusedAs(staff, `/api/admin/members/${bad}`);
  });

  it('refuses a NUL byte in a multipart field with 400', async () => {
    const { client } = await signedUpMember(portal.app);
    const form = new FormData();
    form.append('title', 'Director\u0000');
    const response = await client.put('/api/users/profile', { form });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not allowed/);
  });
});

describe('generated bad input', () => {
  it('walks the whole API, not an empty table', () => {
    const routes = portal.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'PUT', url: '/api/users/profile' });
    expect(routes.some((r) => r.url.startsWith('/api/admin/'))).toBe(true);
  });

  it('never gets a 5xx or a leak from any route', async () => {
    const routes = portal.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    for (const route of routes) {
      for (const identity of identities) {
        await fc.assert(
          fc.asyncProperty(body, query, fc.constantFrom(randomUUID(), 'not-a-uuid', '0', '%00', 'a\u0000b', 'a'.repeat(300)), async (input, params, id) => {
            const client = SELF_ENDING.has(`${route.method} ${route.url}`) && identity.name === 'member' ? (await signedUpMember(portal.app)).client : await identity.client();
            const path = route.url.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(id));
            const search = new URLSearchParams(params).toString();
            const url = search ? `${path}?${search}` : path;
            const label = `${identity.name} ${route.method} ${url}`;
            let response: LightMyRequestResponse;
            if (route.method === 'GET') response = await client.request({ method: 'GET', url });
            else if (input.kind === 'json') response = await client.request({ method: route.method as 'POST', url }, { json: input.json });
            else if (input.kind === 'multipart') response = await client.request({ method: route.method as 'POST', url }, { form: toForm(input.form) });
            else response = await client.request({ method: route.method as 'POST', url, headers: { 'content-type': input.type }, payload: input.raw });
            expectWellFormed(response, label);
          }),
          { numRuns: route.method === 'GET' ? 4 : 8 },
        );
      }
    }
  }, 240_000);

  it('never accepts a NUL byte or a lone surrogate, in a body, a query or a path, at any route', async () => {
    // A URL carries no lone surrogate (it is encoded as U+FFFD), so the query and the path get NUL bytes only.
    const inUrl = unstorable.filter((bad) => bad.includes('\u0000'));
    const placement = fc.oneof(
      fc.record({ where: fc.constant('json' as const), name: fc.constantFrom(...FIELD_NAMES), bad: unstorable }),
      fc.record({ where: fc.constant('query' as const), name: fc.constantFrom(...QUERY_NAMES), bad: inUrl }),
      fc.record({ where: fc.constant('path' as const), name: fc.constant(''), bad: inUrl }),
    );
    const routes = portal.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    for (const route of routes) {
      for (const identity of identities) {
        await fc.assert(
          fc.asyncProperty(placement, async ({ where, name, bad }) => {
            const client = SELF_ENDING.has(`${route.method} ${route.url}`) && identity.name === 'member' ? (await signedUpMember(portal.app)).client : await identity.client();
            const hasParams = route.url.includes('/:');
            const inPath = where === 'path' && hasParams;
            const path = route.url.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(inPath ? bad : randomUUID()));
            const inQuery = where === 'query' || (where === 'path' && !hasParams) || (where === 'json' && route.method === 'GET');
            const url = inQuery ? `${path}?${new URLSearchParams({ [name || 'q']: bad.includes('\u0000') ? bad : 'ada\u0000' })}` : path;
            const json = where === 'json' && route.method !== 'GET' ? { [name]: bad } : undefined;
            const response = await client.request({ method: route.method as 'GET', url }, json ? { json } : {});
            const label = `${identity.name} ${route.method} ${url} ${JSON.stringify(json)}`;
            expectWellFormed(response, label);
            expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
          }),
          { numRuns: 3 },
        );
      }
    }
  }, 240_000);
});
