import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInStaff, signedUpMember, TestClient } from '../test-support/test-app.js';

/**
 * Who may call what: every route of the app must be in this table, so a new route
 * cannot ship without deciding its access. `files` are served to their owner and staff only.
 */
type Access = 'public' | 'user' | 'activated' | 'admin' | 'owner-or-staff';

const ACCESS: Record<string, Access> = {
  'POST /api/users/signup': 'public',
  'POST /api/users/login': 'public',
  'POST /api/users/logout': 'public',
  'POST /api/users/password/forgot': 'public',
  'POST /api/users/password/reset': 'public',
  'POST /api/users/contact': 'public',
  'POST /api/contact': 'public',
  'GET /api/site': 'public',
  'GET /api/ads': 'public',
  'GET /api/ads/:id/image': 'public',
  'GET /api/ads/:id/click': 'public',
  'GET /api/premieres': 'public',
  'GET /api/talent': 'public',
  'GET /api/talent/:id': 'public',
  'GET /api/talent/:id/photos/:photoId': 'public',
  'POST /api/talent/:id/requests': 'public',
  'POST /api/talent/requests/:confirmationId/confirm': 'public',
  'GET /api/files/:id': 'owner-or-staff',

  'GET /api/users/profile': 'user',
  'PUT /api/users/profile': 'user',
  'POST /api/users/email/confirm': 'user',
  'DELETE /api/users/terminate': 'user',
  'GET /api/users/membership': 'user',
  'POST /api/users/verify-email': 'user',
  'POST /api/users/verify-code': 'user',
  'POST /api/users/upload-slip': 'user',
  'POST /api/users/send-otp': 'user',
  'POST /api/users/confirm-payment': 'user',
  'POST /api/users/activate-profile': 'user',
  'GET /api/notifications': 'user',
  'POST /api/users/eventform': 'user',
  'GET /api/users/events': 'user',
  'GET /api/users/submissions': 'user',
  'GET /api/talent/me': 'user',
  'PUT /api/talent/me': 'user',
  'POST /api/talent/me/photos': 'user',
  'DELETE /api/talent/me/photos/:photoId': 'user',
  'PUT /api/talent/me/photos/:photoId/primary': 'user',
  'GET /api/talent/me/requests': 'user',
  'POST /api/talent/me/requests/:id/accept': 'user',
  'POST /api/talent/me/requests/:id/decline': 'user',

  'POST /api/users/scriptprintingform': 'activated',
  'POST /api/users/welfareform': 'activated',
  'POST /api/users/moviepremiereform': 'activated',
  'POST /api/users/moviePremiereForm': 'activated',
  'POST /api/users/campingform': 'activated',
  'POST /api/users/artistmembershipform': 'activated',
  'POST /api/artist-membership': 'activated',
};

function accessOf(method: string, url: string): Access | undefined {
  return url.startsWith('/api/admin/') ? 'admin' : ACCESS[`${method} ${url}`];
}

let portal: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestClient;
let member: TestClient;
let routes: { method: string; url: string }[];

beforeAll(async () => {
  portal = await createTestApp();
  staff = await signedInStaff(portal.app);
  member = (await signedUpMember(portal.app)).client;
  routes = portal.app.routeTable.filter((r) => r.url.startsWith('/api/'));
});
afterAll(() => portal.close());

function call(client: TestClient, method: string, url: string) {
  const path = url.replace(/:[a-zA-Z]+/g, () => randomUUID());
  return client.request({ method: method as 'GET', url: path }, method === 'GET' ? {} : { json: {} });
}

describe('access to every route', () => {
  it('has a decision for every route', () => {
    const undecided = routes.filter((r) => !accessOf(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(undecided).toEqual([]);
  });

  it('keeps visitors out of everything that is not public', async () => {
    for (const { method, url } of routes) {
      const access = accessOf(method, url);
      const response = await call(new TestClient(portal.app), method, url);
      const label = `${method} ${url} -> ${response.statusCode}`;
      if (access === 'public') expect([401, 403], label).not.toContain(response.statusCode);
      else if (access === 'owner-or-staff') expect(response.statusCode, label).toBe(404);
      else expect(response.statusCode, label).toBe(401);
      expect(typeof response.json().message === 'string' || response.statusCode < 400, label).toBe(true);
    }
  });

  it('keeps a member who is not activated out of the forms and the console', async () => {
    for (const { method, url } of routes) {
      if (method === 'DELETE' && url === '/api/users/terminate') continue;
      if (url === '/api/users/logout') continue;
      const access = accessOf(method, url);
      const response = await call(member, method, url);
      const label = `${method} ${url} -> ${response.statusCode}`;
      if (access === 'activated' || access === 'admin') expect(response.statusCode, label).toBe(403);
      else if (access === 'owner-or-staff') expect(response.statusCode, label).toBe(404);
      else expect(response.statusCode, label).not.toBe(401);
    }
  });

  it('lets staff into the console', async () => {
    for (const { method, url } of routes.filter((r) => accessOf(r.method, r.url) === 'admin')) {
      const response = await call(staff, method, url);
      expect([401, 403], `${method} ${url} -> ${response.statusCode}`).not.toContain(response.statusCode);
    }
  });
});
