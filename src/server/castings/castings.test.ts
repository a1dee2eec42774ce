import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { subYears } from 'date-fns/subYears';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { bookingRequests, castingApplications, castingCalls, notifications, submissions, talentProfiles, users } from '../db/schema.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createPostgresTestApp, describeOnPostgres } from '../test-support/on-postgres.js';
import { activatedMember, createTestApp, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';

type Portal = Awaited<ReturnType<typeof createTestApp>>;
const mailbox = new TestMailbox();
/** The portal's clock: a test moves it past a deadline and back. */
let now = new Date();
let portal: Portal;
let moderator: TestClient;

beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport, clock: () => now });
  moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
});
afterAll(() => portal.close());

const today = () => todayInLagos(new Date());
const dobForAge = (age: number) => format(subYears(addDays(new Date(), -10), age), 'yyyy-MM-dd');
let guardians = 0;

interface TalentOptions {
  age?: number;
  level?: number;
  category?: 'movie' | 'music' | 'model';
  gender?: 'female' | 'male';
  guardianEmail?: string;
}

/**
 * An activated member with an artist membership submission (its gender is what a role's gender
 * is checked against; written directly, the form is tested in forms/) and a talent profile with a photo.
 */
async function talent(target: Portal, options: TalentOptions = {}) {
  const guardian = options.guardianEmail
    ? { guardianName: 'Ngozi Okafor', guardianRelationship: 'Mother', guardianEmail: options.guardianEmail, guardianPhone: '+234 803 555 0101' }
    : {};
  const member = await activatedMember(target.app, { dob: dobForAge(options.age ?? 25), ...guardian });
  await target.app.ctx.db
    .update(users)
    .set({ level: options.level ?? 2 })
    .where(eq(users.id, member.user.id));
  await target.app.ctx.db.insert(submissions).values({
    userId: member.user.id,
    form: 'artist-membership',
    data: { gender: options.gender ?? 'female', heightFt: 5, heightInch: 7, weight: 60, chest: 86, hairColor: 'Black', eyeColor: 'Brown' },
  });
  const saved = await member.client.put('/api/talent/me', {
    json: { category: options.category ?? 'movie', stageName: `Stage ${member.user.id.slice(0, 4)}`, published: false },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const form = new FormData();
  const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#a50' } })
    .png()
    .toBuffer();
  form.append('photo', new Blob([new Uint8Array(png)]), 'me.png');
  expect((await member.client.post('/api/talent/me/photos', { form })).statusCode).toBe(201);
  return member;
}

const ROLE = { title: 'Lead actress', category: 'movie', gender: 'female', minAge: 18, maxAge: 40, minLevel: 1, maxLevel: 3 };

async function postCall(staff: TestClient, overrides: Record<string, unknown> = {}, roles: Record<string, unknown>[] = [{}]) {
  const response = await staff.post('/api/admin/castings', {
    json: {
      project: 'Ada’s Journey',
      castingDay: shiftDate(today(), 14),
      time: '10am–4pm',
      place: 'Lekki studio',
      deadline: shiftDate(today(), 7),
      roles: roles.map((role) => ({ ...ROLE, ...role })),
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().call as { id: string; roles: { id: string; count: number; title: string }[] };
}

const apply = (client: TestClient, roleId: string, note = 'I have played leads on stage.') =>
  client.post(`/api/castings/roles/${roleId}/applications`, { json: { note } });
const applicationsOf = (roleId: string) => portal.app.ctx.db.select().from(castingApplications).where(eq(castingApplications.roleId, roleId));
const notesOf = (userId: string) => portal.app.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));

async function staffView(callId: string) {
  const response = await moderator.get(`/api/admin/castings/${callId}`);
  expect(response.statusCode).toBe(200);
  return response.json().call as {
    roles: {
      id: string;
      cast: number;
      applicants: { id: string; state: string; photos: string[]; measurements: Record<string, unknown>; memberName: string; child: boolean }[];
    }[];
  };
}

describe('posting a casting call', () => {
  it('gives a role of levels 1-3 the terms’ five places, and asks the number for a role open to levels 4-5', async () => {
    const call = await postCall(moderator, {}, [{}, { title: 'Mentor', minLevel: 3, maxLevel: 5, count: 2 }]);
    expect(call.roles.map((role) => role.count)).toEqual([5, 2]);

    const before = await portal.app.ctx.db.$count(castingCalls);
    const missing = await moderator.post('/api/admin/castings', {
      json: {
        project: 'Senior roles',
        castingDay: shiftDate(today(), 14),
        time: '10am',
        place: 'Lekki',
        deadline: shiftDate(today(), 7),
        roles: [{ ...ROLE, maxLevel: 5 }],
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/How many to cast is required for a role open to levels above 3/);
    const late = await moderator.post('/api/admin/castings', {
      json: { project: 'Late', castingDay: shiftDate(today(), 3), time: '10am', place: 'Lekki', deadline: shiftDate(today(), 5), roles: [ROLE] },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/Deadline must be on or before the casting date/);
    expect(await portal.app.ctx.db.$count(castingCalls)).toBe(before);
  });

  it('is for admins and moderators: finance is refused', async () => {
    const finance = (await signedInStaffAs(portal.app, 'finance')).client;
    expect((await finance.get('/api/admin/castings')).statusCode).toBe(403);
  });
});

describe('applying', () => {
  it('lets an eligible active member apply once per role with a note, and staff see the photos and measurements', async () => {
    const call = await postCall(moderator);
    const role = call.roles[0]!;
    const member = await talent(portal);
    const listed = (await member.client.get('/api/castings')).json().calls as { id: string; roles: { id: string; refusal: string | null }[] }[];
    expect(listed.find((c) => c.id === call.id)?.roles[0]).toMatchObject({ id: role.id, refusal: null, application: null });

    const first = await apply(member.client, role.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toMatch(/Application sent for Lead actress/);
    const again = await apply(member.client, role.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already applied for this role.');
    expect(await applicationsOf(role.id)).toHaveLength(1);

    const mine = (await member.client.get('/api/castings/applications')).json().applications;
    expect(mine).toEqual([expect.objectContaining({ state: 'applied', roleTitle: 'Lead actress', note: 'I have played leads on stage.' })]);
    const [applicant] = (await staffView(call.id)).roles[0]!.applicants;
    expect(applicant).toMatchObject({ state: 'applied', measurements: { heightCm: 170, weight: 60, gender: 'female', hairColor: 'Black' } });
    expect(applicant!.photos).toHaveLength(1);
    const photo = await moderator.get(applicant!.photos[0]!);
    expect(photo.statusCode).toBe(200);
  });

  it('refuses an ineligible member with the reason, and stores nothing', async () => {
    const call = await postCall(moderator);
    const role = call.roles[0]!;
    const cases: [string, () => Promise<TestClient>, RegExp, number][] = [
      ['level', async () => (await talent(portal, { level: 4 })).client, /This role is for levels 1 to 3; you are level 4\./, 403],
      ['category', async () => (await talent(portal, { category: 'music' })).client, /This role is for movie talent; your talent profile is in music\./, 403],
      ['age', async () => (await talent(portal, { age: 45 })).client, /This role is for ages 18 to 40; you will be 45 on the casting day\./, 403],
      ['gender', async () => (await talent(portal, { gender: 'male' })).client, /This role is for female talent\./, 403],
      [
        'lapsed',
        async () => {
          const member = await talent(portal);
          await portal.app.ctx.db
            .update(users)
            .set({ paidUntil: shiftDate(today(), -30) })
            .where(eq(users.id, member.user.id));
          return member.client;
        },
        /Your membership has lapsed: only active members apply for castings/,
        403,
      ],
      ['not activated', async () => (await signedUpMember(portal.app)).client, /Only active members apply for castings/, 403],
    ];
    for (const [rule, member, message, status] of cases) {
      const client = await member();
      const listed = (await client.get('/api/castings')).json().calls as { id: string; roles: { refusal: string | null }[] }[];
      expect(listed.find((c) => c.id === call.id)?.roles[0]?.refusal ?? `no refusal for the ${rule} rule`, rule).toMatch(message);
      const answer = await apply(client, role.id);
      expect(answer.statusCode, rule).toBe(status);
      expect(answer.json().message, rule).toMatch(message);
    }
    expect(await applicationsOf(role.id)).toEqual([]);
  });

  it('takes no application after the deadline or once the call is closed', async () => {
    const call = await postCall(moderator, { deadline: shiftDate(today(), 2) });
    const role = call.roles[0]!;
    const member = await talent(portal);
    now = addDays(new Date(), 3);
    try {
      const late = await apply(member.client, role.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/^Applications for this casting closed on /);
      expect((await member.client.get('/api/castings')).json().calls.map((c: { id: string }) => c.id)).not.toContain(call.id);
    } finally {
      now = new Date();
    }
    expect(await applicationsOf(role.id)).toEqual([]);

    const open = await postCall(moderator);
    expect((await moderator.post(`/api/admin/castings/${open.id}/close`)).statusCode).toBe(200);
    const closed = await apply(member.client, open.roles[0]!.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This casting call is closed: applications are no longer taken.');
    expect(await applicationsOf(open.roles[0]!.id)).toEqual([]);
  });
});

describe('a child applying', () => {
  async function child() {
    guardians += 1;
    const guardianEmail = `parent-casting-${process.pid}-${guardians}@example.com`;
    const member = await talent(portal, { age: 12, guardianEmail });
    const code = await mailbox.codeFor(guardianEmail, /Please confirm/);
    const confirmed = await new TestClient(portal.app).post('/api/guardian/confirm', { json: { child: member.user.id, code, agree: true } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { ...member, guardianEmail };
  }

  it('waits for the guardian’s consent, who is told by email; staff see it only once they agree', async () => {
    const call = await postCall(moderator, {}, [{ title: 'Young Ada', minAge: 8, maxAge: 14 }]);
    const role = call.roles[0]!;
    const kid = await child();
    const asked = await apply(kid.client, role.id, 'I act in the school drama club.');
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ state: 'awaiting-consent', message: expect.stringMatching(/We emailed Ngozi Okafor at parent-casting/) });
    const mail = await mailbox.waitFor((m) => m.to === kid.guardianEmail && /asks to apply for a casting/.test(m.subject));
    expect(mail.text).toMatch(/Young Ada in Ada’s Journey/);
    const [application] = await applicationsOf(role.id);
    expect((await staffView(call.id)).roles[0]!.applicants).toEqual([]);
    // Without the guardian's consent, staff cannot act on it either.
    expect((await moderator.post(`/api/admin/castings/applications/${application!.id}/cast`)).statusCode).toBe(404);

    const consent = (code: string) => new TestClient(portal.app).post('/api/castings/consent', { json: { application: application!.id, code, agree: true } });
    const code = await mailbox.codeFor(kid.guardianEmail, /asks to apply for a casting/);
    const wrong = await consent(code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code is not right.');
    expect((await applicationsOf(role.id))[0]!.state).toBe('awaiting-consent');
    const agreed = await consent(code);
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect((await consent(code)).statusCode).toBe(400);
    expect((await staffView(call.id)).roles[0]!.applicants).toEqual([expect.objectContaining({ state: 'applied', child: true })]);
    expect(await notesOf(kid.user.id)).toContainEqual(expect.objectContaining({ kind: 'casting-consent-given' }));
  });

  it('is refused to a child whose guardian has not confirmed the account', async () => {
    const call = await postCall(moderator, {}, [{ title: 'Young Chidi', minAge: 8, maxAge: 14 }]);
    // An account from before sign-up asked for a guardian: a child by date of birth, with no guardian on record.
    const kid = await talent(portal);
    await portal.app.ctx.db
      .update(users)
      .set({ dob: dobForAge(12) })
      .where(eq(users.id, kid.user.id));
    const refused = await apply(kid.client, call.roles[0]!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/You are under 18: your parent or guardian must confirm your account before you apply/);
    expect(await applicationsOf(call.roles[0]!.id)).toEqual([]);
  });

  it('is not sent when the guardian refuses', async () => {
    const call = await postCall(moderator, {}, [{ title: 'Young Obi', minAge: 8, maxAge: 14 }]);
    const kid = await child();
    expect((await apply(kid.client, call.roles[0]!.id)).statusCode).toBe(201);
    const [application] = await applicationsOf(call.roles[0]!.id);
    const code = await mailbox.codeFor(kid.guardianEmail, /asks to apply for a casting/);
    const refused = await new TestClient(portal.app).post('/api/castings/consent', { json: { application: application!.id, code, agree: false } });
    expect(refused.statusCode).toBe(200);
    expect((await applicationsOf(call.roles[0]!.id))[0]!.state).toBe('consent-refused');
    expect((await staffView(call.id)).roles[0]!.applicants).toEqual([]);
  });

  it('tells a child whose guardian had not answered when the call closed that it closed first, not that they were not cast', async () => {
    const call = await postCall(moderator, {}, [{ title: 'Young Emeka', minAge: 8, maxAge: 14 }]);
    const kid = await child();
    expect((await apply(kid.client, call.roles[0]!.id)).statusCode).toBe(201);
    const [application] = await applicationsOf(call.roles[0]!.id);
    const code = await mailbox.codeFor(kid.guardianEmail, /asks to apply for a casting/);

    const closed = await moderator.post(`/api/admin/castings/${call.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message).toMatch(/0 applicants not cast were told/);
    expect((await applicationsOf(call.roles[0]!.id))[0]!.state).toBe('closed-before-consent');
    const notes = await notesOf(kid.user.id);
    expect(notes).not.toContainEqual(expect.objectContaining({ kind: 'casting-not-cast' }));
    expect(notes).toContainEqual(
      expect.objectContaining({
        kind: 'casting-closed-before-consent',
        message: expect.stringMatching(
          /^The casting call for Young Emeka in .+ closed before your guardian agreed, so your application was not sent to our staff\.$/,
        ),
      }),
    );
    const toChild = await mailbox.waitFor((m) => m.to === kid.user.email && /closed before your guardian agreed/.test(m.subject));
    expect(toChild.text).not.toMatch(/not cast/);
    const toGuardian = await mailbox.waitFor((m) => m.to === kid.guardianEmail && /closed before you answered/.test(m.subject));
    expect(toGuardian.text).toMatch(/The code we sent you no longer works/);
    expect(toGuardian.text).not.toMatch(/not cast/);
    expect((await kid.client.get('/api/castings/applications')).json().applications[0]).toMatchObject({ state: 'closed-before-consent', callState: 'closed' });
    // The guardian's code no longer sends the application.
    const late = await new TestClient(portal.app).post('/api/castings/consent', { json: { application: application!.id, code, agree: true } });
    expect(late.statusCode).toBe(400);
  });
});

describe('shortlisting, casting and closing', () => {
  it('casts no more than the role’s number, and tells every applicant the outcome in the portal and by email', async () => {
    const call = await postCall(moderator, {}, [{ title: 'Best friend', count: 1 }]);
    const role = call.roles[0]!;
    const chosen = await talent(portal);
    const other = await talent(portal);
    const third = await talent(portal);
    for (const member of [chosen, other, third]) expect((await apply(member.client, role.id)).statusCode).toBe(201);
    const ids = new Map((await applicationsOf(role.id)).map((a) => [a.userId, a.id]));

    const listed = await moderator.post(`/api/admin/castings/applications/${ids.get(chosen.user.id)}/shortlist`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(await notesOf(chosen.user.id)).toContainEqual(expect.objectContaining({ kind: 'casting-shortlisted' }));
    const cast = await moderator.post(`/api/admin/castings/applications/${ids.get(chosen.user.id)}/cast`);
    expect(cast.statusCode, cast.body).toBe(200);
    expect(cast.json().message).toMatch(/Cast for Best friend \(1 of 1\)/);

    const beyond = await moderator.post(`/api/admin/castings/applications/${ids.get(other.user.id)}/cast`);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().message).toBe('The one place for Best friend is cast already.');
    expect((await applicationsOf(role.id)).filter((a) => a.state === 'cast')).toHaveLength(1);

    await mailbox.waitFor((m) => m.to === chosen.user.email && /You were cast/.test(m.subject));
    const closed = await moderator.post(`/api/admin/castings/${call.id}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toMatch(/2 applicants not cast were told/);
    for (const member of [other, third]) {
      await mailbox.waitFor((m) => m.to === member.user.email && /Your casting application/.test(m.subject));
      expect(await notesOf(member.user.id)).toContainEqual(expect.objectContaining({ kind: 'casting-not-cast' }));
      expect((await member.client.get('/api/castings/applications')).json().applications[0]).toMatchObject({ state: 'not-cast', callState: 'closed' });
    }
    expect((await chosen.client.get('/api/castings/applications')).json().applications[0]).toMatchObject({ state: 'cast' });
    const afterClose = await moderator.post(`/api/admin/castings/applications/${ids.get(other.user.id)}/cast`);
    expect(afterClose.statusCode).toBe(409);
    expect((await moderator.post(`/api/admin/castings/${call.id}/close`)).statusCode).toBe(409);
  });
  it('re-checks the applicant when staff cast them: a membership suspended or lapsed since applying is refused with the reason, and nothing changes', async () => {
    const call = await postCall(moderator, {}, [{ title: 'Market woman' }]);
    const role = call.roles[0]!;
    const suspended = await talent(portal);
    const lapsed = await talent(portal);
    const promoted = await talent(portal);
    for (const member of [suspended, lapsed, promoted]) expect((await apply(member.client, role.id)).statusCode).toBe(201);
    const ids = new Map((await applicationsOf(role.id)).map((a) => [a.userId, a.id]));
    await portal.app.ctx.db.update(users).set({ suspendedAt: new Date(), suspensionReason: 'Unpaid fines' }).where(eq(users.id, suspended.user.id));
    await portal.app.ctx.db
      .update(users)
      .set({ paidUntil: shiftDate(today(), -30) })
      .where(eq(users.id, lapsed.user.id));
    await portal.app.ctx.db.update(users).set({ level: 4 }).where(eq(users.id, promoted.user.id));
    const cases: [typeof suspended, RegExp][] = [
      [suspended, /^Not cast: .+'s membership is suspended: Unpaid fines\. Only active members are cast\.$/],
      [lapsed, /^Not cast: .+'s membership has lapsed: only active members are cast/],
      [promoted, /^Not cast: This role is for levels 1 to 3; .+ is now level 4\.$/],
    ];
    for (const [member, message] of cases) {
      const refused = await moderator.post(`/api/admin/castings/applications/${ids.get(member.user.id)}/cast`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toMatch(message);
    }
    expect((await applicationsOf(role.id)).map((a) => a.state)).toEqual(['applied', 'applied', 'applied']);
    for (const member of [suspended, lapsed, promoted])
      expect(await notesOf(member.user.id)).not.toContainEqual(expect.objectContaining({ kind: 'casting-cast' }));
  });
  it('re-checks the applicant when staff shortlist them: standing, level, category and age as they are now, refused with the reason, and nothing changes', async () => {
    const call = await postCall(moderator, {}, [{ title: 'Bus conductor' }]);
    const role = call.roles[0]!;
    const [suspended, lapsed, promoted, moved, older, still] = [
      await talent(portal),
      await talent(portal),
      await talent(portal),
      await talent(portal),
      await talent(portal),
      await talent(portal),
    ];
    for (const member of [suspended, lapsed, promoted, moved, older, still]) expect((await apply(member.client, role.id)).statusCode).toBe(201);
    const ids = new Map((await applicationsOf(role.id)).map((a) => [a.userId, a.id]));
    const db = portal.app.ctx.db;
    await db.update(users).set({ suspendedAt: new Date(), suspensionReason: 'Unpaid fines' }).where(eq(users.id, suspended.user.id));
    await db
      .update(users)
      .set({ paidUntil: shiftDate(today(), -30) })
      .where(eq(users.id, lapsed.user.id));
    await db.update(users).set({ level: 4 }).where(eq(users.id, promoted.user.id));
    await db.update(talentProfiles).set({ category: 'music' }).where(eq(talentProfiles.userId, moved.user.id));
    // A date of birth corrected by staff since applying: 45 on the casting day, the role is for 18 to 40.
    await db
      .update(users)
      .set({ dob: dobForAge(45) })
      .where(eq(users.id, older.user.id));
    const cases: [typeof suspended, RegExp][] = [
      [suspended, /^Not shortlisted: .+'s membership is suspended: Unpaid fines\. Only active members are cast\.$/],
      [lapsed, /^Not shortlisted: .+'s membership has lapsed: only active members are cast/],
      [promoted, /^Not shortlisted: This role is for levels 1 to 3; .+ is now level 4\.$/],
      [moved, /^Not shortlisted: This role is for movie talent; .+'s talent profile is now in music\.$/],
      [older, /^Not shortlisted: This role is for ages 18 to 40; by the date of birth on .+'s profile now, they will be 45 on the casting day\.$/],
    ];
    for (const [member, message] of cases) {
      const refused = await moderator.post(`/api/admin/castings/applications/${ids.get(member.user.id)}/shortlist`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toMatch(message);
      expect(await notesOf(member.user.id)).not.toContainEqual(expect.objectContaining({ kind: 'casting-shortlisted' }));
    }
    const kept = await moderator.post(`/api/admin/castings/applications/${ids.get(still.user.id)}/shortlist`);
    expect(kept.statusCode, kept.body).toBe(200);
    const states = new Map((await applicationsOf(role.id)).map((a) => [a.userId, a.state]));
    expect([suspended, lapsed, promoted, moved, older].map((m) => states.get(m.user.id))).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(states.get(still.user.id)).toBe('shortlisted');
  });
});

describe('a booking request turned into a casting call', () => {
  it('fills the call from the request, and makes one call per request', async () => {
    const member = await talent(portal, { category: 'model' });
    const [profile] = await portal.app.ctx.db.select().from(talentProfiles).where(eq(talentProfiles.userId, member.user.id));
    const [booking] = await portal.app.ctx.db
      .insert(bookingRequests)
      .values({
        reference: `BK-${member.user.id.slice(0, 6).toUpperCase()}`,
        profileId: profile!.id,
        businessName: 'Lagos Fashion House',
        contactName: 'Tolu Ade',
        email: 'tolu@example.com',
        phone: '+2348035550199',
        dateFrom: shiftDate(today(), 20),
        dateTo: shiftDate(today(), 21),
        location: 'Victoria Island',
        budgetKobo: 50_000_000,
        message: 'Runway show for our new line.',
      })
      .returning();
    const draft = await moderator.get(`/api/admin/castings/from-booking/${booking!.id}`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().draft).toMatchObject({
      project: `Lagos Fashion House (booking ${booking!.reference})`,
      castingDay: booking!.dateFrom,
      place: 'Victoria Island',
      bookingRequestId: booking!.id,
      roles: [expect.objectContaining({ category: 'model' })],
    });
    const posted = await moderator.post('/api/admin/castings', { json: draft.json().draft });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().call.bookingReference).toBe(booking!.reference);
    const twice = await moderator.post('/api/admin/castings', { json: draft.json().draft });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A casting call was already made from this booking request.');
  });
});

describeOnPostgres('castings at the same moment', () => {
  let pg: Portal;
  let staff: TestClient;
  beforeAll(async () => {
    pg = await createPostgresTestApp({}, { mailTransport: new TestMailbox().transport });
    staff = (await signedInStaffAs(pg.app, 'moderator')).client;
  });
  afterAll(() => pg?.close());

  it('stores one application when a member applies twice at once', async () => {
    const call = await postCall(staff);
    const member = await talent(pg);
    const answers = await Promise.all([apply(member.client, call.roles[0]!.id), apply(member.client, call.roles[0]!.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await pg.app.ctx.db.$count(castingApplications, eq(castingApplications.roleId, call.roles[0]!.id))).toBe(1);
  });

  it('casts one of two applicants for the last place cast at once', async () => {
    const call = await postCall(staff, {}, [{ count: 1 }]);
    const role = call.roles[0]!;
    const members = await Promise.all([talent(pg), talent(pg)]);
    for (const member of members) expect((await apply(member.client, role.id)).statusCode).toBe(201);
    const ids = (await pg.app.ctx.db.select().from(castingApplications).where(eq(castingApplications.roleId, role.id))).map((a) => a.id);
    const answers = await Promise.all(ids.map((id) => staff.post(`/api/admin/castings/applications/${id}/cast`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await pg.app.ctx.db.$count(castingApplications, and(eq(castingApplications.roleId, role.id), eq(castingApplications.state, 'cast')))).toBe(1);
  });
});
