import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createTestApp, PASSWORD, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';
import { appCode, enablingCode } from '../test-support/authenticator-app.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp();
});
afterAll(() => portal.close());

const MISSING = 'Enter your current password';

function profileForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

async function userRow(id: string) {
  const [row] = await portal.app.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('asking for the current password again', () => {
  it('before terminating an account: 400 without it, 403 when wrong, and the account stays', async () => {
    const { client, user } = await signedUpMember(portal.app);
    const missing = await client.delete('/api/users/terminate');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MISSING);
    const wrong = await client.delete('/api/users/terminate', { json: { currentPassword: 'not-my-password' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Your current password is not right.');
    expect((await client.get('/api/users/profile')).statusCode).toBe(200);
    expect(await userRow(user.id)).toBeTruthy();
    expect((await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } })).statusCode).toBe(200);
  });

  it('before changing the phone number (a sign-in identifier), not for the same number spelt another way', async () => {
    const { client, fields, user } = await signedUpMember(portal.app);
    const phone = String(fields.phone);
    const newPhone = `0805${phone.slice(4)}`;
    const missing = await client.put('/api/users/profile', { form: profileForm({ phone: newPhone, title: 'Actor' }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MISSING);
    const wrong = await client.put('/api/users/profile', { form: profileForm({ phone: newPhone, title: 'Actor', currentPassword: 'not-my-password' }) });
    expect(wrong.statusCode).toBe(403);
    expect((await userRow(user.id)).phone).toBe(user.phone);

    const sameNumber = await client.put('/api/users/profile', { form: profileForm({ phone: `+234${phone.slice(1)}`, title: 'Actor' }) });
    expect(sameNumber.statusCode, sameNumber.body).toBe(200);
    const changed = await client.put('/api/users/profile', { form: profileForm({ phone: newPhone, title: 'Actor', currentPassword: PASSWORD }) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await userRow(user.id)).phone).toBe(`+234${newPhone.slice(1)}`);
  });

  it('before turning two-factor sign-in on or off; off also needs a code from the app', async () => {
    const finance = await signedInStaffAs(portal.app, 'finance');
    const { secret } = (await finance.client.post('/api/admin/me/2fa/setup')).json();
    const missing = await finance.client.post('/api/admin/me/2fa/enable', { json: { code: await enablingCode(secret) } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MISSING);
    const wrong = await finance.client.post('/api/admin/me/2fa/enable', { json: { code: await enablingCode(secret), currentPassword: 'not-my-password' } });
    expect(wrong.statusCode).toBe(403);
    expect((await finance.client.get('/api/admin/me')).json().twoFactorEnabled).toBe(false);
    const on = await finance.client.post('/api/admin/me/2fa/enable', { json: { code: await enablingCode(secret), currentPassword: PASSWORD } });
    expect(on.statusCode, on.body).toBe(200);

    const offWithoutPassword = await finance.client.post('/api/admin/me/2fa/disable', { json: { code: await appCode(secret) } });
    expect(offWithoutPassword.statusCode).toBe(400);
    const offWithWrongCode = await finance.client.post('/api/admin/me/2fa/disable', { json: { code: '000000', currentPassword: PASSWORD } });
    expect(offWithWrongCode.statusCode).toBe(400);
    expect((await finance.client.get('/api/admin/me')).json().twoFactorEnabled).toBe(true);
    const off = await finance.client.post('/api/admin/me/2fa/disable', { json: { code: await appCode(secret), currentPassword: PASSWORD } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await finance.client.get('/api/admin/me')).json().twoFactorEnabled).toBe(false);
    const signIn = await new TestClient(portal.app).post('/api/users/login', { json: { email: finance.email, password: PASSWORD } });
    expect(signIn.json().user.role).toBe('finance');
  });

  it('off needs the password itself: a recovery code in its place and an app code turn nothing off', async () => {
    const finance = await signedInStaffAs(portal.app, 'finance');
    const { secret } = (await finance.client.post('/api/admin/me/2fa/setup')).json();
    const on = await finance.client.post('/api/admin/me/2fa/enable', { json: { code: await enablingCode(secret), currentPassword: PASSWORD } });
    const [recoveryCode] = on.json().recoveryCodes as string[];

    const twoCodes = await finance.client.post('/api/admin/me/2fa/disable', { json: { code: await appCode(secret), currentPassword: recoveryCode } });
    expect(twoCodes.statusCode).toBe(403);
    expect(twoCodes.json().message).toBe('Your current password is not right.');
    expect((await finance.client.get('/api/admin/me')).json().twoFactorEnabled).toBe(true);
    const off = await finance.client.post('/api/admin/me/2fa/disable', { json: { code: await appCode(secret, 1), currentPassword: PASSWORD } });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('before an admin invites, changes a role or disables; an admin with two-factor may give the app code instead', async () => {
    const admin = await signedInStaffAs(portal.app, 'admin');
    const moderator = await signedInStaffAs(portal.app, 'moderator');
    const invite = { email: 'reauth.invitee@example.com', name: 'Bola Ade', role: 'moderator' };
    const inviteMissing = await admin.client.post('/api/admin/staff', { json: invite });
    expect(inviteMissing.statusCode).toBe(400);
    expect(inviteMissing.json().message).toBe(MISSING);
    expect((await admin.client.post('/api/admin/staff', { json: { ...invite, currentPassword: 'not-my-password' } })).statusCode).toBe(403);
    expect(await portal.app.ctx.db.select().from(users).where(eq(users.email, invite.email))).toHaveLength(0);

    const roleMissing = await admin.client.patch(`/api/admin/staff/${moderator.id}`, { json: { role: 'finance' } });
    expect(roleMissing.statusCode).toBe(400);
    const disableWrong = await admin.client.patch(`/api/admin/staff/${moderator.id}`, { json: { disabled: true, currentPassword: 'not-my-password' } });
    expect(disableWrong.statusCode).toBe(403);
    expect(await userRow(moderator.id)).toMatchObject({ role: 'moderator', disabledAt: null });

    const { secret } = (await admin.client.post('/api/admin/me/2fa/setup')).json();
    await admin.client.post('/api/admin/me/2fa/enable', { json: { code: await enablingCode(secret), currentPassword: PASSWORD } });
    const wrongCode = await admin.client.patch(`/api/admin/staff/${moderator.id}`, { json: { role: 'finance', currentPassword: '000000' } });
    expect(wrongCode.statusCode).toBe(403);
    expect(wrongCode.json().message).toMatch(/neither your current password nor a code from your authenticator app/);
    const byCode = await admin.client.patch(`/api/admin/staff/${moderator.id}`, { json: { role: 'finance', currentPassword: await appCode(secret) } });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect((await admin.client.post('/api/admin/staff', { json: { ...invite, currentPassword: PASSWORD } })).statusCode).toBe(201);
  });
});
