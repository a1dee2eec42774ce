import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { subDays } from 'date-fns/subDays';
import { subYears } from 'date-fns/subYears';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayInLagos } from '../../shared/dates.js';
import type { StaffRole } from '../../shared/roles.js';
import { MARKETING_FROM_18, NO_PUBLICATION_CONSENT, WAITING_FOR_GUARDIAN } from '../../shared/privacy.js';
import {
  ads,
  attendance,
  attendanceFines,
  attendanceScans,
  bookingRequests,
  calendarFeeds,
  castingApplications,
  castingCalls,
  castingRoles,
  consents,
  contactMessages,
  fileAccessLog,
  files,
  guardians,
  ledgerEntries,
  membershipReminders,
  outbox,
  payments,
  scheduleEnrolments,
  scheduleSeries,
  submissionFiles,
  submissions,
  talentPhotos,
  talentProfiles,
  trainingCertificates,
  users,
  verificationCodes,
} from '../db/schema.js';
import { storeFile } from '../files/files-service.js';
import { recordAudit } from '../audit/audit.js';
import { privacyMail } from './mail.js';
import { notify } from '../notifications/notifications.js';
import { PDF_BYTES, stillStored } from '../test-support/files.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, onPostgresServer, signedInStaffAs, signedUpMember, signupFields, TestClient } from '../test-support/test-app.js';
import { sendMarketingMail } from './consents.js';
import { endGuardianLinksAtAdulthood } from './guardian-service.js';
import { applyRetention } from './retention.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({ RATE_LIMIT_BOOKING: '1000' }, { mailTransport: mailbox.transport });
});
afterAll(() => portal.close());

const db = () => portal.app.ctx.db;
/** The date of birth of someone who turns 18 today, on the app's clock in Lagos. */
const eighteenYearsAgoInLagos = () => format(subYears(parseISO(todayInLagos(portal.app.ctx.clock())), 18), 'yyyy-MM-dd');
const dobForAge = (age: number) => format(subYears(addDays(new Date(), -10), age), 'yyyy-MM-dd');
const GUARDIAN_SUBJECT = /Please confirm/;
let guardianCount = 0;

function guardianFields(overrides: Record<string, unknown> = {}) {
  guardianCount += 1;
  return {
    guardianName: 'Ngozi Okafor',
    guardianRelationship: 'Mother',
    guardianEmail: `parent${process.pid}-${guardianCount}@example.com`,
    guardianPhone: '+234 803 555 0101',
    ...overrides,
  };
}

/** A 12-year-old signed up with a guardian: the account waits for the guardian's code. */
async function childSignedUp(overrides: Record<string, unknown> = {}) {
  const guardian = guardianFields();
  const member = await signedUpMember(portal.app, { dob: dobForAge(12), ...guardian, ...overrides });
  const code = await mailbox.codeFor(guardian.guardianEmail, GUARDIAN_SUBJECT);
  return { ...member, guardian, code };
}

function confirm(childId: string, code: string, choices: { allowPublication?: boolean; allowAgeBand?: boolean } = {}) {
  return new TestClient(portal.app).post('/api/guardian/confirm', { json: { child: childId, code, agree: true, ...choices } });
}

const slipImage = () =>
  sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
    .png()
    .toBuffer();
function slipForm(data: Buffer, extra: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  form.append('paymentSlip', new Blob([new Uint8Array(data)]), 'slip.png');
  return form;
}

async function verifyEmail(client: TestClient, email: string) {
  expect((await client.post('/api/users/verify-email', { json: { email } })).statusCode).toBe(200);
  const code = await mailbox.codeFor(email, /verification code/);
  expect((await client.post('/api/users/verify-code', { json: { email, code } })).statusCode).toBe(200);
}

/** A casting call with one role a member of any level 1-3 may apply for. */
async function aCastingRole() {
  const [call] = await db()
    .insert(castingCalls)
    .values({ project: 'Ada’s Journey', castingDay: '2030-02-08', time: '10am–4pm', place: 'Lekki', deadline: '2030-02-01' })
    .returning();
  const [role] = await db()
    .insert(castingRoles)
    .values({
      callId: call!.id,
      position: 0,
      title: 'Lead actress',
      category: 'movie',
      gender: 'any',
      minAge: 18,
      maxAge: 40,
      minLevel: 1,
      maxLevel: 3,
      count: 5,
    })
    .returning();
  return role!;
}

describe('a child signs up', () => {
  it('refuses a 12-year-old without a guardian with 400, and creates nothing', async () => {
    const fields = signupFields({ dob: dobForAge(12) });
    const response = await new TestClient(portal.app).post('/api/users/signup', { json: fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/under 18: please give your parent or guardian/);
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.email, fields.email as string)),
    ).toHaveLength(0);
  });

  it('refuses a guardian email that is the child’s own', async () => {
    const fields = signupFields({ dob: dobForAge(12), ...guardianFields() });
    const response = await new TestClient(portal.app).post('/api/users/signup', { json: { ...fields, guardianEmail: String(fields.email).toUpperCase() } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your guardian’s email must be their own, not the same as yours.');
  });

  it('asks an adult for no guardian', async () => {
    const { user } = await signedUpMember(portal.app, { dob: dobForAge(30) });
    expect((user as unknown as { guardian: unknown }).guardian).toBeNull();
    expect(await db().select().from(guardians).where(eq(guardians.userId, user.id))).toHaveLength(0);
  });

  it('mails the guardian a code; until they confirm the child cannot pay, send a form or publish, and is told why', async () => {
    const child = await childSignedUp();
    const profile = await child.client.get('/api/users/profile');
    expect(profile.json().user.guardian).toBe('waiting');
    await verifyEmail(child.client, child.user.email);

    const pay = await child.client.post('/api/users/upload-slip', { form: slipForm(await slipImage(), { userId: child.user.id, plan: 'premium' }) });
    expect(pay.statusCode).toBe(403);
    expect(pay.json().message).toBe(WAITING_FOR_GUARDIAN);
    expect(await db().select().from(payments).where(eq(payments.userId, child.user.id))).toHaveLength(0);

    const form = await child.client.post('/api/users/eventform', { json: {} });
    expect(form.statusCode).toBe(403);
    expect(form.json().message).toBe(WAITING_FOR_GUARDIAN);

    const draft = { category: 'model', stageName: 'Little Star', bio: '', published: false, show: [] };
    expect((await child.client.put('/api/talent/me', { json: draft })).statusCode).toBe(200);
    const publish = await child.client.put('/api/talent/me', { json: { ...draft, published: true } });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().message).toBe(WAITING_FOR_GUARDIAN);

    const confirmed = await confirm(child.user.id, child.code, { allowPublication: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await child.client.get('/api/users/profile')).json().user.guardian).toBe('confirmed');

    const paid = await child.client.post('/api/users/upload-slip', { form: slipForm(await slipImage(), { userId: child.user.id, plan: 'premium' }) });
    expect(paid.statusCode, paid.body).toBe(201);

    const history = (await child.client.get('/api/users/me/consents')).json().history as {
      kind: string;
      given: boolean;
      textVersion: string;
      givenBy: string;
    }[];
    expect(history.filter((c) => c.kind.startsWith('guardian'))).toEqual([
      expect.objectContaining({ kind: 'guardian', given: true, textVersion: 'guardian-2026-11', givenBy: `guardian ${child.guardian.guardianEmail}` }),
      expect.objectContaining({ kind: 'guardian-publication', given: true }),
      expect.objectContaining({ kind: 'guardian-age-band', given: false }),
    ]);
    const [row] = await db().select().from(guardians).where(eq(guardians.userId, child.user.id));
    expect(row).toMatchObject({ name: 'Ngozi Okafor', relationship: 'Mother', confirmedAt: expect.any(Date), textVersion: 'guardian-2026-11' });
  });

  it('refuses a confirmation without the guardian’s agreement, with a message', async () => {
    const child = await childSignedUp();
    const response = await new TestClient(portal.app).post('/api/guardian/confirm', { json: { child: child.user.id, code: child.code } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Tick the box/);
    expect((await child.client.get('/api/users/profile')).json().user.guardian).toBe('waiting');
  });
});

describe('the guardian’s page', () => {
  it('names the child while the guardian’s code is live, and no one for a used link or a made-up id', async () => {
    const child = await childSignedUp({ name: 'Kemi Balogun' });
    const visitor = new TestClient(portal.app);
    const named = await visitor.get(`/api/guardian/child?child=${child.user.id}`);
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({ childName: 'Kemi Balogun' });
    expect((await visitor.get('/api/guardian/child?child=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await visitor.get('/api/guardian/child?child=nope')).json().message).toBe('This link is not complete. Open the link from the email again.');
    expect((await confirm(child.user.id, child.code)).statusCode).toBe(200);
    const used = await visitor.get(`/api/guardian/child?child=${child.user.id}`);
    expect(used.statusCode).toBe(404);
    expect(used.json().message).toMatch(/no longer waiting for a guardian/);
  });
});

describe('the guardian code follows the code rules', () => {
  it('is stored only as a hash', async () => {
    const child = await childSignedUp();
    const [row] = await db()
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, child.user.id), eq(verificationCodes.purpose, 'guardian')));
    expect(row!.codeHash).not.toContain(child.code);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 60 * 60 * 1000);
  });

  it('is good once', async () => {
    const child = await childSignedUp();
    expect((await confirm(child.user.id, child.code)).statusCode).toBe(200);
    const again = await confirm(child.user.id, child.code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was already used/);
  });

  it('expires', async () => {
    const child = await childSignedUp();
    await db()
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, child.user.id));
    const response = await confirm(child.user.id, child.code);
    expect(response.statusCode).toBe(400);
    expect((await child.client.get('/api/users/profile')).json().user.guardian).toBe('waiting');
  });

  it('dies after five wrong tries, even for the right code', async () => {
    const child = await childSignedUp();
    const wrong = child.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm(child.user.id, wrong)).statusCode).toBe(400);
    const right = await confirm(child.user.id, child.code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/Too many wrong tries/);
  });

  it('can be sent again by the child, once a minute', async () => {
    const child = await childSignedUp();
    const early = await child.client.post('/api/users/me/guardian/code');
    expect(early.statusCode).toBe(429);
    await db()
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(verificationCodes.userId, child.user.id));
    const resent = await child.client.post('/api/users/me/guardian/code');
    expect(resent.statusCode).toBe(200);
    await expect.poll(() => mailbox.countTo(child.guardian.guardianEmail, GUARDIAN_SUBJECT)).toBe(2);
    const fresh = await mailbox.codeFor(child.guardian.guardianEmail, GUARDIAN_SUBJECT);
    expect((await confirm(child.user.id, fresh)).statusCode).toBe(200);
  });

  it.runIf(onPostgresServer)('confirms once when the guardian sends the code twice at once', async () => {
    const child = await childSignedUp();
    const answers = await Promise.all([confirm(child.user.id, child.code), confirm(child.user.id, child.code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const recorded = await db()
      .select()
      .from(consents)
      .where(and(eq(consents.userId, child.user.id), eq(consents.kind, 'guardian')));
    expect(recorded).toHaveLength(1);
  });
});

/** An activated child whose guardian confirmed with these choices, with an artist submission and a published-ready profile. */
async function activatedChild(choices: { allowPublication: boolean; allowAgeBand: boolean }) {
  const child = await childSignedUp();
  expect((await confirm(child.user.id, child.code, choices)).statusCode).toBe(200);
  await db()
    .update(users)
    .set({ activated: true, activatedAt: new Date(), paidUntil: format(addDays(new Date(), 30), 'yyyy-MM-dd') })
    .where(eq(users.id, child.user.id));
  await db()
    .insert(submissions)
    .values({ userId: child.user.id, form: 'artist-membership', data: { gender: 'female', heightFt: 4, heightInch: 10 } });
  const photo = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#a50' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(photo)]), 'me.jpg');
  const draft = {
    category: 'model',
    stageName: `Young Talent ${child.user.id.slice(0, 6)}`,
    bio: 'Print and TV.',
    published: false,
    show: ['gender', 'age', 'height'],
  };
  expect((await child.client.put('/api/talent/me', { json: draft })).statusCode).toBe(200);
  expect((await child.client.post('/api/talent/me/photos', { form })).statusCode).toBe(201);
  return { ...child, draft };
}

describe('a child in the talent directory', () => {
  it('cannot publish when the guardian did not allow it', async () => {
    const child = await activatedChild({ allowPublication: false, allowAgeBand: false });
    const response = await child.client.put('/api/talent/me', { json: { ...child.draft, published: true } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NO_PUBLICATION_CONSENT);
  });

  it('never shows a child’s age or date of birth; the age band only when the guardian allowed it', async () => {
    const banded = await activatedChild({ allowPublication: true, allowAgeBand: true });
    const plain = await activatedChild({ allowPublication: true, allowAgeBand: false });
    const ids: string[] = [];
    for (const child of [banded, plain]) {
      const published = await child.client.put('/api/talent/me', { json: { ...child.draft, published: true } });
      expect(published.statusCode, published.body).toBe(200);
      ids.push(published.json().profile.id);
    }
    const visitor = new TestClient(portal.app);
    const [withBand, without] = await Promise.all(ids.map(async (id) => (await visitor.get(`/api/talent/${id}`)).json()));
    expect(withBand.measurements).toEqual({ gender: 'female', heightCm: 147, ageBand: '10 to 12' });
    expect(without.measurements).toEqual({ gender: 'female', heightCm: 147 });
    for (const body of [withBand, without]) expect(JSON.stringify(body)).not.toMatch(/"age"|dob|\d{4}-\d{2}-\d{2}/);

    const listing = (await visitor.get('/api/talent?category=model')).json().items as { id: string; age?: number; ageBand?: string }[];
    expect(listing.find((item) => item.id === ids[0])).toMatchObject({ ageBand: '10 to 12' });
    expect(listing.find((item) => item.id === ids[0])).not.toHaveProperty('age');
    // An age filter cannot find a child's exact age either.
    const byAge = (await visitor.get('/api/talent?minAge=12&maxAge=12')).json().items as { id: string }[];
    expect(byAge.map((item) => item.id)).not.toEqual(expect.arrayContaining([ids[0]]));
  });

  it('sends a booking request for a child to the guardian too', async () => {
    const child = await activatedChild({ allowPublication: true, allowAgeBand: false });
    const id = (await child.client.put('/api/talent/me', { json: { ...child.draft, published: true } })).json().profile.id;
    const business = new TestClient(portal.app);
    const email = `casting${process.pid}@studio.example.com`;
    const asked = await business.post(`/api/talent/${id}/requests`, {
      json: {
        businessName: 'Studio',
        contactName: 'Bola',
        email,
        phone: '08091234567',
        dateFrom: format(addDays(new Date(), 10), 'yyyy-MM-dd'),
        dateTo: format(addDays(new Date(), 11), 'yyyy-MM-dd'),
        location: 'Ikeja',
        budgetNaira: '50000',
        message: 'A school advert.',
      },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const code = await mailbox.codeFor(email, /Confirm your booking request/);
    expect((await business.post(`/api/talent/requests/${asked.json().confirmationId}/confirm`, { json: { code } })).statusCode).toBe(201);
    const mail = await mailbox.waitFor((m) => m.to === child.guardian.guardianEmail && /Booking request/.test(m.subject));
    expect(mail.text).toContain('A school advert.');
    await mailbox.waitFor((m) => m.to === child.user.email && /booking/i.test(m.subject));
  });
});

describe('turning 18', () => {
  it('ends the guardian link and tells the member', async () => {
    const child = await childSignedUp();
    expect((await confirm(child.user.id, child.code)).statusCode).toBe(200);
    await db().update(users).set({ dob: eighteenYearsAgoInLagos() }).where(eq(users.id, child.user.id));
    expect(await endGuardianLinksAtAdulthood(portal.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await child.client.get('/api/users/profile')).json().user.guardian).toBeNull();
    const [row] = await db().select().from(guardians).where(eq(guardians.userId, child.user.id));
    expect(row!.endedAt).toBeInstanceOf(Date);
    await mailbox.waitFor((m) => m.to === child.user.email && /You are 18/.test(m.subject));
    expect(await endGuardianLinksAtAdulthood(portal.app.ctx)).toBe(0);
  });
});

describe('the 18th birthday, on the app’s clock in Lagos', () => {
  // Born 15 June 2008: 18 from midnight in Lagos on 15 June 2026, which is 23:00 UTC on the 14th.
  const DOB = '2008-06-15';
  const LAST_HOUR_OF_CHILDHOOD = new Date('2026-06-14T22:30:00Z');
  const FIRST_HOUR_OF_ADULTHOOD = new Date('2026-06-14T23:30:00Z');
  let now = LAST_HOUR_OF_CHILDHOOD;
  let clocked: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    clocked = await createTestApp({}, { mailTransport: new TestMailbox().transport, clock: () => now });
  });
  afterAll(() => clocked.close());
  const campaign = (r: { email: string; fullName: string }) =>
    privacyMail.marketing(clocked.app.ctx.mailer.brand, r.email, r.fullName, 'Adults offer', ['A new premiere is coming.']);

  it('ends the guardian link and lets marketing mail go from that Lagos midnight, not an hour before', async () => {
    const { user } = await signedUpMember(clocked.app);
    const db = clocked.app.ctx.db;
    await db
      .update(users)
      .set({ dob: DOB, guardianState: 'confirmed', marketingConsentAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(users.id, user.id));
    await db.insert(guardians).values({
      userId: user.id,
      name: 'Ngozi Okafor',
      relationship: 'Mother',
      email: `guardian-${user.id}@example.com`,
      phone: '+234 803 555 0101',
      confirmedAt: new Date('2024-01-01T00:00:00Z'),
    });
    const guardianState = async () => (await db.select({ state: users.guardianState }).from(users).where(eq(users.id, user.id)))[0]!.state;

    now = LAST_HOUR_OF_CHILDHOOD;
    await endGuardianLinksAtAdulthood(clocked.app.ctx);
    expect(await guardianState()).toBe('confirmed');
    expect(await sendMarketingMail(clocked.app.ctx, campaign, [user.id])).toBe(0);

    now = FIRST_HOUR_OF_ADULTHOOD;
    expect(await sendMarketingMail(clocked.app.ctx, campaign, [user.id])).toBe(1);
    expect(await endGuardianLinksAtAdulthood(clocked.app.ctx)).toBe(1);
    expect(await guardianState()).toBeNull();
  });
});

describe('marketing consent', () => {
  const campaign = (subject: string) => (r: { email: string; fullName: string }) =>
    privacyMail.marketing(portal.app.ctx.mailer.brand, r.email, r.fullName, subject, ['A new premiere is coming.']);
  const queuedTo = async (to: string, subject: string) =>
    (await db().select().from(outbox).where(eq(outbox.to, to))).filter((m) => m.subject.startsWith(subject)).length;

  it('is withdrawn and given again on the privacy page, each change recorded; withdrawn, no marketing mail goes', async () => {
    const { client, user } = await signedUpMember(portal.app);
    expect(await sendMarketingMail(portal.app.ctx, campaign('Premiere one'), [user.id])).toBe(1);
    expect(await queuedTo(user.email, 'Premiere one')).toBe(1);

    const withdrawn = await client.put('/api/users/me/consents', { json: { marketing: false } });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ marketing: false, message: expect.stringMatching(/no more marketing emails/) });
    expect(await sendMarketingMail(portal.app.ctx, campaign('Premiere two'), [user.id])).toBe(0);
    expect(await queuedTo(user.email, 'Premiere two')).toBe(0);

    expect((await client.put('/api/users/me/consents', { json: { marketing: false } })).statusCode).toBe(200);
    const given = await client.put('/api/users/me/consents', { json: { marketing: true } });
    expect(given.json().marketing).toBe(true);
    expect(await sendMarketingMail(portal.app.ctx, campaign('Premiere three'), [user.id])).toBe(1);

    const history = given.json().history.filter((c: { kind: string }) => c.kind === 'marketing');
    expect(history.map((c: { given: boolean; textVersion: string }) => [c.given, c.textVersion])).toEqual([
      [true, 'marketing-2026-11'],
      [false, 'marketing-2026-11'],
      [true, 'marketing-2026-11'],
    ]);
  });

  it('never sends marketing to a child, whatever they ticked', async () => {
    const child = await childSignedUp();
    expect(await sendMarketingMail(portal.app.ctx, campaign('Kids offer'), [child.user.id])).toBe(0);
  });

  it.each([[{}], [{ marketing: 'no' }], [{ marketing: null }]])('refuses %o with a message and changes nothing', async (body) => {
    const { client } = await signedUpMember(portal.app);
    const response = await client.put('/api/users/me/consents', { json: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/marketing emails/);
    expect((await client.get('/api/users/me/consents')).json().marketing).toBe(true);
  });
});

describe('a child’s marketing choice', () => {
  const campaign = (subject: string) => (r: { email: string; fullName: string }) =>
    privacyMail.marketing(portal.app.ctx.mailer.brand, r.email, r.fullName, subject, ['A new premiere is coming.']);

  it('is not recorded from the sign-up tick, so no marketing mail starts when they turn 18', async () => {
    const child = await childSignedUp();
    const consentsNow = (await child.client.get('/api/users/me/consents')).json();
    expect(consentsNow.marketing).toBe(false);
    expect(consentsNow.history.filter((c: { kind: string }) => c.kind === 'marketing')).toEqual([]);
    expect((await confirm(child.user.id, child.code)).statusCode).toBe(200);

    await db().update(users).set({ dob: eighteenYearsAgoInLagos() }).where(eq(users.id, child.user.id));
    await endGuardianLinksAtAdulthood(portal.app.ctx);
    expect(await sendMarketingMail(portal.app.ctx, campaign('Adults offer'), [child.user.id])).toBe(0);

    // At 18 the choice is theirs, on the privacy page.
    expect((await child.client.put('/api/users/me/consents', { json: { marketing: true } })).statusCode).toBe(200);
    expect(await sendMarketingMail(portal.app.ctx, campaign('Adults offer'), [child.user.id])).toBe(1);
  });

  it('cannot be given by the child before 18: 403 with why, nothing recorded', async () => {
    const child = await childSignedUp();
    const response = await child.client.put('/api/users/me/consents', { json: { marketing: true } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MARKETING_FROM_18);
    const after = (await child.client.get('/api/users/me/consents')).json();
    expect(after.marketing).toBe(false);
    expect(after.history.filter((c: { kind: string }) => c.kind === 'marketing')).toEqual([]);
  });
});

/** A member who signed up as an adult, then their date of birth says 15: as an account from before sign-up asked for guardians. */
async function childFromBeforeGuardians() {
  const member = await activatedMember(portal.app);
  await db()
    .update(users)
    .set({ dob: dobForAge(15), guardianState: null })
    .where(eq(users.id, member.user.id));
  return member;
}

describe('a member under 18 from before guardians were asked', () => {
  const campaign = (r: { email: string; fullName: string }) =>
    privacyMail.marketing(portal.app.ctx.mailer.brand, r.email, r.fullName, 'Offer', ['A new premiere is coming.']);

  it('gets no marketing mail, and their published profile leaves the directory with its age', async () => {
    const member = await activatedMember(portal.app);
    await db()
      .insert(submissions)
      .values({ userId: member.user.id, form: 'artist-membership', data: { gender: 'female', heightFt: 5, heightInch: 2 } });
    const photo = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#05a' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(photo)]), 'me.jpg');
    const draft = { category: 'model', stageName: `Early Member ${member.user.id.slice(0, 6)}`, bio: 'Print.', published: false, show: ['gender', 'age'] };
    expect((await member.client.put('/api/talent/me', { json: draft })).statusCode).toBe(200);
    expect((await member.client.post('/api/talent/me/photos', { form })).statusCode).toBe(201);
    const published = await member.client.put('/api/talent/me', { json: { ...draft, published: true } });
    expect(published.statusCode, published.body).toBe(200);
    const id = published.json().profile.id as string;
    const visitor = new TestClient(portal.app);
    expect((await visitor.get(`/api/talent/${id}`)).json().measurements).toHaveProperty('age');

    await db()
      .update(users)
      .set({ dob: dobForAge(15), guardianState: null })
      .where(eq(users.id, member.user.id));
    expect(await sendMarketingMail(portal.app.ctx, campaign, [member.user.id])).toBe(0);
    expect((await visitor.get(`/api/talent/${id}`)).statusCode).toBe(404);
    const listing = (await visitor.get('/api/talent?category=model')).json().items as { id: string }[];
    expect(listing.map((item) => item.id)).not.toContain(id);
  });

  it('waits for a guardian they name on the privacy page, who is mailed a code as at sign-up', async () => {
    const member = await childFromBeforeGuardians();
    await verifyEmail(member.client, member.user.email);
    expect((await member.client.get('/api/users/profile')).json().user.guardian).toBe('waiting');
    const pay = await member.client.post('/api/users/upload-slip', { form: slipForm(await slipImage(), { userId: member.user.id, plan: 'premium' }) });
    expect(pay.statusCode).toBe(403);
    expect(pay.json().message).toBe(WAITING_FOR_GUARDIAN);
    expect((await member.client.get('/api/users/me/guardian')).json()).toEqual({ guardian: null, needsGuardian: true });
    const early = await member.client.post('/api/users/me/guardian/code');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/Add your parent or guardian first/);

    const guardian = guardianFields();
    for (const [bad, message] of [
      [{ ...guardian, guardianEmail: '' }, /Guardian email is required/],
      [{ ...guardian, guardianPhone: '12' }, /Guardian phone must be a valid phone number/],
      [{ ...guardian, guardianEmail: member.user.email.toUpperCase() }, /must be their own/],
    ] as const) {
      const refused = await member.client.put('/api/users/me/guardian', { json: bad });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    expect(await db().select().from(guardians).where(eq(guardians.userId, member.user.id))).toHaveLength(0);

    const added = await member.client.put('/api/users/me/guardian', { json: guardian });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().guardian).toMatchObject({ state: 'waiting', name: guardian.guardianName, email: guardian.guardianEmail });
    const code = await mailbox.codeFor(guardian.guardianEmail, GUARDIAN_SUBJECT);
    expect((await member.client.get('/api/users/me/guardian')).json()).toMatchObject({ needsGuardian: false, guardian: { state: 'waiting' } });
    const twice = await member.client.put('/api/users/me/guardian', { json: guardianFields() });
    expect(twice.statusCode).toBe(409);

    expect((await confirm(member.user.id, code)).statusCode).toBe(200);
    expect((await member.client.get('/api/users/profile')).json().user.guardian).toBe('confirmed');
    const paid = await member.client.post('/api/users/upload-slip', { form: slipForm(await slipImage(), { userId: member.user.id, plan: 'premium' }) });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('is refused a guardian once 18', async () => {
    const { client, user } = await signedUpMember(portal.app, { dob: dobForAge(30) });
    const response = await client.put('/api/users/me/guardian', { json: guardianFields() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You are 18 or over: your account needs no guardian.');
    expect(await db().select().from(guardians).where(eq(guardians.userId, user.id))).toHaveLength(0);
    expect((await client.get('/api/users/me/guardian')).json()).toEqual({ guardian: null, needsGuardian: false });
  });
});

describe('who looked at my documents', () => {
  it('lists a staff view of a slip and of a form upload by role, with the reason; not the member’s own views', async () => {
    const { client, user } = await signedUpMember(portal.app);
    const slip = await storeFile(portal.app.ctx, db(), { ownerId: user.id, purpose: 'payment-slip', data: PDF_BYTES, mimeType: 'application/pdf' });
    const [payment] = await db().insert(payments).values({ userId: user.id, kind: 'fee', amountKobo: 6_050_000, months: 1, slipFileId: slip.id }).returning();
    const upload = await storeFile(portal.app.ctx, db(), { ownerId: user.id, purpose: 'form:welfare', data: PDF_BYTES, mimeType: 'application/pdf' });

    expect((await client.get(`/api/files/${slip.id}`)).statusCode).toBe(200);
    expect((await client.get('/api/users/me/access-log')).json().entries).toEqual([]);

    const finance = await signedInStaffAs(portal.app, 'finance');
    expect((await finance.client.get(`/api/admin/payments/${payment!.id}/slip?reason=${encodeURIComponent('Checking the bank statement')}`)).statusCode).toBe(
      200,
    );
    const moderator = await signedInStaffAs(portal.app, 'moderator');
    expect((await moderator.client.get(`/api/files/${upload.id}`)).statusCode).toBe(200);

    const log = await client.get('/api/users/me/access-log');
    expect(log.statusCode).toBe(200);
    expect(log.json().entries).toEqual([
      { at: expect.any(String), role: 'moderator', file: 'Welfare form upload', reason: null },
      { at: expect.any(String), role: 'finance', file: 'Payment slip', reason: 'Checking the bank statement' },
    ]);
    expect(log.body).not.toContain(finance.email);
  });
});

describe('retention', () => {
  it('removes a slip rejected more than 90 days ago and the files of a long-handled submission, keeping their rows', async () => {
    const { user } = await signedUpMember(portal.app);
    const ctx = portal.app.ctx;
    const oldSlip = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'payment-slip', data: PDF_BYTES, mimeType: 'application/pdf' });
    const recentSlip = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'payment-slip', data: PDF_BYTES, mimeType: 'application/pdf' });
    const [oldPayment] = await db()
      .insert(payments)
      .values({ userId: user.id, kind: 'fee', amountKobo: 1, state: 'rejected', reviewedAt: subDays(new Date(), 91), slipFileId: oldSlip.id })
      .returning();
    await db()
      .insert(payments)
      .values({ userId: user.id, kind: 'fee', amountKobo: 1, state: 'rejected', reviewedAt: subDays(new Date(), 89), slipFileId: recentSlip.id });
    const upload = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'form:welfare', data: PDF_BYTES, mimeType: 'application/pdf' });
    const [submission] = await db()
      .insert(submissions)
      .values({ userId: user.id, form: 'welfare', data: { a: 1 }, state: 'handled', handledAt: subDays(new Date(), 366) })
      .returning();
    await db().insert(submissionFiles).values({ submissionId: submission!.id, fileId: upload.id, field: 'passport' });

    const removed = await applyRetention(ctx);
    expect(removed.slips).toBeGreaterThanOrEqual(1);
    expect(await stillStored(portal.app, [oldSlip.storageKey, upload.storageKey])).toEqual([]);
    expect(await stillStored(portal.app, [recentSlip.storageKey])).toEqual([recentSlip.storageKey]);
    const [payment] = await db().select().from(payments).where(eq(payments.id, oldPayment!.id));
    expect(payment).toMatchObject({ state: 'rejected', slipFileId: null });
    expect(await db().select().from(submissions).where(eq(submissions.id, submission!.id))).toHaveLength(1);
  });
});

interface ZipEntry {
  name: string;
  data: Buffer;
  /** How the entry is compressed: 0 stored as is, 8 deflated. */
  method: number;
}

function readZip(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks), method: entry.compressionMethod });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * The member's rows in the company's week: enrolled in a training, at one of its dates (one scan at
 * the door), a fine proposed there and one withdrawn by a later scan, their calendar feed renewed,
 * and the training's certificate.
 */
async function weekRows(userId: string, staff: { scanner?: string; decider?: string; withdrawer?: string } = {}) {
  const [series] = await db()
    .insert(scheduleSeries)
    .values({
      kind: 'training',
      title: 'Screen acting',
      place: 'Studio 2',
      startTime: '09:00',
      endTime: '11:00',
      repeat: 'weekly',
      firstDay: '2030-01-07',
      weekdays: [1],
      audience: 'enrolled',
      attendanceRequired: true,
    })
    .returning();
  const seriesId = series!.id;
  const day = '2030-01-07';
  await db().insert(scheduleEnrolments).values({ seriesId, userId });
  const arrivedAt = new Date(`${day}T08:20:00Z`);
  await db().insert(attendance).values({ seriesId, day, userId, arrivedAt });
  const [scan] = await db()
    .insert(attendanceScans)
    .values({ id: randomUUID(), seriesId, day, userId, scannedAt: arrivedAt, staffId: staff.scanner ?? null })
    .returning();
  await db()
    .insert(attendanceFines)
    .values([
      { seriesId, day, userId, type: 'late', reason: 'Arrived 20 minutes late', state: 'confirmed', decidedBy: staff.decider ?? null, decidedAt: new Date() },
      {
        seriesId,
        day,
        userId,
        type: 'left-early',
        reason: 'No leaving scan',
        state: 'withdrawn',
        withdrawnAt: new Date(),
        withdrawnBy: staff.withdrawer ?? null,
        withdrawnScanId: scan!.id,
        withdrawnReason: 'A leaving scan came later',
      },
    ]);
  await db().insert(calendarFeeds).values({ userId, version: 2 });
  await db().insert(trainingCertificates).values({
    code: randomUUID(),
    userId,
    seriesId,
    title: 'Screen acting',
    companyName: 'Test Company',
    memberName: 'Chi O',
    memberNumber: 'HM-000001',
    periodFrom: '2030-01-07',
    periodTo: '2030-07-08',
    attended: 24,
    held: 26,
  });
}

describe('download my data', () => {
  it('answers a ZIP with every table’s rows for the member and their files', async () => {
    const { client, user } = await activatedMember(portal.app);
    const ctx = portal.app.ctx;
    const other = await signedUpMember(portal.app);
    const slip = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'payment-slip', data: PDF_BYTES, mimeType: 'application/pdf' });
    await db().insert(payments).values({ userId: user.id, kind: 'fee', amountKobo: 6_050_000, months: 1, slipFileId: slip.id });
    const passport = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'form:welfare', data: await slipImage(), mimeType: 'image/png' });
    const [submission] = await db()
      .insert(submissions)
      .values({ userId: user.id, form: 'welfare', data: { reason: 'school fees' } })
      .returning();
    await db().insert(submissionFiles).values({ submissionId: submission!.id, fileId: passport.id, field: 'passport' });
    const teller = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'form:event', data: Buffer.from('a JPEG teller'), mimeType: 'image/jpeg' });
    const photo = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'talent-photo', data: Buffer.from('a WebP photo'), mimeType: 'image/webp' });
    await notify(db(), user.id, 'test', 'Hello from the export test');
    await db().insert(contactMessages).values({
      userId: user.id,
      firstName: 'Chi',
      lastName: 'O',
      email: user.email,
      phone: user.phone,
      feedback: 'question',
      message: 'When is the premiere?',
    });
    // Anyone can type the member's address on the contact page: only messages sent signed in are the member's.
    await db().insert(contactMessages).values({
      userId: null,
      firstName: 'Someone',
      lastName: 'Else',
      email: user.email,
      phone: '08030000000',
      feedback: 'question',
      message: 'A stranger wrote this with your address',
    });
    await storeFile(ctx, db(), { ownerId: other.user.id, purpose: 'payment-slip', data: Buffer.from('%PDF-other'), mimeType: 'application/pdf' });
    await client.put('/api/users/me/consents', { json: { marketing: false } });

    const response = await client.get('/api/users/me/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const entries = await readZip(response.rawPayload);
    const names = entries.map((e) => e.name);
    for (const table of [
      'profile',
      'guardian',
      'consents',
      'payments',
      'ledger_entries',
      'receipts',
      'membership_reminders',
      'submissions',
      'submission_files',
      'talent_profiles',
      'talent_photos',
      'booking_requests',
      'ads',
      'notifications',
      'contact_messages',
      'audit_entries',
      'file_access_log',
      'files',
    ]) {
      expect(names).toContain(`data/${table}.json`);
    }
    const json = (table: string) => JSON.parse(entries.find((e) => e.name === `data/${table}.json`)!.data.toString('utf8'));
    expect(json('profile')).toMatchObject({ id: user.id, email: user.email });
    expect(json('profile')).not.toHaveProperty('passwordHash');
    expect(json('payments')).toEqual([expect.objectContaining({ slipFileId: slip.id, userId: user.id })]);
    expect(json('submissions')).toEqual([expect.objectContaining({ id: submission!.id, data: { reason: 'school fees' } })]);
    expect(json('notifications')).toEqual([expect.objectContaining({ message: 'Hello from the export test' })]);
    expect(json('contact_messages')).toEqual([expect.objectContaining({ message: 'When is the premiere?' })]);
    expect(json('consents').map((c: { kind: string; given: boolean }) => `${c.kind}:${c.given}`)).toEqual(['terms:true', 'marketing:true', 'marketing:false']);
    expect(json('files')).toHaveLength(4);
    expect(JSON.stringify(entries.map((e) => e.data.toString('latin1')))).not.toContain(other.user.id);

    const slipEntry = entries.find((e) => e.name === `files/payment-slip/${slip.id}.pdf`);
    expect(slipEntry?.data.equals(PDF_BYTES)).toBe(true);
    const passportEntry = entries.find((e) => e.name === `files/form-welfare/${passport.id}.png`);
    expect(passportEntry?.data.equals(await slipImage())).toBe(true);
    expect(names).toEqual(expect.arrayContaining([`files/form-event/${teller.id}.jpg`, `files/talent-photo/${photo.id}.webp`]));
    expect(names).toContain('README.txt');
    const [stored] = await db().select().from(files).where(eq(files.id, slip.id));
    expect(stored).toBeDefined();
  });

  it('holds the member’s week: trainings enrolled in, attendance, scans, fines, calendar feed and certificates, without the certificate’s check code', async () => {
    const { client, user } = await activatedMember(portal.app);
    await weekRows(user.id);
    const entries = await readZip((await client.get('/api/users/me/export')).rawPayload);
    const json = (table: string) => JSON.parse(entries.find((e) => e.name === `data/${table}.json`)?.data.toString('utf8') ?? 'null');
    expect(json('schedule_enrolments')).toEqual([expect.objectContaining({ userId: user.id, session: 'Screen acting' })]);
    expect(json('attendance')).toEqual([expect.objectContaining({ day: '2030-01-07', session: 'Screen acting', arrivedAt: '2030-01-07T08:20:00.000Z' })]);
    expect(json('attendance_scans')).toEqual([expect.objectContaining({ day: '2030-01-07', scannedAt: '2030-01-07T08:20:00.000Z' })]);
    expect(json('attendance_fines')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'late', state: 'confirmed', reason: 'Arrived 20 minutes late' }),
        expect.objectContaining({ type: 'left-early', state: 'withdrawn', withdrawnReason: 'A leaving scan came later' }),
      ]),
    );
    expect(json('calendar_feeds')).toEqual([{ userId: user.id, version: 2 }]);
    const [certificate] = json('training_certificates') as Record<string, unknown>[];
    expect(certificate).toMatchObject({ title: 'Screen acting', attended: 24, held: 26, periodTo: '2030-07-08' });
    expect(certificate).not.toHaveProperty('code');
    const [stored] = await db().select({ code: trainingCertificates.code }).from(trainingCertificates).where(eq(trainingCertificates.userId, user.id));
    expect(JSON.stringify(entries.map((e) => e.data.toString('latin1')))).not.toContain(stored!.code);
  });

  /**
   * Rows in every table the export reads, made the way the portal makes them where a request can:
   * a slip approved by finance books the ledger, the receipt, the audit entry and a notification,
   * and finance opening the slip writes the member's file-access log.
   */
  async function rowsInEveryTable({ client, user }: Awaited<ReturnType<typeof activatedMember>>, finance: TestClient) {
    const ctx = portal.app.ctx;
    const slip = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'payment-slip', data: PDF_BYTES, mimeType: 'application/pdf' });
    const [payment] = await db().insert(payments).values({ userId: user.id, kind: 'fee', amountKobo: 6_050_000, months: 1, slipFileId: slip.id }).returning();
    expect((await finance.post(`/api/admin/payments/${payment!.id}/approve`, { json: { months: 1 } })).statusCode).toBe(200);
    expect((await finance.get(`/api/admin/payments/${payment!.id}/slip?reason=Checking+the+amount`)).statusCode).toBe(200);
    expect((await client.put('/api/users/me/consents', { json: { marketing: false } })).statusCode).toBe(200);
    await db()
      .insert(guardians)
      .values({ userId: user.id, name: 'Ngozi Okafor', relationship: 'Mother', email: `guardian-of-${user.id}@example.com`, phone: '+234 803 555 0101' });
    await db().insert(membershipReminders).values({ userId: user.id, kind: 'before-7', paidUntil: '2030-01-31' });
    const passport = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'form:welfare', data: await slipImage(), mimeType: 'image/png' });
    const [submission] = await db()
      .insert(submissions)
      .values({ userId: user.id, form: 'welfare', data: { reason: 'school fees' } })
      .returning();
    await db().insert(submissionFiles).values({ submissionId: submission!.id, fileId: passport.id, field: 'passport' });
    const [profile] = await db()
      .insert(talentProfiles)
      .values({ userId: user.id, category: 'model', stageName: `Stage ${user.id.slice(0, 8)}` })
      .returning();
    const photo = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'talent-photo', data: await slipImage(), mimeType: 'image/png' });
    await db().insert(talentPhotos).values({ profileId: profile!.id, fileId: photo.id, primary: true });
    await db()
      .insert(bookingRequests)
      .values({
        reference: `BR-${user.id.slice(0, 8)}`,
        profileId: profile!.id,
        businessName: 'Lekki Bridal House',
        contactName: 'Tunde Bakare',
        email: 'bookings@lekki-bridal.example.com',
        phone: '+234 803 555 0199',
        dateFrom: '2030-02-01',
        dateTo: '2030-02-02',
        location: 'Lekki, Lagos',
        budgetKobo: 50_000_000,
        message: 'A bridal shoot for our catalogue.',
      });
    await db().insert(ads).values({ userId: user.id, weeks: 1, linkUrl: 'https://lekki-bridal.example.com/', altText: 'Lekki Bridal House' });
    const role = await aCastingRole();
    await db().insert(castingApplications).values({ roleId: role.id, userId: user.id, note: 'I played Ada on stage.', state: 'applied' });
    await db().insert(contactMessages).values({
      userId: user.id,
      firstName: 'Chi',
      lastName: 'O',
      email: user.email,
      phone: user.phone,
      feedback: 'question',
      message: 'When is the premiere?',
    });
    await weekRows(user.id);
  }

  /** Whose each exported row is, table by table: the member's own id, or the id of one of their payments, submissions or talent profiles. */
  async function ownershipRules(userId: string): Promise<Record<string, (row: Record<string, unknown>) => boolean>> {
    const ids = async (rows: Promise<{ id: string }[]>) => new Set((await rows).map((row) => row.id));
    const paymentIds = await ids(db().select({ id: payments.id }).from(payments).where(eq(payments.userId, userId)));
    const submissionIds = await ids(db().select({ id: submissions.id }).from(submissions).where(eq(submissions.userId, userId)));
    const profileIds = await ids(db().select({ id: talentProfiles.id }).from(talentProfiles).where(eq(talentProfiles.userId, userId)));
    const byUser = (row: Record<string, unknown>) => row.userId === userId;
    return {
      profile: (row) => row.id === userId,
      guardian: byUser,
      consents: byUser,
      payments: byUser,
      ledger_entries: byUser,
      receipts: (row) => paymentIds.has(row.paymentId as string),
      membership_reminders: byUser,
      submissions: byUser,
      submission_files: (row) => submissionIds.has(row.submissionId as string),
      talent_profiles: byUser,
      talent_photos: (row) => profileIds.has(row.profileId as string),
      booking_requests: (row) => profileIds.has(row.profileId as string),
      ads: byUser,
      casting_applications: byUser,
      notifications: byUser,
      contact_messages: byUser,
      audit_entries: (row) =>
        row.actorId === userId || (row.subjectType === 'user' && row.subjectId === userId) || (row.details as { userId?: string }).userId === userId,
      file_access_log: (row) => row.ownerId === userId,
      files: (row) => row.ownerId === userId,
      schedule_enrolments: byUser,
      attendance: byUser,
      attendance_scans: byUser,
      attendance_fines: byUser,
      calendar_feeds: byUser,
      training_certificates: byUser,
    };
  }

  it('holds only the member’s own rows and files, when another member has rows in every table', async () => {
    const finance = (await signedInStaffAs(portal.app, 'finance')).client;
    const members = [await activatedMember(portal.app), await activatedMember(portal.app)];
    for (const member of members) await rowsInEveryTable(member, finance);

    for (const { client, user } of members) {
      const response = await client.get('/api/users/me/export');
      expect(response.statusCode).toBe(200);
      const entries = await readZip(response.rawPayload);
      const rules = await ownershipRules(user.id);
      const tables = entries.filter((entry) => entry.name.startsWith('data/'));
      expect(tables.map((entry) => entry.name.slice('data/'.length, -'.json'.length)).sort()).toEqual(Object.keys(rules).sort());
      const notTheirs: string[] = [];
      for (const entry of tables) {
        const table = entry.name.slice('data/'.length, -'.json'.length);
        const rows = [JSON.parse(entry.data.toString('utf8')) as Record<string, unknown> | Record<string, unknown>[]].flat();
        expect(rows.length, `${table} has none of the member's rows`).toBeGreaterThan(0);
        for (const row of rows) if (!rules[table]!(row)) notTheirs.push(`${table}: ${JSON.stringify(row)}`);
      }
      expect(notTheirs).toEqual([]);
      const owned = new Set((await db().select({ id: files.id }).from(files).where(eq(files.ownerId, user.id))).map((file) => file.id));
      const storedFiles = entries.filter((entry) => entry.name.startsWith('files/'));
      expect(storedFiles.length).toBe(owned.size);
      expect(storedFiles.filter((entry) => !owned.has(entry.name.split('/')[2]!.split('.')[0]!)).map((entry) => entry.name)).toEqual([]);
    }
  });

  it('names staff by role, never by id or address', async () => {
    const { client, user } = await activatedMember(portal.app);
    const finance = await signedInStaffAs(portal.app, 'finance');
    await db().insert(payments).values({ userId: user.id, kind: 'fee', amountKobo: 6_050_000, months: 1, reviewerId: finance.id });
    await recordAudit(db(), { actor: { id: finance.id, email: finance.email }, action: 'payment.approve', subjectType: 'user', subjectId: user.id });
    const reverser = await signedInStaffAs(portal.app, 'finance');
    const [booked] = await db().insert(payments).values({ userId: user.id, kind: 'fee', amountKobo: 6_050_000, months: 1 }).returning({ id: payments.id });
    expect((await finance.client.post(`/api/admin/payments/${booked!.id}/approve`, { json: {} })).statusCode).toBe(200);
    expect((await reverser.client.post(`/api/admin/payments/${booked!.id}/reverse`, { json: { reason: 'Approved in error' } })).statusCode).toBe(200);
    const entries = await readZip((await client.get('/api/users/me/export')).rawPayload);
    const json = (table: string) => JSON.parse(entries.find((e) => e.name === `data/${table}.json`)!.data.toString('utf8'));
    expect(json('payments')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reviewerId: 'finance', state: 'pending' }),
        expect.objectContaining({ reviewerId: 'finance', state: 'reversed', reversedBy: 'finance' }),
      ]),
    );
    expect(json('audit_entries')).toContainEqual(expect.objectContaining({ action: 'payment.approve', actorId: 'finance', actorEmail: null }));
    const everything = JSON.stringify(entries.map((e) => e.data.toString('latin1')));
    expect(everything).not.toContain(finance.id);
    expect(everything).not.toContain(finance.email);
    expect(everything).not.toContain(reverser.id);
    expect(everything).not.toContain(reverser.email);
  });

  /** A staff account that only ever did something to the member's rows: it never signs in. */
  async function staffAccount(role: StaffRole) {
    const email = `${role}-${randomUUID()}@example.com`;
    const [row] = await db()
      .insert(users)
      .values({ fullName: `Staff ${role}`, email, phone: `staff:${email}`, passwordHash: 'never-signs-in', role, activated: true })
      .returning({ id: users.id });
    return { id: row!.id, email };
  }

  it('names each staff member by role in every table that records one, a member who is not them by no one, and the member as themselves', async () => {
    const { client, user } = await activatedMember(portal.app);
    const other = await signedUpMember(portal.app);
    // One staff account for each place a staff member is recorded, so each is known from its own table only.
    const [reviewer, reverser, handler, bookkeeper, booker, adReviewer, casting, contactHandler, viewer, auditor, scanner, decider, withdrawer] =
      await Promise.all(
        (
          ['finance', 'admin', 'moderator', 'finance', 'admin', 'moderator', 'admin', 'moderator', 'finance', 'admin', 'moderator', 'finance', 'admin'] as const
        ).map((role) => staffAccount(role)),
      );
    const [reviewed] = await db()
      .insert(payments)
      .values({ userId: user.id, kind: 'fee', amountKobo: 6_050_000, months: 1, state: 'reversed', reviewerId: reviewer!.id, reversedBy: reverser!.id })
      .returning();
    await db().insert(payments).values({ userId: user.id, kind: 'fee', amountKobo: 6_050_000, months: 1 });
    await db()
      .insert(ledgerEntries)
      .values({ userId: user.id, kind: 'payment', amountKobo: -6_050_000, description: 'Slip', paymentId: reviewed!.id, createdBy: bookkeeper!.id });
    await db()
      .insert(submissions)
      .values({ userId: user.id, form: 'welfare', data: { reason: 'school fees' }, state: 'handled', handledBy: handler!.id, handledAt: new Date() });
    const [profile] = await db()
      .insert(talentProfiles)
      .values({ userId: user.id, category: 'model', stageName: `Stage ${user.id.slice(0, 8)}` })
      .returning();
    await db()
      .insert(bookingRequests)
      .values({
        reference: `BR-${user.id.slice(0, 8)}`,
        profileId: profile!.id,
        businessName: 'Lekki Bridal House',
        contactName: 'Tunde Bakare',
        email: 'bookings@lekki-bridal.example.com',
        phone: '+234 803 555 0199',
        dateFrom: '2030-02-01',
        dateTo: '2030-02-02',
        location: 'Lekki, Lagos',
        budgetKobo: 50_000_000,
        message: 'A bridal shoot for our catalogue.',
        state: 'closed',
        closedBy: booker!.id,
      });
    await db()
      .insert(ads)
      .values({ userId: user.id, weeks: 1, linkUrl: 'https://lekki-bridal.example.com/', altText: 'Lekki Bridal House', reviewerId: adReviewer!.id });
    const role = await aCastingRole();
    await db().insert(castingApplications).values({ roleId: role.id, userId: user.id, state: 'cast', decidedBy: casting!.id, decidedAt: new Date() });
    await db().insert(contactMessages).values({
      userId: user.id,
      firstName: 'Chi',
      lastName: 'O',
      email: user.email,
      phone: user.phone,
      feedback: 'question',
      message: 'When is the premiere?',
      handledBy: contactHandler!.id,
    });
    await db()
      .insert(fileAccessLog)
      .values({ ownerId: user.id, filePurpose: 'payment-slip', staffId: viewer!.id, staffRole: 'finance', reason: 'Checking the amount' });
    await recordAudit(db(), { actor: auditor!, action: 'membership.suspended', subjectType: 'user', subjectId: user.id });
    // Another member's action about this member (a parent who is a member confirming them, say): that member is no one here.
    await recordAudit(db(), { actor: { id: other.user.id, email: other.user.email }, action: 'guardian.confirmed', subjectType: 'user', subjectId: user.id });

    await weekRows(user.id, { scanner: scanner!.id, decider: decider!.id, withdrawer: withdrawer!.id });

    await storeFile(portal.app.ctx, db(), { ownerId: user.id, purpose: 'payment-slip', data: PDF_BYTES, mimeType: 'application/pdf' });
    // The first download is recorded as the member's own action, which the second holds.
    expect((await client.get('/api/users/me/export')).statusCode).toBe(200);
    const entries = await readZip((await client.get('/api/users/me/export')).rawPayload);
    const json = (table: string) => JSON.parse(entries.find((e) => e.name === `data/${table}.json`)!.data.toString('utf8'));
    expect(json('payments')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ state: 'reversed', reviewerId: 'finance', reversedBy: 'admin' }),
        expect.objectContaining({ state: 'pending', reviewerId: null, reversedBy: null }),
      ]),
    );
    expect(json('ledger_entries')).toEqual([expect.objectContaining({ createdBy: 'finance' })]);
    expect(json('submissions')).toEqual([expect.objectContaining({ handledBy: 'moderator' })]);
    expect(json('booking_requests')).toEqual([expect.objectContaining({ closedBy: 'admin' })]);
    expect(json('ads')).toEqual([expect.objectContaining({ reviewerId: 'moderator' })]);
    expect(json('casting_applications')).toEqual([expect.objectContaining({ decidedBy: 'admin' })]);
    expect(json('contact_messages')).toEqual([expect.objectContaining({ handledBy: 'moderator' })]);
    expect(json('file_access_log')).toEqual([expect.objectContaining({ staff: 'finance', file: 'Payment slip' })]);
    expect(json('attendance_scans')).toEqual([expect.objectContaining({ staffId: 'moderator' })]);
    expect(json('attendance_fines')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ state: 'confirmed', decidedBy: 'finance', withdrawnBy: null }),
        expect.objectContaining({ state: 'withdrawn', decidedBy: null, withdrawnBy: 'admin' }),
      ]),
    );
    const audit = json('audit_entries') as { action: string; actorId: string | null; actorEmail: string | null }[];
    expect(audit).toContainEqual(expect.objectContaining({ action: 'membership.suspended', actorId: 'admin', actorEmail: null }));
    expect(audit).toContainEqual(expect.objectContaining({ action: 'guardian.confirmed', actorId: null, actorEmail: null }));
    // The member's own action keeps their own id and address: they are theirs.
    expect(audit.filter((entry) => entry.action !== 'guardian.confirmed' && entry.action !== 'membership.suspended')).toEqual([
      expect.objectContaining({
        action: 'privacy.export',
        actorId: user.id,
        actorEmail: user.email,
        subjectType: 'user',
        subjectId: user.id,
        details: { files: 1 },
      }),
    ]);
    const everything = JSON.stringify(entries.map((e) => e.data.toString('latin1')));
    for (const person of [
      reviewer,
      reverser,
      handler,
      bookkeeper,
      booker,
      adReviewer,
      casting,
      contactHandler,
      viewer,
      auditor,
      scanner,
      decider,
      withdrawer,
      other.user,
    ]) {
      expect(everything).not.toContain(person!.id);
      expect(everything).not.toContain(person!.email);
    }
  });

  it('explains itself in README.txt, is kept by no cache, and holds each file as stored, under a name its type gives', async () => {
    const { client, user } = await activatedMember(portal.app);
    const ctx = portal.app.ctx;
    const slip = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'payment-slip', data: PDF_BYTES, mimeType: 'application/pdf' });
    // A type the export has no extension for (none is stored today) is still exported, as .bin.
    const odd = await storeFile(ctx, db(), { ownerId: user.id, purpose: 'form:welfare', data: Buffer.from('odd bytes'), mimeType: 'application/x-odd' });

    const response = await client.get('/api/users/me/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const day = todayInLagos(ctx.clock());
    expect(response.headers['content-disposition']).toBe(`attachment; filename="my-data-${day}.zip"`);
    const entries = await readZip(response.rawPayload);
    expect(entries.find((e) => e.name === 'README.txt')?.data.toString('utf8')).toBe(
      [
        `Your data held by ${ctx.mailer.brand.companyName}, as of ${day}.`,
        '',
        'data/*.json   one file per table, every row about you (dates in UTC, money in kobo: 100 kobo = 1 naira)',
        'files/        the files you uploaded, as stored (photos are kept as WebP after resizing)',
        '',
        'Not included: your password (only a one-way hash is kept, and it is no use to anyone), sign-in',
        'session keys and one-time codes (hashes, deleted after use). Staff appear by role, not by name.',
        'Your rights and how to use them: the privacy page of the portal (/privacy).',
        '',
      ].join('\n'),
    );
    // Files are already compressed (images, PDFs): stored as they are (method 0), the tables deflated (8).
    const slipEntry = entries.find((e) => e.name === `files/payment-slip/${slip.id}.pdf`);
    expect(slipEntry).toMatchObject({ method: 0 });
    expect(slipEntry?.data.equals(PDF_BYTES)).toBe(true);
    expect(entries.find((e) => e.name === `files/form-welfare/${odd.id}.bin`)?.data.toString()).toBe('odd bytes');
    expect(entries.find((e) => e.name === 'data/profile.json')).toMatchObject({ method: 8 });
  });

  describe('read from storage', () => {
    /** Counts the files the export reads from storage, and how many are read at once. */
    function watchStorage() {
      const storage = portal.app.ctx.storage;
      const open = storage.open;
      let secondOpening = () => {};
      const seen = {
        opened: 0,
        reading: 0,
        most: 0,
        streams: [] as Readable[],
        secondOpening: new Promise<void>((resolve) => (secondOpening = resolve)),
        secondWaitsFor: Promise.resolve(),
      };
      storage.open = async (key) => {
        seen.opened += 1;
        if (seen.opened === 2) {
          secondOpening();
          await seen.secondWaitsFor;
        }
        const file = await open.call(storage, key);
        seen.reading += 1;
        seen.most = Math.max(seen.most, seen.reading);
        file.stream.once('end', () => (seen.reading -= 1));
        seen.streams.push(file.stream);
        return file;
      };
      return { seen, [Symbol.dispose]: () => (storage.open = open) };
    }

    async function memberWithFiles(count: number, bytes: number) {
      const member = await activatedMember(portal.app);
      const stored = [];
      for (let i = 0; i < count; i++) {
        const data = Buffer.alloc(bytes, i + 1);
        data.write('%PDF-1.4\n', 0);
        stored.push(await storeFile(portal.app.ctx, db(), { ownerId: member.user.id, purpose: 'payment-slip', data, mimeType: 'application/pdf' }));
      }
      return { ...member, stored };
    }

    it('reads one file at a time, each only once the one before is in the ZIP', async () => {
      const { client } = await memberWithFiles(4, 300_000);
      using watch = watchStorage();
      const response = await client.get('/api/users/me/export');
      expect(response.statusCode).toBe(200);
      expect((await readZip(response.rawPayload)).filter((entry) => entry.name.startsWith('files/'))).toHaveLength(4);
      expect(watch.seen).toMatchObject({ opened: 4, most: 1 });
    });

    it('ends the download short and logs why when a file cannot be read', async () => {
      const { client, stored } = await memberWithFiles(3, 1000);
      // The second file's bytes are gone from the store (its row is still there).
      await portal.app.ctx.storage.remove(stored[1]!.storageKey);
      using watch = watchStorage();
      const logged = vi.spyOn(portal.app.ctx.log, 'error');
      try {
        // The headers went with the first bytes: the download is cut, not ended as if whole (nor left open).
        await expect(client.get('/api/users/me/export')).rejects.toThrow('response destroyed before completion');
        expect(logged).toHaveBeenCalledWith({ err: expect.objectContaining({ code: 'ENOENT' }) }, 'export failed mid-stream');
        expect(watch.seen.opened).toBe(2);
      } finally {
        logged.mockRestore();
      }
    });

    it('ends the download short and logs why when a file fails halfway through', async () => {
      const { client } = await memberWithFiles(3, 1000);
      using watch = watchStorage();
      const storage = portal.app.ctx.storage;
      const open = storage.open;
      // The second file's stream breaks after its first bytes (S3's connection reset, say).
      storage.open = async (key) => {
        const file = await open.call(storage, key);
        if (watch.seen.opened !== 2) return file;
        const broken = new PassThrough();
        broken.write(Buffer.alloc(100, 1));
        setTimeout(() => broken.destroy(new Error('connection reset')), 50);
        return { stream: broken, size: file.size };
      };
      const logged = vi.spyOn(portal.app.ctx.log, 'error');
      try {
        await expect(client.get('/api/users/me/export')).rejects.toThrow('response destroyed before completion');
        expect(logged).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'connection reset' }) }, 'export failed mid-stream');
        expect(watch.seen.opened).toBe(2);
      } finally {
        logged.mockRestore();
      }
    });

    it('leaves no listener behind for each file: twelve files raise no warning of a leak', async () => {
      const { client } = await memberWithFiles(12, 100);
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
      process.on('warning', onWarning);
      try {
        const response = await client.get('/api/users/me/export');
        expect((await readZip(response.rawPayload)).filter((entry) => entry.name.startsWith('files/'))).toHaveLength(12);
        await new Promise((resolve) => setImmediate(resolve));
        expect(warnings).toEqual([]);
      } finally {
        process.off('warning', onWarning);
      }
    });

    /** Starts the download over HTTP and hangs up once its first bytes arrive (and `until` is met). */
    let listening: Promise<string> | undefined;
    async function hangUpAfterFirstBytes(client: TestClient, until: Promise<void> = Promise.resolve()) {
      const address = await (listening ??= portal.app.listen({ port: 0, host: '127.0.0.1' }));
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`${address}/api/users/me/export`, { headers: { cookie: `sid=${client.cookie('sid')}` } }, (response) => {
          response.once('data', () => {
            void until.then(() => {
              request.destroy();
              resolve();
            });
          });
        });
        request.on('error', reject);
      });
    }

    it('stops reading files when the member closes the download, closing the one half read, and logs no error', async () => {
      const { client } = await memberWithFiles(4, 4 * 1024 * 1024);
      using watch = watchStorage();
      const logged = vi.spyOn(portal.app.ctx.log, 'error');
      try {
        await hangUpAfterFirstBytes(client);
        await vi.waitFor(() => expect(watch.seen.streams.every((stream) => stream.destroyed)).toBe(true), { timeout: 5000 });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(watch.seen.opened).toBeLessThan(4);
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    });

    it('closes the file it was opening when the member closed the download, and opens no other', async () => {
      const { client } = await memberWithFiles(3, 1000);
      using watch = watchStorage();
      let release = () => {};
      watch.seen.secondWaitsFor = new Promise<void>((resolve) => (release = resolve));
      const logged = vi.spyOn(portal.app.ctx.log, 'error');
      try {
        await hangUpAfterFirstBytes(client, watch.seen.secondOpening);
        // The portal sees the hang-up while the second file is still being opened.
        await new Promise((resolve) => setTimeout(resolve, 300));
        release();
        await vi.waitFor(() => expect(watch.seen.streams.map((stream) => stream.destroyed)).toEqual([true, true]), { timeout: 5000 });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(watch.seen.opened).toBe(2);
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    });
  });

  it('is refused to a visitor with 401 and a message', async () => {
    const response = await new TestClient(portal.app).get('/api/users/me/export');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/sign in/);
  });
});
