import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { subYears } from 'date-fns/subYears';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardians, submissions, users } from '../db/schema.js';
import type { PageRenderer } from '../../shared/rendered-page.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, signedInStaff, signedUpMember, TestClient } from '../test-support/test-app.js';

const PUBLIC_URL = 'https://portal.example.ng';
const STYLESHEET = '.hero{color:#fff;background:#111827}';
const STYLESHEET_LINK = '<link rel="stylesheet" crossorigin href="/assets/index-test.css">';
const ENTRY_SCRIPT = '<script type="module" crossorigin src="/assets/index-test.js"></script>';
const PRELOAD_LINK = '<link rel="modulepreload" crossorigin href="/assets/react-test.js">';
const mailbox = new TestMailbox();
const webRoot = mkdtempSync(path.join(tmpdir(), 'pages-web-'));
let portal: Awaited<ReturnType<typeof createTestApp>>;
/** Every address a page was drawn for, in order. */
const drawings: string[] = [];

/** The web app's server entry from source, writing down each drawing. */
async function countingRenderer(into: string[]): Promise<PageRenderer> {
  const entry = await import('../../web/entry-server.js');
  return {
    sendRequestsThrough: entry.sendRequestsThrough,
    renderPage: (url) => {
      into.push(url);
      return entry.renderPage(url);
    },
  };
}

beforeAll(async () => {
  // The page template as written (index.html) with a stylesheet as the build links it, and the web
  // app's server entry from source.
  const indexHtml = readFileSync(path.join(import.meta.dirname, '../../web/index.html'), 'utf8');
  const built = indexHtml
    .replace('<script type="module" src="./main.tsx"></script>', '')
    .replace('</head>', `  ${ENTRY_SCRIPT}\n    ${PRELOAD_LINK}\n    ${STYLESHEET_LINK}\n  </head>`);
  writeFileSync(path.join(webRoot, 'index.html'), built);
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'assets/index-test.css'), STYLESHEET);
  portal = await createTestApp({ PUBLIC_URL }, { mailTransport: mailbox.transport, webRoot, pageRenderer: await countingRenderer(drawings) });
});
afterAll(async () => {
  await portal.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const visitor = () => new TestClient(portal.app);
const dobForAge = (age: number) => format(subYears(addDays(new Date(), -10), age), 'yyyy-MM-dd');

async function photoForm(): Promise<FormData> {
  const data = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#a50' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(data)]), 'me.jpg');
  return form;
}

/** An activated member with an artist submission and a published profile with one photo. */
async function publishedTalent(stageName: string, overrides: Record<string, unknown> = {}) {
  const member = await activatedMember(portal.app, overrides);
  await portal.app.ctx.db
    .insert(submissions)
    .values({ userId: member.user.id, form: 'artist-membership', data: { gender: 'female', heightFt: 5, heightInch: 7 } });
  const draft = { category: 'model', stageName, bio: 'Runway and print.', published: false, show: ['gender', 'age', 'height'] };
  expect((await member.client.put('/api/talent/me', { json: draft })).statusCode).toBe(200);
  expect((await member.client.post('/api/talent/me/photos', { form: await photoForm() })).statusCode).toBe(201);
  const published = await member.client.put('/api/talent/me', { json: { ...draft, published: true } });
  expect(published.statusCode, published.body).toBe(200);
  return { ...member, profile: published.json().profile as { id: string; photos: { id: string; url: string }[] } };
}

/** The `content` of the head's meta tag with this property or name, as written in the HTML. */
function metaContent(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
}

const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]!) as { queries: { queryKey: unknown[] }[] };

describe('public pages drawn on the server', () => {
  it('sends the landing page drawn, with the data it was drawn with, the head tags and no inline script', async () => {
    const response = await visitor().get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<p class="hero__tagline">THE HOME OF MOVIES, MODELLING &amp; MUSIC</p>');
    expect(response.body).toContain('>Log in</a>');
    expect(metaContent(response.body, 'og:url')).toBe(`${PUBLIC_URL}/`);
    expect(pageData(response.body).queries.map((query) => query.queryKey[0])).toContain('site');
    // The signed-in member is never asked for on the server, so never carried in a page.
    expect(pageData(response.body).queries.map((query) => query.queryKey[0])).not.toContain('session');
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.every((attributes) => attributes!.includes('src=') || attributes!.includes('type="application/json"'))).toBe(true);
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    // A style attribute in the HTML would be refused by style-src too (React's styles set from script are not).
    expect(response.body).not.toContain(' style="');
  });

  it('writes the stylesheet into a drawn page, allowed by its hash alone; a member page keeps the link', async () => {
    const landing = await visitor().get('/');
    expect(landing.body).toContain(`<style>${STYLESHEET}</style>`);
    expect(landing.body).not.toContain(STYLESHEET_LINK);
    const hash = createHash('sha256').update(STYLESHEET).digest('base64');
    expect(landing.headers['content-security-policy']).toContain(`style-src 'self' 'sha256-${hash}';`);
    const shell = await visitor().get('/profile');
    expect(shell.body).toContain(STYLESHEET_LINK);
    expect(shell.body).not.toContain('<style>');
  });

  it('starts a drawn page’s code once it is painted, a page read without it at the first use; a member page loads it at once', async () => {
    const startScript = '<script src="/start-after-paint.js" defer data-entry="/assets/index-test.js" data-preload="/assets/react-test.js"';
    for (const usedWithoutCode of ['/', '/services', '/terms-and-conditions', '/privacy', '/talent']) {
      const page = await visitor().get(usedWithoutCode);
      expect(page.body, usedWithoutCode).toContain(`${startScript} data-start="on-use" data-signed-in-copy="user"></script>`);
      expect(page.body, usedWithoutCode).not.toContain(ENTRY_SCRIPT);
      expect(page.body, usedWithoutCode).not.toContain(PRELOAD_LINK);
    }
    // Pages with a form that only its code can send start it once they are painted.
    for (const withForm of ['/signup', '/login', '/contact', '/forgot-password']) {
      const page = await visitor().get(withForm);
      expect(page.body, withForm).toContain(`${startScript}></script>`);
      expect(page.body, withForm).not.toContain(ENTRY_SCRIPT);
    }
    const shell = await visitor().get('/profile');
    expect(shell.body).toContain(ENTRY_SCRIPT);
    expect(shell.body).toContain(PRELOAD_LINK);
    expect(shell.body).not.toContain('start-after-paint');
  });

  it('answers an unknown path with 404 and the not-found page; a member page is still the app shell (200)', async () => {
    const missing = await visitor().get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain('<h1>404 Not Found</h1>');

    for (const memberPage of ['/profile', '/admin', '/scriptprintingform', '/user/fees']) {
      const shell = await visitor().get(memberPage);
      expect(shell.statusCode, memberPage).toBe(200);
      expect(shell.body, memberPage).toContain('<p class="page-loading">Loading...</p>');
      expect(shell.body, memberPage).not.toContain('id="page-data"');
    }
    const api = await visitor().get('/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No such route: GET /api/no-such-route' });
  });

  it('carries a talent profile’s name, description and photo for link previews, every value escaped', async () => {
    const stageName = `Ada "Star" <script>alert('x')</script> & Co`;
    const talent = await publishedTalent(stageName);
    const response = await visitor().get(`/talent/${talent.profile.id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain("<script>alert('x')</script>");
    const escaped = 'Ada &quot;Star&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co';
    expect(html).toContain(`<title>${escaped} · Home of Movies, Modelling &amp; Music</title>`);
    expect(metaContent(html, 'og:title')).toBe(`${escaped} · Home of Movies, Modelling &amp; Music`);
    expect(metaContent(html, 'twitter:title')).toBe(metaContent(html, 'og:title'));
    expect(metaContent(html, 'og:description')).toBe('Runway and print.');
    expect(metaContent(html, 'og:type')).toBe('profile');
    expect(metaContent(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/api/talent/${talent.profile.id}/photos/[0-9a-f-]{36}$`));
    expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'));
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/talent/${talent.profile.id}`);
    // In the page's data block too, nothing can close the script element early.
    const block = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]!;
    expect(block).not.toContain('<');
    expect(JSON.stringify(pageData(html))).toContain(JSON.stringify(stageName).slice(1, -1));
    expect(html).toMatch(
      /<h1 id="talent-name">Ada (&quot;|")Star(&quot;|") &lt;script&gt;alert\((&#x27;|&#39;|')x(&#x27;|&#39;|')\)&lt;\/script&gt; &amp; Co<\/h1>/,
    );
  });

  it('answers 404 for a profile that is not listed or an address that names none', async () => {
    for (const url of ['/talent/00000000-0000-4000-8000-000000000000', '/talent/not-a-profile']) {
      const response = await visitor().get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Talent not found');
      expect(metaContent(response.body, 'og:type'), url).toBe('website');
    }
  });

  it('shows a child’s profile only while the guardian allows publication, and never an age', async () => {
    const guardian = {
      guardianName: 'Ngozi Okafor',
      guardianRelationship: 'Mother',
      guardianEmail: `pages-parent-${process.pid}@example.com`,
      guardianPhone: '+234 803 555 0101',
    };
    const child = await signedUpMember(portal.app, { dob: dobForAge(12), ...guardian });
    const code = await mailbox.codeFor(guardian.guardianEmail, /Please confirm/);
    const confirmed = await visitor().post('/api/guardian/confirm', {
      json: { child: child.user.id, code, agree: true, allowPublication: true, allowAgeBand: true },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await portal.app.ctx.db
      .update(users)
      .set({ activated: true, activatedAt: new Date(), paidUntil: format(addDays(new Date(), 30), 'yyyy-MM-dd') })
      .where(eq(users.id, child.user.id));
    await portal.app.ctx.db
      .insert(submissions)
      .values({ userId: child.user.id, form: 'artist-membership', data: { gender: 'female', heightFt: 4, heightInch: 10 } });
    const draft = { category: 'model', stageName: 'Young Star Pages', bio: 'Print and TV.', published: false, show: ['gender', 'age', 'height'] };
    expect((await child.client.put('/api/talent/me', { json: draft })).statusCode).toBe(200);
    expect((await child.client.post('/api/talent/me/photos', { form: await photoForm() })).statusCode).toBe(201);
    const published = await child.client.put('/api/talent/me', { json: { ...draft, published: true } });
    expect(published.statusCode, published.body).toBe(200);
    const id = published.json().profile.id as string;

    // The guardian's permission is withdrawn before anyone opens the page (a page is kept a few seconds).
    await portal.app.ctx.db.update(guardians).set({ allowsPublication: false }).where(eq(guardians.userId, child.user.id));
    const hidden = await visitor().get(`/talent/${id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Young Star Pages');
    expect((await visitor().get('/sitemap.xml')).body).not.toContain(id);
  });

  it('draws a page once for many visitors at the same moment, sends it compressed, and answers 304 to its ETag', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => visitor().get('/services')));
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const etag = String(answers[0]!.headers.etag);
    // A first-time visitor is given the security token's cookies: no shared cache may keep that.
    expect(answers[0]!.headers['set-cookie']).toBeDefined();
    expect(answers[0]!.headers['cache-control']).toBe('private, no-cache');
    expect(answers[0]!.headers.vary).toBe('Accept-Encoding');

    const compressed = await portal.app.inject({ method: 'GET', url: '/services', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(answers[0]!.body);
    const returning = visitor();
    await returning.get('/api/users/profile');
    const withCookies = await returning.get('/services');
    expect(withCookies.headers['set-cookie']).toBeUndefined();
    expect(withCookies.headers['cache-control']).toBe('no-cache');
    const again = await portal.app.inject({ method: 'GET', url: '/services', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows a change staff save at once on this process, even with visitors asking during the save', async () => {
    const staff = await signedInStaff(portal.app);
    const settings = (name: string) => ({ companyName: name, email: '', phone: '', nairaAccount: '', dollarAccount: '', offices: [], faq: [] });
    const renamed = settings('Lagos Screen House');
    const [saved] = await Promise.all([staff.put('/api/admin/settings/site', { json: renamed }), visitor().get('/contact'), visitor().get('/contact')]);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await visitor().get('/contact');
    expect(after.body).toContain('<span class="navbar__name">Lagos Screen House</span>');
    expect((await staff.put('/api/admin/settings/site', { json: settings('Home of Movies, Modelling & Music') })).statusCode).toBe(200);
  });
});

describe('what a drawn page is kept under', () => {
  it('is the path and the query parameters the page reads: a random parameter draws no page again', async () => {
    const random = () => Math.random().toString(36).slice(2);
    const before = drawings.length;
    const first = await visitor().get(`/services?u=${random()}`);
    const second = await visitor().get(`/services?u=${random()}&utm_source=${random()}`);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.body).toBe(first.body);
    expect(drawings.slice(before)).toEqual(['/services']);
  });

  it('draws a filtered directory once whatever the order of its filters, and with only them', async () => {
    const before = drawings.length;
    const one = await visitor().get('/talent?state=Lagos&category=model&u=1');
    const other = await visitor().get('/talent?category=model&state=Lagos&u=2');
    expect(other.body).toBe(one.body);
    expect(drawings.slice(before)).toEqual(['/talent?category=model&state=Lagos']);
    expect(pageData(one.body).queries.map((query) => query.queryKey)).toContainEqual(['talent', 'directory', 'category=model&state=Lagos']);
  });

  it('is sent compressed fast when drawn and compressed well once sent again', async () => {
    const ask = () => portal.app.inject({ method: 'GET', url: '/privacy', headers: { 'accept-encoding': 'br' } });
    const fresh = await ask();
    await ask();
    let kept = await ask();
    for (let tries = 0; tries < 50 && kept.rawPayload.length >= fresh.rawPayload.length; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      kept = await ask();
    }
    expect(brotliDecompressSync(kept.rawPayload).toString()).toBe(brotliDecompressSync(fresh.rawPayload).toString());
    expect(kept.rawPayload.length).toBeLessThan(fresh.rawPayload.length);
    expect(kept.headers.etag).toBe(fresh.headers.etag);
  });
});

describe('drawings one address causes', () => {
  const ownDrawings: string[] = [];
  let limited: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    limited = await createTestApp({ PUBLIC_URL, RATE_LIMIT_PAGE_DRAWS: '3' }, { webRoot, pageRenderer: await countingRenderer(ownDrawings) });
  });
  afterAll(() => limited.close());
  const from = (address: string, url: string) => limited.app.inject({ method: 'GET', url, remoteAddress: address });

  it('are limited a minute: past the limit the address gets the page shell its browser draws, and kept pages as before', async () => {
    for (const page of ['/services', '/privacy', '/contact']) expect((await from('203.0.113.7', page)).body).toContain('id="page-data"');
    const over = await from('203.0.113.7', '/terms-and-conditions');
    expect(over.statusCode).toBe(200);
    expect(over.body).not.toContain('id="page-data"');
    expect(over.body).toContain('<p class="page-loading">Loading...</p>');
    expect(ownDrawings).toEqual(['/services', '/privacy', '/contact']);
    // A page another visitor had drawn costs nothing and is still sent drawn.
    expect((await from('203.0.113.7', '/services?u=2')).body).toContain('id="page-data"');
    // Another address has its own count.
    expect((await from('198.51.100.9', '/terms-and-conditions')).body).toContain('id="page-data"');
    expect(ownDrawings).toHaveLength(4);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages and every listed profile, not an unpublished one', async () => {
    const listed = await publishedTalent('Sitemap Listed');
    const unlisted = await publishedTalent('Sitemap Unlisted');
    expect(
      (await unlisted.client.put('/api/talent/me', { json: { category: 'model', stageName: 'Sitemap Unlisted', bio: '', published: false, show: [] } }))
        .statusCode,
    ).toBe(200);
    const response = await visitor().get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    for (const page of ['/', '/services', '/contact', '/terms-and-conditions', '/login', '/signup', '/talent']) {
      expect(response.body).toContain(`<url><loc>${PUBLIC_URL}${page}</loc></url>`);
    }
    expect(response.body).toMatch(new RegExp(`<url><loc>${PUBLIC_URL}/talent/${listed.profile.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`));
    expect(response.body).not.toContain(unlisted.profile.id);
    expect(response.body).not.toContain(':id');
  });

  it('keeps search engines out of the console, the API and the member pages', async () => {
    const response = await visitor().get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const prefix of ['/admin', '/api/', '/profile', '/user/', '/notifications', '/events', '/scriptprintingform'])
      expect(lines).toContain(`Disallow: ${prefix}`);
    expect(lines).not.toContain('Disallow: /talent');
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
