import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, verificationCodes } from '../db/schema.js';
import { notify } from '../notifications/notifications.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, signedInStaff, signedInStaffAs, signedUpMember, type TestClient } from '../test-support/test-app.js';

/** The portal's clock, moved by the tests (noon UTC is the same day in Lagos). */
let now = new Date('2027-06-10T12:00:00Z');
const setDay = (day: string) => void (now = new Date(`${day}T12:00:00Z`));

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestClient;
let finance: TestClient;
let moderator: TestClient;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport, clock: () => now });
  admin = await signedInStaff(portal.app);
  finance = (await signedInStaffAs(portal.app, 'finance')).client;
  moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
});
afterAll(() => portal.close());

const membershipOf = async (client: TestClient) => (await client.get('/api/users/membership')).json();
const auditOf = (userId: string) => portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, userId));
const sendForm = (client: TestClient) =>
  client.post('/api/users/scriptprintingform', {
    json: { name: 'Ada', email: 'ada@example.com', phone: '08031234567', documentType: 'flyers', quantity: 10, paperSize: 'a4', color: 'full-color' },
  });

describe('staff adjust paid-until', () => {
  it('sets paid-until by hand, audited with the old date, and the state follows the clock from it', async () => {
    setDay('2027-06-10');
    const { client, user } = await activatedMember(portal.app);
    expect((await membershipOf(client)).paidUntil).toBe('2027-07-10');
    const answer = await finance.post(`/api/admin/members/${user.id}/membership`, {
      json: { paidUntil: '2027-09-30', reason: 'Three complimentary months for the casting crew' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ message: 'Paid until set to 30 Sep 2027.', standing: { state: 'active', paidUntil: '2027-09-30' } });
    expect(await membershipOf(client)).toMatchObject({ state: 'active', paidUntil: '2027-09-30' });
    const [audit] = await auditOf(user.id);
    expect(audit).toMatchObject({
      action: 'membership.adjusted',
      subjectType: 'user',
      details: { from: '2027-07-10', to: '2027-09-30', reason: 'Three complimentary months for the casting crew' },
    });
    expect((await client.get('/api/notifications')).json().notifications[0]).toMatchObject({
      kind: 'membership-adjusted',
      message: expect.stringContaining('30 Sep 2027'),
    });

    setDay('2027-10-08');
    expect((await membershipOf(client)).state).toBe('lapsed');
    // A correction backwards lapses the member at once.
    setDay('2027-06-10');
    await admin.post(`/api/admin/members/${user.id}/membership`, { json: { paidUntil: '2027-05-01', reason: 'Slip of April was a duplicate' } });
    expect((await membershipOf(client)).state).toBe('lapsed');
    const refused = await sendForm(client);
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'Your membership has lapsed. Renew it on the fees page to use the member forms again.']);
  });

  it('refuses an unreal date, no reason, a date years ahead and an unknown member, changing nothing', async () => {
    setDay('2027-06-10');
    const { client, user } = await activatedMember(portal.app);
    const url = `/api/admin/members/${user.id}/membership`;
    for (const paidUntil of ['2027-02-30', '30/09/2027', '', 'tomorrow']) {
      const answer = await finance.post(url, { json: { paidUntil, reason: 'Correction' } });
      expect(answer.statusCode, paidUntil).toBe(400);
      expect(answer.json().message).toMatch(/Paid until (is required|must be a valid date)/);
    }
    const noReason = await finance.post(url, { json: { paidUntil: '2027-08-01' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Reason is required');
    const farAhead = await finance.post(url, { json: { paidUntil: '2072-08-01', reason: 'Typo' } });
    expect(farAhead.statusCode).toBe(400);
    expect(farAhead.json().message).toBe('Paid until can be at most 5 years ahead (10 Jun 2032).');
    const unknown = await finance.post('/api/admin/members/7b0d3c4e-0000-4000-8000-000000000000/membership', {
      json: { paidUntil: '2027-08-01', reason: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await membershipOf(client)).paidUntil).toBe('2027-07-10');
    expect(await auditOf(user.id)).toEqual([]);
    expect((await moderator.post(url, { json: { paidUntil: '2027-08-01', reason: 'x' } })).statusCode).toBe(403);
  });

  it('takes a date exactly five years ahead, the last day allowed', async () => {
    setDay('2027-06-10');
    const { client, user } = await activatedMember(portal.app);
    const answer = await finance.post(`/api/admin/members/${user.id}/membership`, { json: { paidUntil: '2032-06-10', reason: 'Life membership, paid ahead' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await membershipOf(client)).paidUntil).toBe('2032-06-10');
  });
});

describe('the standing staff see on a member’s page', () => {
  it('shows a member who signed up and paid nothing as having no number, no payment awaiting activation and nothing to resend', async () => {
    const { user } = await signedUpMember(portal.app);
    const standing = await finance.get(`/api/admin/members/${user.id}/membership`);
    expect(standing.statusCode, standing.body).toBe(200);
    expect(standing.json()).toEqual({
      state: 'none',
      paidUntil: null,
      graceUntil: null,
      memberNumber: null,
      activated: false,
      suspendedAt: null,
      suspendedReason: null,
      awaitingActivation: false,
    });
    const resend = await finance.post(`/api/admin/members/${user.id}/activation-code`);
    expect([resend.statusCode, resend.json().message]).toEqual([
      409,
      'This member has no approved payment yet: approving their slip sends the activation code.',
    ]);
  });
});

describe('suspending and reinstating', () => {
  it('treats a suspended member as lapsed and says why, then reinstates them; both audited, the member told', async () => {
    setDay('2027-06-10');
    const { client, user } = await activatedMember(portal.app);
    expect((await sendForm(client)).statusCode).toBe(201);

    const suspend = await finance.post(`/api/admin/members/${user.id}/suspend`, { json: { reason: 'Missed three meetings in a row' } });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(suspend.json().standing).toMatchObject({ state: 'lapsed', suspendedAt: now.toISOString(), suspendedReason: 'Missed three meetings in a row' });
    expect(await membershipOf(client)).toMatchObject({ state: 'lapsed', status: false, suspendedReason: 'Missed three meetings in a row' });
    expect((await client.get('/api/users/profile')).json().user.status).toBe(false);
    const refused = await sendForm(client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('suspended: Missed three meetings in a row');
    await mailbox.waitFor((m) => m.to === user.email && /suspended/.test(m.subject));

    const twice = await finance.post(`/api/admin/members/${user.id}/suspend`, { json: { reason: 'Again' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This membership is already suspended: Missed three meetings in a row.');

    const reinstate = await admin.post(`/api/admin/members/${user.id}/reinstate`, { json: { reason: 'Apologised and paid the fines' } });
    expect(reinstate.statusCode, reinstate.body).toBe(200);
    expect(await membershipOf(client)).toMatchObject({ state: 'active', status: true, suspendedReason: null });
    expect((await sendForm(client)).statusCode).toBe(201);
    const notSuspended = await finance.post(`/api/admin/members/${user.id}/reinstate`, { json: { reason: 'x' } });
    expect([notSuspended.statusCode, notSuspended.json().message]).toEqual([409, 'This membership is not suspended.']);

    const audit = await auditOf(user.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['membership.reinstated', 'membership.suspended']);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'membership.suspended', subjectType: 'user', details: { reason: 'Missed three meetings in a row' } }),
        expect.objectContaining({
          action: 'membership.reinstated',
          subjectType: 'user',
          details: { reason: 'Apologised and paid the fines', suspendedFor: 'Missed three meetings in a row' },
        }),
      ]),
    );
    const told = (await client.get('/api/notifications')).json().notifications.map((n: { kind: string; message: string }) => [n.kind, n.message]);
    expect(told).toEqual(
      expect.arrayContaining([
        ['membership-reinstated', 'Your membership is reinstated.'],
        ['membership-suspended', expect.stringContaining('suspended: Missed three meetings in a row')],
      ]),
    );
  });

  it('keeps a suspended member lapsed even inside a paid period, and refuses without a reason', async () => {
    setDay('2027-06-10');
    const { client, user } = await activatedMember(portal.app);
    const noReason = await finance.post(`/api/admin/members/${user.id}/suspend`, { json: { reason: '' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Reason is required');
    expect((await membershipOf(client)).state).toBe('active');
    expect((await finance.post(`/api/admin/members/${user.id}/reinstate`, { json: {} })).statusCode).toBe(400);
    expect((await moderator.post(`/api/admin/members/${user.id}/suspend`, { json: { reason: 'x' } })).statusCode).toBe(403);
    expect((await finance.post('/api/admin/members/7b0d3c4e-0000-4000-8000-000000000000/suspend', { json: { reason: 'x' } })).statusCode).toBe(404);
  });

  it('tells a member suspended with no reason on record to contact us', async () => {
    setDay('2027-06-10');
    const { client, user } = await activatedMember(portal.app);
    await portal.app.ctx.db.update(users).set({ suspendedAt: now, suspensionReason: null }).where(eq(users.id, user.id));
    const refused = await sendForm(client);
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'Your membership is suspended: please contact us. Contact us to have it reinstated.']);
    const again = await finance.post(`/api/admin/members/${user.id}/suspend`, { json: { reason: 'Again' } });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This membership is already suspended: no reason given.']);
  });

  it('suspends once when two staff suspend at once: one 200, the other 409', async () => {
    const { user } = await activatedMember(portal.app);
    const url = `/api/admin/members/${user.id}/suspend`;
    const answers = await Promise.all([finance.post(url, { json: { reason: 'First' } }), admin.post(url, { json: { reason: 'Second' } })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(user.id)).filter((entry) => entry.action === 'membership.suspended')).toHaveLength(1);
  });
});

describe('the activation code again, from the console', () => {
  async function approvedNotActivated() {
    const member = await signedUpMember(portal.app);
    const email = member.user.email;
    await member.client.post('/api/users/verify-email', { json: { email } });
    await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
    const form = new FormData();
    form.append(
      'paymentSlip',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
            .png()
            .toBuffer(),
        ),
      ]),
      'slip.png',
    );
    const paymentId = (await member.client.post('/api/users/upload-slip', { form })).json().paymentId;
    expect((await finance.get(`/api/admin/members/${member.user.id}/membership`)).json()).toMatchObject({ state: 'pending', awaitingActivation: false });
    expect((await finance.post(`/api/admin/members/${member.user.id}/activation-code`)).statusCode).toBe(409);
    await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} });
    return member;
  }

  it('sends a new code the member can activate with, audited; within a minute it makes none', async () => {
    const { client, user } = await approvedNotActivated();
    expect((await finance.get(`/api/admin/members/${user.id}/membership`)).json()).toMatchObject({ awaitingActivation: true, activated: false });
    const first = await mailbox.codeFor(user.email, /OTP/);

    const soon = await finance.post(`/api/admin/members/${user.id}/activation-code`);
    expect(soon.statusCode).toBe(200);
    expect(soon.json().message).toMatch(/less than a minute ago/);
    expect(mailbox.countTo(user.email, /OTP/)).toBe(1);

    // The resend interval is counted by the database's clock: age the first code instead of waiting.
    await portal.app.ctx.db
      .update(verificationCodes)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(verificationCodes.userId, user.id));
    const resent = await finance.post(`/api/admin/members/${user.id}/activation-code`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe(`A new activation code was emailed to ${user.email}.`);
    await mailbox.waitFor((m) => m.to === user.email && /activation code/.test(m.subject) && !m.text.includes(first));
    const otp = await mailbox.codeFor(user.email, /Your activation code/);
    expect((await client.post('/api/users/activate-profile', { json: { otp: first } })).statusCode).toBe(400);
    expect((await client.post('/api/users/activate-profile', { json: { otp } })).statusCode).toBe(200);
    expect(await auditOf(user.id)).toContainEqual(expect.objectContaining({ action: 'member.activation-code.resent', subjectType: 'user' }));
    expect((await finance.get(`/api/admin/members/${user.id}/membership`)).json()).toMatchObject({
      activated: true,
      awaitingActivation: false,
      memberNumber: (await membershipOf(client)).memberNumber,
    });
    expect((await membershipOf(client)).memberNumber).toMatch(/^HM-\d{6}$/);

    const active = await finance.post(`/api/admin/members/${user.id}/activation-code`);
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toMatch(/already active/);
  });
});

describe('what the portal told a member, for staff', () => {
  it('lists to each staff role only the notifications of its areas: a moderator reads none of the member’s money or standing', async () => {
    const { user } = await activatedMember(portal.app);
    await finance.post(`/api/admin/members/${user.id}/fines`, { json: { type: 'late', reason: 'Late to the read-through' } });
    expect((await finance.post(`/api/admin/members/${user.id}/suspend`, { json: { reason: 'Unpaid dues' } })).statusCode).toBe(200);
    // As ledger/confirm-payment.ts, ledger/reverse-payment.ts, ads/ and recognition/ write them.
    await notify(portal.app.ctx.db, user.id, 'payment-approved', 'Your payment was approved.');
    await notify(portal.app.ctx.db, user.id, 'payment-reversed', 'Your payment of ₦60,500 (Membership fee) was refunded by our finance team: paid twice');
    await notify(portal.app.ctx.db, user.id, 'ad-approved', 'Your advert was approved and runs from 1 May to 14 May.');
    await notify(portal.app.ctx.db, user.id, 'level-changed', 'Your membership level is now Silver.');
    // A kind nobody gave an area: only a role that may use every area reads it.
    await notify(portal.app.ctx.db, user.id, 'a-kind-of-tomorrow', 'Something new.');

    const kindsFor = async (client: TestClient) => {
      const answer = await client.get(`/api/admin/members/${user.id}/notifications`);
      expect(answer.statusCode).toBe(200);
      return (answer.json().notifications as { kind: string }[]).map((n) => n.kind).sort();
    };
    expect(await kindsFor(moderator)).toEqual(['ad-approved', 'level-changed']);
    expect(await kindsFor(finance)).toEqual(['fine-recorded', 'level-changed', 'membership-suspended', 'payment-approved', 'payment-reversed']);
    expect(await kindsFor(admin)).toEqual([
      'a-kind-of-tomorrow',
      'ad-approved',
      'fine-recorded',
      'level-changed',
      'membership-suspended',
      'payment-approved',
      'payment-reversed',
    ]);
    const seenByModerator = JSON.stringify((await moderator.get(`/api/admin/members/${user.id}/notifications`)).json());
    expect(seenByModerator).not.toMatch(/Unpaid dues|refunded|Your payment was approved|Late to the read-through/);
    expect((await admin.get('/api/admin/members/7b0d3c4e-0000-4000-8000-000000000000/notifications')).statusCode).toBe(404);
  });
});
