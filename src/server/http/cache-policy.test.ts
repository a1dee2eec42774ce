import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedMember, createTestApp, signedInStaff, TestClient } from '../test-support/test-app.js';

/**
 * The /api routes whose answer is the same whoever asks, so a cache may keep it (each sets its
 * own Cache-Control). Every other /api answer depends on who is signed in, or may: no-store.
 */
const SAME_FOR_EVERYONE = new Set([
  'GET /api/site',
  'GET /api/plans',
  'GET /api/ads/:id/image',
  'GET /api/events/:id/image',
  'GET /api/gallery/:id/image',
  'GET /api/talent/:id/photos/:photoId',
]);

let portal: Awaited<ReturnType<typeof createTestApp>>;
let routes: { method: string; url: string }[];
let askers: [string, () => TestClient][];

beforeAll(async () => {
  portal = await createTestApp();
  const member = (await activatedMember(portal.app)).client;
  const staff = await signedInStaff(portal.app);
  askers = [
    ['a visitor', () => new TestClient(portal.app)],
    ['a member', () => member],
    ['staff', () => staff],
  ];
  routes = portal.app.routeTable.filter(
    (route) => route.url.startsWith('/api/') && route.url !== '/api/users/logout' && !(route.method === 'DELETE' && route.url === '/api/users/terminate'),
  );
});
afterAll(() => portal.close());

function call(client: TestClient, method: string, url: string) {
  const path = url.replace(/:[a-zA-Z]+/g, () => randomUUID());
  return client.request({ method: method as 'GET', url: path }, method === 'GET' ? {} : { json: {} });
}

describe('who may keep an /api answer', () => {
  it('walks the whole API', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('is nobody for every answer that depends on who asks, errors included; a cookie is never in a shared copy', async () => {
    const wrong: string[] = [];
    for (const [who, client] of askers) {
      for (const { method, url } of routes) {
        const response = await call(client(), method, url);
        const cacheControl = String(response.headers['cache-control'] ?? '');
        const label = `${who}: ${method} ${url} -> ${response.statusCode}, Cache-Control: ${cacheControl || 'none'}`;
        const shared = SAME_FOR_EVERYONE.has(`${method} ${url}`) && response.statusCode < 400;
        if (!shared && !/\bno-store\b/.test(cacheControl)) wrong.push(label);
        if (response.headers['set-cookie'] && !/\b(private|no-store)\b/.test(cacheControl)) wrong.push(`${label} sets a cookie`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets a cache keep the answers that are the same for everyone, and sets them no cookie', async () => {
    for (const url of ['/api/site', '/api/plans']) {
      const response = await new TestClient(portal.app).get(url);
      expect(response.headers['cache-control'], url).not.toMatch(/no-store|private/);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
  });
});
