import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, signedInStaff, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestClient;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
  admin = await signedInStaff(portal.app);
});
afterAll(() => portal.close());

const plansNow = async () =>
  (await new TestClient(portal.app).get('/api/plans')).json().plans as { id: string; name: string; priceKobo: number; perks: string[] }[];
const premium = { name: 'Premium Plan', priceKobo: 75_000_00, perks: ['Member forms', 'Membership card with a QR code checked at the door'] };

describe('plans', () => {
  it('lists the three seeded plans to anyone, at 60,500 naira a month, with only perks the portal gives', async () => {
    const plans = await plansNow();
    expect(plans.map((p) => [p.id, p.name, p.priceKobo])).toEqual([
      ['free', 'Free Plan', 6_050_000],
      ['standard', 'Standard Plan', 6_050_000],
      ['premium', 'Premium Plan', 6_050_000],
    ]);
    for (const plan of plans) {
      expect(plan.perks.length).toBeGreaterThan(0);
      expect(plan.perks.join(' ')).not.toMatch(/priority casting|training sessions/i);
    }
  });

  it('lets an admin change a plan, audited; finance, moderators and members are refused', async () => {
    for (const client of [
      (await signedInStaffAs(portal.app, 'finance')).client,
      (await signedInStaffAs(portal.app, 'moderator')).client,
      (await signedUpMember(portal.app)).client,
    ]) {
      expect((await client.put('/api/admin/plans/premium', { json: premium })).statusCode).toBe(403);
    }
    expect((await new TestClient(portal.app).put('/api/admin/plans/premium', { json: premium })).statusCode).toBe(401);
    expect((await plansNow()).find((p) => p.id === 'premium')?.priceKobo).toBe(6_050_000);

    const saved = await admin.put('/api/admin/plans/premium', { json: premium });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().plan).toEqual({ id: 'premium', ...premium });
    expect((await plansNow()).find((p) => p.id === 'premium')).toEqual({ id: 'premium', ...premium });
    const audit = (await admin.get('/api/admin/audit?action=plan.update')).json();
    expect(audit.entries[0]).toMatchObject({ action: 'plan.update', subjectId: 'premium', details: { after: { priceKobo: 75_000_00 } } });
  });

  it.each([
    [{ ...premium, priceKobo: 0 }, /more than 0/],
    [{ ...premium, priceKobo: -100 }, /more than 0/],
    [{ ...premium, priceKobo: 12.5 }, /whole number/],
    [{ ...premium, priceKobo: 1_000_000_01 }, /at most ₦1,000,000/],
    [{ ...premium, priceKobo: '60500' }, /must be a number/],
    [{ ...premium, name: '   ' }, /Plan name is required/],
    [{ ...premium, perks: ['ok', ''] }, /perk is required/],
    [{ ...premium, perks: Array.from({ length: 11 }, (_, i) => `Perk ${i}`) }, /at most 10 perks/],
  ])('refuses %j with a message and changes nothing', async (body, message) => {
    const before = await plansNow();
    const response = await admin.put('/api/admin/plans/standard', { json: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await plansNow()).toEqual(before);
  });

  it('gives the site’s membership fee as the standard plan’s price staff set', async () => {
    const site = async () => (await new TestClient(portal.app).get('/api/site')).json().membershipFeeKobo as number;
    expect(await site()).toBe(6_050_000);
    const standard = { name: 'Standard Plan', priceKobo: 55_000_00, perks: ['Member forms'] };
    expect((await admin.put('/api/admin/plans/standard', { json: standard })).statusCode).toBe(200);
    expect(await site()).toBe(55_000_00);
  });

  it('answers 404 for a plan that does not exist', async () => {
    const response = await admin.put('/api/admin/plans/gold', { json: premium });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Plan not found');
  });

  it('charges a membership slip at its plan price, and the approval books the plan price for the months approved', async () => {
    await admin.put('/api/admin/plans/premium', { json: premium });
    const member = await signedUpMember(portal.app);
    const email = member.user.email;
    await member.client.post('/api/users/verify-email', { json: { email } });
    await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
    const form = new FormData();
    form.append('userId', member.user.id);
    form.append('plan', 'premium');
    form.append('months', '2');
    form.append(
      'paymentSlip',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 20, height: 20, channels: 3, background: '#eee' } })
            .png()
            .toBuffer(),
        ),
      ]),
      'slip.png',
    );
    const uploaded = await member.client.post('/api/users/upload-slip', { form });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const pending = (await admin.get('/api/admin/payments?status=pending')).json() as { id: string; plan: string; amountKobo: number }[];
    expect(pending.find((p) => p.id === uploaded.json().paymentId)).toMatchObject({ plan: 'premium', amountKobo: 2 * 75_000_00 });

    expect(
      (await admin.post(`/api/admin/payments/${uploaded.json().paymentId}/approve`, { json: { months: 3, reason: 'The transfer covers three months.' } }))
        .statusCode,
    ).toBe(200);
    const ledger = (await member.client.get('/api/users/ledger')).json();
    expect(ledger.entries.find((e: { kind: string }) => e.kind === 'membership')).toMatchObject({ amountKobo: 3 * 75_000_00 });
  });
});
