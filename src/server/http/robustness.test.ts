import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertForm } from '../test-support/advert-form.js';
import { activatedMember, createTestApp, signedInStaff, signedUpMember, TestClient } from '../test-support/test-app.js';

/**
 * Generated bad input at every route, as a visitor, a member and staff: the answer is never a
 * 5xx, and every refusal is JSON `{ message }` without a stack trace or SQL.
 */
const FIELD_NAMES = [
  'email',
  'phone',
  'password',
  'confirmPassword',
  'name',
  'fullName',
  'dob',
  'userId',
  'userID',
  'otp',
  'code',
  'months',
  'reason',
  'startDate',
  'endDate',
  'frequency',
  'linkUrl',
  'altText',
  'weeks',
  'ad',
  'title',
  'open',
  'showtimes',
  'quantity',
  'movie',
  'showtime',
  'amountPaid',
  'heightFt',
  'category',
  'stageName',
  'published',
  'show',
  'message',
  'feedback',
  'plan',
  'status',
  'paidUntil',
  'type',
  'fineId',
  '__proto__',
  'constructor',
];
const QUERY_NAMES = [
  'status',
  'kind',
  'page',
  'form',
  'member',
  'from',
  'to',
  'q',
  'category',
  'gender',
  'state',
  'minAge',
  'maxAge',
  'minHeightCm',
  'maxHeightCm',
  'subjectId',
];
const FILE_FIELDS = [
  'profilePic',
  'paymentSlip',
  'imageUrl',
  'photo',
  'tellerImage',
  'passportImage',
  'signatureImage',
  'passportPicture',
  'paymentTeller',
  'nationalId',
  'junk',
];

const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const PDF_HEAD = new TextEncoder().encode('%PDF-1.4\n');

/** Text PostgreSQL cannot store: NUL bytes and lone surrogates, alone and inside words. */
const unstorable = fc.constantFrom('\u0000', 'ada\u0000', 'a\u0000@x.test', '\ud800', 'a\udc00b', '😀'.slice(0, 1));
const text = (maxLength: number) => fc.oneof(fc.string({ maxLength }), unstorable);
const scalar = fc.oneof(
  text(40),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '0', '-1', '1e309', '2024-02-30', '<script>', "' or 1=1 --", '😀'.repeat(50)),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...FIELD_NAMES), scalar, { maxKeys: 3 }));
const jsonBody = fc.oneof(fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }), fc.jsonValue({ maxDepth: 2 }));
const query = fc.dictionary(
  fc.constantFrom(...QUERY_NAMES),
  fc.oneof(text(20), fc.integer().map(String), fc.constantFrom('pending', 'approved', 'running', 'movie', 'script-printing', '2026-01-01')),
  { maxKeys: 4 },
);
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 600 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => Uint8Array.from([...PNG_HEAD, ...b])),
  fc.uint8Array({ maxLength: 200 }).map((b) => Uint8Array.from([...PDF_HEAD, ...b])),
);
const multipart = fc.record({
  fields: fc.dictionary(fc.constantFrom(...FIELD_NAMES), text(30), { maxKeys: 6 }),
  files: fc.array(
    fc.record({ field: fc.constantFrom(...FILE_FIELDS), bytes: fileBytes, name: fc.constantFrom('a.png', 'b.pdf', 'c.jpg', '../../etc/passwd', '') }),
    { maxLength: 3 },
  ),
});
const body = fc.oneof(
  fc.record({ kind: fc.constant('json' as const), json: jsonBody }),
  fc.record({ kind: fc.constant('multipart' as const), form: multipart }),
  fc.record({
    kind: fc.constant('raw' as const),
    raw: fc.string({ maxLength: 100 }),
    type: fc.constantFrom('text/plain', 'application/json', 'multipart/form-data', 'application/x-www-form-urlencoded', 'image/png'),
  }),
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
  // The sweeps below send far more than a person would: the limits must not answer first.
  portal = await createTestApp({ RATE_LIMIT_BOOKING: '100000', RATE_LIMIT_FORMS: '100000', RATE_LIMIT_SIGNUP_CONTACT: '100000' });
  const staff = await signedInStaff(portal.app);
  const member = (await signedUpMember(portal.app)).client;
  identities = [
    { name: 'visitor', client: async () => new TestClient(portal.app) },
    { name: 'member', client: async () => member },
    { name: 'staff', client: async () => staff },
  ];
});
afterAll(() => portal.close());

const UNSTORABLE = 'The request contains a character that is not allowed (a NUL byte or a broken Unicode character).';

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
    expect(routes).toContainEqual(expect.objectContaining({ method: 'PUT', url: '/api/users/profile' }));
    expect(routes.some((r) => r.url.startsWith('/api/admin/'))).toBe(true);
  });

  it('never gets a 5xx or a leak from any route', async () => {
    const routes = portal.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    for (const route of routes) {
      for (const identity of identities) {
        await fc.assert(
          fc.asyncProperty(body, query, fc.constantFrom(randomUUID(), 'not-a-uuid', '0', '%00', 'a\u0000b', 'a'.repeat(300)), async (input, params, id) => {
            const client =
              SELF_ENDING.has(`${route.method} ${route.url}`) && identity.name === 'member'
                ? (await signedUpMember(portal.app)).client
                : await identity.client();
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

  it('answers the unstorable-text refusal, and nothing else, wherever such text is put at any route', async () => {
    // One caller that passes each route's guards: the others are turned away by them first (401/403).
    const callers = { visitor: new TestClient(portal.app), member: (await activatedMember(portal.app)).client, admin: await signedInStaff(portal.app) };
    const placements = (method: string, url: string) => [
      ...(url.includes('/:') ? [{ where: 'path', path: url.replace(/:[a-zA-Z]+/g, () => encodeURIComponent('ada\u0000')), json: undefined }] : []),
      { where: 'query', path: `${url.replace(/:[a-zA-Z]+/g, () => randomUUID())}?${new URLSearchParams({ q: 'ada\u0000' })}`, json: undefined },
      ...(method === 'GET'
        ? []
        : [{ message: 'Hello\u0000' }, { message: 'a\udc00b' }, { 'note\u0000': 'a key' }].map((json) => ({
            where: 'body',
            path: url.replace(/:[a-zA-Z]+/g, () => randomUUID()),
            json,
          }))),
    ];
    const notRefused: string[] = [];
    for (const { method, url, signedWebhook } of portal.app.routeTable.filter((r) => r.url.startsWith('/api/'))) {
      // A signed webhook's body is read as the sender's raw bytes, proven by the signature before anything is kept.
      for (const { where, path, json } of placements(method, url).filter((placement) => !(signedWebhook && placement.where === 'body'))) {
        const answers: { who: string; status: number; message?: string }[] = [];
        for (const [who, caller] of Object.entries(callers)) {
          const client = SELF_ENDING.has(`${method} ${url}`) && who === 'member' ? (await activatedMember(portal.app)).client : caller;
          const response = await client.request({ method: method as 'GET', url: path }, json ? { json } : {});
          answers.push({
            who,
            status: response.statusCode,
            message: response.statusCode >= 400 ? (response.json() as { message?: string }).message : undefined,
          });
        }
        const forTheText = (answer: (typeof answers)[number]) => answer.status === 400 && answer.message === UNSTORABLE;
        const refusedForTheText = answers.some(forTheText) && answers.every((answer) => forTheText(answer) || [401, 403].includes(answer.status));
        if (!refusedForTheText)
          notRefused.push(`${method} ${url}, text in the ${where}: ${answers.map((a) => `${a.who} ${a.status} ${a.message ?? ''}`).join('; ')}`);
      }
    }
    expect(notRefused).toEqual([]);
  }, 240_000);

  it('refuses it in a field of every upload form, read by the handler', async () => {
    const member = (await activatedMember(portal.app)).client;
    const admin = await signedInStaff(portal.app);
    const uploads: [TestClient, string, string][] = [
      [member, 'PUT', '/api/users/profile'],
      [member, 'POST', '/api/users/upload-slip'],
      [member, 'PUT', '/api/talent/me'],
      [member, 'POST', '/api/talent/me/photos'],
      [member, 'POST', '/api/users/artistmembershipform'],
      [member, 'POST', '/api/artist-membership'],
      [member, 'POST', '/api/users/campingform'],
      [member, 'POST', '/api/users/eventform'],
      [member, 'POST', '/api/users/scriptprintingform'],
      [member, 'POST', '/api/users/welfareform'],
      [member, 'POST', '/api/users/moviepremiereform'],
      [admin, 'POST', '/api/admin/events'],
      [admin, 'PUT', `/api/admin/events/${randomUUID()}`],
      [admin, 'POST', '/api/admin/gallery'],
    ];
    const notRefused: string[] = [];
    for (const [client, method, url] of uploads) {
      const form = new FormData();
      form.append('title', 'Director\u0000');
      const response = await client.request({ method: method as 'POST', url }, { form });
      if (response.statusCode !== 400 || response.json().message !== UNSTORABLE)
        notRefused.push(`${method} ${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(notRefused).toEqual([]);
  });

  it('refuses it in otherwise valid requests that, without it, go through, and changes nothing', async () => {
    const admin = await signedInStaff(portal.app);
    const { client: member, user } = await activatedMember(portal.app);
    const profileForm = (title: string) => {
      const form = new FormData();
      form.append('phone', user.phone);
      form.append('title', title);
      return form;
    };
    const contact = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phone: '08031234567', feedback: 'general', message: 'Hello' };
    expect((await member.put('/api/users/profile', { form: await advertForm({ fields: { weeks: '1' } }) })).statusCode).toBe(200);
    const [ad] = (await admin.get('/api/admin/ads?status=pending')).json().filter((a: { userId: string }) => a.userId === user.id);

    const pairs: [string, () => Promise<LightMyRequestResponse>, () => Promise<LightMyRequestResponse>][] = [
      ['a member’s page by its real id', () => admin.get(`/api/admin/members/${user.id}%00`), () => admin.get(`/api/admin/members/${user.id}`)],
      [
        'a search',
        () => admin.get(`/api/admin/members?q=${encodeURIComponent(`${user.email}\u0000`)}`),
        () => admin.get(`/api/admin/members?q=${encodeURIComponent(user.email)}`),
      ],
      [
        'a contact message',
        () => new TestClient(portal.app).post('/api/contact', { json: { ...contact, message: 'Hello\u0000' } }),
        () => new TestClient(portal.app).post('/api/contact', { json: contact }),
      ],
      [
        'a profile saved as a form',
        () => member.put('/api/users/profile', { form: profileForm('Director\u0000') }),
        () => member.put('/api/users/profile', { form: profileForm('Director') }),
      ],
      [
        'a real advert’s rejection',
        () => admin.post(`/api/admin/ads/${ad.id}/reject`, { json: { reason: 'Blurred\u0000' } }),
        () => admin.post(`/api/admin/ads/${ad.id}/reject`, { json: { reason: 'Blurred' } }),
      ],
    ];
    for (const [name, withNul, without] of pairs) {
      const refused = await withNul();
      expect(refused.statusCode, `${name}: ${refused.body}`).toBe(400);
      expect(refused.json().message, name).toBe(UNSTORABLE);
      const accepted = await without();
      expect(accepted.statusCode, `${name}: ${accepted.body}`).toBeLessThan(300);
    }
    // The refused ones changed nothing: the profile's title and the advert's reason are the accepted ones.
    expect((await member.get('/api/users/profile')).json().user.title).toBe('Director');
    expect((await member.get('/api/users/profile')).json().user.ad).toMatchObject({ status: 'rejected', reason: 'Blurred' });
  });
});
