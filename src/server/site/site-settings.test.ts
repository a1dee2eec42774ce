import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, signedInStaff, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestClient;

const ENV = {
  COMPANY_NAME: 'Home of Movies Ltd',
  NAIRA_ACCOUNT: 'Bank: Zenith | Account name: HOM Ltd | Account number: 1012345678',
  OFFICE_LAGOS: '12 Admiralty Way, Lekki',
};

const SAVED = {
  companyName: 'Home of Movies, Modelling & Music Ltd',
  email: 'hello@homeofmovies.ng',
  phone: '+234 803 123 4567',
  nairaAccount: 'Bank: GTBank | Account name: HOM Ltd | Account number: 0123456789',
  dollarAccount: '',
  offices: [
    { state: 'Lagos', address: '5 Bourdillon Road, Ikoyi' },
    { state: 'Abuja', address: '10 Aminu Kano Crescent, Wuse 2' },
  ],
  faq: [{ question: 'Do you hold auditions outside Lagos?', answer: 'Yes: casting days in Abuja and Enugu every quarter.' }],
};

beforeAll(async () => {
  portal = await createTestApp(ENV, { mailTransport: mailbox.transport });
  admin = await signedInStaff(portal.app);
});
afterAll(() => portal.close());

const site = async () => (await new TestClient(portal.app).get('/api/site')).json();

describe('company details before anyone saves them', () => {
  it('come from the environment, and what it leaves unset is null or empty, never a placeholder', async () => {
    const info = await site();
    expect(info).toMatchObject({ companyName: ENV.COMPANY_NAME, nairaAccount: ENV.NAIRA_ACCOUNT, dollarAccount: null, email: null, phone: null, faq: [] });
    expect(info.offices).toEqual([{ state: 'Lagos', address: ENV.OFFICE_LAGOS }]);
    expect(JSON.stringify(info)).not.toMatch(/to be announced|Example Bank|0000000000|example\.com/);
    const settings = await admin.get('/api/admin/settings/site');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ companyName: ENV.COMPANY_NAME, nairaAccount: ENV.NAIRA_ACCOUNT, offices: info.offices });
  });
});

describe('the settings page', () => {
  it('is for admins only: finance and moderators get 403, members 403, visitors 401, each with a message', async () => {
    const finance = (await signedInStaffAs(portal.app, 'finance')).client;
    const moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
    const member = (await signedUpMember(portal.app)).client;
    for (const [client, status] of [
      [finance, 403],
      [moderator, 403],
      [member, 403],
      [new TestClient(portal.app), 401],
    ] as const) {
      for (const response of [await client.get('/api/admin/settings/site'), await client.put('/api/admin/settings/site', { json: SAVED })]) {
        expect(response.statusCode).toBe(status);
        expect(response.json().message).toEqual(expect.any(String));
      }
    }
    expect((await site()).companyName).toBe(ENV.COMPANY_NAME);
  });

  it.each([
    ['no company name', { companyName: '  ' }, /Company name is required/],
    ['an email that is not one', { email: 'hello at homeofmovies' }, /Email must be a valid email address/],
    ['an office without an address', { offices: [{ state: 'Lagos', address: '' }] }, /Office address is required/],
    ['eleven offices', { offices: Array.from({ length: 11 }, (_, i) => ({ state: `Office ${i}`, address: 'Somewhere' })) }, /At most 10 offices/],
    ['a question without an answer', { faq: [{ question: 'Why?', answer: ' ' }] }, /Answer is required/],
    ['offices that are not a list', { offices: 'Lagos' }, /Offices must be a list/],
  ])('refuses %s with a 400 naming the problem, and changes nothing', async (_case, change, message) => {
    const before = await site();
    const response = await admin.put('/api/admin/settings/site', { json: { ...SAVED, ...change } });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toMatch(message);
    expect(await site()).toEqual(before);
  });

  it('saves the details: the public pages read them at once, blanks are hidden, the change is audited and mail is signed with the new name', async () => {
    const response = await admin.put('/api/admin/settings/site', { json: SAVED });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Company details saved.');
    const info = await site();
    expect(info).toMatchObject({ ...SAVED, dollarAccount: null });
    expect((await admin.get('/api/admin/settings/site')).json()).toEqual({ ...SAVED, dollarAccount: null });

    const entries = await portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ subjectId: 'site' });
    // Every changed field as it was and as it is; the unchanged dollar account (unset before and after) is left out.
    expect(entries[0]!.details).toEqual({
      companyName: { from: ENV.COMPANY_NAME, to: SAVED.companyName },
      email: { from: null, to: SAVED.email },
      phone: { from: null, to: SAVED.phone },
      nairaAccount: { from: ENV.NAIRA_ACCOUNT, to: SAVED.nairaAccount },
      offices: { from: [{ state: 'Lagos', address: ENV.OFFICE_LAGOS }], to: SAVED.offices },
      faq: { from: [], to: SAVED.faq },
    });

    const { fields } = await signedUpMember(portal.app);
    await new TestClient(portal.app).post('/api/users/password/forgot', { json: { identifier: fields.email } });
    const mail = await mailbox.waitFor((m) => m.to === fields.email);
    expect(mail.subject).toContain(SAVED.companyName);
    expect(mail.text).toContain(SAVED.companyName);
  });

  it('audits a later save with only the bank account it changed, from the old number to the new', async () => {
    await admin.put('/api/admin/settings/site', { json: SAVED });
    const before = await portal.app.ctx.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'settings.update'));
    const moved = { ...SAVED, dollarAccount: 'Bank: Access | Domiciliary | Account number: 0099887766' };
    expect((await admin.put('/api/admin/settings/site', { json: moved })).statusCode).toBe(200);
    const entries = await portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update')).orderBy(desc(auditLog.createdAt));
    expect(entries).toHaveLength(before.length + 1);
    expect(entries[0]!.details).toEqual({ dollarAccount: { from: null, to: moved.dollarAccount } });
  });

  it('sends contact messages to the email saved here, and to the configured company address while none is saved', async () => {
    const send = (email: string) =>
      new TestClient(portal.app).post('/api/contact', {
        json: { firstName: 'Ada', lastName: 'Obi', email, phone: '08031234567', feedback: 'support', message: 'Hello' },
      });
    expect((await admin.put('/api/admin/settings/site', { json: { ...SAVED, email: 'desk@homeofmovies.ng' } })).statusCode).toBe(200);
    expect((await send('first-sender@example.com')).statusCode).toBe(201);
    const mail = await mailbox.waitFor((m) => m.text.includes('first-sender@example.com'));
    expect(mail.to).toBe('desk@homeofmovies.ng');

    expect((await admin.put('/api/admin/settings/site', { json: { ...SAVED, email: '' } })).statusCode).toBe(200);
    expect((await send('second-sender@example.com')).statusCode).toBe(201);
    const fallback = await mailbox.waitFor((m) => m.text.includes('second-sender@example.com'));
    expect(fallback.to).toBe(portal.app.ctx.config.company.email);
  });

  it('keeps one whole version when two admins save at once', async () => {
    const first = { ...SAVED, companyName: 'First Name Ltd', offices: [{ state: 'Enugu', address: '1 Ogui Road' }] };
    const second = { ...SAVED, companyName: 'Second Name Ltd', offices: [{ state: 'Kano', address: '2 Bello Road' }] };
    const [a, b] = await Promise.all([admin.put('/api/admin/settings/site', { json: first }), admin.put('/api/admin/settings/site', { json: second })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const info = await site();
    const winner = info.companyName === first.companyName ? first : second;
    expect(info).toMatchObject({ companyName: winner.companyName, offices: winner.offices });
  });
});
