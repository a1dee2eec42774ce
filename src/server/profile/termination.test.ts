import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingRequests, files, payments, receipts, talentProfiles } from '../db/schema.js';
import { enqueueMail } from '../mail/outbox.js';
import { talentMail } from '../talent/mail.js';
import { advertForm } from '../test-support/advert-form.js';
import { multipart, pngBytes } from '../test-support/files.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, PASSWORD, signedInStaff, signedInStaffAs, TestClient } from '../test-support/test-app.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
});
afterAll(() => portal.close());

const ok = <R extends { statusCode: number; body: string }>(response: R): R => {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
};

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await portal.app.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table of the database, read from PostgreSQL itself so a table added later is not missed. */
async function allTables(): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return rows.map((row) => row.table_name);
}

/** The rows of `table` whose text, any column, holds `needle`. */
async function rowsMentioning(table: string, needle: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} t where strpos(lower(t::text), lower(${needle})) > 0`);
  return row!.n;
}

/** A member who used every part of the portal: the data their termination must remove. */
async function memberWhoDidEverything() {
  const { client, user, fields } = await activatedMember(portal.app);
  const png = await pngBytes();
  const staff = await signedInStaff(portal.app);

  ok(await client.put('/api/users/profile', { form: multipart({ phone: user.phone, title: 'Model' }, { profilePic: { data: png, name: 'me.png' } }) }));
  ok(await client.post('/api/users/verify-email', { json: { email: user.email } }));
  const code = await mailbox.codeFor(user.email, /verification code/);
  ok(await client.post('/api/users/verify-code', { json: { email: user.email, code } }));
  const slip = ok(await client.post('/api/users/upload-slip', { form: multipart({ plan: 'premium' }, { paymentSlip: { data: png, name: 'slip.png' } }) }));
  ok(await staff.post(`/api/admin/payments/${slip.json().paymentId}/approve`, { json: { months: 1 } }));
  ok(
    await client.put('/api/users/profile', {
      form: await advertForm({
        fields: { linkUrl: 'https://ada.example.com/', altText: 'Ada Models', weeks: '1' },
        image: { data: png, name: 'ad.png' },
        slip: { data: png, name: 'slip.png' },
      }),
    }),
  );
  const event = {
    surname: 'Okafor',
    firstName: 'Chioma',
    registrationNumber: 'REG-1',
    companyId: 'HM-1',
    selectedEvent: 'orphanage',
    amountPaid: '5000',
    paymentDate: '2024-05-01',
  };
  ok(
    await client.post('/api/users/eventform', {
      form: multipart(event, {
        tellerImage: { data: png, name: 't.png' },
        passportImage: { data: png, name: 'p.png' },
        signatureImage: { data: png, name: 's.png' },
      }),
    }),
  );
  ok(await client.put('/api/talent/me', { json: { category: 'model', stageName: 'Ada', bio: 'Runway', published: false, show: [] } }));
  ok(await client.post('/api/talent/me/photos', { form: multipart({}, { photo: { data: png, name: 'me.png' } }) }));
  ok(
    await client.post('/api/contact', {
      json: { firstName: 'Chioma', lastName: 'Okafor', email: user.email, phone: user.phone, feedback: 'support', message: 'Signed in' },
    }),
  );
  ok(
    await new TestClient(portal.app).post('/api/contact', {
      json: { firstName: 'Chioma', lastName: 'Okafor', email: user.email, phone: user.phone, feedback: 'support', message: 'As a guest' },
    }),
  );

  // A business asked the member for a booking, and the member, as a business, asked another talent.
  const [own] = await portal.app.ctx.db.select().from(talentProfiles).where(eq(talentProfiles.userId, user.id));
  const other = await activatedMember(portal.app);
  const [otherProfile] = await portal.app.ctx.db
    .insert(talentProfiles)
    .values({ userId: other.user.id, category: 'music', stageName: 'Tunde', published: true })
    .returning();
  const booking = {
    businessName: 'Studio',
    contactName: 'Chioma',
    dateFrom: '2030-01-01',
    dateTo: '2030-01-02',
    location: 'Lagos',
    budgetKobo: 100,
    message: 'Hello',
  };
  await portal.app.ctx.db.insert(bookingRequests).values([
    { ...booking, reference: 'BK-T0001', profileId: own!.id, email: 'business@example.com', phone: '+2348050000001' },
    { ...booking, reference: 'BK-T0002', profileId: otherProfile!.id, email: user.email, phone: user.phone },
  ]);
  await enqueueMail(
    portal.app.ctx.db,
    talentMail.bookingForTalent(portal.app.ctx.mailer.brand, other.user.email, 'Tunde', 'BK-T0002', `Studio (Chioma, ${user.email}, ${user.phone})`),
  );

  // A confirmed change of email, then one still waiting for its code.
  const firstEmail = user.email;
  const secondEmail = `second-${firstEmail}`;
  const thirdEmail = `third-${firstEmail}`;
  ok(await client.put('/api/users/profile', { form: multipart({ phone: user.phone, title: 'Model', email: secondEmail, currentPassword: PASSWORD }, {}) }));
  ok(await client.post('/api/users/email/confirm', { json: { code: await mailbox.codeFor(secondEmail, /Confirm your new email/) } }));
  ok(await client.put('/api/users/profile', { form: multipart({ phone: user.phone, title: 'Model', email: thirdEmail, currentPassword: PASSWORD }, {}) }));
  await mailbox.waitFor((mail) => mail.to === thirdEmail);

  return { client, fields, traces: [user.id, firstEmail, secondEmail, thirdEmail, user.phone] };
}

describe('terminating an account', () => {
  it('leaves nothing with the member’s id, email or phone in any table or in the upload store', async () => {
    const { client, traces } = await memberWhoDidEverything();
    const [id] = traces;
    const tables = await allTables();
    expect(tables).toEqual(expect.arrayContaining(['users', 'outbox', 'contact_messages', 'audit_log', 'booking_requests', 'files', 'payments']));
    const mentioning = async () => {
      const found = [];
      for (const table of tables) for (const trace of traces) if ((await rowsMentioning(table, trace)) > 0) found.push(`${table}: ${trace}`);
      return found;
    };
    const before = new Set((await mentioning()).map((found) => found.split(':')[0]));
    const everyKind = [
      'ads',
      'audit_log',
      'booking_requests',
      'contact_messages',
      'files',
      'notifications',
      'outbox',
      'payments',
      'sessions',
      'submissions',
      'talent_profiles',
      'users',
      'verification_codes',
    ];
    expect([...before].sort()).toEqual(expect.arrayContaining(everyKind));
    const storedKeys = (await portal.app.ctx.db.select({ key: files.storageKey }).from(files).where(eq(files.ownerId, id!))).map((row) => row.key);
    expect(storedKeys.length).toBeGreaterThanOrEqual(7);
    const paymentsBefore = (await portal.app.ctx.db.select().from(payments)).length;
    const ownPayments = (await portal.app.ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.userId, id!))).map((row) => row.id);
    const ownReceipts = () => portal.app.ctx.db.select().from(receipts).where(inArray(receipts.paymentId, ownPayments));
    const receiptsBefore = await ownReceipts();
    expect(receiptsBefore.length).toBeGreaterThanOrEqual(1);
    expect(receiptsBefore[0]!.details.memberName).toBe('Chioma Okafor');

    ok(await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } }));

    // The receipts stay for the books, naming nobody.
    const receiptsAfter = await ownReceipts();
    expect(receiptsAfter).toHaveLength(receiptsBefore.length);
    for (const receipt of receiptsAfter)
      expect(receipt.details).toMatchObject({ memberName: 'Former member', memberNumber: null, amountKobo: expect.any(Number) });

    expect(await mentioning()).toEqual([]);
    const stillStored = new Set((await portal.app.ctx.storage.list()).map((entry) => entry.key));
    expect(storedKeys.filter((key) => stillStored.has(key))).toEqual([]);
    const kept = await portal.app.ctx.db.select().from(payments);
    expect(kept).toHaveLength(paymentsBefore);
    expect(kept.filter((payment) => payment.userId === null).length).toBeGreaterThanOrEqual(2);
    const [entry] = await portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'account.terminated'));
    expect(entry).toMatchObject({ actorId: null, actorEmail: null, subjectType: 'user' });
  });
});

describe('terminating an account with money owed', () => {
  async function fined(finance: TestClient) {
    const member = await activatedMember(portal.app);
    const fine = ok(await finance.post(`/api/admin/members/${member.user.id}/fines`, { json: { type: 'missed-meeting', reason: 'Missed the May meeting' } }));
    return { ...member, fineId: fine.json().fineId as string };
  }
  const terminate = (client: TestClient) => client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } });

  it('is refused while a fine is unpaid or its slip under review, with the amount and how to pay; once paid, the account goes', async () => {
    const finance = (await signedInStaffAs(portal.app, 'finance')).client;
    const { client, fineId } = await fined(finance);

    const owing = await terminate(client);
    expect(owing.statusCode).toBe(409);
    expect(owing.json().message).toBe('You owe ₦20,000.00 (1 unpaid fine). Pay it from Payments (/profile/payments) before closing your account.');
    expect((await client.get('/api/users/profile')).statusCode).toBe(200);

    const slip = ok(
      await client.post('/api/users/upload-slip', { form: multipart({ fineId }, { paymentSlip: { data: await pngBytes(), name: 'slip.png' } }) }),
    );
    const underReview = await terminate(client);
    expect(underReview.statusCode).toBe(409);
    expect(underReview.json().message).toBe(
      'You owe ₦20,000.00 (1 unpaid fine; its payment is under review). You can close your account once our finance team confirms it.',
    );

    ok(await finance.post(`/api/admin/payments/${slip.json().paymentId}/approve`, { json: {} }));
    ok(await terminate(client));
    expect((await client.get('/api/users/profile')).statusCode).toBe(401);
  });
});
