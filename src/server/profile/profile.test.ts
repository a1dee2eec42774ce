import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, contactMessages, files, payments, sessions, users } from '../db/schema.js';
import { corruptPng } from '../test-support/files.js';
import { welfareFields } from '../test-support/sample-forms.js';
import { activatedMember, createTestApp, onPostgresServer, PASSWORD, signedUpMember, TestClient } from '../test-support/test-app.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp();
});
afterAll(() => portal.close());

async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: '#c0392b' } })
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' } })
    .jpeg()
    .toBuffer();
}

function profileForm(fields: Record<string, string>, picture?: { data: Buffer; name: string; type: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (picture) form.append('profilePic', new Blob([new Uint8Array(picture.data)], { type: picture.type }), picture.name);
  return form;
}

describe('PUT /api/users/profile', () => {
  it('updates the basic profile', async () => {
    const { client } = await signedUpMember(portal.app);
    const response = await client.put('/api/users/profile', {
      form: profileForm({
        fullName: 'Chioma A. Okafor',
        phone: '+2348091112233',
        currentPassword: PASSWORD,
        title: 'Lead actress',
        bio: 'Stage and screen.',
        address: '3 Allen Avenue, Ikeja',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully',
      user: { fullName: 'Chioma A. Okafor', phone: '+2348091112233', title: 'Lead actress', bio: 'Stage and screen.', address: '3 Allen Avenue, Ikeja' },
    });
    expect((await client.get('/api/users/profile')).json().user.title).toBe('Lead actress');
  });

  it('stores the picture without its EXIF data and serves it only to its owner and staff', async () => {
    const { client } = await signedUpMember(portal.app);
    const response = await client.put('/api/users/profile', {
      form: profileForm(
        { phone: '08031230000', title: 'Model', currentPassword: PASSWORD },
        { data: await photoWithGps(), name: 'me.jpg', type: 'image/jpeg' },
      ),
    });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().user.profilePic;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const own = await client.get(url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);

    const other = await signedUpMember(portal.app);
    expect((await other.client.get(url)).statusCode).toBe(404);
    expect((await new TestClient(portal.app).get(url)).statusCode).toBe(404);
  });

  it('refuses a file that only claims to be an image', async () => {
    const { client } = await signedUpMember(portal.app);
    const response = await client.put('/api/users/profile', {
      form: profileForm(
        { phone: '08031230001', title: 'Model', currentPassword: PASSWORD },
        { data: Buffer.from('not an image at all'), name: 'fake.png', type: 'image/png' },
      ),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/Profile picture must be a JPEG, PNG or WebP/);
  });

  it('refuses a picture that starts like a PNG but does not decode, and keeps the old one', async () => {
    const { client, user } = await signedUpMember(portal.app);
    const response = await client.put('/api/users/profile', {
      form: profileForm(
        { phone: '08031230003', title: 'Model', currentPassword: PASSWORD },
        { data: await corruptPng(), name: 'broken.png', type: 'image/png' },
      ),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Profile picture could not be read as an image');
    const [row] = await portal.app.ctx.db.select({ pic: users.profilePicFileId }).from(users).where(eq(users.id, user.id));
    expect(row?.pic).toBeNull();
  });

  it('refuses a picture over 5 MB', async () => {
    const { client } = await signedUpMember(portal.app);
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    const response = await client.put('/api/users/profile', {
      form: profileForm({ phone: '08031230002', title: 'Model', currentPassword: PASSWORD }, { data: big, name: 'big.png', type: 'image/png' }),
    });
    expect(response.statusCode).toBe(413);
  });

  it.each([
    [{ title: 'Model' }, 'Phone is required'],
    [{ phone: '08031230003' }, 'Title is required'],
    [{ phone: 'abc', title: 'Model' }, 'Phone must be a valid phone number'],
    [{ phone: '08031230003', title: 'Model', email: 'nope' }, 'Email must be a valid email address'],
    [{ phone: '08031230003', title: 'Model', password: 'short' }, 'New password must be at least 8 characters'],
  ])('refuses %o', async (fields, message) => {
    const { client } = await signedUpMember(portal.app);
    const response = await client.put('/api/users/profile', { form: profileForm(fields) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 409 when the new email belongs to someone else', async () => {
    const first = await signedUpMember(portal.app);
    const second = await signedUpMember(portal.app);
    const response = await second.client.put('/api/users/profile', {
      form: profileForm({ phone: String(second.fields.phone), title: 'Crew', email: String(first.fields.email), currentPassword: PASSWORD }),
    });
    expect(response.statusCode).toBe(409);
  });

  it('never changes another member', async () => {
    const victim = await signedUpMember(portal.app);
    const attacker = await signedUpMember(portal.app);
    const response = await attacker.client.put('/api/users/profile', {
      form: profileForm({ userId: victim.user.id, phone: '08031230004', title: 'Hacker' }),
    });
    expect(response.statusCode).toBe(403);
    const [row] = await portal.app.ctx.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row?.title).toBeNull();
  });

  it('answers 401 when signed out', async () => {
    const response = await new TestClient(portal.app).put('/api/users/profile', { form: profileForm({ phone: '08031230005', title: 'x' }) });
    expect(response.statusCode).toBe(401);
  });

  it('signs other devices out when the password changes', async () => {
    const { client, fields } = await signedUpMember(portal.app);
    const otherDevice = new TestClient(portal.app);
    await otherDevice.post('/api/users/login', { json: { email: fields.email, password: PASSWORD } });
    expect((await otherDevice.get('/api/users/profile')).statusCode).toBe(200);
    const response = await client.put('/api/users/profile', {
      form: profileForm({ phone: String(fields.phone), title: 'Actor', password: 'a-new-password-2', currentPassword: PASSWORD }),
    });
    expect(response.statusCode).toBe(200);
    expect((await client.get('/api/users/profile')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/users/profile')).statusCode).toBe(401);
    const again = await new TestClient(portal.app).post('/api/users/login', { json: { email: fields.email, password: 'a-new-password-2' } });
    expect(again.statusCode).toBe(200);
  });
});

describe('GET /api/users/profile', () => {
  const profileOf = async (client: TestClient) => (await client.get('/api/users/profile')).json().user;
  /** Runs `changes` with the trigger that tells every process of a member's change switched off. */
  const unnotified = async (changes: () => Promise<void>) => {
    const { db } = portal.app.ctx;
    await db.execute(sql`alter table users disable trigger users_session_changed`);
    try {
      await changes();
    } finally {
      await db.execute(sql`alter table users enable trigger users_session_changed`);
    }
  };

  it("is answered from the process's memory until the database says the member changed", async () => {
    const { client, user } = await signedUpMember(portal.app);
    const { db } = portal.app.ctx;
    expect((await profileOf(client)).title).toBeNull();
    await unnotified(async () => {
      await db.update(users).set({ title: 'Changed quietly' }).where(eq(users.id, user.id));
      expect((await profileOf(client)).title).toBeNull();
    });
    // A change by another process, or by hand, notifies every process.
    await db.update(users).set({ title: 'Changed by staff' }).where(eq(users.id, user.id));
    await expect.poll(async () => (await profileOf(client)).title).toBe('Changed by staff');
  });

  it('keeps the session through a change that leaves the member’s row alone: a form sent, then the profile from memory', async () => {
    const { client, user } = await activatedMember(portal.app);
    const { db } = portal.app.ctx;
    expect((await profileOf(client)).title).toBeNull();
    await unnotified(async () => {
      await db.update(users).set({ title: 'Changed quietly' }).where(eq(users.id, user.id));
      expect((await client.post('/api/users/welfareform', { json: welfareFields() })).statusCode).toBe(201);
      expect((await profileOf(client)).title).toBeNull();
    });
  });

  it('answers 401 once the session is ended elsewhere', async () => {
    const { client, user } = await signedUpMember(portal.app);
    expect((await client.get('/api/users/profile')).statusCode).toBe(200);
    await portal.app.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expect.poll(async () => (await client.get('/api/users/profile')).statusCode).toBe(401);
  });

  // The embedded database has no connection to lose; CI runs this file on a PostgreSQL server too.
  it.runIf(onPostgresServer)('keeps nothing while its PostgreSQL notification connection is down, and listens again', async () => {
    const { client, user } = await signedUpMember(portal.app);
    const { db } = portal.app.ctx;
    const kept = portal.app.keptSessions;
    await profileOf(client);
    expect(kept.size).toBeGreaterThan(0);
    await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    await expect.poll(() => kept.isLive).toBe(false);
    expect(kept.size).toBe(0);
    await db.update(users).set({ title: 'Changed while nobody listened' }).where(eq(users.id, user.id));
    expect((await profileOf(client)).title).toBe('Changed while nobody listened');

    await expect.poll(() => kept.isLive, { timeout: 5_000 }).toBe(true);
    await profileOf(client);
    await db.update(users).set({ title: 'Changed after it came back' }).where(eq(users.id, user.id));
    await expect.poll(async () => (await profileOf(client)).title).toBe('Changed after it came back');
  });

  it('reads PostgreSQL on every request when the deployment cannot LISTEN (DATABASE_LISTEN_URL=none)', async () => {
    const unlistened = await createTestApp({ DATABASE_LISTEN_URL: 'none' });
    try {
      const { client, user } = await signedUpMember(unlistened.app);
      const { db } = unlistened.app.ctx;
      expect((await profileOf(client)).title).toBeNull();
      await db.execute(sql`alter table users disable trigger users_session_changed`);
      await db.update(users).set({ title: 'Changed with nobody told' }).where(eq(users.id, user.id));
      expect((await profileOf(client)).title).toBe('Changed with nobody told');
      expect(unlistened.app.keptSessions.size).toBe(0);
    } finally {
      await unlistened.close();
    }
  });

  it('is not forgotten when a visitor clicks the member’s advert, and shows a staff decision on it', async () => {
    const { client, user } = await signedUpMember(portal.app);
    const { db } = portal.app.ctx;
    const [ad] = await db
      .insert(ads)
      .values({
        userId: user.id,
        weeks: 1,
        state: 'approved',
        paidAt: new Date(),
        linkUrl: 'https://example.com/',
        startDate: '2000-01-01',
        endDate: '2999-12-31',
      })
      .returning();
    expect((await profileOf(client)).ad.status).toBe('running');
    const kept = portal.app.keptSessions.size;
    let told = 0;
    const stop = await portal.app.ctx.listen('session_changed', { onMessage: () => told++, onLive: () => {} });
    try {
      expect((await new TestClient(portal.app).get(`/api/ads/${ad!.id}/click`)).statusCode).toBe(302);
      expect(portal.app.keptSessions.size).toBe(kept);
      await db.update(ads).set({ state: 'ended' }).where(eq(ads.id, ad!.id));
      await expect.poll(async () => (await profileOf(client)).ad.status).toBe('ended');
      expect(told).toBe(0);
    } finally {
      await stop();
    }
  });

  it('shows the day’s standing and advert status, though the member and the advert are kept unchanged', async () => {
    let now = new Date('2026-03-10T12:00:00Z');
    const dated = await createTestApp({}, { clock: () => now });
    try {
      const { client, user } = await signedUpMember(dated.app);
      await dated.app.ctx.db.update(users).set({ activated: true, paidUntil: '2026-03-12' }).where(eq(users.id, user.id));
      await dated.app.ctx.db
        .insert(ads)
        .values({ userId: user.id, weeks: 1, state: 'approved', paidAt: now, linkUrl: 'https://example.com/', startDate: '2026-03-08', endDate: '2026-03-14' });
      await expect.poll(async () => (await profileOf(client)).ad.status).toBe('running');
      expect((await profileOf(client)).status).toBe(true);
      now = new Date('2026-03-15T12:00:00Z');
      expect((await profileOf(client)).ad.status).toBe('ended');
      // Past paid-until and the week of grace.
      now = new Date('2026-03-20T12:00:00Z');
      expect((await profileOf(client)).status).toBe(false);
    } finally {
      await dated.close();
    }
  });

  it("shows the member's own change at once", async () => {
    const { client, fields } = await signedUpMember(portal.app);
    expect((await profileOf(client)).title).toBeNull();
    await client.put('/api/users/profile', { form: profileForm({ phone: String(fields.phone), title: 'Director' }) });
    expect((await profileOf(client)).title).toBe('Director');
    await client.post('/api/users/logout');
    expect((await client.get('/api/users/profile')).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/terminate', () => {
  it('deletes the member, their files and sessions, and keeps payments without the person', async () => {
    const { client, user, fields } = await signedUpMember(portal.app);
    await client.put('/api/users/profile', {
      form: profileForm({ phone: String(fields.phone), title: 'Model' }, { data: await photoWithGps(), name: 'me.jpg', type: 'image/jpeg' }),
    });
    await portal.app.ctx.db.insert(payments).values({ userId: user.id, kind: 'fee', amountKobo: 6_050_000, months: 1, state: 'approved' });
    const uploads = path.join(portal.app.ctx.config.dataDir, 'uploads');
    const [fileRow] = await portal.app.ctx.db.select().from(files).where(eq(files.ownerId, user.id));
    expect(readdirSync(uploads)).toContain(fileRow?.storageKey);

    const response = await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Account terminated successfully');
    expect(await portal.app.ctx.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await portal.app.ctx.db.select().from(files).where(eq(files.ownerId, user.id))).toHaveLength(0);
    expect(readdirSync(uploads)).not.toContain(fileRow?.storageKey);
    const kept = await portal.app.ctx.db.select().from(payments).where(eq(payments.amountKobo, 6_050_000));
    expect(kept.some((p) => p.userId === null)).toBe(true);
    expect((await client.get('/api/users/profile')).statusCode).toBe(401);
    const login = await new TestClient(portal.app).post('/api/users/login', { json: { email: fields.email, password: PASSWORD } });
    expect(login.statusCode).toBe(401);
  });

  it('answers 401 when signed out', async () => {
    expect((await new TestClient(portal.app).delete('/api/users/terminate')).statusCode).toBe(401);
  });
});

describe('contact', () => {
  const message = {
    firstName: 'Tunde',
    lastName: 'Bello',
    email: 'tunde@example.com',
    phone: '08051234567',
    feedback: 'support',
    message: 'How do I book a model?',
  };

  it.each(['/api/contact', '/api/users/contact'])('stores a message sent to %s', async (url) => {
    const response = await new TestClient(portal.app).post(url, { json: { ...message, lastName: url } });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBeTruthy();
    const rows = await portal.app.ctx.db.select().from(contactMessages).where(eq(contactMessages.lastName, url));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.phone).toBe('+2348051234567');
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ email: 'x' }, 'Email must be a valid email address'],
    [{ feedback: 'complaint' }, 'Type of enquiry must be one of the listed options'],
    [{ phone: undefined }, 'Phone is required'],
  ])('refuses %o', async (override, text) => {
    const response = await new TestClient(portal.app).post('/api/contact', { json: { ...message, ...override } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(text);
  });

  it('limits a flood of messages', async () => {
    const limited = await createTestApp({ RATE_LIMIT_CONTACT: '2' });
    try {
      const client = new TestClient(limited.app);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await client.post('/api/contact', { json: message })).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
