import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipReminders, users } from '../db/schema.js';
import { sendMembershipReminders } from './reminders.js';
import { outboxDrained, outboxRowsTo, TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, signedInStaff, signedUpMember, type TestClient } from '../test-support/test-app.js';

/** The portal's clock, moved by the tests: Lagos is UTC+1, so noon UTC is 13:00 there, the same day. */
let now = new Date('2027-01-31T12:00:00Z');
const setDay = (day: string) => void (now = new Date(`${day}T12:00:00Z`));

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestClient;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport, clock: () => now });
  staff = await signedInStaff(portal.app);
});
afterAll(() => portal.close());

const slip = () =>
  sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
    .png()
    .toBuffer();

async function uploadSlip(client: TestClient, userId: string, months?: number) {
  const form = new FormData();
  form.append('userId', userId);
  if (months) form.append('months', String(months));
  form.append('paymentSlip', new Blob([new Uint8Array(await slip())]), 'slip.png');
  const response = await client.post('/api/users/upload-slip', { form });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().paymentId as string;
}

/** Sign-up to an active profile on the day the clock shows: email code, slip, approval of `months`, OTP. */
async function activeMember(months = 1) {
  const member = await signedUpMember(portal.app);
  const email = member.user.email;
  await member.client.post('/api/users/verify-email', { json: { email } });
  await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
  const paymentId = await uploadSlip(member.client, member.user.id, months);
  expect((await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
  const otp = await mailbox.codeFor(email, /OTP/);
  expect((await member.client.post('/api/users/activate-profile', { json: { userId: member.user.id, otp } })).statusCode).toBe(200);
  return member;
}

const membershipOf = async (client: TestClient) => (await client.get('/api/users/membership')).json();
const sendForm = (client: TestClient) =>
  client.post('/api/users/scriptprintingform', {
    json: { name: 'Ada', email: 'ada@example.com', phone: '08031234567', documentType: 'flyers', quantity: 10, paperSize: 'a4', color: 'full-color' },
  });

describe('membership over time', () => {
  it('covers one month from 31 January to 28 February, then grace for 7 days, then lapses', async () => {
    setDay('2027-01-31');
    const { client } = await activeMember(1);
    expect(await membershipOf(client)).toMatchObject({ state: 'active', paidUntil: '2027-02-28', graceUntil: '2027-03-07', status: true });
    expect((await client.get('/api/users/membership')).json().memberNumber).toMatch(/^HM-\d{6}$/);
    expect((await sendForm(client)).statusCode).toBe(201);

    setDay('2027-03-01');
    expect(await membershipOf(client)).toMatchObject({ state: 'grace', status: true });
    expect((await client.get('/api/users/profile')).json().user.status).toBe(true);
    expect((await sendForm(client)).statusCode).toBe(201);

    setDay('2027-03-08');
    expect(await membershipOf(client)).toMatchObject({ state: 'lapsed', status: false });
    expect((await client.get('/api/users/profile')).json().user.status).toBe(false);
    const refused = await sendForm(client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/lapsed.*Renew/);
  });

  it('renews a lapsed member from the day of approval, with no new code, and opens the forms again', async () => {
    setDay('2027-01-31');
    const { client, user } = await activeMember(1);
    setDay('2027-04-10');
    expect((await membershipOf(client)).state).toBe('lapsed');
    mailbox.sent.length = 0;
    const paymentId = await uploadSlip(client, user.id, 3);
    expect(await membershipOf(client)).toMatchObject({ state: 'pending', payment: { status: 'pending', months: 3 } });
    const queued = (await staff.get('/api/admin/payments?status=pending')).json().find((p: { id: string }) => p.id === paymentId);
    expect(queued).toMatchObject({ months: 3, amountKobo: 3 * 6_050_000 });
    expect((await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 3 } })).statusCode).toBe(200);
    // Staff changed the member's row: this process hears of it from PostgreSQL a moment later.
    await expect.poll(async () => (await membershipOf(client)).paidUntil).toBe('2027-07-10');
    expect((await membershipOf(client)).state).toBe('active');
    const mail = await mailbox.waitFor((m) => m.to === user.email && /Payment approved/.test(m.subject));
    expect(mail.subject).not.toMatch(/OTP/);
    expect((await sendForm(client)).statusCode).toBe(201);
  });

  it('renews an active member from the current paid-until, not from today', async () => {
    setDay('2027-01-15');
    const { client, user } = await activeMember(2);
    expect((await membershipOf(client)).paidUntil).toBe('2027-03-15');
    setDay('2027-03-01');
    const paymentId = await uploadSlip(client, user.id, 1);
    expect((await membershipOf(client)).state).toBe('active');
    expect((await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 1 } })).statusCode).toBe(200);
    await expect.poll(async () => (await membershipOf(client)).paidUntil).toBe('2027-04-15');
  });

  it('gives member numbers in order and never twice', async () => {
    setDay('2027-02-01');
    const first = await activeMember();
    const second = await activeMember();
    const number = async (client: TestClient) => Number((await membershipOf(client)).memberNumber.slice(3));
    expect(await number(second.client)).toBe((await number(first.client)) + 1);
  });

  it('treats a suspended member as lapsed and says why', async () => {
    setDay('2027-02-01');
    const { client, user } = await activeMember();
    await portal.app.ctx.db.update(users).set({ suspendedAt: new Date(), suspensionReason: 'missed three meetings' }).where(eq(users.id, user.id));
    await expect.poll(async () => (await membershipOf(client)).state).toBe('lapsed');
    expect((await membershipOf(client)).suspendedReason).toBe('missed three meetings');
    const refused = await sendForm(client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/suspended: missed three meetings/);
  });

  it('refuses a renewal of 0 or 13 months, and stores nothing', async () => {
    setDay('2027-02-01');
    const { client } = await activeMember();
    for (const months of ['0', '13', 'two']) {
      const form = new FormData();
      form.append('months', months);
      form.append('paymentSlip', new Blob([new Uint8Array(await slip())]), 'slip.png');
      const response = await client.post('/api/users/upload-slip', { form });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Months must be/);
    }
    expect((await membershipOf(client)).payment.status).toBe('approved');
    expect((await membershipOf(client)).state).toBe('active');
  });
});

describe('membership reminders', () => {
  const remindersOf = (userId: string) => portal.app.ctx.db.select().from(membershipReminders).where(eq(membershipReminders.userId, userId));

  it('reminds 7 days and 1 day before paid-until and 3 days after, each once, however many runs race', async () => {
    setDay('2027-05-01');
    const { user } = await activeMember(1);
    const subject = /Your membership/;
    const run = () => Promise.all([sendMembershipReminders(portal.app.ctx), sendMembershipReminders(portal.app.ctx)]);

    setDay('2027-05-20');
    await run();
    expect(await remindersOf(user.id)).toHaveLength(0);

    setDay('2027-05-25'); // 7 days before 1 June
    await run();
    await run();
    await mailbox.waitFor((m) => m.to === user.email && /paid until 1 Jun 2027/.test(m.text));
    setDay('2027-05-31');
    await run();
    setDay('2027-06-01');
    await run();
    setDay('2027-06-05'); // 4 days after: the first day of the third one was missed, its window still holds
    await run();
    await run();
    expect((await remindersOf(user.id)).map((r) => r.kind).sort()).toEqual(['after-3', 'before-1', 'before-7']);
    expect(await outboxRowsTo(portal.app.ctx.db, user.email, subject)).toBe(3);
    await outboxDrained(portal.app.ctx.db);
    expect(mailbox.countTo(user.email, subject)).toBe(3);
    const notifications = (await portal.app.ctx.db.execute(
      sql`select count(*)::int as n from notifications where user_id = ${user.id} and kind = 'membership-reminder'`,
    )) as unknown as { rows: { n: number }[] };
    expect(notifications.rows[0]!.n).toBe(3);
  });

  it('reminds again for the next period after a renewal', async () => {
    setDay('2027-08-01');
    const { client, user } = await activeMember(1);
    setDay('2027-08-25');
    await sendMembershipReminders(portal.app.ctx);
    const form = new FormData();
    form.append('paymentSlip', new Blob([new Uint8Array(await slip())]), 'slip.png');
    const paymentId = (await client.post('/api/users/upload-slip', { form })).json().paymentId;
    await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 1 } });
    setDay('2027-09-25');
    await sendMembershipReminders(portal.app.ctx);
    expect((await remindersOf(user.id)).map((r) => `${r.kind} ${r.paidUntil}`).sort()).toEqual(['before-7 2027-09-01', 'before-7 2027-10-01']);
  });
});
