import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema.js';
import { createTestApp, signedInStaff, signedUpMember, TestClient } from '../test-support/test-app.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let staff: TestClient;
let ngozi: Awaited<ReturnType<typeof signedUpMember>>;

beforeAll(async () => {
  portal = await createTestApp();
  app = portal.app;
  staff = await signedInStaff(app);
  ngozi = await signedUpMember(app, { name: 'Ngozi Adeyemi', phone: '08051112222', email: 'ngozi.adeyemi@example.com' });
  await app.ctx.db.update(users).set({ activated: true, paidUntil: '2099-12-31' }).where(eq(users.id, ngozi.user.id));
});
afterAll(() => portal.close());

describe('premieres', () => {
  // First in the file: the other tests add films of their own.
  it('offers 75 distinct films on a fresh install, as the original form did (76 entries, one twice)', async () => {
    const titles = ((await new TestClient(app).get('/api/premieres')).json() as { title: string }[]).map((p) => p.title);
    expect(new Set(titles).size).toBe(75);
    expect(titles).toEqual(expect.arrayContaining(['Ije: The Journey', 'Kasala!']));
  });

  it('lets staff add a film, which members can then book, and retire it', async () => {
    const created = await staff.post('/api/admin/premieres', { json: { title: 'The Staff Test Premiere', showtimes: ['9pm'] } });
    expect(created.statusCode).toBe(201);
    const { premiere } = created.json();
    expect(premiere).toMatchObject({ title: 'The Staff Test Premiere', showtimes: ['9pm'], open: true });
    const publicList = (await new TestClient(app).get('/api/premieres')).json() as { title: string }[];
    expect(publicList.map((p) => p.title)).toContain('The Staff Test Premiere');
    const booking = { name: 'Ngozi', email: 'ngozi@example.com', contact: '08051112222', movie: 'The Staff Test Premiere', showtime: '9pm' };
    expect((await ngozi.client.post('/api/users/moviepremiereform', { json: booking })).statusCode).toBe(201);

    const retired = await staff.patch(`/api/admin/premieres/${premiere.id}`, { json: { open: false } });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().premiere.open).toBe(false);
    const after = (await new TestClient(app).get('/api/premieres')).json() as { title: string }[];
    expect(after.map((p) => p.title)).not.toContain('The Staff Test Premiere');
    expect((await ngozi.client.post('/api/users/moviepremiereform', { json: booking })).statusCode).toBe(400);
    const all = (await staff.get('/api/admin/premieres')).json().premieres as { title: string; open: boolean }[];
    expect(all.find((p) => p.title === 'The Staff Test Premiere')?.open).toBe(false);
    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, premiere.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['premiere.created', 'premiere.retired']);
  });

  it('defaults to the three showtimes and refuses duplicates and bad input', async () => {
    const created = await staff.post('/api/admin/premieres', { json: { title: 'Another Staff Film' } });
    expect(created.json().premiere.showtimes).toEqual(['5pm', '7pm', '9pm']);
    const duplicate = await staff.post('/api/admin/premieres', { json: { title: 'King of Boys' } });
    expect(duplicate.statusCode).toBe(409);
    const noTitle = await staff.post('/api/admin/premieres', { json: { showtimes: ['5pm'] } });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Title is required');
    const badTime = await staff.post('/api/admin/premieres', { json: { title: 'X', showtimes: ['noon'] } });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toBe('Showtime must be one of the listed options');
    expect((await staff.patch('/api/admin/premieres/00000000-0000-4000-8000-000000000000', { json: { open: false } })).statusCode).toBe(404);
  });

  it.each([
    ['GET', '/api/admin/premieres'],
    ['POST', '/api/admin/premieres', { title: 'Sneaky' }],
    ['PATCH', '/api/admin/premieres/00000000-0000-4000-8000-000000000000', { open: false }],
  ] as [string, string, unknown?][])('%s %s: 403 for a member, 401 for a visitor', async (method, url, json) => {
    const asMember = await ngozi.client.request({ method: method as 'GET', url }, json ? { json } : {});
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe('Staff only.');
    const anonymous = await new TestClient(app).request({ method: method as 'GET', url }, json ? { json } : {});
    expect(anonymous.statusCode).toBe(401);
  });
});
