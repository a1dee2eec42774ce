import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createTestApp, signedUpMember, TestClient } from '../test-support/test-app.js';

const STAFF = { email: 'staff@example.com', password: 'staff-password-1' };

let portal: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let staff: TestClient;
let funke: Awaited<ReturnType<typeof signedUpMember>>;
let tunde: Awaited<ReturnType<typeof signedUpMember>>;

beforeAll(async () => {
  portal = await createTestApp({ ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password });
  app = portal.app;
  staff = new TestClient(app);
  const login = await staff.post('/api/users/login', { json: { email: STAFF.email, password: STAFF.password } });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`);
  funke = await signedUpMember(app, { name: 'Funke Akindele', email: 'funke.a@example.com', phone: '08027778888' });
  tunde = await signedUpMember(app, { name: 'Tunde Kelani', email: 'tunde.k@example.com', phone: '07061234999' });
  await app.ctx.db.update(users).set({ activated: true, paidUntil: '2099-12-31' }).where(eq(users.id, funke.user.id));
  const welfare = { name: 'Funke', dob: '1977-08-24', address: 'Ikorodu', phone: '08027778888', email: 'funke.a@example.com', benefits: 'housing-support' };
  expect((await funke.client.post('/api/users/welfareform', { json: welfare })).statusCode).toBe(201);
});
afterAll(() => portal.close());

type Summary = { id: string; fullName: string; email: string; phone: string; status: boolean; role: string };

async function search(q: string) {
  const response = await staff.get(`/api/admin/members?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { members: Summary[]; total: number; page: number; pageSize: number };
}

describe('member search', () => {
  it('lists every member newest first without a query, and no staff account', async () => {
    const body = await search('');
    expect(body.members.map((m) => m.email)).toEqual(['tunde.k@example.com', 'funke.a@example.com']);
    expect(body.total).toBe(2);
    expect((await search('staff')).members).toEqual([]);
    expect((await search(STAFF.email)).total).toBe(0);
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
  });

  it.each([
    ['part of the name', 'akinde'],
    ['the name in capitals', 'FUNKE AKINDELE'],
    ['the email', 'funke.a@example.com'],
    ['the local phone', '08027778888'],
    ['the local phone with spaces', '0802 777 8888'],
    ['the +234 phone', '+234 802 777 8888'],
    ['234 without the plus', '2348027778888'],
    ['the end of the phone', '7778888'],
  ])('finds a member by %s', async (_label, q) => {
    const body = await search(q);
    expect(body.members.map((m) => m.id)).toEqual([funke.user.id]);
    expect(body.members[0]).toMatchObject({ fullName: 'Funke Akindele', phone: '+2348027778888', status: true, role: 'member' });
  });

  it('treats % and _ literally and finds nobody for a stranger', async () => {
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
    expect((await search('Genevieve')).members).toEqual([]);
  });
});

describe('member detail', () => {
  it('shows the profile, the status and the submissions', async () => {
    const response = await staff.get(`/api/admin/members/${funke.user.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.member).toMatchObject({ id: funke.user.id, fullName: 'Funke Akindele', email: 'funke.a@example.com', status: true });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon/);
    expect(body.submissions).toHaveLength(1);
    expect(body.submissions[0]).toMatchObject({ form: 'welfare', formLabel: 'Welfare Form', state: 'new' });
    const other = (await staff.get(`/api/admin/members/${tunde.user.id}`)).json();
    expect(other.member.status).toBe(false);
    expect(other.submissions).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await staff.get('/api/admin/members/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await staff.get('/api/admin/members/nobody')).statusCode).toBe(404);
  });

  it('leaves staff accounts out: not found by search, 404 for a staff id', async () => {
    expect((await search('staff@example.com')).members).toEqual([]);
    const [admin] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, STAFF.email));
    const view = await staff.get(`/api/admin/members/${admin!.id}`);
    expect(view.statusCode).toBe(404);
    expect(view.json().message).toBe('Member not found');
  });
});

describe('who may look members up', () => {
  it.each(['/api/admin/members', '/api/admin/members?q=funke', '/api/admin/members/00000000-0000-4000-8000-000000000000'])(
    '%s: 403 for a member, 401 for a visitor',
    async (url) => {
      const asMember = await funke.client.get(url);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json().message).toBe('Staff only.');
      expect((await new TestClient(app).get(url)).statusCode).toBe(401);
    },
  );
});
