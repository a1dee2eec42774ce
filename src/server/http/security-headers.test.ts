import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../test-support/test-app.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp();
});
afterAll(() => portal.close());

/** Every header Helmet sets as the portal configures it, by value: on every page and file outside /api. */
const PAGE_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** An /api answer's, as OWASP's REST security sheet lists them: it runs nothing and is framed by no one. */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** A page's headers that an API answer leaves out. */
const PAGE_ONLY = Object.keys(PAGE_HEADERS).filter((name) => !(name in API_HEADERS));

describe('security headers', () => {
  it('are the API set on every /api answer: a read, a call not found, a refusal before the route, broken JSON', async () => {
    const answers = await Promise.all([
      portal.app.inject('/api/site'),
      portal.app.inject('/api/no-such-call'),
      // Refused by the CSRF check, a hook after the one that sets the headers.
      portal.app.inject({ method: 'POST', url: '/api/contact', payload: {} }),
      new TestClient(portal.app).request({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 403, 400]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(API_HEADERS);
      for (const name of PAGE_ONLY) expect(answer.headers[name], name).toBeUndefined();
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("are Helmet's whole set, with the page's policy, on every answer outside /api (the test portal has no web build: each is its not-found page)", async () => {
    const answers = await Promise.all([portal.app.inject('/'), portal.app.inject('/favicon.svg'), portal.app.inject('/no-such-page/x.js')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(PAGE_HEADERS);
      const policy = String(answer.headers['content-security-policy']).split(';');
      expect(policy).toEqual(
        expect.arrayContaining(["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'self'", "form-action 'self'"]),
      );
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });
});
