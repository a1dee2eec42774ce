import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { activatedMember, createTestApp, signedInStaff, signedUpMember, PASSWORD, STAFF, TestClient } from '../test-support/test-app.js';
import { loggableUrl, maskedEmail } from './log-privacy.js';

const lines: string[] = [];
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => portal.close());

describe('what the logs say', () => {
  it('logs a staff search without its query, and other calls as they are', async () => {
    const { fields } = await signedUpMember(portal.app);
    const staff = await signedInStaff(portal.app);
    const phone = String(fields.phone);
    expect((await staff.get(`/api/admin/members?q=${encodeURIComponent(phone)}`)).statusCode).toBe(200);
    expect((await staff.get(`/api/admin/members?q=${encodeURIComponent(String(fields.email))}`)).statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/admin/members?[redacted]');
    expect(log).not.toContain(phone);
    expect(log).not.toContain(String(fields.email));
    expect(log).toContain('"url":"/api/users/profile"');
  });

  it('never logs a card’s check code, on the page, its API or its photo', async () => {
    const { client, user } = await activatedMember(portal.app);
    await portal.app.ctx.db
      .update(users)
      .set({ memberNumber: sql`nextval('member_number_seq')` })
      .where(eq(users.id, user.id));
    const { card } = (await client.get('/api/users/card')).json() as { card: { verifyUrl: string } };
    const { pathname, searchParams } = new URL(card.verifyUrl);
    const code = searchParams.get('code')!;
    expect(code.length).toBeGreaterThan(8);
    expect((await portal.app.inject({ method: 'GET', url: `/api${pathname}?code=${code}` })).statusCode).toBe(200);
    await portal.app.inject({ method: 'GET', url: `/api${pathname}/photo?code=${code}&size=2` });
    await portal.app.inject({ method: 'GET', url: `${pathname}?code=${code}` });
    const log = lines.join('');
    expect(log).not.toContain(code);
    expect(log).toContain(`"url":"/api${pathname}?code=[redacted]"`);
    expect(log).toContain(`"url":"/api${pathname}/photo?code=[redacted]&size=2"`);
    expect(log).toContain(`"url":"${pathname}?code=[redacted]"`);
  });

  it('logs no header: not the session cookie, the CSRF token or the cookies an answer sets', async () => {
    const { client, fields } = await activatedMember(portal.app);
    const secrets = ['sid', 'XSRF-TOKEN', 'presession'].map((name) => client.cookie(name));
    expect((await client.post('/api/users/logout')).statusCode).toBeLessThan(300);
    const signIn = new TestClient(portal.app);
    expect((await signIn.post('/api/users/login', { json: { email: fields.email, password: PASSWORD } })).statusCode).toBe(200);
    secrets.push(signIn.cookie('sid'), signIn.cookie('XSRF-TOKEN'));
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length > 8)).toBe(true);
    const log = lines.join('');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/cookie|x-xsrf-token/i);
    expect(log).toContain('"url":"/api/users/logout"');
  });

  it('shows the staff account it made at start with a masked address', () => {
    const log = lines.join('');
    expect(log).not.toContain(STAFF.email);
    expect(loggableUrl('/api/talent?category=model')).toBe('/api/talent?category=model');
    expect(maskedEmail('chioma.okafor@example.com')).toBe('c***@example.com');
    expect(maskedEmail('not-an-address')).toBe('[redacted]');
  });
});
