import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEMBER_DATA_ID } from '../../shared/member-pages.js';
import { PAGE_DATA_ID, type PageRenderer } from '../../shared/rendered-page.js';
import { users } from '../db/schema.js';
import { activatedMember, createTestApp, signedInStaff, TestClient } from '../test-support/test-app.js';
import { builtWebRoot } from '../test-support/web-root.js';
import { filesOf } from './member-pages.js';

/** A member page's answers, read back from its HTML as the browser does. */
function answersIn(html: string): Record<string, unknown> | null {
  const match = new RegExp(`<script type="application/json" id="${MEMBER_DATA_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

let webRoot: string;
let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  webRoot = builtWebRoot('member-pages', {
    'app/pages/dashboard.tsx': { file: 'assets/dashboard-1.js', imports: ['index.html', '_dates-1.js'], css: ['assets/dashboard-1.css'] },
    '_dates-1.js': { file: 'assets/dates-1.js' },
  });
  ({ app, close } = await createTestApp({}, { webRoot }));
});
afterAll(async () => {
  await close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('member pages sent with the member data (issue 31)', () => {
  it('the dashboard carries the answers of its first calls, for this member only, kept by no cache', async () => {
    const { client, user } = await activatedMember(app);
    const page = await client.get('/profile');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(String(page.headers.vary)).toMatch(/Cookie/);
    const answers = answersIn(page.body);
    expect(answers, 'no member data in the page').not.toBeNull();
    expect((answers!['/api/users/profile'] as { user: { id: string } }).user.id).toBe(user.id);
    for (const call of ['/api/users/ledger', '/api/users/membership', '/api/users/card', '/api/users/submissions'])
      expect(answers, call).toHaveProperty([call]);
    // The same answers as the calls themselves.
    expect(answers!['/api/users/ledger']).toEqual((await client.get('/api/users/ledger')).json());
    // An answer that names the page's address (the card's check link) names the address the member reached.
    const reached = { host: 'portal.example:8443' };
    await app.ctx.db.update(users).set({ memberNumber: 4242 }).where(eq(users.id, user.id));
    const cardInPage = answersIn((await client.request({ method: 'GET', url: '/profile', headers: reached })).body)!['/api/users/card'];
    expect(JSON.stringify(cardInPage)).toContain('http://portal.example:8443/verify/');
    expect(cardInPage).toEqual((await client.request({ method: 'GET', url: '/api/users/card', headers: reached })).json());
    // Nothing inside can close the block: the shell's entry script and the block close, nothing else.
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
  });

  it('preloads the page code the build manifest names, without what the shell already loads', async () => {
    const { client } = await activatedMember(app);
    const html = (await client.get('/profile')).body;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/dates-1.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/dashboard-1.css">');
    expect(html.match(/index-1\.js/g)).toHaveLength(1);
  });

  it('signed out, or a staff account, the page is the plain shell with no data (the browser guard takes over)', async () => {
    const visitor = new TestClient(app);
    const shell = await visitor.get('/profile');
    expect(shell.statusCode).toBe(200);
    expect(answersIn(shell.body)).toBeNull();
    expect(shell.headers['cache-control']).toMatch(/no-cache/);
    const staff = await signedInStaff(app);
    expect(answersIn((await staff.get('/profile')).body)).toBeNull();
  });

  it('a form page carries who is signed in', async () => {
    const { client, user } = await activatedMember(app);
    const answers = answersIn((await client.get('/scriptprintingform')).body);
    expect((answers?.['/api/users/profile'] as { user: { id: string } } | undefined)?.user.id).toBe(user.id);
  });
});

describe('the dashboard drawn on the server for its member (issue 31)', () => {
  let portal: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // The same built files as above, with the web app's server entry from source.
    portal = await createTestApp({}, { webRoot, pageRenderer: (await import('../../web/entry-server.js')) as PageRenderer });
  });
  afterAll(async () => {
    await portal.close();
  });

  it('shows the member their dashboard before any code runs, with the data it was drawn with, kept by no cache', async () => {
    const { client, user } = await activatedMember(portal.app);
    const page = await client.get('/profile');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(String(page.headers.vary)).toMatch(/Cookie/);
    expect(page.body).toMatch(/<h1 class="dashboard__name">[^<]+<\/h1>/);
    expect(page.body).toContain(user.email);
    expect(page.body).not.toContain('class="spinner');
    expect(page.body).toContain(`<script type="application/json" id="${PAGE_DATA_ID}" data-signed-in>`);
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/dashboard-1.css">');
    // The code starts once the page is painted, with the page's own.
    expect(page.body).toMatch(/<script src="\/start-after-paint.js" defer data-entry="\/assets\/index-1.js" data-preload="[^"]*\/assets\/dashboard-1.js/);
  });

  it("reads who is signed in once for a drawing, and each of the page's other calls once", async () => {
    const { client } = await activatedMember(portal.app);
    const inject = vi.spyOn(portal.app, 'inject');
    try {
      const page = await client.get('/profile');
      expect(page.body).toContain(`id="${PAGE_DATA_ID}" data-signed-in`);
      const reads = inject.mock.calls.map((args) => (args as unknown as [{ url: string }])[0].url);
      expect(reads.filter((url) => url === '/api/users/profile')).toHaveLength(1);
      expect(reads.filter((url) => url === '/api/users/ledger')).toHaveLength(1);
    } finally {
      inject.mockRestore();
    }
  });

  it('another member gets their own page, a visitor and staff the plain shell', async () => {
    const first = await activatedMember(portal.app);
    const second = await activatedMember(portal.app);
    const page = (await second.client.get('/profile')).body;
    expect(page).toContain(second.user.email);
    expect(page).not.toContain(first.user.email);
    for (const client of [new TestClient(portal.app), await signedInStaff(portal.app)]) {
      const shell = await client.get('/profile');
      expect(shell.body).toContain('Loading...');
      expect(shell.body).not.toContain(PAGE_DATA_ID);
    }
  });
});

describe('drawings one address causes (issue 31)', () => {
  it('past RATE_LIMIT_PAGE_DRAWS a minute, the dashboard is the shell with the member data, not refused', async () => {
    const portal = await createTestApp({ RATE_LIMIT_PAGE_DRAWS: '2' }, { webRoot, pageRenderer: (await import('../../web/entry-server.js')) as PageRenderer });
    try {
      const { client } = await activatedMember(portal.app);
      const pages = [];
      for (let visit = 0; visit < 3; visit++) pages.push(await client.get('/profile'));
      expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 200]);
      expect(pages.map((page) => (page.body.includes(PAGE_DATA_ID) ? 'drawn' : answersIn(page.body) ? 'shell with data' : 'shell'))).toEqual([
        'drawn',
        'drawn',
        'shell with data',
      ]);
    } finally {
      await portal.close();
    }
  });
});

describe('filesOf', () => {
  it('follows static imports once each, leaving out the shell files', () => {
    const manifest = {
      a: { file: 'assets/a.js', imports: ['b', 'c'], css: ['assets/a.css'] },
      b: { file: 'assets/b.js', imports: ['a'] },
      c: { file: 'assets/c.js' },
    };
    expect(filesOf(manifest, ['a'], new Set(['/assets/c.js']))).toEqual({ scripts: ['assets/a.js', 'assets/b.js'], styles: ['assets/a.css'] });
  });
});
