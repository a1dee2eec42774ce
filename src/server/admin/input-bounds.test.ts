import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyEvents, users } from '../db/schema.js';
import { multipart } from '../test-support/files.js';
import { activatedMember, createTestApp, signedInStaff, type TestClient } from '../test-support/test-app.js';

/** Dates and page numbers the database or the date arithmetic cannot take are refused with a message, not a 500. */
let portal: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let staff: TestClient;

beforeAll(async () => {
  portal = await createTestApp();
  app = portal.app;
  staff = await signedInStaff(app);
});
afterAll(() => portal.close());

describe('dates outside the years 1900 to 2999', () => {
  it.each(['0000-01-01', '1899-12-31', '3000-01-01', '9999-12-31'])(
    'refuses a paid-until date of %s and leaves the membership as it was',
    async (paidUntil) => {
      const member = await activatedMember(app);
      const [before] = await app.ctx.db.select({ paidUntil: users.paidUntil }).from(users).where(eq(users.id, member.user.id));
      const response = await staff.post(`/api/admin/members/${member.user.id}/membership`, { json: { paidUntil, reason: 'Paid at the office' } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('Paid until must be a date between the years 1900 and 2999');
      const [after] = await app.ctx.db.select({ paidUntil: users.paidUntil }).from(users).where(eq(users.id, member.user.id));
      expect(after).toEqual(before);
    },
  );

  it('still exports payments from the first to the last day of the range', async () => {
    const response = await staff.get('/api/admin/payments.csv?from=1900-01-01&to=2999-12-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
  });

  it('refuses an event on day 0000-01-01, storing nothing', async () => {
    const fields = { kind: 'casting-day', title: 'Casting', day: '0000-01-01', time: '10:00', place: 'Ikeja', description: 'Bring photos.' };
    const response = await staff.post('/api/admin/events', { form: multipart(fields, {}) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe('Date must be a date between the years 1900 and 2999');
    expect(await app.ctx.db.select().from(companyEvents)).toHaveLength(0);
  });

  it('refuses a payments export from 0000-01-01 to 9999-12-31 before it starts streaming', async () => {
    const response = await staff.get('/api/admin/payments.csv?from=0000-01-01&to=9999-12-31');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/between the years 1900 and 2999/);
  });
});

describe('page numbers', () => {
  it.each(['/api/admin/messages', '/api/admin/members', '/api/admin/audit', '/api/admin/submissions'])(
    '%s refuses page 1e20 and page 100001 with a message',
    async (list) => {
      for (const page of ['1e20', '100001']) {
        const response = await staff.get(`${list}?page=${page}`);
        expect(response.statusCode, `${list}?page=${page}: ${response.body}`).toBe(400);
        expect(response.json().message).toBe('Page must be at most 100000');
      }
    },
  );

  it.each(['/api/admin/messages', '/api/admin/members', '/api/admin/audit', '/api/admin/submissions'])('%s opens page 100000 (empty)', async (list) => {
    const response = await staff.get(`${list}?page=100000`);
    expect(response.statusCode, response.body).toBe(200);
  });
});
