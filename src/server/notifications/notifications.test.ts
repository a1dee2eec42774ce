import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, talentProfiles } from '../db/schema.js';
import { activatedMember, createTestApp, signedUpMember, TestClient } from '../test-support/test-app.js';
import { notify } from './notifications.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp();
});
afterAll(() => portal.close());

const unread = async (client: TestClient) => {
  const response = await client.get('/api/notifications/unread');
  expect(response.statusCode).toBe(200);
  return response.json() as { notifications: number; bookingRequests: number };
};

let reference = 0;
/** A booking request as a confirmed one is stored (the request and its confirmation are tested in talent/). */
async function bookingFor(profileId: string, state: 'new' | 'accepted' | 'declined' | 'closed' = 'new') {
  reference += 1;
  const [row] = await portal.app.ctx.db
    .insert(bookingRequests)
    .values({
      reference: `BK-TEST${String(reference).padStart(2, '0')}`,
      profileId,
      businessName: 'Lekki Bridal House',
      contactName: 'Amaka Obi',
      email: 'amaka@bridal.example.com',
      phone: '+2348091234567',
      dateFrom: '2099-01-10',
      dateTo: '2099-01-12',
      location: 'Eko Hotel',
      budgetKobo: 25_000_000,
      message: 'A two-day shoot.',
      state,
    })
    .returning({ id: bookingRequests.id });
  return row!.id;
}

describe('unread counts for the menu', () => {
  it('counts the member’s unread notifications until /notifications marks them read', async () => {
    const { client, user } = await signedUpMember(portal.app);
    const other = await signedUpMember(portal.app);
    expect(await unread(client)).toEqual({ notifications: 0, bookingRequests: 0 });

    await notify(portal.app.ctx.db, user.id, 'slip-received', 'We received your payment slip.');
    await notify(portal.app.ctx.db, user.id, 'payment-approved', 'Your payment was approved.');
    await notify(portal.app.ctx.db, other.user.id, 'slip-received', 'Somebody else’s slip.');
    expect(await unread(client)).toEqual({ notifications: 2, bookingRequests: 0 });
    const listed = (await client.get('/api/notifications')).json().notifications as { readAt: string | null }[];
    expect(listed.map((n) => n.readAt)).toEqual([null, null]);

    const read = await client.post('/api/notifications/read');
    expect(read.statusCode).toBe(200);
    expect(await unread(client)).toEqual({ notifications: 0, bookingRequests: 0 });
    const after = (await client.get('/api/notifications')).json().notifications as { readAt: string | null }[];
    expect(after.every((n) => typeof n.readAt === 'string')).toBe(true);
    // Another member's notifications are theirs to read.
    expect((await unread(other.client)).notifications).toBe(1);

    await notify(portal.app.ctx.db, user.id, 'profile-activated', 'Your profile is active.');
    expect((await unread(client)).notifications).toBe(1);
  });

  it('counts booking requests the talent has not answered, and drops one once it is answered', async () => {
    const { client, user } = await activatedMember(portal.app);
    const [profile] = await portal.app.ctx.db
      .insert(talentProfiles)
      .values({ userId: user.id, category: 'model', stageName: 'Kemi' })
      .returning({ id: talentProfiles.id });
    const first = await bookingFor(profile!.id);
    await bookingFor(profile!.id);
    await bookingFor(profile!.id, 'accepted');
    await bookingFor(profile!.id, 'closed');
    expect(await unread(client)).toEqual({ notifications: 0, bookingRequests: 2 });

    const answered = await client.post(`/api/talent/me/requests/${first}/decline`, { json: { message: 'Booked that week, sorry.' } });
    expect(answered.statusCode).toBe(200);
    expect((await unread(client)).bookingRequests).toBe(1);
    expect((await unread((await signedUpMember(portal.app)).client)).bookingRequests).toBe(0);
  });

  it('marks read once when two tabs open /notifications at once', async () => {
    const { client, user } = await signedUpMember(portal.app);
    await notify(portal.app.ctx.db, user.id, 'slip-received', 'We received your payment slip.');
    const answers = await Promise.all([client.post('/api/notifications/read'), client.post('/api/notifications/read')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await unread(client)).notifications).toBe(0);
  });

  it('marks only what the page showed: a notification that arrived after it loaded stays unread', async () => {
    const { client, user } = await signedUpMember(portal.app);
    await notify(portal.app.ctx.db, user.id, 'slip-received', 'We received your payment slip.');
    await notify(portal.app.ctx.db, user.id, 'payment-approved', 'Your payment was approved.');
    const shown = (await client.get('/api/notifications')).json().notifications as { id: string }[];
    await notify(portal.app.ctx.db, user.id, 'profile-activated', 'Your profile is active.');

    const read = await client.post('/api/notifications/read', { json: { upTo: shown[0]!.id } });
    expect(read.statusCode, read.body).toBe(200);
    const after = (await client.get('/api/notifications')).json().notifications as { message: string; readAt: string | null }[];
    expect(after.filter((n) => n.readAt === null).map((n) => n.message)).toEqual(['Your profile is active.']);
    expect((await unread(client)).notifications).toBe(1);
  });

  it('refuses an upTo that is not one of the member’s notifications, marking nothing', async () => {
    const { client, user } = await signedUpMember(portal.app);
    const other = await signedUpMember(portal.app);
    await notify(portal.app.ctx.db, user.id, 'slip-received', 'We received your payment slip.');
    await notify(portal.app.ctx.db, other.user.id, 'slip-received', 'Somebody else’s slip.');
    const othersNote = (await other.client.get('/api/notifications')).json().notifications[0].id as string;

    const foreign = await client.post('/api/notifications/read', { json: { upTo: othersNote } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('That notification was not found.');
    const malformed = await client.post('/api/notifications/read', { json: { upTo: 'newest' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/Up to must be a notification id/);
    expect((await unread(client)).notifications).toBe(1);
    expect((await unread(other.client)).notifications).toBe(1);
  });

  it('answers 401 to a visitor', async () => {
    const visitor = new TestClient(portal.app);
    expect((await visitor.get('/api/notifications/unread')).statusCode).toBe(401);
    expect((await visitor.post('/api/notifications/read')).statusCode).toBe(401);
  });
});
