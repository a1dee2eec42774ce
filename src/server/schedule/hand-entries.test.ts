import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate } from '../../shared/dates.js';
import { attendance, attendanceFines, attendanceScans, auditLog, users } from '../db/schema.js';
import { createPostgresTestApp, describeOnPostgres } from '../test-support/on-postgres.js';
import { activatedMember, createTestApp, signedInStaffAs, type TestClient } from '../test-support/test-app.js';

/*
 * Attendance entered by hand for a past date (decision 022, amended 2026-11-28): with a reason,
 * for a date the series holds that is over and at most 12 months back, and a member it expects;
 * marked by hand on the register (never a scan), audited, withdrawing a missed-meeting proposal
 * as a late scan does, and counting towards a training's certificate under its usual rule.
 */

let now = new Date('2026-11-06T07:00:00Z');
let portal: Awaited<ReturnType<typeof createTestApp>>;
let moderator: TestClient;
let finance: TestClient;
let nextNumber = 9000;

/** A Lagos date and time of day as an instant. */
const lagos = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

async function numberedMember(app = portal.app) {
  const member = await activatedMember(app);
  nextNumber += 1;
  await app.ctx.db
    .update(users)
    .set({ memberNumber: nextNumber, activatedAt: new Date('2025-01-01T09:00:00Z') })
    .where(eq(users.id, member.user.id));
  return { ...member, number: nextNumber, hm: `HM-${String(nextNumber).padStart(6, '0')}` };
}

async function addSeries(client: TestClient, fields: Record<string, unknown>): Promise<string> {
  const created = await client.post('/api/admin/schedule', {
    json: { place: 'Company office, Lekki', audience: 'all', attendanceRequired: true, graceMinutes: 15, ...fields },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().series.id as string;
}

const PAPER = 'Paper register, the door phone had no data';

function byHand(client: TestClient, seriesId: string, day: string, body: Record<string, unknown>) {
  return client.post(`/api/admin/schedule/${seriesId}/dates/${day}/attendance`, { json: { arrivedAt: '09:55', reason: PAPER, ...body } });
}

async function registerOf(seriesId: string, day: string) {
  const answer = await moderator.get(`/api/admin/schedule/${seriesId}/dates/${day}/register`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().present as { userId: string; memberNumber: string; arrivedAt: string; leftAt: string | null; scans: unknown[]; byHand: unknown }[];
}

beforeAll(async () => {
  portal = await createTestApp({}, { clock: () => now });
  moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
  finance = (await signedInStaffAs(portal.app, 'finance')).client;
});
afterAll(() => portal.close());

describe('a meeting’s register kept on paper', () => {
  let meetingId: string;

  beforeAll(async () => {
    // Added to the portal on Friday 6 November; the company has held it every Thursday since June.
    now = lagos('2026-11-06', '08:00');
    meetingId = await addSeries(moderator, {
      kind: 'meeting',
      title: 'Thursday meeting',
      startTime: '10:00',
      endTime: '16:00',
      repeat: 'weekly',
      firstDay: '2026-06-04',
      weekdays: [4],
    });
  });

  it('records a member present by hand: the register shows it by hand, with the reason and who entered it, and the audit has it', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-06', '09:00');
    const recorded = await byHand(moderator, meetingId, '2026-11-05', { memberNumber: member.hm, arrivedAt: '10:05', leftAt: '15:30' });
    expect([recorded.statusCode, recorded.json().message]).toEqual([201, `Chioma Okafor (${member.hm}) is recorded present, by hand.`]);
    const [row] = (await registerOf(meetingId, '2026-11-05')).filter((p) => p.userId === member.user.id);
    expect(row).toMatchObject({
      arrivedAt: lagos('2026-11-05', '10:05').toISOString(),
      leftAt: lagos('2026-11-05', '15:30').toISOString(),
      scans: [],
      byHand: { reason: PAPER, staffName: 'Test moderator', enteredAt: expect.any(String) },
    });
    expect(await portal.app.ctx.db.$count(attendanceScans, eq(attendanceScans.userId, member.user.id))).toBe(0);
    const audited = await portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'schedule.attendance-by-hand'));
    expect(audited.filter((a) => a.subjectId === member.user.id)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ seriesId: meetingId, day: '2026-11-05', arrivedAt: '10:05', reason: PAPER }) }),
    ]);
  });

  it('takes dates from the series’ first date on, before it was added to the portal; refuses a date it does not hold', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-06', '09:00');
    expect((await byHand(moderator, meetingId, '2026-06-04', { memberNumber: member.hm })).statusCode).toBe(201);
    const before = await byHand(moderator, meetingId, '2026-05-28', { memberNumber: member.hm });
    expect([before.statusCode, before.json().message]).toEqual([404, 'This session has no such date']);
  });

  it('refuses an entry without a reason, for a date not over yet, a cancelled date, and a member the meeting did not expect', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-12', '15:00');
    const noReason = await byHand(moderator, meetingId, '2026-11-05', { memberNumber: member.hm, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([expect.objectContaining({ field: 'reason', message: 'Reason is required' })]);

    const today = await byHand(moderator, meetingId, '2026-11-12', { memberNumber: member.hm });
    expect([today.statusCode, today.json().message]).toEqual([
      400,
      'This session ends at 16:00: until then the door keeps its register. Enter attendance by hand once it is over.',
    ]);
    const future = await byHand(moderator, meetingId, '2026-11-19', { memberNumber: member.hm });
    expect(future.statusCode).toBe(400);
    now = lagos('2026-11-12', '16:00');
    // Today's, once it has ended, is a past date.
    expect((await byHand(moderator, meetingId, '2026-11-12', { memberNumber: member.hm })).statusCode).toBe(201);

    const cancelled = await moderator.post(`/api/admin/schedule/${meetingId}/dates/2026-10-29/change`, { json: { action: 'cancel', note: 'Public holiday' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const onCancelled = await byHand(moderator, meetingId, '2026-10-29', { memberNumber: member.hm });
    expect([onCancelled.statusCode, onCancelled.json().message]).toEqual([409, 'This date was cancelled: nobody can be recorded at it.']);

    // Paid until 1 September: lapsed on 22 October, so the meeting did not expect them.
    const lapsed = await numberedMember();
    await portal.app.ctx.db.update(users).set({ paidUntil: '2026-09-01' }).where(eq(users.id, lapsed.user.id));
    const notExpected = await byHand(moderator, meetingId, '2026-10-22', { memberNumber: lapsed.hm });
    expect([notExpected.statusCode, notExpected.json().message]).toEqual([
      409,
      `Chioma Okafor (${lapsed.hm}) was not expected at this session on 22 Oct 2026: it expects every member whose membership was active then.`,
    ]);
    expect((await byHand(moderator, meetingId, '2026-08-27', { memberNumber: lapsed.hm })).statusCode).toBe(201);
    expect(await portal.app.ctx.db.$count(attendance, eq(attendance.day, '2026-10-29'))).toBe(0);
  });

  it('refuses a member already on the register, and an arrival outside the session’s times', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-06', '09:00');
    expect((await byHand(moderator, meetingId, '2026-10-15', { memberNumber: member.hm })).statusCode).toBe(201);
    const twice = await byHand(moderator, meetingId, '2026-10-15', { memberNumber: member.hm, arrivedAt: '10:30' });
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      `Chioma Okafor (${member.hm}) is already on this date’s register (arrived 09:55, entered by hand): to correct it, remove that attendance first.`,
    ]);
    const night = await byHand(moderator, meetingId, '2026-10-08', { memberNumber: member.hm, arrivedAt: '20:00' });
    expect([night.statusCode, night.json().message]).toEqual([400, 'The arrival must be between 09:00 and the end, 16:00.']);
  });

  it('withdraws the missed-meeting fine proposed for the member and date, keeps it marked withdrawn and lists it for finance', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-06', '09:00');
    expect((await moderator.post(`/api/admin/schedule/${meetingId}/dates/2026-11-05/fines`)).statusCode).toBe(200);
    const [proposed] = await portal.app.ctx.db
      .select()
      .from(attendanceFines)
      .where(and(eq(attendanceFines.userId, member.user.id), eq(attendanceFines.day, '2026-11-05')));
    expect(proposed).toMatchObject({ type: 'missed-meeting', state: 'proposed' });

    now = lagos('2026-11-06', '11:00');
    expect((await byHand(moderator, meetingId, '2026-11-05', { memberNumber: member.hm, arrivedAt: '10:00' })).statusCode).toBe(201);
    const [kept] = await portal.app.ctx.db.select().from(attendanceFines).where(eq(attendanceFines.id, proposed!.id));
    expect(kept).toMatchObject({
      state: 'withdrawn',
      withdrawnAt: now,
      withdrawnScanId: null,
      withdrawnReason: `Attendance entered by hand (${PAPER}) shows the member arrived at 10:00.`,
    });
    const listed = (await finance.get('/api/admin/attendance-fines?state=withdrawn')).json().fines as { id: string }[];
    expect(listed.filter((f) => f.id === proposed!.id)).toEqual([expect.objectContaining({ withdrawnByName: 'Test moderator' })]);
    expect((await finance.post('/api/admin/attendance-fines/confirm', { json: { ids: [proposed!.id] } })).json()).toMatchObject({ confirmed: 0 });
  });

  it('removes an attendance entered by hand, with a reason, audited; then it may be entered again', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-06', '09:00');
    expect((await byHand(moderator, meetingId, '2026-10-01', { memberNumber: member.hm })).statusCode).toBe(201);
    const url = `/api/admin/schedule/${meetingId}/dates/2026-10-01/attendance/${member.user.id}`;
    expect((await moderator.delete(url, { json: { reason: '' } })).statusCode).toBe(400);
    const removed = await moderator.delete(url, { json: { reason: 'Wrong member: HM number misread from the paper list' } });
    expect([removed.statusCode, removed.json().message]).toEqual([200, 'Taken off this date’s register.']);
    expect((await registerOf(meetingId, '2026-10-01')).some((p) => p.userId === member.user.id)).toBe(false);
    expect((await moderator.delete(url, { json: { reason: 'Again' } })).statusCode).toBe(404);
    const [audited] = await portal.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'schedule.attendance-removed'), eq(auditLog.subjectId, member.user.id)));
    expect(audited?.details).toMatchObject({ reason: 'Wrong member: HM number misread from the paper list', enteredByHand: PAPER, arrivedAt: '09:55' });
    expect((await byHand(moderator, meetingId, '2026-10-01', { memberNumber: member.hm, arrivedAt: '10:10' })).statusCode).toBe(201);
  });

  it('removes an attendance from scans: its scans are kept but set aside, and one sent again is refused', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-12', '10:00');
    const scanId = randomUUID();
    const scan = () => moderator.post(`/api/admin/schedule/${meetingId}/dates/2026-11-12/scans`, { json: { scanId, code: member.hm } });
    expect((await scan()).statusCode).toBe(200);
    now = lagos('2026-11-12', '16:30');
    const removed = await moderator.delete(`/api/admin/schedule/${meetingId}/dates/2026-11-12/attendance/${member.user.id}`, {
      json: { reason: 'Typed the wrong number at the door' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await registerOf(meetingId, '2026-11-12')).some((p) => p.userId === member.user.id)).toBe(false);
    const [kept] = await portal.app.ctx.db.select().from(attendanceScans).where(eq(attendanceScans.id, scanId));
    expect(kept?.setAsideAt).toEqual(now);
    const again = await scan();
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'This scan was set aside: the office removed this member’s attendance at this date after it was recorded.',
    ]);
  });

  it('keeps an entry by hand as entered when a scan queued at the door arrives after it; the scan is kept and listed', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-12', '17:00');
    expect((await byHand(moderator, meetingId, '2026-11-12', { memberNumber: member.hm, arrivedAt: '10:00' })).statusCode).toBe(201);
    const queued = await moderator.post(`/api/admin/schedule/${meetingId}/dates/2026-11-12/scans`, {
      json: { scanId: randomUUID(), code: member.hm, scannedAt: lagos('2026-11-12', '10:40').toISOString() },
    });
    expect([queued.statusCode, queued.json().outcome]).toEqual([200, 'already-arrived']);
    const [row] = (await registerOf(meetingId, '2026-11-12')).filter((p) => p.userId === member.user.id);
    expect(row).toMatchObject({ arrivedAt: lagos('2026-11-12', '10:00').toISOString(), byHand: expect.objectContaining({ reason: PAPER }) });
    expect(row!.scans).toHaveLength(1);
  });
});

describe('a training brought in from paper', () => {
  let trainingId: string;
  /** Mondays from 6 July 2026: the training ran on paper before the portal knew it. */
  const mondays = (from: string, weeks: number) => Array.from({ length: weeks }, (_, week) => shiftDate(from, 7 * week));

  beforeAll(async () => {
    now = lagos('2027-02-01', '08:00');
    trainingId = await addSeries(moderator, {
      kind: 'training',
      title: 'Screen acting',
      startTime: '09:00',
      endTime: '12:00',
      repeat: 'weekly',
      firstDay: '2026-07-06',
      weekdays: [1],
      audience: 'enrolled',
      attendanceRequired: false,
    });
  });

  const enrol = (member: { hm: string }) => moderator.post(`/api/admin/schedule/${trainingId}/enrolments`, { json: { memberNumber: member.hm } });

  it('counts six months entered by hand, before the member enrolled, towards the certificate, and the audit says how many were by hand', async () => {
    const member = await numberedMember();
    now = lagos('2027-02-01', '08:00');
    expect((await enrol(member)).statusCode).toBe(200);
    // 28 Mondays, 6 July 2026 to 11 January 2027: six calendar months and more.
    for (const day of mondays('2026-07-06', 28))
      expect((await byHand(moderator, trainingId, day, { memberNumber: member.hm, arrivedAt: '09:00' })).statusCode).toBe(201);
    const issued = await member.client.post(`/api/users/training/${trainingId}/certificate`, { json: {} });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().certificate).toMatchObject({ periodFrom: '2026-07-06', periodTo: '2027-01-11', attended: 28, held: 28 });
    const [audited] = await portal.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'schedule.certificate-issued'), eq(auditLog.subjectId, member.user.id)));
    expect(audited?.details).toMatchObject({ byHand: 28 });
    expect(await portal.app.ctx.db.$count(auditLog, and(eq(auditLog.action, 'schedule.attendance-by-hand'), eq(auditLog.subjectId, member.user.id)))).toBe(28);
  });

  it('still needs 75% of the dates held: a first and a last date entered by hand do not earn it', async () => {
    const member = await numberedMember();
    expect((await enrol(member)).statusCode).toBe(200);
    for (const day of ['2026-07-06', '2027-01-11']) expect((await byHand(moderator, trainingId, day, { memberNumber: member.hm })).statusCode).toBe(201);
    const refused = await member.client.post(`/api/users/training/${trainingId}/certificate`, { json: {} });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'Not yet: you attended 2 of the 28 dates held since your first; the certificate needs at least 75%.',
    ]);
  });

  it('refuses a member not enrolled, and a date more than 12 months back', async () => {
    const stranger = await numberedMember();
    const refused = await byHand(moderator, trainingId, '2026-07-13', { memberNumber: stranger.hm });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      `Chioma Okafor (${stranger.hm}) is not enrolled in this training: enrol them on the session’s page first.`,
    ]);
    const member = await numberedMember();
    expect((await enrol(member)).statusCode).toBe(200);
    now = lagos('2027-07-13', '08:00');
    const tooOld = await byHand(moderator, trainingId, '2026-07-06', { memberNumber: member.hm });
    expect([tooOld.statusCode, tooOld.json().message]).toEqual([
      400,
      'Attendance is entered by hand for the last 12 months only: this date is before 13 Jul 2026.',
    ]);
    expect((await byHand(moderator, trainingId, '2026-07-13', { memberNumber: member.hm })).statusCode).toBe(201);
  });
});

describeOnPostgres('attendance entered by hand, at once', () => {
  let racePortal: Awaited<ReturnType<typeof createPostgresTestApp>>;
  let staff: TestClient[];

  beforeAll(async () => {
    now = lagos('2026-11-06', '08:00');
    racePortal = await createPostgresTestApp({}, { clock: () => now });
    staff = [(await signedInStaffAs(racePortal.app, 'moderator')).client, (await signedInStaffAs(racePortal.app, 'admin')).client];
  });
  afterAll(() => racePortal.close());

  it('records one attendance, and one audit entry, when the same member is recorded by hand from two consoles at once', async () => {
    const meetingId = await addSeries(staff[0]!, {
      kind: 'meeting',
      title: 'Board meeting',
      startTime: '10:00',
      endTime: '16:00',
      repeat: 'none',
      firstDay: '2026-11-05',
    });
    const member = await numberedMember(racePortal.app);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => byHand(staff[i % 2]!, meetingId, '2026-11-05', { memberNumber: member.hm })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(7).fill(409)]);
    const db = racePortal.app.ctx.db;
    expect(await db.$count(attendance, and(eq(attendance.seriesId, meetingId), eq(attendance.userId, member.user.id)))).toBe(1);
    expect(await db.$count(auditLog, and(eq(auditLog.action, 'schedule.attendance-by-hand'), eq(auditLog.subjectId, member.user.id)))).toBe(1);
  });
});
