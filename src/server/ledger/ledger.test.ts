import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { payments, receipts } from '../db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestMailbox } from '../test-support/mailbox.js';
import { pdfText } from '../test-support/pdf-text.js';
import { createTestApp, PASSWORD, signedInStaff, signedUpMember, type TestClient } from '../test-support/test-app.js';

let now = new Date('2027-03-10T12:00:00Z');
const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestClient;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport, clock: () => now });
  staff = await signedInStaff(portal.app);
});
afterAll(() => portal.close());

async function memberWithSlip(months = 1) {
  const member = await signedUpMember(portal.app);
  const email = member.user.email;
  await member.client.post('/api/users/verify-email', { json: { email } });
  await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
  return { ...member, paymentId: await uploadSlip(member.client, months) };
}

async function uploadSlip(client: TestClient, months: number): Promise<string> {
  const form = new FormData();
  form.append('months', String(months));
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
  const upload = await client.post('/api/users/upload-slip', { form });
  expect(upload.statusCode, upload.body).toBe(201);
  return upload.json().paymentId as string;
}

describe('a member’s ledger and receipts', () => {
  it('books an approved membership payment: the months charged, the payment, a receipt PDF', async () => {
    now = new Date('2027-03-10T12:00:00Z');
    const { client, paymentId } = await memberWithSlip(2);
    expect((await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 2 } })).statusCode).toBe(200);

    const ledger = (await client.get('/api/users/ledger')).json();
    expect(ledger.balanceKobo).toBe(0);
    expect(ledger.entries).toHaveLength(2);
    expect(ledger.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'membership',
          amountKobo: 12_100_000,
          description: 'Membership, 2 months',
          periodFrom: '2027-03-10',
          periodTo: '2027-05-10',
        }),
        expect.objectContaining({ kind: 'payment', amountKobo: -12_100_000 }),
      ]),
    );

    const [payment] = (await client.get('/api/users/payments')).json().payments;
    expect(payment).toMatchObject({ id: paymentId, kind: 'fee', amountKobo: 12_100_000 });
    expect(payment.receiptNumber).toMatch(/^HM-R-2027-\d{6}$/);

    const pdf = await client.get(payment.receiptUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(payment.receiptNumber);
    expect(text).toContain('₦121,000.00');
    expect(text).toContain('Membership, 2 months');
    expect(text).toContain('10 Mar 2027 to 10 May 2027');
    expect(text).toContain('Chioma Okafor');

    const staffCopy = await staff.get(`/api/admin/payments/${paymentId}/receipt`);
    expect(staffCopy.statusCode).toBe(200);
    const other = await signedUpMember(portal.app);
    const othersReceipt = await other.client.get(payment.receiptUrl);
    expect(othersReceipt.statusCode).toBe(404);
    expect(othersReceipt.json().message).toBe('Receipt not found');
  });

  it('lists a payment at the time it was approved, and a reversed one with the reversal’s reason and time', async () => {
    const { client, paymentId } = await memberWithSlip();
    expect((await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    const rowOf = async () => (await portal.app.ctx.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
    const approved = await rowOf();
    expect((await client.get('/api/users/payments')).json().payments).toEqual([
      expect.objectContaining({ id: paymentId, approvedAt: approved.reviewedAt!.toISOString(), reversal: null }),
    ]);
    expect(approved.reviewedAt!.getTime()).not.toBe(approved.createdAt.getTime());

    expect((await staff.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason: 'Bounced transfer' } })).statusCode).toBe(200);
    const reversed = await rowOf();
    expect((await client.get('/api/users/payments')).json().payments).toEqual([
      expect.objectContaining({
        id: paymentId,
        approvedAt: approved.reviewedAt!.toISOString(),
        reversal: { reason: 'Bounced transfer', at: reversed.reversedAt!.toISOString() },
        receiptNumber: expect.stringMatching(/^HM-R-\d{4}-\d{6}$/),
      }),
    ]);
  });

  it('gives the first receipt the member number once the emailed code activates the profile', async () => {
    const { client, paymentId, user } = await memberWithSlip(1);
    expect((await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 1 } })).statusCode).toBe(200);
    const otp = await mailbox.codeFor(user.email, /activation code/);
    const activated = await client.post('/api/users/activate-profile', { json: { userId: user.id, otp } });
    expect(activated.statusCode, activated.body).toBe(200);
    const memberNumber = (await client.get('/api/users/profile')).json().user.memberNumber as string;
    expect(memberNumber).toMatch(/^HM-\d{6}$/);

    const [payment] = (await client.get('/api/users/payments')).json().payments;
    const text = await pdfText((await client.get(payment.receiptUrl)).rawPayload);
    expect(text).toMatch(new RegExp(`Member number:\\s+${memberNumber}`));

    // A renewal's receipt is drawn for a member who has the number already.
    const renewal = await uploadSlip(client, 1);
    expect((await staff.post(`/api/admin/payments/${renewal}/approve`, { json: { months: 1 } })).statusCode).toBe(200);
    const renewed = (await client.get('/api/users/payments')).json().payments.find((each: { id: string }) => each.id === renewal);
    expect(await pdfText((await client.get(renewed.receiptUrl)).rawPayload)).toMatch(new RegExp(`Member number:\\s+${memberNumber}`));

    // Once the account is closed, the receipt the books keep names no one.
    expect((await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } })).statusCode).toBe(200);
    const kept = await pdfText((await staff.get(`/api/admin/payments/${paymentId}/receipt`)).rawPayload);
    expect(kept).toContain('Former member');
    expect(kept).not.toContain('Chioma Okafor');
    expect(kept).not.toContain(memberNumber);
  });

  it('draws a receipt with the company details of the day it was issued; one issued before they were kept, with today’s', async () => {
    const company = {
      companyName: 'Home of Movies Ltd',
      email: 'accounts@homeofmovies.ng',
      phone: '+234 803 000 1111',
      nairaAccount: '',
      dollarAccount: '',
      offices: [],
      faq: [],
    };
    expect((await staff.put('/api/admin/settings/site', { json: company })).statusCode).toBe(200);
    const { client, paymentId } = await memberWithSlip();
    expect((await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    const renamed = { ...company, companyName: 'HOM Entertainment Group', email: 'billing@hom.example', phone: '+234 809 999 0000' };
    expect((await staff.put('/api/admin/settings/site', { json: renamed })).statusCode).toBe(200);

    const [payment] = (await client.get('/api/users/payments')).json().payments;
    for (const copy of [await client.get(payment.receiptUrl), await staff.get(`/api/admin/payments/${paymentId}/receipt`)]) {
      expect(copy.statusCode).toBe(200);
      const text = await pdfText(copy.rawPayload);
      expect(text).toContain('Home of Movies Ltd');
      expect(text).toContain('accounts@homeofmovies.ng');
      expect(text).toContain('+234 803 000 1111');
      expect(text).not.toContain('HOM Entertainment Group');
      expect(text).not.toContain('billing@hom.example');
    }

    // A receipt issued before the company was kept with it.
    await portal.app.ctx.db
      .update(receipts)
      .set({ details: sql`${receipts.details} - 'company'` })
      .where(eq(receipts.paymentId, paymentId));
    const older = await pdfText((await client.get(payment.receiptUrl)).rawPayload);
    expect(older).toContain('HOM Entertainment Group');
    expect(older).toContain('billing@hom.example');
  });

  it('never gives a receipt number twice, even to 20 approvals at once, and numbers them on', async () => {
    now = new Date('2027-03-11T12:00:00Z');
    const slips = [];
    for (let i = 0; i < 20; i++) slips.push(await memberWithSlip());
    const answers = await Promise.all(slips.map(({ paymentId }) => staff.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 1 } })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const numbers = await Promise.all(slips.map(async ({ client }) => (await client.get('/api/users/payments')).json().payments[0].receiptNumber as string));
    expect(new Set(numbers).size).toBe(20);
    const sequence = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
    expect(sequence.at(-1)! - sequence[0]!).toBe(19);
  });

  it('starts the numbers again in a new year', async () => {
    now = new Date('2028-01-02T12:00:00Z');
    const { client, paymentId } = await memberWithSlip();
    await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: { months: 1 } });
    expect((await client.get('/api/users/payments')).json().payments[0].receiptNumber).toBe('HM-R-2028-000001');
  });
});
