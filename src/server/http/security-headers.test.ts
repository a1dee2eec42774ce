import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp();
});
afterAll(() => portal.close());

/** Every header Helmet sets as the portal configures it, by value. */
const SECURITY_HEADERS = {
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

describe('security headers', () => {
  it('are on every answer: a read, a page not found, a refusal before the route, an error in the body', async () => {
    const answers = await Promise.all([
      portal.app.inject('/api/site'),
      portal.app.inject('/api/no-such-call'),
      // Refused by the CSRF check, a hook after the one that sets the headers.
      portal.app.inject({ method: 'POST', url: '/api/contact', payload: {} }),
      portal.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 403, expect.any(Number)]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(SECURITY_HEADERS);
      const policy = String(answer.headers['content-security-policy']).split(';');
      expect(policy).toEqual(
        expect.arrayContaining(["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'self'", "form-action 'self'"]),
      );
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });
});
