import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, idempotencyKeys, payments, submissions } from '../db/schema.js';
import { runHousekeeping } from '../housekeeping.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, PASSWORD, signedUpMember, TestClient } from '../test-support/test-app.js';
import { createPostgresTestApp, describeOnPostgres, holdRows } from '../test-support/on-postgres.js';
import { welfareFields } from '../test-support/sample-forms.js';

const mailbox = new TestMailbox();
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
let now = Date.now();
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({ RATE_LIMIT_FORMS: '1000' }, { mailTransport: mailbox.transport, clock: () => new Date(now) });
});
afterAll(() => portal.close());

let keys = 0;
const newKey = () => `key-${process.pid}-${++keys}-${Math.random().toString(36).slice(2)}`;

function sendWelfare(client: TestClient, key: string | undefined, body = welfareFields()) {
  return client.request({ method: 'POST', url: '/api/users/welfareform', headers: key ? { 'idempotency-key': key } : {} }, { json: body });
}

async function submissionsOf(userId: string) {
  return portal.app.ctx.db.select().from(submissions).where(eq(submissions.userId, userId));
}

const answerOf = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json() as unknown });

describe('a submission with an Idempotency-Key', () => {
  it('sent twice gets the first answer again and is stored once', async () => {
    const { client, user } = await activatedMember(portal.app);
    const key = newKey();
    const first = await sendWelfare(client, key);
    const retry = await sendWelfare(client, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(answerOf(retry)).toEqual(answerOf(first));
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await submissionsOf(user.id)).toHaveLength(1);
  });

  it('sent three times at once is stored once, and every request gets the first answer', async () => {
    const { client, user } = await activatedMember(portal.app);
    const key = newKey();
    const answers = await Promise.all([sendWelfare(client, key), sendWelfare(client, key), sendWelfare(client, key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await submissionsOf(user.id)).toHaveLength(1);
  });

  it('without a key behaves as before: each request is a submission', async () => {
    const { client, user } = await activatedMember(portal.app);
    await sendWelfare(client, undefined);
    await sendWelfare(client, undefined);
    expect(await submissionsOf(user.id)).toHaveLength(2);
  });

  it("is the member's own: another member with the same key gets a submission of their own", async () => {
    const first = await activatedMember(portal.app);
    const second = await activatedMember(portal.app);
    const key = newKey();
    const [a, b] = await Promise.all([sendWelfare(first.client, key), sendWelfare(second.client, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await submissionsOf(first.user.id)).toHaveLength(1);
    expect(await submissionsOf(second.user.id)).toHaveLength(1);
  });

  it('reused with a different body is refused with 422 and stores nothing', async () => {
    const { client, user } = await activatedMember(portal.app);
    const key = newKey();
    expect((await sendWelfare(client, key)).statusCode).toBe(201);
    const other = await sendWelfare(client, key, welfareFields({ benefits: 'housing' }));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: 'This Idempotency-Key was already used for a different request. Send a new key with a new submission.' });
    expect((await submissionsOf(user.id)).map((row) => (row.data as { benefits: string }).benefits)).toEqual(['healthcare']);
    // A body of the same length that says something else is another request too.
    expect((await sendWelfare(client, key, welfareFields({ name: 'Chioma Okafos' }))).statusCode).toBe(422);
  });

  it('is the member’s wherever they sign in: the same key from their other browser gets the first answer', async () => {
    const { client, user, fields } = await activatedMember(portal.app);
    const key = newKey();
    const first = await sendWelfare(client, key);
    expect(first.statusCode).toBe(201);
    const otherBrowser = new TestClient(portal.app);
    expect((await otherBrowser.post('/api/users/login', { json: { email: fields.email, password: PASSWORD } })).statusCode).toBe(200);
    const retry = await sendWelfare(otherBrowser, key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(answerOf(retry)).toEqual(answerOf(first));
    expect(await submissionsOf(user.id)).toHaveLength(1);
  });

  it('belongs to one path: the same key on another form is a new submission', async () => {
    const { client, user } = await activatedMember(portal.app);
    const key = newKey();
    expect((await sendWelfare(client, key)).statusCode).toBe(201);
    const script = await client.request(
      { method: 'POST', url: '/api/users/scriptprintingform', headers: { 'idempotency-key': key } },
      {
        json: {
          name: 'Chioma Okafor',
          email: 'chioma@example.com',
          phone: '08031234567',
          documentType: 'flyers',
          quantity: 5,
          paperSize: 'a4',
          color: 'full-color',
        },
      },
    );
    expect(script.statusCode, script.body).toBe(201);
    expect((await submissionsOf(user.id)).map((row) => row.form).sort()).toEqual(['script-printing', 'welfare']);
  });

  it('is refused with 400 when it is not 1 to 255 visible characters, storing nothing', async () => {
    const { client, user } = await activatedMember(portal.app);
    for (const key of ['x'.repeat(256), 'two words']) {
      const response = await sendWelfare(client, key);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The Idempotency-Key header must be 1 to 255 visible characters.' });
    }
    expect(await submissionsOf(user.id)).toHaveLength(0);
  });

  it('is let go when the request is refused, so the corrected retry is handled', async () => {
    const { client, user } = await activatedMember(portal.app);
    const key = newKey();
    const refused = await sendWelfare(client, key, welfareFields({ benefits: 'money for nothing' }));
    expect(refused.statusCode).toBe(400);
    expect(await portal.app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    expect((await sendWelfare(client, key)).statusCode).toBe(201);
    expect(await submissionsOf(user.id)).toHaveLength(1);
  });

  it('is taken over once the request holding it has not finished for 10 minutes (its process stopped): the retry is handled', async () => {
    const { client, user } = await activatedMember(portal.app);
    const key = newKey();
    expect((await sendWelfare(client, key)).statusCode).toBe(201);
    // As a request that took the key and never answered leaves it: held, with no answer, since 10 minutes.
    await portal.app.ctx.db
      .update(idempotencyKeys)
      .set({ status: null, body: null, createdAt: new Date(now - 10 * MINUTE) })
      .where(eq(idempotencyKeys.key, key));
    const retry = await sendWelfare(client, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await submissionsOf(user.id)).toHaveLength(2);
    expect((await sendWelfare(client, key)).headers['idempotent-replayed']).toBe('true');
  });

  it('keeps a 200 answer too (a profile update), and gives it again', async () => {
    const { client, fields } = await activatedMember(portal.app);
    const key = newKey();
    const update = () => {
      const form = new FormData();
      form.append('phone', fields.phone as string);
      form.append('title', 'Stage manager');
      return client.request({ method: 'PUT', url: '/api/users/profile', headers: { 'idempotency-key': key } }, { form });
    };
    const first = await update();
    expect(first.statusCode, first.body).toBe(200);
    const retry = await update();
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(answerOf(retry)).toEqual(answerOf(first));
  });

  it('is ignored on a route that keeps no answers: each request is handled, and no key is stored', async () => {
    const { client } = await activatedMember(portal.app);
    const key = newKey();
    const read = () => client.request({ method: 'POST', url: '/api/notifications/read', headers: { 'idempotency-key': key } }, { json: {} });
    expect((await read()).statusCode).toBe(200);
    const again = await read();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await portal.app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });

  it('is forgotten after 24 hours: the same key then makes a new submission, and the housekeeping removes the old answer', async () => {
    const { client, user } = await activatedMember(portal.app);
    const key = newKey();
    expect((await sendWelfare(client, key)).statusCode).toBe(201);
    now += 23 * HOUR;
    expect((await sendWelfare(client, key)).headers['idempotent-replayed']).toBe('true');
    // Exactly 24 hours after the first request: its answer is no longer given.
    now += HOUR;
    const later = await sendWelfare(client, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await submissionsOf(user.id)).toHaveLength(2);

    const otherKey = newKey();
    expect((await sendWelfare(client, otherKey)).statusCode).toBe(201);
    now += 25 * HOUR;
    await runHousekeeping(portal.app.ctx);
    const kept = await portal.app.ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(kept).toEqual([]);
  });
});

describe('an upload with an Idempotency-Key (multipart)', () => {
  const slip = (data: Buffer, userId: string) => {
    const form = new FormData();
    form.append('userId', userId);
    form.append('paymentSlip', new Blob([new Uint8Array(data)]), 'slip.png');
    return form;
  };
  const image = (background: string, size = 40) =>
    sharp({ create: { width: size, height: size, channels: 3, background } })
      .png()
      .toBuffer();

  async function verifiedMember() {
    const member = await signedUpMember(portal.app);
    await member.client.post('/api/users/verify-email', { json: { email: member.user.email } });
    const code = await mailbox.codeFor(member.user.email, /verification code/);
    expect((await member.client.post('/api/users/verify-code', { json: { email: member.user.email, code } })).statusCode).toBe(200);
    return member;
  }

  const upload = (client: TestClient, key: string, form: FormData) =>
    client.request({ method: 'POST', url: '/api/users/upload-slip', headers: { 'idempotency-key': key } }, { form });

  it('sent twice at once stores one payment and one file, and both get its id', async () => {
    const { client, user } = await verifiedMember();
    const data = await image('#eee');
    const key = newKey();
    const [a, b] = await Promise.all([upload(client, key, slip(data, user.id)), upload(client, key, slip(data, user.id))]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([201, 201]);
    expect(a.json().paymentId).toBe(b.json().paymentId);
    const [stored] = await portal.app.ctx.db.select({ n: count() }).from(payments).where(eq(payments.userId, user.id));
    expect(stored?.n).toBe(1);
  });

  it('reused with another file (another length) is refused with 422', async () => {
    const { client, user } = await verifiedMember();
    const key = newKey();
    expect((await upload(client, key, slip(await image('#eee'), user.id))).statusCode).toBe(201);
    const other = await upload(client, key, slip(await image('#123', 400), user.id));
    expect(other.statusCode).toBe(422);
    const [stored] = await portal.app.ctx.db.select({ n: count() }).from(payments).where(eq(payments.userId, user.id));
    expect(stored?.n).toBe(1);
  });
});

describe('an anonymous submission with an Idempotency-Key (contact)', () => {
  const message = (email: string) => ({
    firstName: 'Amaka',
    lastName: 'Eze',
    email,
    phone: '08020001111',
    feedback: 'support',
    message: 'When is the casting?',
  });
  const send = (client: TestClient, key: string, email: string) =>
    client.request({ method: 'POST', url: '/api/contact', headers: { 'idempotency-key': key } }, { json: message(email) });
  const messagesTo = async (email: string) => portal.app.ctx.db.select().from(contactMessages).where(eq(contactMessages.email, email));

  it('is kept per browser: a retry from the same browser is answered once, another browser with the key sends its own', async () => {
    const browser = new TestClient(portal.app);
    const otherBrowser = new TestClient(portal.app);
    await Promise.all([browser.get('/api/site'), otherBrowser.get('/api/site')]);
    const key = newKey();
    const [a, b] = await Promise.all([send(browser, key, 'visitor-a@example.com'), send(browser, key, 'visitor-a@example.com')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await messagesTo('visitor-a@example.com')).toHaveLength(1);

    const other = await send(otherBrowser, key, 'visitor-a@example.com');
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await messagesTo('visitor-a@example.com')).toHaveLength(2);
  });

  it('is kept per browser in production too, by its __Host- pre-session cookie', async () => {
    const production = await createTestApp(
      { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://portal.example.ng' },
      { mailTransport: new TestMailbox().transport },
    );
    try {
      const first = await production.app.inject({ method: 'GET', url: '/api/users/profile' });
      const cookies = first.cookies as { name: string; value: string }[];
      const jar = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const token = cookies.find((c) => c.name === '__Host-XSRF-TOKEN')!.value;
      const key = newKey();
      const send = () =>
        production.app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { cookie: jar, 'x-xsrf-token': token, 'idempotency-key': key },
          payload: message('visitor-prod@example.com'),
        });
      expect((await send()).statusCode).toBe(201);
      const retry = await send();
      expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([201, 'true']);
      expect(await production.app.ctx.db.select().from(contactMessages).where(eq(contactMessages.email, 'visitor-prod@example.com'))).toHaveLength(1);
    } finally {
      await production.close();
    }
  });
});

describe('a retry while the first request with its key is still being handled', () => {
  const WAIT_MS = 400;
  const lines: string[] = [];
  let quick: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    quick = await createTestApp(
      { RATE_LIMIT_FORMS: '1000', IDEMPOTENCY_WAIT_MS: String(WAIT_MS), LOG_LEVEL: 'warn' },
      { mailTransport: mailbox.transport, clock: () => new Date(now), logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(() => quick.close());

  const holdKey = (key: string, since: Date) =>
    quick.app.ctx.db.update(idempotencyKeys).set({ status: null, body: null, createdAt: since }).where(eq(idempotencyKeys.key, key));

  it('is answered 409 with Retry-After once the wait is over, and stores nothing', async () => {
    const { client, user } = await activatedMember(quick.app);
    const key = newKey();
    expect((await sendWelfare(client, key)).statusCode).toBe(201);
    // As a request still being handled leaves its key: held, with no answer, for just under the 10 minutes that make it abandoned.
    await holdKey(key, new Date(now - 10 * MINUTE + 1000));
    const started = Date.now();
    const retry = await sendWelfare(client, key);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS);
    expect(retry.statusCode).toBe(409);
    expect(retry.headers['retry-after']).toBe('2');
    expect(retry.json()).toEqual({ message: 'This submission is still being processed. Please wait a moment; it will not be stored twice.' });
    expect(await quick.app.ctx.db.select().from(submissions).where(eq(submissions.userId, user.id))).toHaveLength(1);
  });

  it('gets the first answer when the first request finishes during the wait', async () => {
    const { client } = await activatedMember(quick.app);
    const key = newKey();
    const first = await sendWelfare(client, key);
    const [kept] = await quick.app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    await holdKey(key, new Date(now));
    const retry = sendWelfare(client, key);
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS / 4));
    await quick.app.ctx.db.update(idempotencyKeys).set({ status: kept!.status, body: kept!.body }).where(eq(idempotencyKeys.key, key));
    const answer = await retry;
    expect(answer.headers['idempotent-replayed']).toBe('true');
    expect(answerOf(answer)).toEqual(answerOf(first));
  });

  it('is answered 409 when the first request could not keep its answer: the first still gets its answer, and the failure is logged', async () => {
    const { client, user } = await activatedMember(quick.app);
    const key = newKey();
    const { db } = quick.app.ctx;
    // The database refuses to keep any answer (as when it fails between the handler and the answer).
    await db.execute(sql`create function refuse_answers() returns trigger language plpgsql as $$ begin raise exception 'answers refused'; end $$`);
    await db.execute(
      sql`create trigger refuse_answers before update on idempotency_keys for each row when (new.status is not null) execute function refuse_answers()`,
    );
    lines.length = 0;
    let first: LightMyRequestResponse;
    try {
      first = await sendWelfare(client, key);
    } finally {
      await db.execute(sql`drop trigger refuse_answers on idempotency_keys`);
      await db.execute(sql`drop function refuse_answers()`);
    }
    expect(first.statusCode, first.body).toBe(201);
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } }).filter((entry) => entry.level === 40);
    expect(warnings.map((entry) => entry.msg)).toEqual(['the answer to an idempotent request could not be kept']);
    // With the database's error, which names the statement that failed.
    expect(warnings[0]?.err?.message).toContain('update "idempotency_keys"');
    // The key stays held without an answer until it counts as abandoned: a retry is not handled a second time.
    expect((await sendWelfare(client, key)).statusCode).toBe(409);
    expect(await quick.app.ctx.db.select().from(submissions).where(eq(submissions.userId, user.id))).toHaveLength(1);
  });
});

describeOnPostgres('an abandoned key retried four times at once', () => {
  let racing: Awaited<ReturnType<typeof createPostgresTestApp>>;
  beforeAll(async () => {
    racing = await createPostgresTestApp({ RATE_LIMIT_FORMS: '1000' });
  });
  afterAll(() => racing?.close());

  it('is taken over by one of the four that read it as abandoned: one submission, and all get its answer', async () => {
    const { client, user } = await activatedMember(racing.app);
    const { db } = racing.app.ctx;
    const key = newKey();
    expect((await sendWelfare(client, key)).statusCode).toBe(201);
    // As a request that took the key and never answered leaves it: held, with no answer, since 10 minutes.
    await db
      .update(idempotencyKeys)
      .set({ status: null, body: null, createdAt: new Date(Date.now() - 10 * MINUTE) })
      .where(eq(idempotencyKeys.key, key));
    // The key's row is held from a connection of its own while the four retries read it as
    // abandoned: each then waits to take it over, and only the first may.
    const held = await holdRows(db, sql`select 1 from idempotency_keys where key = ${key} for update`);
    const sent = Promise.all(Array.from({ length: 4 }, () => sendWelfare(client, key)));
    await held.queued(4);
    await held.release();
    const retries = await sent;
    expect(retries.map((retry) => retry.statusCode)).toEqual([201, 201, 201, 201]);
    expect(retries.filter((retry) => retry.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(retries.map((retry) => retry.body)).size).toBe(1);
    expect(await db.select().from(submissions).where(eq(submissions.userId, user.id))).toHaveLength(2);
  });
});
