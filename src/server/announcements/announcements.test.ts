import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox, users } from '../db/schema.js';
import { activatedMember, createTestApp, signedInStaff, signedInStaffAs, signedUpMember, type TestClient } from '../test-support/test-app.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestClient;
/** Active with consent (level 2, movie), active without consent (music), lapsed with consent, never activated with consent. */
let members: Record<'active' | 'noConsent' | 'lapsed' | 'new', { id: string; email: string; client: TestClient }>;

beforeAll(async () => {
  portal = await createTestApp();
  admin = await signedInStaff(portal.app);
  const pick = async (m: Awaited<ReturnType<typeof signedUpMember>>) => ({ id: m.user.id, email: m.user.email, client: m.client });
  members = {
    active: await pick(await activatedMember(portal.app, { industry: 'movie' })),
    noConsent: await pick(await activatedMember(portal.app, { industry: 'music' })),
    lapsed: await pick(await activatedMember(portal.app, { industry: 'movie' })),
    new: await pick(await signedUpMember(portal.app, { industry: 'crew' })),
  };
  const db = portal.app.ctx.db;
  await db.update(users).set({ level: 2 }).where(eq(users.id, members.active.id));
  await db.update(users).set({ marketingConsentAt: null }).where(eq(users.id, members.noConsent.id));
  await db.update(users).set({ paidUntil: '2020-01-31' }).where(eq(users.id, members.lapsed.id));
});
afterAll(() => portal.close());

const announcement = (overrides: Record<string, unknown> = {}) => ({
  clientKey: randomUUID(),
  title: 'Casting day',
  body: 'Casting is on Friday at 10am.',
  promotional: false,
  audience: 'all',
  ...overrides,
});

/** Who got the announcement titled `title`: by notification and by outbox mail (each must agree). */
async function receivedBy(title: string): Promise<string[]> {
  const db = portal.app.ctx.db;
  const ids = Object.values(members).map((m) => m.id);
  const notes = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(eq(notifications.kind, 'announcement'), inArray(notifications.userId, ids), eq(notifications.message, `${title}: Casting is on Friday at 10am.`)),
    );
  const mails = await db
    .select({ to: outbox.to })
    .from(outbox)
    .where(eq(outbox.subject, `${title} — ${portal.app.ctx.config.company.name}`));
  const names = (list: string[]) =>
    Object.entries(members)
      .filter(([, m]) => list.includes(m.id) || list.includes(m.email))
      .map(([name]) => name)
      .sort();
  const byNote = names(notes.map((n) => n.userId));
  const byMail = names(mails.map((m) => m.to));
  expect(notes.length, 'one notification each').toBe(byNote.length);
  expect(mails.length, 'one mail each').toBe(byMail.length);
  expect(byMail).toEqual(byNote);
  return byNote;
}

async function send(body: Record<string, unknown>, client = admin) {
  const response = await client.post('/api/admin/announcements', { json: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('announcements to a group', () => {
  it('reach the group by notification and email, counted', async () => {
    const all = await send(announcement({ title: 'To all' }));
    expect(all.announcement.recipients).toBe(4);
    expect(all.message).toBe('Announcement sent to 4 members.');
    expect(await receivedBy('To all')).toEqual(['active', 'lapsed', 'new', 'noConsent']);

    expect((await send(announcement({ title: 'To active', audience: 'active' }))).announcement.recipients).toBe(2);
    expect(await receivedBy('To active')).toEqual(['active', 'noConsent']);

    await send(announcement({ title: 'To lapsed', audience: 'lapsed' }));
    expect(await receivedBy('To lapsed')).toEqual(['lapsed']);

    await send(announcement({ title: 'To level 2', audience: 'level', level: 2 }));
    expect(await receivedBy('To level 2')).toEqual(['active']);

    await send(announcement({ title: 'To music', audience: 'industry', industry: 'music' }));
    expect(await receivedBy('To music')).toEqual(['noConsent']);

    const notes = (await members.active.client.get('/api/notifications')).json().notifications;
    expect(notes.map((n: { message: string }) => n.message)).toContain('To all: Casting is on Friday at 10am.');
  });

  it('sends a promotional one only to members who consented to marketing', async () => {
    await send(announcement({ title: 'Offer to all', promotional: true }));
    expect(await receivedBy('Offer to all')).toEqual(['active', 'lapsed', 'new']);
    await send(announcement({ title: 'Offer to active', promotional: true, audience: 'active' }));
    expect(await receivedBy('Offer to active')).toEqual(['active']);
    const [mail] = await portal.app.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, members.active.email), eq(outbox.subject, `Offer to all — ${portal.app.ctx.config.company.name}`)));
    expect(mail?.text).toMatch(/agreed to marketing emails/);
  });

  it('sends the same form once when it is sent twice at once (a double click)', async () => {
    const body = announcement({ title: 'Double click' });
    const answers = await Promise.all([admin.post('/api/admin/announcements', { json: body }), admin.post('/api/admin/announcements', { json: body })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('This announcement has already been sent.');
    expect(await receivedBy('Double click')).toEqual(['active', 'lapsed', 'new', 'noConsent']);
    const listed = (await admin.get('/api/admin/announcements')).json().announcements.filter((a: { title: string }) => a.title === 'Double click');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ recipients: 4, audience: 'all', sentBy: 'staff@example.com' });
  });

  it.each([
    [{ clientKey: undefined }, /Reload the page/],
    [{ clientKey: 'abc' }, /Reload the page/],
    [{ title: ' ' }, /Title is required/],
    [{ body: '' }, /Message is required/],
    [{ promotional: 'yes' }, /promotional/],
    [{ audience: 'vip' }, /Audience must be one of/],
    [{ audience: 'level' }, /Choose a level/],
    [{ audience: 'level', level: 7 }, /Choose a level/],
    [{ audience: 'industry', industry: 'space' }, /Choose an industry/],
  ])('refuses %j with a message and sends nothing', async (overrides, message) => {
    const response = await admin.post('/api/admin/announcements', { json: announcement({ title: 'Refused', ...overrides }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await receivedBy('Refused')).toEqual([]);
  });

  it('is for admins and moderators; finance and members are refused', async () => {
    const moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
    await send(announcement({ title: 'From a moderator', audience: 'lapsed' }), moderator);
    const finance = (await signedInStaffAs(portal.app, 'finance')).client;
    expect((await finance.post('/api/admin/announcements', { json: announcement() })).statusCode).toBe(403);
    expect((await finance.get('/api/admin/announcements')).statusCode).toBe(403);
    expect((await members.active.client.post('/api/admin/announcements', { json: announcement() })).statusCode).toBe(403);
  });
});
