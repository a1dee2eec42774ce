import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate } from '../../shared/dates.js';
import { attendance, attendanceFines, users } from '../db/schema.js';
import { activatedMember, createTestApp, signedInStaffAs, type TestClient } from '../test-support/test-app.js';

/*
 * What the door's register takes (decision 022, amended 2026-11-28): scans made from 60 minutes
 * before a session's start, sent up to 24 hours after its end, for a date on or after the day the
 * series was added and the member enrolled; what a scan sent later withdraws stays on record;
 * the register says how each scan was made, and by whom.
 */

/** The portal's clock, moved by each test. */
let now = new Date('2026-10-01T08:00:00Z');
let portal: Awaited<ReturnType<typeof createTestApp>>;
let moderator: TestClient;
let admin: TestClient;
let finance: TestClient;
let moderatorId: string;
let nextNumber = 6000;

/** A Lagos date and time of day as an instant. */
const lagos = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

async function numberedMember() {
  const member = await activatedMember(portal.app);
  nextNumber += 1;
  await portal.app.ctx.db
    .update(users)
    .set({ memberNumber: nextNumber, activatedAt: new Date('2026-01-01T09:00:00Z') })
    .where(eq(users.id, member.user.id));
  return { ...member, number: nextNumber, hm: `HM-${String(nextNumber).padStart(6, '0')}` };
}

/** The link a member's card's QR code holds (their session sees the number once the change is heard: decision 008). */
async function cardLink(member: { client: TestClient }): Promise<string> {
  const card = async () => (await member.client.get('/api/users/card')).json().card as { verifyUrl: string } | null;
  await expect.poll(card).not.toBeNull();
  return (await card())!.verifyUrl;
}

async function addSeries(fields: Record<string, unknown>): Promise<string> {
  const created = await moderator.post('/api/admin/schedule', {
    json: { place: 'Company office, Lekki', audience: 'all', attendanceRequired: true, graceMinutes: 15, ...fields },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().series.id as string;
}

function scanAt(client: TestClient, seriesId: string, day: string, code: string, scannedAt?: Date) {
  return client.post(`/api/admin/schedule/${seriesId}/dates/${day}/scans`, {
    json: { scanId: randomUUID(), code, ...(scannedAt ? { scannedAt: scannedAt.toISOString() } : {}) },
  });
}

beforeAll(async () => {
  portal = await createTestApp({}, { clock: () => now });
  const staff = await signedInStaffAs(portal.app, 'moderator');
  moderator = staff.client;
  moderatorId = staff.id;
  admin = (await signedInStaffAs(portal.app, 'admin')).client;
  finance = (await signedInStaffAs(portal.app, 'finance')).client;
});
afterAll(() => portal.close());

describe('when the door takes a scan', () => {
  let meetingId: string;
  const DAY = '2026-11-05';

  beforeAll(async () => {
    now = new Date('2026-10-01T08:00:00Z');
    meetingId = await addSeries({
      kind: 'meeting',
      title: 'Thursday meeting',
      startTime: '10:00',
      endTime: '16:00',
      repeat: 'weekly',
      firstDay: '2026-10-01',
      weekdays: [4],
    });
  });

  it('refuses a scan made 12 hours before the start, and one a minute before the register opens; takes one 60 minutes before', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-04', '22:00');
    const night = await scanAt(moderator, meetingId, DAY, member.hm);
    expect(night.statusCode).toBe(400);
    expect(night.json().message).toBe(
      'The register of this session opens at 09:00, 60 minutes before the start: this scan, made Wed 4 Nov, 22:00, is too early for it.',
    );
    now = lagos(DAY, '09:00');
    expect((await scanAt(moderator, meetingId, DAY, member.hm, lagos(DAY, '08:59'))).statusCode).toBe(400);
    const opening = await scanAt(moderator, meetingId, DAY, member.hm);
    expect(opening.statusCode, opening.body).toBe(200);
    expect(opening.json()).toMatchObject({ outcome: 'arrived', arrivedAt: lagos(DAY, '09:00').toISOString() });
    expect(await portal.app.ctx.db.$count(attendance, and(eq(attendance.userId, member.user.id), eq(attendance.day, DAY)))).toBe(1);
  });

  it('takes a scan queued on the phone up to 24 hours after the end, and refuses it after', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-06', '15:59');
    const queued = await scanAt(moderator, meetingId, DAY, member.hm, lagos(DAY, '09:58'));
    expect(queued.statusCode, queued.body).toBe(200);
    const afterClosing = await scanAt(moderator, meetingId, DAY, member.hm, lagos(DAY, '17:01'));
    expect([afterClosing.statusCode, afterClosing.json().message]).toEqual([
      400,
      'The register of this session closed at 17:00, 60 minutes after the end: this scan, made Thu 5 Nov, 17:01, is too late for it.',
    ]);
    now = lagos('2026-11-06', '16:01');
    const tooLate = await scanAt(moderator, meetingId, DAY, member.hm, lagos(DAY, '16:30'));
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().message).toBe(
      'This session ended more than 24 hours ago (Thu 5 Nov, 16:00): its register is closed. Tell the office if an arrival is missing from it.',
    );
  });

  it('refuses a scan for a date before the session was added to the schedule', async () => {
    const member = await numberedMember();
    // Friday morning: staff add Thursday's meeting, which started on 1 November, the morning after it.
    now = lagos('2026-11-06', '08:00');
    const added = await addSeries({
      kind: 'meeting',
      title: 'Late addition',
      startTime: '10:00',
      endTime: '16:00',
      repeat: 'weekly',
      firstDay: '2026-11-01',
      weekdays: [4],
    });
    const refused = await scanAt(moderator, added, DAY, member.hm, lagos(DAY, '10:00'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This session was added to the schedule on 6 Nov 2026: it has no register of earlier dates.');
    expect(await portal.app.ctx.db.$count(attendance, eq(attendance.seriesId, added))).toBe(0);
  });

  it('shows the photo of every member scanned, and for a member without one says so and asks for one', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-12', '10:00');
    const answer = await scanAt(moderator, meetingId, '2026-11-12', member.hm);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().member).toMatchObject({
      photoUrl: null,
      photoNote: 'No photo on record: check who this is another way, and ask the member to add a photo to their profile.',
    });
  });

  it('refuses the QR code of a card that was replaced, and takes the new one', async () => {
    const member = await numberedMember();
    now = lagos('2026-11-19', '10:00');
    const oldCard = await cardLink(member);
    const reissued = await admin.post(`/api/admin/members/${member.user.id}/card/reissue`, { json: { reason: 'A photo of the card was shared' } });
    expect(reissued.statusCode, reissued.body).toBe(200);
    const refused = await scanAt(moderator, meetingId, '2026-11-19', oldCard);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This card was replaced: it no longer admits. Ask the member for the card on their dashboard.');
    const newCard = await cardLink(member);
    expect(newCard).not.toBe(oldCard);
    expect((await scanAt(moderator, meetingId, '2026-11-19', newCard)).statusCode).toBe(200);
  });
});

describe('a training’s register', () => {
  let trainingId: string;
  /** Mondays from 5 January to 27 July 2026: 30 dates, more than six months. */
  const mondays = Array.from({ length: 30 }, (_, week) => shiftDate('2026-01-05', 7 * week));

  beforeAll(async () => {
    now = lagos('2026-01-01', '09:00');
    trainingId = await addSeries({
      kind: 'training',
      title: 'Acting technique',
      startTime: '09:00',
      endTime: '13:00',
      repeat: 'weekly',
      firstDay: '2026-01-05',
      weekdays: [1],
      audience: 'enrolled',
      attendanceRequired: false,
    });
  });

  const enrol = (member: { hm: string }) => moderator.post(`/api/admin/schedule/${trainingId}/enrolments`, { json: { memberNumber: member.hm } });

  it('refuses a backdated burst of scans for dates that ended more than 24 hours ago, and no certificate follows', async () => {
    const member = await numberedMember();
    now = lagos('2026-01-01', '09:00');
    expect((await enrol(member)).statusCode).toBe(200);
    now = lagos('2026-08-01', '10:00');
    const burst = await Promise.all(mondays.map((day) => scanAt(moderator, trainingId, day, member.hm, lagos(day, '08:55'))));
    expect(burst.map((b) => b.statusCode)).toEqual(Array(mondays.length).fill(400));
    expect(burst[0]!.json().message).toBe(
      'This session ended more than 24 hours ago (Mon 5 Jan, 13:00): its register is closed. Tell the office if an arrival is missing from it.',
    );
    expect(await portal.app.ctx.db.$count(attendance, eq(attendance.userId, member.user.id))).toBe(0);
    const certificate = await member.client.post(`/api/users/training/${trainingId}/certificate`, { json: {} });
    expect(certificate.statusCode).toBe(409);
  });

  it('refuses a scan for a date before the member enrolled, and for a member not enrolled; takes the enrolment day’s', async () => {
    const member = await numberedMember();
    now = lagos('2026-08-04', '08:30');
    expect((await enrol(member)).statusCode).toBe(200);
    // Monday 3 August ended less than 24 hours ago, but before the member enrolled.
    const before = await scanAt(moderator, trainingId, '2026-08-03', member.hm, lagos('2026-08-03', '08:55'));
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe(`Chioma Okafor (${member.hm}) enrolled in this training on 4 Aug 2026: a scan for an earlier date is not taken.`);
    const stranger = await numberedMember();
    const notEnrolled = await scanAt(moderator, trainingId, '2026-08-03', stranger.hm, lagos('2026-08-03', '08:55'));
    expect([notEnrolled.statusCode, notEnrolled.json().message]).toEqual([
      409,
      `Chioma Okafor (${stranger.hm}) is not enrolled in this training: enrol them on the session’s page first.`,
    ]);
    expect(await portal.app.ctx.db.$count(attendance, eq(attendance.userId, member.user.id))).toBe(0);
  });
});

describe('a scan sent after the fines were proposed', () => {
  it('keeps the proposal it withdraws, marked withdrawn with when, why and by whom, and lists it for finance', async () => {
    now = lagos('2026-11-01', '09:00');
    const seriesId = await addSeries({ kind: 'meeting', title: 'Board meeting', startTime: '10:00', endTime: '16:00', repeat: 'none', firstDay: '2026-11-03' });
    const member = await numberedMember();
    now = lagos('2026-11-03', '17:00');
    expect((await moderator.post(`/api/admin/schedule/${seriesId}/dates/2026-11-03/fines`)).statusCode).toBe(200);
    const [proposed] = await portal.app.ctx.db.select().from(attendanceFines).where(eq(attendanceFines.userId, member.user.id));
    expect(proposed).toMatchObject({ type: 'missed-meeting', state: 'proposed' });

    // A number typed at the door, claiming a scan made before the start, reaches us in the evening.
    now = lagos('2026-11-03', '17:30');
    const late = await scanAt(moderator, seriesId, '2026-11-03', member.hm, lagos('2026-11-03', '09:55'));
    expect(late.statusCode, late.body).toBe(200);
    const [kept] = await portal.app.ctx.db.select().from(attendanceFines).where(eq(attendanceFines.id, proposed!.id));
    expect(kept).toMatchObject({
      state: 'withdrawn',
      withdrawnAt: lagos('2026-11-03', '17:30'),
      withdrawnBy: moderatorId,
      withdrawnReason: 'A scan sent later from the door (member number typed, made at 09:55) shows the member arrived at 09:55.',
    });
    const listed = (await finance.get('/api/admin/attendance-fines?state=withdrawn')).json().fines as Record<string, unknown>[];
    expect(listed.filter((f) => f.id === proposed!.id)).toEqual([
      expect.objectContaining({
        state: 'withdrawn',
        withdrawnAt: lagos('2026-11-03', '17:30').toISOString(),
        withdrawnByName: 'Test moderator',
        withdrawnReason: kept!.withdrawnReason,
      }),
    ]);
    // Withdrawn, it cannot be confirmed, and proposing again does not bring it back.
    expect((await finance.post('/api/admin/attendance-fines/confirm', { json: { ids: [proposed!.id] } })).json()).toMatchObject({ confirmed: 0 });
    expect((await moderator.post(`/api/admin/schedule/${seriesId}/dates/2026-11-03/fines`)).json().added).toBe(0);
  });
});

describe('the register', () => {
  it('says how each scan was made and by whom: a card scanned, or a member number typed', async () => {
    now = lagos('2026-11-01', '09:00');
    const seriesId = await addSeries({ kind: 'casting', title: 'Casting day', startTime: '10:00', endTime: '16:00', repeat: 'none', firstDay: '2026-11-06' });
    const carded = await numberedMember();
    const typed = await numberedMember();
    now = lagos('2026-11-06', '10:00');
    const card = await cardLink(carded);
    expect((await scanAt(moderator, seriesId, '2026-11-06', card)).statusCode).toBe(200);
    expect((await scanAt(admin, seriesId, '2026-11-06', typed.hm)).statusCode).toBe(200);
    const register = (await moderator.get(`/api/admin/schedule/${seriesId}/dates/2026-11-06/register`)).json();
    const scansOf = (member: { hm: string }) => register.present.find((p: { memberNumber: string }) => p.memberNumber === member.hm).scans;
    expect(scansOf(carded)).toEqual([{ scannedAt: lagos('2026-11-06', '10:00').toISOString(), method: 'scanned', staffName: 'Test moderator' }]);
    expect(scansOf(typed)).toEqual([{ scannedAt: lagos('2026-11-06', '10:00').toISOString(), method: 'typed', staffName: 'Test admin' }]);
  });
});
