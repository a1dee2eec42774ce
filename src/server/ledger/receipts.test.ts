import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, receipts } from '../db/schema.js';
import { multipart, pngBytes } from '../test-support/files.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { PaystackStandIn } from '../test-support/paystack-server.js';
import { pdfText } from '../test-support/pdf-text.js';
import { createTestApp, signedInStaffAs, signedUpMember, type TestClient } from '../test-support/test-app.js';

const mailbox = new TestMailbox();
const paystack = new PaystackStandIn();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let finance: Awaited<ReturnType<typeof signedInStaffAs>>;
beforeAll(async () => {
  const baseUrl = await paystack.start();
  portal = await createTestApp({ PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: baseUrl }, { mailTransport: mailbox.transport });
  finance = await signedInStaffAs(portal.app, 'finance');
});
afterAll(async () => {
  await portal.close();
  await paystack.close();
});

async function verifiedMember() {
  const member = await signedUpMember(portal.app);
  const email = member.user.email;
  await member.client.post('/api/users/verify-email', { json: { email } });
  await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
  return member;
}

/** The member's one receipt: as their receipt list shows it, and the text of its PDF. */
async function receiptOf(client: TestClient) {
  const [listed] = (await client.get('/api/users/payments')).json().payments;
  const pdf = await client.get(listed.receiptUrl);
  expect(pdf.statusCode).toBe(200);
  return { listed, text: await pdfText(pdf.rawPayload) };
}

describe('a receipt says how the money was confirmed', () => {
  it('a slip: approved by the finance officer, named; online: paid online, confirmed by Paystack', async () => {
    const bySlip = await verifiedMember();
    const slip = await bySlip.client.post('/api/users/upload-slip', {
      form: multipart({ months: '1' }, { paymentSlip: { data: await pngBytes(), name: 'slip.png' } }),
    });
    expect(slip.statusCode, slip.body).toBe(201);
    expect((await finance.client.post(`/api/admin/payments/${slip.json().paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    const slipReceipt = await receiptOf(bySlip.client);
    expect(slipReceipt.text).toContain('Slip approved by Test finance (finance)');
    expect(slipReceipt.listed.confirmation).toBe('Slip approved by Test finance (finance)');

    const online = await verifiedMember();
    const started = await online.client.post('/api/users/payments/online', { json: { plan: 'standard', months: 1 } });
    expect(started.statusCode, started.body).toBe(200);
    const [payment] = await portal.app.ctx.db.select().from(payments).where(eq(payments.userId, online.user.id));
    paystack.settle(payment!.reference!, 'success');
    expect((await online.client.get(`/api/payments/paystack/callback?reference=${payment!.reference}`)).statusCode).toBe(303);
    const onlineReceipt = await receiptOf(online.client);
    expect(onlineReceipt.text).toContain('Paid online, confirmed by Paystack');
    expect(onlineReceipt.listed.confirmation).toBe('Paid online, confirmed by Paystack');

    for (const { text } of [slipReceipt, onlineReceipt]) expect(text).not.toMatch(/Approved by|staff/);
  });

  it('a receipt issued before it named the confirmer says what it can: online, or a slip approved by the role', async () => {
    const member = await verifiedMember();
    const slip = await member.client.post('/api/users/upload-slip', {
      form: multipart({ months: '1' }, { paymentSlip: { data: await pngBytes(), name: 'slip.png' } }),
    });
    expect((await finance.client.post(`/api/admin/payments/${slip.json().paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    const older = (role: string) =>
      portal.app.ctx.db
        .update(receipts)
        .set({ details: sql`(${receipts.details} - 'confirmation') || jsonb_build_object('approvedBy', ${role}::text)` })
        .where(eq(receipts.paymentId, slip.json().paymentId));

    await older('finance');
    expect((await receiptOf(member.client)).text).toContain('Slip approved by finance staff');
    await older('paystack');
    const { text, listed } = await receiptOf(member.client);
    expect(text).toContain('Paid online, confirmed by Paystack');
    expect(listed.confirmation).toBe('Paid online, confirmed by Paystack');
  });
});
