import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInStaff, signedInStaffAs, signedUpMember, type TestClient } from '../test-support/test-app.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestClient;
beforeAll(async () => {
  portal = await createTestApp();
  admin = await signedInStaff(portal.app);
});
afterAll(() => portal.close());

const profileOf = async (client: TestClient) => (await client.get('/api/users/profile')).json().user;

describe('member level', () => {
  it('starts at 1; staff of every role set it; the member sees it and is notified; audited', async () => {
    const member = await signedUpMember(portal.app);
    expect((await profileOf(member.client)).level).toBe(1);
    const moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
    const response = await moderator.put(`/api/admin/members/${member.user.id}/level`, { json: { level: 4 } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await profileOf(member.client)).level).toBe(4);
    expect((await admin.get(`/api/admin/members/${member.user.id}`)).json().member.level).toBe(4);
    const notes = (await member.client.get('/api/notifications')).json().notifications;
    expect(notes[0].message).toBe('Your membership level is now 4.');
    const audit = (await admin.get(`/api/admin/audit?action=member.level`)).json();
    expect(audit.entries[0]).toMatchObject({ subjectId: member.user.id, details: { from: 1, to: 4 } });
  });

  it.each([0, 6, 2.5, '3', null])('refuses level %j with a message and keeps the old one', async (level) => {
    const member = await signedUpMember(portal.app);
    const response = await admin.put(`/api/admin/members/${member.user.id}/level`, { json: { level } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Level must be/);
    expect((await profileOf(member.client)).level).toBe(1);
  });

  it('answers 404 for an unknown member, a bad id, and a staff account; members cannot set their own', async () => {
    const finance = await signedInStaffAs(portal.app, 'finance');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', finance.id]) {
      const response = await admin.put(`/api/admin/members/${id}/level`, { json: { level: 2 } });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Member not found');
    }
    const member = await signedUpMember(portal.app);
    expect((await member.client.put(`/api/admin/members/${member.user.id}/level`, { json: { level: 5 } })).statusCode).toBe(403);
  });
});

describe('achievements', () => {
  it('are awarded by staff, shown on the member profile, and removed when mistaken; both audited', async () => {
    const member = await signedUpMember(portal.app);
    const awarded = await admin.post(`/api/admin/members/${member.user.id}/achievements`, {
      json: { title: 'Best newcomer 2026', description: 'Lead role in the December casting' },
    });
    expect(awarded.statusCode, awarded.body).toBe(201);
    const mistaken = (
      await admin.post(`/api/admin/members/${member.user.id}/achievements`, { json: { title: 'Wrong member', description: 'Meant for someone else' } })
    ).json().achievement;
    expect((await profileOf(member.client)).achievements.map((a: { title: string }) => a.title)).toEqual(['Best newcomer 2026', 'Wrong member']);

    const removed = await admin.delete(`/api/admin/members/${member.user.id}/achievements/${mistaken.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await profileOf(member.client)).achievements).toEqual([
      expect.objectContaining({ title: 'Best newcomer 2026', description: 'Lead role in the December casting' }),
    ]);
    const again = await admin.delete(`/api/admin/members/${member.user.id}/achievements/${mistaken.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/Achievement not found/);

    const actions = (await admin.get(`/api/admin/audit?subjectId=${member.user.id}`)).json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['member.achievement.award', 'member.achievement.remove']));
  });

  it('keeps both of two awards made at once', async () => {
    const member = await signedUpMember(portal.app);
    const moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
    const answers = await Promise.all([
      admin.post(`/api/admin/members/${member.user.id}/achievements`, { json: { title: 'First', description: 'One' } }),
      moderator.post(`/api/admin/members/${member.user.id}/achievements`, { json: { title: 'Second', description: 'Two' } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect((await profileOf(member.client)).achievements.map((a: { title: string }) => a.title).sort()).toEqual(['First', 'Second']);
  });

  it.each([
    [{ title: '', description: 'x' }, /Title is required/],
    [{ title: 'x' }, /Description is required/],
    [{ title: 'x'.repeat(121), description: 'x' }, /Title must be at most 120/],
  ])('refuses %j with a message and awards nothing', async (body, message) => {
    const member = await signedUpMember(portal.app);
    const response = await admin.post(`/api/admin/members/${member.user.id}/achievements`, { json: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect((await profileOf(member.client)).achievements).toEqual([]);
  });
});

describe('dashboard welcome text', () => {
  it('is written by an admin, audited, and read by every signed-in member', async () => {
    const member = await signedUpMember(portal.app);
    expect((await member.client.get('/api/users/welcome')).json()).toEqual({ text: null });
    const saved = await admin.put('/api/admin/settings/welcome', { json: { text: 'Casting is on the second Friday of the month.' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await member.client.get('/api/users/welcome')).json()).toEqual({ text: 'Casting is on the second Friday of the month.' });
    const audit = (await admin.get('/api/admin/audit?action=settings.welcome')).json();
    expect(audit.entries[0]).toMatchObject({ details: { from: null, to: 'Casting is on the second Friday of the month.' } });
  });

  it('is refused blank or too long, and to staff other than admins', async () => {
    for (const text of ['  ', 'x'.repeat(1001)]) {
      const response = await admin.put('/api/admin/settings/welcome', { json: { text } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Welcome text/);
    }
    const moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
    expect((await moderator.put('/api/admin/settings/welcome', { json: { text: 'Hello' } })).statusCode).toBe(403);
  });
});
