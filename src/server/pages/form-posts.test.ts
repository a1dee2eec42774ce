import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_DEFINITIONS } from '../../shared/form-definitions.js';
import { FORM_POST_FIELDS, type PageRenderer } from '../../shared/rendered-page.js';
import { premieres, submissions } from '../db/schema.js';
import { activatedMember, createTestApp, signedUpMember, type TestClient } from '../test-support/test-app.js';
import { builtWebRoot } from '../test-support/web-root.js';
import { FORM_SENT_COOKIE } from './member-pages.js';

const PAGE = FORM_DEFINITIONS['script-printing'].page;
const TAKEN = FORM_DEFINITIONS['script-printing'].success;

const typed = () => ({
  name: 'Chioma Okafor',
  email: 'chioma@example.com',
  phone: '0803 123 4567',
  documentType: 'flyers',
  quantity: '50',
  paperSize: 'a4',
  color: 'full-color',
  comments: 'Glossy & "thick" <paper>',
});

/** The hidden fields of the form the page drew, read from its HTML as the browser posts them. */
function hiddenFields(html: string): { csrf: string; key: string } {
  const value = (name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
  const csrf = value(FORM_POST_FIELDS.csrfToken);
  const key = value(FORM_POST_FIELDS.idempotencyKey);
  if (!csrf || !key) throw new Error('the drawn form has no hidden fields');
  return { csrf, key };
}

/** A plain form post, as a browser without the page's code sends it (no CSRF header of its own). */
function plainPost(client: TestClient, fields: Record<string, string>, url = PAGE) {
  return client.request(
    { method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() },
    {},
    { csrfHeader: false },
  );
}

let webRoot: string;
let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  webRoot = builtWebRoot('form-posts');
  ({ app, close } = await createTestApp({}, { webRoot, pageRenderer: (await import('../../web/entry-server.js')) as PageRenderer }));
});
afterAll(async () => {
  await close();
  rmSync(webRoot, { recursive: true, force: true });
});

const storedFor = async (userId: string) => app.ctx.db.select().from(submissions).where(eq(submissions.userId, userId));

describe('a member form that works before its code (decision 023)', () => {
  it('is drawn for the member with their details, posting to its own page with the session token and a fresh key', async () => {
    const { client, user } = await activatedMember(app);
    const page = await client.get(PAGE);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const form = /<form [^>]*>/.exec(page.body)?.[0];
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${PAGE}"`);
    expect(page.body).toContain(`value="${user.email}"`);
    const first = hiddenFields(page.body);
    expect(first.csrf).toBe(client.cookie('XSRF-TOKEN'));
    const again = hiddenFields((await client.get(PAGE)).body);
    expect(again.key).not.toBe(first.key);
  });

  it('a member not activated yet is sent to the fees page, as the page’s guard does in the browser', async () => {
    const { client } = await signedUpMember(app);
    const page = await client.get(PAGE);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/user/fees');
  });

  it('a plain post is stored once and goes on to the dashboard, which says so once', async () => {
    const { client, user } = await activatedMember(app);
    const { csrf, key } = hiddenFields((await client.get(PAGE)).body);
    const sent = await plainPost(client, { ...typed(), _csrf: csrf, _key: key });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/profile');
    expect(client.cookie(FORM_SENT_COOKIE)).toBe('script-printing');
    const word = [sent.headers['set-cookie']].flat().find((cookie) => cookie?.startsWith(`${FORM_SENT_COOKIE}=`));
    expect(word?.split('; ').sort()).toEqual(['HttpOnly', 'Max-Age=60', 'Path=/profile', 'SameSite=Lax', `${FORM_SENT_COOKIE}=script-printing`]);
    const [row, ...more] = await storedFor(user.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ form: 'script-printing', state: 'new' });
    expect(row?.data).toMatchObject({ quantity: 50, comments: 'Glossy & "thick" <paper>', phone: '+2348031234567' });

    const dashboard = await client.get('/profile');
    expect(dashboard.body).toContain(`<p class="form-sent-notice" role="status">${TAKEN}</p>`);
    expect(client.cookie(FORM_SENT_COOKIE)).toBeUndefined();
    expect((await client.get('/profile')).body).not.toContain('form-sent-notice');
  });

  it('the same post sent twice at once (a double tap) stores one form', async () => {
    const { client, user } = await activatedMember(app);
    const { csrf, key } = hiddenFields((await client.get(PAGE)).body);
    const fields = { ...typed(), _csrf: csrf, _key: key };
    const answers = await Promise.all([plainPost(client, fields), plainPost(client, fields)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303]);
    expect(await storedFor(user.id)).toHaveLength(1);
  });

  it('a refused post comes back drawn with what was typed and each message at its field, storing nothing', async () => {
    const { client, user } = await activatedMember(app);
    const { csrf, key } = hiddenFields((await client.get(PAGE)).body);
    const refused = await plainPost(client, { ...typed(), documentType: '', quantity: '0', _csrf: csrf, _key: key });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    // Escaped as the form drew it.
    expect(refused.body).toContain('Glossy &amp; &quot;thick&quot; &lt;paper&gt;</textarea>');
    const messages = [...refused.body.matchAll(/<p class="field__error" id="[^"]+" role="alert">([^<]+)<\/p>/g)].map((match) => match[1]);
    expect(messages).toHaveLength(2);
    expect(refused.body).toMatch(/<p class="form__error" role="alert">[^<]+<\/p>/);
    expect(await storedFor(user.id)).toHaveLength(0);
    // Sent again from the page it came back as (a new key), it is taken.
    const corrected = hiddenFields(refused.body);
    expect(corrected.key).not.toBe(key);
    expect((await plainPost(client, { ...typed(), _csrf: corrected.csrf, _key: corrected.key })).statusCode).toBe(303);
    expect(await storedFor(user.id)).toHaveLength(1);
  });

  it('without the session token, or with another session’s, the post is refused (403) and nothing is stored', async () => {
    const { client, user } = await activatedMember(app);
    const other = await activatedMember(app);
    const { key } = hiddenFields((await client.get(PAGE)).body);
    const othersToken = hiddenFields((await other.client.get(PAGE)).body).csrf;
    for (const token of [undefined, 'forged', othersToken]) {
      const refused = await plainPost(client, { ...typed(), ...(token && { _csrf: token }), _key: key });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('Missing or invalid security token. Reload the page and try again.');
      // What was typed is still there.
      expect(refused.body).toContain('Glossy &amp; &quot;thick&quot; &lt;paper&gt;</textarea>');
    }
    expect(await storedFor(user.id)).toHaveLength(0);
  });

  it('a post without its key is still taken once; an empty one is refused as having no token', async () => {
    const { client, user } = await activatedMember(app);
    const { csrf } = hiddenFields((await client.get(PAGE)).body);
    expect((await plainPost(client, { ...typed(), _csrf: csrf })).statusCode).toBe(303);
    expect(await storedFor(user.id)).toHaveLength(1);
    const empty = await plainPost(client, {});
    expect(empty.statusCode).toBe(403);
    expect(await storedFor(user.id)).toHaveLength(1);
  });

  it('the premiere form, drawn with every open showtime, takes a film and a time it has and refuses one it has not', async () => {
    const { client, user } = await activatedMember(app);
    await app.ctx.db.insert(premieres).values({ title: 'Plain Post Matinee', showtimes: ['5pm'] });
    const page = await client.get('/moviepremiereform');
    const showtime = /<select [^>]*name="showtime"[^>]*>(.*?)<\/select>/.exec(page.body);
    expect(showtime?.[0]).not.toContain('disabled');
    expect([...(showtime?.[1] ?? '').matchAll(/<option value="([^"]+)"/g)].map((option) => option[1])).toEqual(['5pm', '7pm', '9pm']);
    const booking = { name: 'Chioma Okafor', email: 'chioma@example.com', contact: '08031234567', movie: 'Plain Post Matinee', requests: 'Aisle seat' };
    const late = hiddenFields(page.body);
    const refused = await plainPost(client, { ...booking, showtime: '9pm', _csrf: late.csrf, _key: late.key }, '/moviepremiereform');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<p class="form__error" role="alert">Showtime is not offered for this movie</p>');
    const again = hiddenFields(refused.body);
    const taken = await plainPost(client, { ...booking, showtime: '5pm', _csrf: again.csrf, _key: again.key }, '/moviepremiereform');
    expect(taken.statusCode).toBe(303);
    const [row, ...more] = await storedFor(user.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ form: 'movie-premiere' });
    expect(row?.data).toMatchObject({ movie: 'Plain Post Matinee', showtime: '5pm' });
  });

  it('the API route itself takes no form-encoded body: only the page’s post does', async () => {
    const { client, user } = await activatedMember(app);
    const answer = await client.request({
      method: 'POST',
      url: FORM_DEFINITIONS['script-printing'].endpoint,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(typed()).toString(),
    });
    expect(answer.statusCode).toBe(415);
    expect(await storedFor(user.id)).toHaveLength(0);
  });
});
