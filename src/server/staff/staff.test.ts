import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, users } from '../db/schema.js';
import { multipart, pngBytes } from '../test-support/files.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, onPostgresServer, PASSWORD, signedInStaff, signedInStaffAs, signedUpMember, STAFF, TestClient } from '../test-support/test-app.js';
import { appCode, enablingCode } from '../test-support/authenticator-app.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestClient;

beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
  admin = await signedInStaff(portal.app);
});
afterAll(() => portal.close());

const login = (client: TestClient, email: string, password = PASSWORD) => client.post('/api/users/login', { json: { email, password } });

/** Sets up and enables two-factor sign-in for a signed-in staff client; the enabling code is one step behind. */
async function enrol(client: TestClient, password = PASSWORD) {
  const setup = await client.post('/api/admin/me/2fa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrCode } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  const enabled = await client.post('/api/admin/me/2fa/enable', { json: { code: await enablingCode(secret), currentPassword: password } });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

describe('roles', () => {
  it('keeps finance out of adverts and moderators out of payments, with 403 and a message', async () => {
    const finance = (await signedInStaffAs(portal.app, 'finance')).client;
    const moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
    const refusedAds = await finance.get('/api/admin/ads');
    expect(refusedAds.statusCode).toBe(403);
    expect(refusedAds.json().message).toMatch(/role/);
    expect((await finance.get('/api/admin/payments')).statusCode).toBe(200);
    expect((await moderator.get('/api/admin/payments')).statusCode).toBe(403);
    expect((await moderator.get('/api/admin/ads')).statusCode).toBe(200);
    expect((await moderator.get('/api/admin/staff')).statusCode).toBe(403);
  });

  it('lands staff on the console: a staff account has no fee wizard and cannot end itself', async () => {
    const finance = (await signedInStaffAs(portal.app, 'finance')).client;
    expect((await finance.get('/api/users/membership')).statusCode).toBe(403);
    expect((await finance.delete('/api/users/terminate')).statusCode).toBe(403);
    expect((await finance.get('/api/users/profile')).json().user.role).toBe('finance');
  });
});

describe('staff management', () => {
  it('invites by email: the invitee sets a password with the emailed code and signs in', async () => {
    const invited = await admin.post('/api/admin/staff', {
      json: { email: 'Ngozi.Eze@example.com', name: 'Ngozi Eze', role: 'moderator', currentPassword: STAFF.password },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().staff).toMatchObject({ email: 'ngozi.eze@example.com', role: 'moderator', invited: true, twoFactorEnabled: false });

    const mail = await mailbox.waitFor((m) => m.to === 'ngozi.eze@example.com' && /invited/.test(m.subject));
    expect(mail.text).toMatch(/Moderator/);
    const code = await mailbox.codeFor('ngozi.eze@example.com', /invited/);
    // Nobody can sign in before the password is chosen.
    expect((await login(new TestClient(portal.app), 'ngozi.eze@example.com')).statusCode).toBe(401);

    const invitee = new TestClient(portal.app);
    const reset = await invitee.post('/api/users/password/reset', {
      json: { identifier: 'ngozi.eze@example.com', code, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await login(new TestClient(portal.app), 'ngozi.eze@example.com');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.role).toBe('moderator');

    const listed = (await admin.get('/api/admin/staff')).json().staff.find((s: { email: string }) => s.email === 'ngozi.eze@example.com');
    expect(listed).toMatchObject({ invited: false, disabled: false });
    expect(listed.lastSignInAt).toEqual(expect.any(String));
    const audit = (await admin.get(`/api/admin/audit?subjectId=${invited.json().staff.id}`)).json().entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(['password.reset', 'staff.invite']);
  });

  it('refuses an email already in use and bad input, storing nothing', async () => {
    const member = await signedUpMember(portal.app);
    const taken = await admin.post('/api/admin/staff', {
      json: { email: member.user.email, name: 'Someone', role: 'finance', currentPassword: STAFF.password },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/already exists/);
    const bad = await admin.post('/api/admin/staff', { json: { email: 'not-an-email', name: '', role: 'owner', currentPassword: STAFF.password } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    const [row] = await portal.app.ctx.db.select().from(users).where(eq(users.email, 'not-an-email'));
    expect(row).toBeUndefined();
  });

  it('changes a role, and ends a disabled staff member’s session at once', async () => {
    const moderator = await signedInStaffAs(portal.app, 'moderator');
    expect((await moderator.client.get('/api/admin/submissions')).statusCode).toBe(200);

    const promoted = await admin.patch(`/api/admin/staff/${moderator.id}`, { json: { role: 'finance', currentPassword: STAFF.password } });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().staff.role).toBe('finance');
    expect((await moderator.client.get('/api/admin/submissions')).statusCode).toBe(403);
    expect((await moderator.client.get('/api/admin/payments')).statusCode).toBe(200);

    expect((await admin.patch(`/api/admin/staff/${moderator.id}`, { json: { disabled: true, currentPassword: STAFF.password } })).statusCode).toBe(200);
    expect((await moderator.client.get('/api/admin/payments')).statusCode).toBe(401);
    expect((await moderator.client.get('/api/users/profile')).statusCode).toBe(401);
    const again = await login(new TestClient(portal.app), moderator.email);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/disabled/);

    expect((await admin.patch(`/api/admin/staff/${moderator.id}`, { json: { disabled: false, currentPassword: STAFF.password } })).statusCode).toBe(200);
    expect((await login(new TestClient(portal.app), moderator.email)).statusCode).toBe(200);
    const actions = (await admin.get(`/api/admin/audit?subjectId=${moderator.id}`)).json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['staff.enable', 'staff.disable', 'staff.role']);
  });

  it('never leaves the portal without an active admin', async () => {
    const [first] = await portal.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, STAFF.email));
    const demote = await admin.patch(`/api/admin/staff/${first!.id}`, { json: { role: 'finance', currentPassword: STAFF.password } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/last active admin/);
    const second = await signedInStaffAs(portal.app, 'admin');
    const disableFirst = await second.client.patch(`/api/admin/staff/${first!.id}`, { json: { disabled: true, currentPassword: PASSWORD } });
    expect(disableFirst.statusCode).toBe(200);
    expect((await second.client.patch(`/api/admin/staff/${second.id}`, { json: { role: 'moderator', currentPassword: PASSWORD } })).statusCode).toBe(409);
    expect((await second.client.patch(`/api/admin/staff/${first!.id}`, { json: { disabled: false, currentPassword: PASSWORD } })).statusCode).toBe(200);
    admin = await signedInStaff(portal.app);
    expect((await admin.patch(`/api/admin/staff/${second.id}`, { json: { role: 'moderator', currentPassword: STAFF.password } })).statusCode).toBe(200);
  });

  it('refuses a member or an unknown id as a staff member with 404', async () => {
    const member = await signedUpMember(portal.app);
    expect((await admin.patch(`/api/admin/staff/${member.user.id}`, { json: { role: 'admin', currentPassword: STAFF.password } })).statusCode).toBe(404);
    expect((await admin.patch('/api/admin/staff/not-a-uuid', { json: { role: 'admin', currentPassword: STAFF.password } })).statusCode).toBe(404);
  });

  it.skipIf(!onPostgresServer)('lets only one of two admins demoting each other at once win: an admin is left', async () => {
    const a = await signedInStaffAs(portal.app, 'admin');
    const b = await signedInStaffAs(portal.app, 'admin');
    // The first admin goes, so that a and b are the only active admins.
    const [first] = await portal.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, STAFF.email));
    expect((await a.client.patch(`/api/admin/staff/${first!.id}`, { json: { role: 'finance', currentPassword: PASSWORD } })).statusCode).toBe(200);

    const answers = await Promise.all([
      a.client.patch(`/api/admin/staff/${b.id}`, { json: { role: 'moderator', currentPassword: PASSWORD } }),
      b.client.patch(`/api/admin/staff/${a.id}`, { json: { role: 'moderator', currentPassword: PASSWORD } }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const admins = await portal.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    const winner = answers[0]!.statusCode === 200 ? a : b;
    expect((await winner.client.patch(`/api/admin/staff/${first!.id}`, { json: { role: 'admin', currentPassword: PASSWORD } })).statusCode).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  it('asks for the app code after the password, without a session, and signs in with it', async () => {
    const finance = await signedInStaffAs(portal.app, 'finance');
    const { secret } = await enrol(finance.client);
    expect((await finance.client.get('/api/admin/me')).json()).toMatchObject({ role: 'finance', twoFactorEnabled: true });

    const browser = new TestClient(portal.app);
    const first = await login(browser, finance.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    expect(first.json().user).toBeUndefined();
    expect(browser.cookie('sid')).toBeUndefined();
    expect((await browser.get('/api/users/profile')).statusCode).toBe(401);

    const wrong = await browser.post('/api/users/login/2fa', { json: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/4 tries left/);
    const code = await appCode(secret);
    const right = await browser.post('/api/users/login/2fa', { json: { code } });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user.role).toBe('finance');
    expect((await browser.get('/api/admin/payments')).statusCode).toBe(200);

    // The same code does not sign in twice (the very code, not the app's next one if a 30-second step has passed).
    const replay = new TestClient(portal.app);
    await login(replay, finance.email);
    expect((await replay.post('/api/users/login/2fa', { json: { code } })).statusCode).toBe(400);
  });

  it('takes each recovery code once, and the audit trail says so', async () => {
    const moderator = await signedInStaffAs(portal.app, 'moderator');
    const { recoveryCodes } = await enrol(moderator.client);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const signIn = async (code: string) => {
      const browser = new TestClient(portal.app);
      await login(browser, moderator.email);
      return browser.post('/api/users/login/2fa', { json: { code } });
    };
    expect((await signIn(recoveryCodes[0]!.toUpperCase())).statusCode).toBe(200);
    expect((await signIn(recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await signIn(recoveryCodes[1]!)).statusCode).toBe(200);
    const actions = (await admin.get(`/api/admin/audit?subjectId=${moderator.id}`)).json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['2fa.recovery-code-used', '2fa.recovery-code-used', '2fa.enable']);
  });

  it('ends the attempt after five wrong codes: even the right one then needs the password again', async () => {
    const finance = await signedInStaffAs(portal.app, 'finance');
    const { secret } = await enrol(finance.client);
    const browser = new TestClient(portal.app);
    await login(browser, finance.email);
    for (let i = 0; i < 5; i += 1) expect((await browser.post('/api/users/login/2fa', { json: { code: '111111' } })).statusCode).toBe(400);
    const late = await browser.post('/api/users/login/2fa', { json: { code: await appCode(secret) } });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/Sign in again/);
    expect((await browser.post('/api/users/login/2fa', { json: { code: '123456' } })).statusCode).toBe(401);
    expect(await portal.app.ctx.db.select().from(loginChallenges).where(eq(loginChallenges.userId, finance.id))).toHaveLength(1);
  });

  it('asks for the second factor after a password reset, before any session, and ends the sign-ins waiting for it', async () => {
    const finance = await signedInStaffAs(portal.app, 'finance');
    const { secret } = await enrol(finance.client);
    const waiting = new TestClient(portal.app);
    expect((await login(waiting, finance.email)).json()).toMatchObject({ twoFactorRequired: true });

    expect((await new TestClient(portal.app).post('/api/users/password/forgot', { json: { identifier: finance.email } })).statusCode).toBe(200);
    const resetCode = await mailbox.codeFor(finance.email, /password reset code/);
    const browser = new TestClient(portal.app);
    const reset = await browser.post('/api/users/password/reset', {
      json: { identifier: finance.email, code: resetCode, password: 'reset-but-not-in-9', confirmPassword: 'reset-but-not-in-9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ twoFactorRequired: true, message: /password was changed\. Enter the 6-digit code/ });
    expect(reset.json().user).toBeUndefined();
    expect(browser.cookie('sid')).toBeUndefined();
    expect((await browser.get('/api/admin/payments')).statusCode).toBe(401);
    expect((await finance.client.get('/api/admin/me')).statusCode).toBe(401);

    // The sign-in that was waiting before the reset is over, right code or not.
    const stale = await waiting.post('/api/users/login/2fa', { json: { code: await appCode(secret) } });
    expect(stale.statusCode).toBe(401);
    const right = await browser.post('/api/users/login/2fa', { json: { code: await appCode(secret) } });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user.role).toBe('finance');
    expect((await browser.get('/api/admin/payments')).statusCode).toBe(200);
  });

  it('ends the sign-ins waiting for the second factor when the password is changed', async () => {
    const finance = await signedInStaffAs(portal.app, 'finance');
    const { secret } = await enrol(finance.client);
    await portal.app.ctx.db.update(users).set({ phone: '+2348031234599' }).where(eq(users.id, finance.id));
    const waiting = new TestClient(portal.app);
    await login(waiting, finance.email);
    const form = new FormData();
    for (const [key, value] of Object.entries({ phone: '08031234599', title: 'Accounts', password: 'changed-pass-12', currentPassword: PASSWORD }))
      form.append(key, value);
    const changed = await finance.client.put('/api/users/profile', { form });
    expect(changed.statusCode, changed.body).toBe(200);
    const stale = await waiting.post('/api/users/login/2fa', { json: { code: await appCode(secret) } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/Sign in again/);
  });

  it('refuses a wrong enabling code and a second setup once on', async () => {
    const finance = await signedInStaffAs(portal.app, 'finance');
    await finance.client.post('/api/admin/me/2fa/setup');
    const wrong = await finance.client.post('/api/admin/me/2fa/enable', { json: { code: '000000', currentPassword: PASSWORD } });
    expect(wrong.statusCode).toBe(400);
    expect((await finance.client.get('/api/admin/me')).json().twoFactorEnabled).toBe(false);
    await enrol(finance.client);
    expect((await finance.client.post('/api/admin/me/2fa/setup')).statusCode).toBe(409);
  });

  it('sends staff without it to enrol once an admin makes it required', async () => {
    const moderator = await signedInStaffAs(portal.app, 'moderator');
    const finance = (await signedInStaffAs(portal.app, 'finance')).client;
    expect((await finance.put('/api/admin/settings', { json: { twoFactorRequired: true } })).statusCode).toBe(403);
    // The admin enrols first, or the setting would lock them out of the console too.
    await enrol(admin, STAFF.password);
    const saved = await admin.put('/api/admin/settings', { json: { twoFactorRequired: true } });
    expect(saved.statusCode).toBe(200);

    const refused = await moderator.client.get('/api/admin/ads');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Set it up/);
    expect((await moderator.client.get('/api/admin/me')).json()).toMatchObject({ twoFactorRequired: true, twoFactorEnabled: false });
    await enrol(moderator.client);
    expect((await moderator.client.get('/api/admin/ads')).statusCode).toBe(200);

    expect((await admin.put('/api/admin/settings', { json: { twoFactorRequired: false } })).statusCode).toBe(200);
    expect((await admin.get('/api/admin/settings')).json()).toEqual({ twoFactorRequired: false });
  });
});

describe('audit trail', () => {
  it('filters by staff member, action and date, a page at a time', async () => {
    const filters = (await admin.get('/api/admin/audit/filters')).json();
    expect(filters.actions).toEqual(
      expect.arrayContaining([
        { action: 'staff.invite', label: 'Staff invited' },
        { action: 'staff.role', label: 'Staff role changed' },
        { action: '2fa.enable', label: 'Two-factor sign-in turned on' },
      ]),
    );
    const adminActor = filters.actors.find((a: { email: string }) => a.email === STAFF.email);
    expect(adminActor).toBeDefined();

    const byActor = (await admin.get(`/api/admin/audit?actorId=${adminActor.id}&action=staff.role`)).json();
    expect(byActor.entries.length).toBeGreaterThan(0);
    expect(byActor.entries.every((e: { actorEmail: string; action: string }) => e.actorEmail === STAFF.email && e.action === 'staff.role')).toBe(true);
    expect(byActor).toMatchObject({ page: 1, pages: 1, total: byActor.entries.length });

    expect((await admin.get('/api/admin/audit?to=2000-01-01')).json()).toMatchObject({ entries: [], total: 0 });
    expect((await admin.get('/api/admin/audit?from=2999-01-01')).json().total).toBe(0);
    const bad = await admin.get('/api/admin/audit?from=yesterday&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });

  it('records every staff view of a member’s private file', async () => {
    const member = await signedUpMember(portal.app);
    const photo = await member.client.put('/api/users/profile', {
      form: multipart({ phone: String(member.fields.phone), title: 'Model' }, { profilePic: { data: await pngBytes(), name: 'me.png' } }),
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const url = photo.json().user.profilePic as string;
    const fileId = url.split('/').pop()!;
    expect((await member.client.get(url)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/audit?subjectType=file&subjectId=${fileId}`)).json().total).toBe(0);
    expect((await admin.get(url)).statusCode).toBe(200);
    const [entry] = (await admin.get(`/api/admin/audit?subjectType=file&subjectId=${fileId}`)).json().entries;
    expect(entry).toMatchObject({ action: 'file.view', actorEmail: STAFF.email, details: { userId: member.user.id } });
    expect(entry.sentence).toBe(`Administrator (admin) opened the profile picture of ${member.fields.name}.`);
  });

  it('reads as sentences: who did what to whom, by name, role and member number, not ids', async () => {
    const moderator = await signedInStaffAs(portal.app, 'moderator');
    const [named] = await portal.app.ctx.db.select({ name: users.fullName }).from(users).where(eq(users.id, moderator.id));
    expect((await admin.patch(`/api/admin/staff/${moderator.id}`, { json: { role: 'finance', currentPassword: STAFF.password } })).statusCode).toBe(200);
    const invited = await admin.post('/api/admin/staff', {
      json: { name: 'Bisi Ade', email: 'bisi.sentences@example.com', role: 'moderator', currentPassword: STAFF.password },
    });
    expect(invited.statusCode).toBe(201);
    const sentences = (await admin.get('/api/admin/audit')).json().entries.map((e: { sentence: string }) => e.sentence) as string[];
    expect(sentences).toContain('Administrator (admin) invited bisi.sentences@example.com as moderator.');
    expect(sentences).toContain(`Administrator (admin) changed the role of ${named!.name} (finance) from moderator to finance.`);
    for (const sentence of sentences) {
      expect(sentence, 'no ids').not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(sentence, 'no JSON').not.toMatch(/[{}]/);
    }
  });
});
