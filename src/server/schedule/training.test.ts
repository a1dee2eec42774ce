import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate } from '../../shared/dates.js';
import { certificateSpanEnd } from '../../shared/training.js';
import { attendance, trainingCertificates, users } from '../db/schema.js';
import { activatedMember, createTestApp, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';

/** The portal's clock: Monday 1 February 2027, 12:00 in Lagos. */
const now = new Date('2027-02-01T11:00:00Z');
let portal: Awaited<ReturnType<typeof createTestApp>>;
let moderator: TestClient;
let trainingId: string;
let nextNumber = 8000;

/** A training every day of the week from 1 January 2026, for those enrolled. */
const training = {
  kind: 'training',
  title: 'Acting technique',
  place: 'Company studio',
  startTime: '09:00',
  endTime: '13:00',
  repeat: 'weekly',
  firstDay: '2026-01-01',
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  audience: 'enrolled',
  attendanceRequired: false,
};

async function numberedMember(fullName: string) {
  const member = await activatedMember(portal.app);
  nextNumber += 1;
  await portal.app.ctx.db.update(users).set({ memberNumber: nextNumber, fullName }).where(eq(users.id, member.user.id));
  return { ...member, number: nextNumber, hm: `HM-${String(nextNumber).padStart(6, '0')}` };
}

/** Arrivals recorded at the door on these dates, as the register writes them. */
async function attended(userId: string, days: string[], seriesId = trainingId) {
  await portal.app.ctx.db.insert(attendance).values(days.map((day) => ({ seriesId, day, userId, arrivedAt: new Date(`${day}T08:55:00Z`) })));
}

/** Every date from `from` to `to`, both included. */
function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDate(day, 1)) days.push(day);
  return days;
}

const post = (client: TestClient, url: string) => client.post(url, { json: {} });

beforeAll(async () => {
  portal = await createTestApp({}, { clock: () => now });
  moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
  const created = await moderator.post('/api/admin/schedule', { json: training });
  expect(created.statusCode, created.body).toBe(201);
  trainingId = created.json().series.id;
});
afterAll(() => portal.close());

describe('enrolment', () => {
  it('lets a member enrol in an open training, see it on their calendar, and leave it', async () => {
    const member = await numberedMember('Bisi Adewale');
    const listed = (await member.client.get('/api/users/training')).json().trainings as { seriesId: string; open: boolean; enrolled: boolean }[];
    expect(listed.find((t) => t.seriesId === trainingId)).toMatchObject({ open: true, enrolled: false });
    expect(((await member.client.get('/api/users/calendar')).json().dates as { seriesId: string }[]).some((d) => d.seriesId === trainingId)).toBe(false);

    const enrolled = await post(member.client, `/api/users/training/${trainingId}/enrolment`);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect((await post(member.client, `/api/users/training/${trainingId}/enrolment`)).statusCode).toBe(200);
    expect(
      ((await member.client.get('/api/users/training')).json().trainings as { seriesId: string; enrolled: boolean }[]).find((t) => t.seriesId === trainingId)
        ?.enrolled,
    ).toBe(true);
    expect(((await member.client.get('/api/users/calendar')).json().dates as { seriesId: string }[]).some((d) => d.seriesId === trainingId)).toBe(true);
    const staffView = (await moderator.get(`/api/admin/schedule/${trainingId}/enrolments`)).json().enrolments as { userId: string; memberNumber: string }[];
    expect(staffView.filter((e) => e.userId === member.user.id)).toEqual([expect.objectContaining({ memberNumber: member.hm })]);

    const left = await member.client.delete(`/api/users/training/${trainingId}/enrolment`);
    expect(left.statusCode, left.body).toBe(200);
    const again = await member.client.delete(`/api/users/training/${trainingId}/enrolment`);
    expect([again.statusCode, again.json().message]).toEqual([404, 'You are not enrolled in this training.']);
  });

  it('refuses a member whose profile is not activated, a session not taken by enrolment, and a training that has ended', async () => {
    const newcomer = await signedUpMember(portal.app);
    const refused = await post(newcomer.client, `/api/users/training/${trainingId}/enrolment`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/not activated/);

    const member = await numberedMember('Kemi Balogun');
    const meeting = await moderator.post('/api/admin/schedule', { json: { ...training, kind: 'meeting', title: 'Members meeting', audience: 'all' } });
    const notByEnrolment = await post(member.client, `/api/users/training/${meeting.json().series.id}/enrolment`);
    expect([notByEnrolment.statusCode, notByEnrolment.json().message]).toEqual([
      409,
      'This session is for members chosen by their level or category, not by enrolment.',
    ]);

    const ended = await moderator.post('/api/admin/schedule', { json: { ...training, title: 'Voice, 2026', untilDay: '2026-12-31' } });
    const closed = await post(member.client, `/api/users/training/${ended.json().series.id}/enrolment`);
    expect([closed.statusCode, closed.json().message]).toEqual([409, 'This training has ended: enrolment is closed.']);
    expect(
      ((await member.client.get('/api/users/training')).json().trainings as { seriesId: string }[]).some((t) => t.seriesId === ended.json().series.id),
    ).toBe(false);
  });

  it('lets staff enrol a member by number and take them out; a wrong number says so', async () => {
    const member = await numberedMember('Tunde Okon');
    const added = await moderator.post(`/api/admin/schedule/${trainingId}/enrolments`, { json: { memberNumber: member.hm.toLowerCase() } });
    expect([added.statusCode, added.json().message]).toEqual([200, `Tunde Okon (${member.hm}) is enrolled.`]);
    expect(
      ((await member.client.get('/api/users/training')).json().trainings as { seriesId: string; enrolled: boolean }[]).find((t) => t.seriesId === trainingId)
        ?.enrolled,
    ).toBe(true);

    const unknown = await moderator.post(`/api/admin/schedule/${trainingId}/enrolments`, { json: { memberNumber: 'HM-999999' } });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'No member has the number HM-999999.']);
    const blank = await moderator.post(`/api/admin/schedule/${trainingId}/enrolments`, { json: { memberNumber: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([expect.objectContaining({ field: 'memberNumber' })]);

    const removed = await moderator.delete(`/api/admin/schedule/${trainingId}/enrolments/${member.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      ((await moderator.get(`/api/admin/schedule/${trainingId}/enrolments`)).json().enrolments as { userId: string }[]).some(
        (e) => e.userId === member.user.id,
      ),
    ).toBe(false);
    expect((await moderator.delete(`/api/admin/schedule/${trainingId}/enrolments/${member.user.id}`)).statusCode).toBe(404);
  });
});

describe('the certificate', () => {
  it('counts six calendar months, a month end giving the last day of a shorter month', () => {
    expect(['2026-01-01', '2026-01-31', '2026-08-31', '2027-08-31'].map(certificateSpanEnd)).toEqual(['2026-07-01', '2026-07-31', '2027-02-28', '2028-02-29']);
  });

  let member: Awaited<ReturnType<typeof numberedMember>>;
  let certificate: { id: string; number: string };

  beforeAll(async () => {
    member = await numberedMember('Ngozi Eze');
    await post(member.client, `/api/users/training/${trainingId}/enrolment`);
  });

  it('is refused one day short of six months from the first attended date, saying when the span completes', async () => {
    await attended(member.user.id, everyDay('2026-01-01', '2026-02-27'));
    const early = await post(member.client, `/api/users/training/${trainingId}/certificate`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Not yet: your attendance needs to reach 2026-07-01, six months after your first date (2026-01-01).');

    await attended(member.user.id, everyDay('2026-02-28', '2026-06-30'));
    const oneDayShort = await post(member.client, `/api/users/training/${trainingId}/certificate`);
    expect([oneDayShort.statusCode, oneDayShort.json().message]).toEqual([
      409,
      'Not yet: your attendance needs to reach 2026-07-01, six months after your first date (2026-01-01).',
    ]);
    const progress = ((await member.client.get('/api/users/training')).json().trainings as { seriesId: string; progress: object; certificate: unknown }[]).find(
      (t) => t.seriesId === trainingId,
    );
    expect(progress).toMatchObject({
      progress: { attended: 181, held: 181, firstDay: '2026-01-01', lastDay: '2026-06-30', spanCompleteOn: '2026-07-01', eligible: false },
      certificate: null,
    });
  });

  it('is issued on exactly six months, once: asking again answers with the same certificate', async () => {
    await attended(member.user.id, ['2026-07-01']);
    const issued = await post(member.client, `/api/users/training/${trainingId}/certificate`);
    expect(issued.statusCode, issued.body).toBe(201);
    certificate = issued.json().certificate;
    expect(issued.json().certificate).toMatchObject({
      title: 'Acting technique',
      memberName: 'Ngozi Eze',
      memberNumber: member.hm,
      periodFrom: '2026-01-01',
      periodTo: '2026-07-01',
      attended: 182,
      held: 182,
    });
    expect(certificate.number).toMatch(/^TC-\d{6}$/);

    const again = await post(member.client, `/api/users/training/${trainingId}/certificate`);
    expect([again.statusCode, again.json().certificate.number, again.json().message]).toEqual([
      200,
      certificate.number,
      `Certificate ${certificate.number} was already issued.`,
    ]);
    const shown = (
      (await member.client.get('/api/users/training')).json().trainings as { seriesId: string; certificate: { number: string }; certificateCheckUrl: string }[]
    ).find((t) => t.seriesId === trainingId);
    expect(shown?.certificate.number).toBe(certificate.number);
    expect(shown?.certificate).not.toHaveProperty('code');
    const [row] = await portal.app.ctx.db.select().from(trainingCertificates).where(eq(trainingCertificates.id, certificate.id));
    expect(shown?.certificateCheckUrl).toMatch(new RegExp(`/verify/certificates/${certificate.number}\\?code=${row!.code}$`));
  });

  it('is refused when fewer than three quarters of the dates held in the span were attended', async () => {
    const patchy = await numberedMember('Femi Ade');
    // Every other date from 1 January to 2 July: 92 of 183.
    await attended(
      patchy.user.id,
      everyDay('2026-01-01', '2026-07-02').filter((_, i) => i % 2 === 0),
    );
    const refused = await post(patchy.client, `/api/users/training/${trainingId}/certificate`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'Not yet: you attended 92 of the 183 dates held since your first; the certificate needs at least 75%.',
    ]);
  });

  it('downloads as a PDF for its member and for staff, not for another member', async () => {
    const pdf = await member.client.get(`/api/users/training-certificates/${certificate.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${certificate.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await numberedMember('Someone Else');
    expect((await other.client.get(`/api/users/training-certificates/${certificate.id}`)).statusCode).toBe(404);
    const staffPdf = await moderator.get(`/api/admin/schedule/certificates/${certificate.id}`);
    expect([staffPdf.statusCode, staffPdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const listed = (await moderator.get(`/api/admin/schedule/certificates?seriesId=${trainingId}`)).json().certificates as {
      number: string;
      memberName: string;
    }[];
    expect(listed).toEqual([expect.objectContaining({ number: certificate.number, memberName: 'Ngozi Eze' })]);
    const enrolments = (await moderator.get(`/api/admin/schedule/${trainingId}/enrolments`)).json().enrolments as {
      userId: string;
      attended: number;
      certificateNumber: string | null;
    }[];
    expect(enrolments.find((e) => e.userId === member.user.id)).toMatchObject({ attended: 182, certificateNumber: certificate.number });
  });

  it('is confirmed by the public check with its code, and a wrong or missing code says it could not be confirmed', async () => {
    const [row] = await portal.app.ctx.db.select().from(trainingCertificates).where(eq(trainingCertificates.id, certificate.id));
    const visitor = new TestClient(portal.app);
    const right = await visitor.get(`/api/training-certificates/${certificate.number}?code=${row!.code}`);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({
      number: certificate.number,
      memberName: 'Ngozi Eze',
      memberNumber: member.hm,
      title: 'Acting technique',
      periodFrom: '2026-01-01',
      periodTo: '2026-07-01',
    });
    expect(right.json()).not.toHaveProperty('id');

    const wrongCode = `${row!.code.slice(0, -1)}${row!.code.endsWith('A') ? 'B' : 'A'}`;
    const answers = await Promise.all([
      visitor.get(`/api/training-certificates/${certificate.number}?code=${wrongCode}`),
      visitor.get(`/api/training-certificates/${certificate.number}`),
      visitor.get(`/api/training-certificates/TC-999999?code=${row!.code}`),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404]);
    expect(answers[0]!.json().message).toBe(
      `This certificate could not be confirmed: no certificate numbered ${certificate.number} has this check code. It may be forged or mistyped: scan its QR code again, or ask the company.`,
    );
  });
});
