import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../shared/roles.js';
import type { RouteEntry } from '../app.js';
import { createTestApp, signedInStaff, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';

/**
 * Who may call what: every route of the app must be in this table, so a new route
 * cannot ship without deciding its access. `files` are served to their owner and staff only.
 * `member`: signed in, and not staff (a staff account is not a member); `activated`: an
 * activated member.
 */
type Access = 'public' | 'user' | 'member' | 'activated' | 'admin' | 'owner-or-staff';

/**
 * Which staff roles may use each part of the console, written here apart from src/shared/roles.ts;
 * each console route names its area where it is declared (`config: { area }`).
 */
const CONSOLE_ROLES: Record<string, readonly StaffRole[]> = {
  me: STAFF_ROLES,
  home: STAFF_ROLES,
  members: STAFF_ROLES,
  payments: ['admin', 'finance'],
  membership: ['admin', 'finance'],
  audit: ['admin', 'finance'],
  ads: ['admin', 'moderator'],
  submissions: ['admin', 'moderator'],
  premieres: ['admin', 'moderator'],
  events: ['admin', 'moderator'],
  talent: ['admin', 'moderator'],
  castings: ['admin', 'moderator'],
  messages: ['admin', 'moderator'],
  reports: ['admin', 'finance'],
  schedule: ['admin', 'moderator'],
  staff: ['admin'],
  plans: ['admin'],
  announcements: ['admin', 'moderator'],
  settings: ['admin'],
  mail: STAFF_ROLES,
};

const ACCESS: Record<string, Access> = {
  'POST /api/users/signup': 'public',
  'POST /api/users/login': 'public',
  'POST /api/users/login/2fa': 'public',
  'POST /api/users/logout': 'public',
  'POST /api/users/password/forgot': 'public',
  'POST /api/users/password/reset': 'public',
  'POST /api/users/contact': 'public',
  'POST /api/contact': 'public',
  'GET /api/site': 'public',
  'GET /api/ads': 'public',
  'GET /api/ads/:id/image': 'public',
  'GET /api/events/:id/image': 'public',
  'GET /api/gallery': 'public',
  'GET /api/gallery/:id/image': 'public',
  'GET /api/ads/:id/click': 'public',
  'GET /api/premieres': 'public',
  'GET /api/talent': 'public',
  'GET /api/talent/:id': 'public',
  'GET /api/talent/:id/photos/:photoId': 'public',
  'POST /api/talent/:id/requests': 'public',
  'POST /api/talent/requests/:confirmationId/confirm': 'public',
  'GET /api/plans': 'public',
  // Paystack's redirect back and its webhook (signed; 404 without PAYSTACK_SECRET_KEY, as here).
  'GET /api/payments/paystack/callback': 'public',
  'POST /api/payments/paystack/webhook': 'public',
  'GET /api/verify/:memberNumber': 'public',
  'GET /api/verify/:memberNumber/photo': 'public',
  'GET /api/files/:id': 'owner-or-staff',
  'GET /api/calendar/:token': 'public',
  'GET /api/training-certificates/:number': 'public',
  'GET /api/guardian/child': 'public',
  'POST /api/guardian/confirm': 'public',
  'POST /api/castings/consent': 'public',

  'GET /api/users/profile': 'user',
  'PUT /api/users/profile': 'user',
  'POST /api/users/email/confirm': 'user',
  'DELETE /api/users/terminate': 'member',
  'GET /api/users/membership': 'member',
  'GET /api/users/ledger': 'member',
  'GET /api/users/payments': 'member',
  'POST /api/users/payments/online': 'member',
  'GET /api/users/payments/:id/receipt': 'member',
  'POST /api/users/verify-email': 'member',
  'POST /api/users/verify-code': 'member',
  'POST /api/users/upload-slip': 'member',
  'POST /api/users/send-otp': 'member',
  'POST /api/users/confirm-payment': 'member',
  'POST /api/users/activate-profile': 'member',
  'GET /api/notifications': 'user',
  'GET /api/users/welcome': 'user',
  'GET /api/users/card': 'member',
  'GET /api/notifications/unread': 'user',
  'POST /api/notifications/read': 'user',
  'POST /api/users/eventform': 'member',
  'GET /api/users/events': 'user',
  'GET /api/events': 'user',
  'GET /api/users/submissions': 'user',
  'GET /api/talent/me': 'member',
  'PUT /api/talent/me': 'member',
  'POST /api/talent/me/photos': 'member',
  'DELETE /api/talent/me/photos/:photoId': 'member',
  'PUT /api/talent/me/photos/:photoId/primary': 'member',
  'GET /api/talent/me/requests': 'member',
  'POST /api/talent/me/requests/:id/accept': 'member',
  'POST /api/talent/me/requests/:id/decline': 'member',
  'GET /api/users/me/export': 'member',
  'GET /api/users/calendar': 'member',
  'GET /api/users/calendar/feed': 'member',
  'POST /api/users/calendar/feed': 'member',
  'GET /api/users/attendance': 'member',
  'POST /api/users/attendance-fines/:id/reason': 'member',
  'GET /api/users/training': 'member',
  'DELETE /api/users/training/:id/enrolment': 'member',
  'POST /api/users/training/:id/certificate': 'member',
  'GET /api/users/training-certificates/:id': 'member',
  'POST /api/users/training/:id/enrolment': 'activated',
  'GET /api/users/me/consents': 'member',
  'PUT /api/users/me/consents': 'member',
  'GET /api/users/me/access-log': 'member',
  'GET /api/castings': 'member',
  'GET /api/castings/applications': 'member',
  'POST /api/castings/roles/:id/applications': 'member',
  'GET /api/users/me/guardian': 'member',
  'PUT /api/users/me/guardian': 'member',
  'POST /api/users/me/guardian/code': 'member',

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

function consoleRolesOf(route: RouteEntry): readonly StaffRole[] | undefined {
  return route.area && CONSOLE_ROLES[route.area];
}

let portal: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestClient;
let member: TestClient;
let staffByRole: Record<StaffRole, TestClient>;
let routes: RouteEntry[];

beforeAll(async () => {
  portal = await createTestApp();
  staff = await signedInStaff(portal.app);
  member = (await signedUpMember(portal.app)).client;
  staffByRole = {
    admin: staff,
    finance: (await signedInStaffAs(portal.app, 'finance')).client,
    moderator: (await signedInStaffAs(portal.app, 'moderator')).client,
  };
  routes = portal.app.routeTable.filter((r) => r.url.startsWith('/api/'));
});
afterAll(() => portal.close());

/** What each guard answers the one it keeps out (src/server/auth/guards.ts). */
const REFUSAL = {
  notActivated: 'Your profile is not activated yet. Pay the membership fee and activate it on the fees page.',
  staffOnly: 'Staff only.',
  membersOnly: 'This is for members: a staff account does not have it.',
  otherRole: 'Your staff role does not cover this part of the console.',
};

function call(client: TestClient, method: string, url: string) {
  const path = url.replace(/:[a-zA-Z]+/g, () => randomUUID());
  return client.request({ method: method as 'GET', url: path }, method === 'GET' ? {} : { json: {} });
}

describe('access to every route', () => {
  it('walks the whole API, not an empty table', () => {
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(ACCESS).length);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/users/login' }));
  });

  it('has a decision for every route, and staff roles for every console route', () => {
    const undecided = routes.filter((r) => !accessOf(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(undecided).toEqual([]);
    const noRoles = routes.filter((r) => accessOf(r.method, r.url) === 'admin' && !consoleRolesOf(r)).map((r) => `${r.method} ${r.url} (area ${r.area})`);
    expect(noRoles).toEqual([]);
  });

  it('registers every signed-in route behind the member hook, with the access decided here', () => {
    const signedIn: (Access | undefined)[] = ['user', 'member', 'activated'];
    const wrong = routes
      .filter((r) => signedIn.includes(accessOf(r.method, r.url)) || r.access)
      .filter((r) => r.access !== accessOf(r.method, r.url))
      .map((r) => `${r.method} ${r.url}: ${r.access ?? 'outside the member plugin (src/server/member-routes.ts)'}, decided ${accessOf(r.method, r.url)}`);
    expect(wrong).toEqual([]);
  });

  it('opens no console route about money to a moderator, whatever area it names', () => {
    const money = /^\/api\/admin\/(payments|attendance-fines|reports)|\/members\/:id\/(ledger|fines|membership|suspend|reinstate|activation-code)|\.csv$/;
    const open = routes.filter((r) => accessOf(r.method, r.url) === 'admin' && money.test(r.url) && consoleRolesOf(r)?.includes('moderator'));
    expect(open.map((r) => `${r.method} ${r.url} (area ${r.area})`)).toEqual([]);
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
      if (access === 'activated') expect([response.statusCode, response.json().message], label).toEqual([403, REFUSAL.notActivated]);
      else if (access === 'admin') expect([response.statusCode, response.json().message], label).toEqual([403, REFUSAL.staffOnly]);
      else if (access === 'owner-or-staff') expect(response.statusCode, label).toBe(404);
      else expect(response.statusCode, label).not.toBe(401);
    }
  });

  it.each(STAFF_ROLES)('lets %s into its parts of the console and no further', async (role) => {
    for (const route of routes.filter((r) => accessOf(r.method, r.url) === 'admin')) {
      const { method, url } = route;
      const response = await call(staffByRole[role], method, url);
      const label = `${role}: ${method} ${url} -> ${response.statusCode}`;
      if (consoleRolesOf(route)!.includes(role)) expect([401, 403], label).not.toContain(response.statusCode);
      else expect([response.statusCode, response.json().message], label).toEqual([403, REFUSAL.otherRole]);
      expect(response.statusCode < 400 || typeof response.json().message === 'string', label).toBe(true);
    }
  });

  it.each(STAFF_ROLES)('keeps %s out of what only members do', async (role) => {
    for (const { method, url } of routes.filter((r) => ['member', 'activated'].includes(accessOf(r.method, r.url)!))) {
      const response = await call(staffByRole[role], method, url);
      expect([response.statusCode, response.json().message], `${role}: ${method} ${url} -> ${response.statusCode}`).toEqual([403, REFUSAL.membersOnly]);
    }
  });
});

describe('the security token on every unsafe route', () => {
  const REFUSED = 'Missing or invalid security token. Reload the page and try again.';
  const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'];

  /** The browser's cookies as it would send them, its XSRF-TOKEN cookie replaced by one planted by an attacker if given. */
  function cookiesOf(browser: TestClient, plantedToken?: string): string {
    const jar = { sid: browser.cookie('sid'), presession: browser.cookie('presession'), 'XSRF-TOKEN': plantedToken ?? browser.cookie('XSRF-TOKEN') };
    return Object.entries(jar)
      .flatMap(([name, value]) => (value ? [`${name}=${value}`] : []))
      .join('; ');
  }

  async function bodies(): Promise<Record<string, { headers: Record<string, string>; payload: Buffer }>> {
    const form = new FormData();
    form.append('title', 'Forged');
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'slip.pdf');
    const multipart = new Response(form);
    return {
      json: { headers: { 'content-type': 'application/json' }, payload: Buffer.from('{}') },
      multipart: { headers: { 'content-type': multipart.headers.get('content-type')! }, payload: Buffer.from(await multipart.arrayBuffer()) },
    };
  }

  it('refuses every unsafe method of every route, console and uploads included, without the session’s own token', async () => {
    const visitor = new TestClient(portal.app);
    await visitor.get('/api/users/profile');
    const browsers: Record<string, { browser: TestClient; other: TestClient }> = {
      'signed-in admin': { browser: staff, other: member },
      'signed-in member': { browser: member, other: staff },
      visitor: { browser: visitor, other: staff },
    };
    // The jars carry the sessions: with their own token the same browsers get through.
    for (const { browser } of Object.values(browsers).slice(0, 2)) {
      const own = await portal.app.inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers: { cookie: cookiesOf(browser), 'x-xsrf-token': browser.cookie('XSRF-TOKEN')! },
      });
      expect(own.statusCode).toBe(200);
    }

    // Paystack's webhook carries no session: its signature is checked instead (ledger/paystack.test.ts).
    const unsafe = portal.app.routeTable.filter((r) => UNSAFE.includes(r.method) && !r.signedWebhook);
    expect(unsafe.filter((r) => r.url.startsWith('/api/admin/')).length).toBeGreaterThanOrEqual(30);
    const forged = randomBytes(32).toString('base64url');
    const refusedNot: string[] = [];
    for (const [who, { browser, other }] of Object.entries(browsers)) {
      const attacks: Record<string, Record<string, string>> = {
        'no header': { cookie: cookiesOf(browser) },
        'a forged header, planted as the cookie too': { cookie: cookiesOf(browser, forged), 'x-xsrf-token': forged },
        'another session’s token': { cookie: cookiesOf(browser), 'x-xsrf-token': other.cookie('XSRF-TOKEN')! },
      };
      for (const { method, url } of unsafe) {
        const path = url.replace(/:[a-zA-Z]+/g, () => randomUUID());
        for (const [attack, headers] of Object.entries(attacks)) {
          for (const [kind, body] of Object.entries(await bodies())) {
            const response = await portal.app.inject({ method: method as 'POST', url: path, headers: { ...headers, ...body.headers }, payload: body.payload });
            if (response.statusCode !== 403 || response.json().message !== REFUSED)
              refusedNot.push(`${who}, ${attack}, ${kind}: ${method} ${url} -> ${response.statusCode}`);
          }
        }
      }
    }
    expect(refusedNot).toEqual([]);
  });

  it('lets the signed webhook through without a token, to its own handler and signature check', async () => {
    const webhooks = portal.app.routeTable.filter((r) => r.signedWebhook);
    expect(webhooks.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/payments/paystack/webhook']);
    const unsigned = await portal.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    // The handler answers (Paystack is not set up on this portal), not the CSRF check.
    expect(unsigned.statusCode).toBe(404);
    expect(unsigned.json().message).toBe('Online payment is not available');
  });
});
