import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, payments } from '../db/schema.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { pdfText } from '../test-support/pdf-text.js';
import { activatedMember, createTestApp, signedInStaff, signedInStaffAs, signedUpMember, type TestClient } from '../test-support/test-app.js';

let now = new Date('2027-05-04T12:00:00Z');
const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestClient;
let finance: TestClient;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport, clock: () => now });
  staff = await signedInStaff(portal.app);
  finance = (await signedInStaffAs(portal.app, 'finance')).client;
});
afterAll(() => portal.close());

const slip = async () =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
        .png()
        .toBuffer(),
    ),
  ]);

async function paySlip(client: TestClient, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('paymentSlip', await slip(), 'slip.png');
  return client.post('/api/users/upload-slip', { form });
}

async function fined(type = 'late', reason = 'Arrived 40 minutes late to rehearsal') {
  const member = await activatedMember(portal.app);
  const answer = await finance.post(`/api/admin/members/${member.user.id}/fines`, { json: { type, reason } });
  expect(answer.statusCode, answer.body).toBe(201);
  return { ...member, fineId: answer.json().fineId as string };
}

const ledgerOf = async (client: TestClient) => (await client.get('/api/users/ledger')).json();

describe('fines', () => {
  it('charges the terms’ amount for each type, audited, and tells the member by notification and email', async () => {
    const amounts = { late: 300_000, 'left-early': 500_000, 'missed-meeting': 2_000_000, 'missed-event': 10_000_000, termination: 50_000_000 };
    for (const [type, amountKobo] of Object.entries(amounts)) {
      const { client, user, fineId } = await fined(type, 'Casting day, 3 May');
      const ledger = await ledgerOf(client);
      expect(ledger.balanceKobo).toBe(amountKobo);
      expect(ledger.entries).toEqual([
        expect.objectContaining({ id: fineId, kind: 'fine', amountKobo, fineStatus: 'unpaid', description: expect.stringContaining('Casting day, 3 May') }),
      ]);
      const [audit] = await portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id));
      expect(audit).toMatchObject({ action: 'member.fined', subjectType: 'user', details: { type, amountKobo, fineId } });
    }
    const { client, user } = await fined('missed-meeting', 'Missed the March members’ meeting');
    const notifications = (await client.get('/api/notifications')).json().notifications;
    expect(notifications[0]).toMatchObject({ kind: 'fine-recorded', message: expect.stringContaining('₦20,000.00') });
    const mail = await mailbox.waitFor((m) => m.to === user.email && /fine/i.test(m.subject));
    expect(mail.text).toContain('Missed the March members’ meeting');
  });

  it('refuses a type outside the terms, an empty reason and an unknown member, changing nothing', async () => {
    const member = await activatedMember(portal.app);
    const url = `/api/admin/members/${member.user.id}/fines`;
    const badType = await finance.post(url, { json: { type: 'rudeness', reason: 'Shouted' } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/fines in the terms/);
    const noReason = await finance.post(url, { json: { type: 'late', reason: '   ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Reason is required');
    const amountSent = await finance.post(url, { json: { type: 'late', reason: 'Late', amountKobo: 1 } });
    expect(amountSent.statusCode).toBe(201);
    expect((await ledgerOf(member.client)).entries.map((e: { amountKobo: number }) => e.amountKobo)).toEqual([300_000]);

    const unknown = await finance.post('/api/admin/members/7b0d3c4e-0000-4000-8000-000000000000/fines', { json: { type: 'late', reason: 'Late' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Member not found');
    const notAnId = await finance.post('/api/admin/members/nobody/fines', { json: { type: 'late', reason: 'Late' } });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().message).toBe('Member not found');
    const staffAccount = (await signedInStaffAs(portal.app, 'moderator')).id;
    expect((await finance.post(`/api/admin/members/${staffAccount}/fines`, { json: { type: 'late', reason: 'Late' } })).statusCode).toBe(404);
  });

  it('is paid with a slip the same way as the fee: staff approve it in the queue, the ledger balances and a receipt is issued', async () => {
    now = new Date('2027-05-04T12:00:00Z');
    const { client, user, fineId } = await fined('missed-meeting', 'Missed the April meeting');
    const upload = await paySlip(client, { fineId });
    expect(upload.statusCode, upload.body).toBe(201);
    const paymentId = upload.json().paymentId as string;
    expect((await ledgerOf(client)).entries[0].fineStatus).toBe('under-review');

    const queue = (await finance.get('/api/admin/payments?status=pending&kind=fine')).json();
    expect(queue).toEqual([
      expect.objectContaining({
        id: paymentId,
        kind: 'fine',
        amountKobo: 2_000_000,
        months: null,
        description: 'Fine (Missing a meeting): Missed the April meeting',
      }),
    ]);

    const approve = await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().message).toMatch(/Fine payment approved/);

    const ledger = await ledgerOf(client);
    expect(ledger.balanceKobo).toBe(0);
    expect(ledger.entries).toHaveLength(2);
    expect(ledger.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: fineId, kind: 'fine', fineStatus: 'paid' }),
        expect.objectContaining({ kind: 'payment', amountKobo: -2_000_000, fineStatus: null }),
      ]),
    );
    const [payment] = (await client.get('/api/users/payments')).json().payments;
    expect(payment).toMatchObject({ id: paymentId, kind: 'fine', amountKobo: 2_000_000, receiptNumber: expect.stringMatching(/^HM-R-2027-\d{6}$/) });
    const text = await pdfText((await client.get(payment.receiptUrl)).rawPayload);
    expect(text).toContain(payment.receiptNumber);
    expect(text).toContain('₦20,000.00');
    expect(text).toContain('Missed the April meeting');
    // The membership itself is untouched by a fine's payment.
    expect((await client.get('/api/users/membership')).json().paidUntil).toBe('2027-06-04');
    await mailbox.waitFor((m) => m.to === user.email && /Fine payment approved/.test(m.subject));

    const again = await paySlip(client, { fineId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This fine is already paid.');
  });

  it('approves a fine payment whose fine was deleted meanwhile, its ledger entry and receipt naming it only a fine', async () => {
    const { client, fineId } = await fined('late', 'Late for the dubbing session');
    const paymentId = (await paySlip(client, { fineId })).json().paymentId;
    // Nothing in the portal deletes a ledger entry; the database's ON DELETE SET NULL leaves the payment without its fine.
    await portal.app.ctx.db.delete(ledgerEntries).where(eq(ledgerEntries.id, fineId));
    const approve = await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await ledgerOf(client)).entries).toEqual([
      expect.objectContaining({ kind: 'payment', amountKobo: -300_000, description: 'Payment received: Fine' }),
    ]);
    const [payment] = (await client.get('/api/users/payments')).json().payments;
    const text = await pdfText((await client.get(payment.receiptUrl)).rawPayload);
    expect(text).toMatch(/Paid for:\s+Fine\s+Amount/);
  });

  it('replaces the slip under review when the member uploads again, and starts a new review after a rejection', async () => {
    const { client, fineId } = await fined();
    const first = (await paySlip(client, { fineId })).json().paymentId;
    const second = (await paySlip(client, { fineId })).json().paymentId;
    expect(second).toBe(first);
    expect((await staff.post(`/api/admin/payments/${first}/reject`, { json: { reason: 'Wrong amount' } })).statusCode).toBe(200);
    expect((await ledgerOf(client)).entries[0].fineStatus).toBe('unpaid');
    const third = await paySlip(client, { fineId });
    expect(third.statusCode).toBe(201);
    expect(third.json().paymentId).not.toBe(first);
    expect(await portal.app.ctx.db.$count(payments, eq(payments.fineId, fineId))).toBe(2);
  });

  it('refuses a slip for someone else’s fine, a fine that does not exist, or not an id', async () => {
    const { fineId } = await fined();
    const other = await signedUpMember(portal.app);
    const theirs = await paySlip(other.client, { fineId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Fine not found');
    expect((await paySlip(other.client, { fineId: '7b0d3c4e-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const garbage = await paySlip(other.client, { fineId: 'abc' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe('Fine not found');
    // A membership entry is not a fine either.
    const [membershipEntry] = await portal.app.ctx.db
      .insert(ledgerEntries)
      .values({ userId: other.user.id, kind: 'membership', amountKobo: 1, description: 'x' })
      .returning();
    expect((await paySlip(other.client, { fineId: membershipEntry!.id })).statusCode).toBe(404);
    expect(await portal.app.ctx.db.$count(payments, eq(payments.userId, other.user.id))).toBe(0);
  });

  it('approves a fine payment once when two staff approve at once: one 200, the other 409, one receipt', async () => {
    const { client, fineId } = await fined('left-early', 'Left the shoot at noon');
    const paymentId = (await paySlip(client, { fineId })).json().paymentId;
    const url = `/api/admin/payments/${paymentId}/approve`;
    const answers = await Promise.all([staff.post(url, { json: {} }), finance.post(url, { json: {} })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('This payment was already approved.');
    const ledger = await ledgerOf(client);
    expect(ledger.balanceKobo).toBe(0);
    expect(ledger.entries.filter((e: { kind: string }) => e.kind === 'payment')).toHaveLength(1);
    expect((await client.get('/api/users/payments')).json().payments).toHaveLength(1);
  });

  it('books a fine once when its request is sent again, or twice at once, with the same Idempotency-Key', async () => {
    const member = await activatedMember(portal.app);
    const url = `/api/admin/members/${member.user.id}/fines`;
    const send = () =>
      finance.request(
        { method: 'POST', url, headers: { 'idempotency-key': `fine-${member.user.id}` } },
        { json: { type: 'late', reason: 'Late for the table read' } },
      );
    const answers = await Promise.all([send(), send()]);
    const again = await send();
    expect([...answers, again].map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set([...answers, again].map((a) => a.json().fineId)).size).toBe(1);
    expect(await portal.app.ctx.db.$count(ledgerEntries, and(eq(ledgerEntries.userId, member.user.id), eq(ledgerEntries.kind, 'fine')))).toBe(1);
  });

  it('leaves a fine unpaid while only an online checkout for it is open, and paid once Paystack’s payment is approved', async () => {
    const { user, client, fineId } = await fined();
    const [fine] = await portal.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, fineId));
    // As an online checkout for the fine is written (online-checkout.ts): pending until Paystack's word books it.
    const [checkout] = await portal.app.ctx.db
      .insert(payments)
      .values({ userId: user.id, kind: 'fine', fineId, amountKobo: fine!.amountKobo, channel: 'paystack', reference: `fine-${fineId}` })
      .returning({ id: payments.id });
    const statusOfFine = async () => (await ledgerOf(client)).entries.find((entry: { id: string }) => entry.id === fineId).fineStatus;
    expect(await statusOfFine()).toBe('unpaid');
    await portal.app.ctx.db.update(payments).set({ state: 'approved', reviewedAt: new Date() }).where(eq(payments.id, checkout!.id));
    expect(await statusOfFine()).toBe('paid');
  });

  it('shows staff a member’s ledger with receipts, to finance and admin only', async () => {
    const { user, client, fineId } = await fined();
    const paymentId = (await paySlip(client, { fineId })).json().paymentId;
    await staff.post(`/api/admin/payments/${paymentId}/approve`, { json: {} });
    const account = (await finance.get(`/api/admin/members/${user.id}/ledger`)).json();
    expect(account.balanceKobo).toBe(0);
    expect(account.payments).toEqual([expect.objectContaining({ id: paymentId, kind: 'fine', receiptUrl: `/api/admin/payments/${paymentId}/receipt` })]);
    expect((await finance.get(account.payments[0].receiptUrl)).headers['content-type']).toBe('application/pdf');
    const moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
    expect((await moderator.get(`/api/admin/members/${user.id}/ledger`)).statusCode).toBe(403);
    expect((await moderator.post(`/api/admin/members/${user.id}/fines`, { json: { type: 'late', reason: 'Late' } })).statusCode).toBe(403);
  });
});
