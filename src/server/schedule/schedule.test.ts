import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceFines, auditLog, ledgerEntries, notifications, users } from '../db/schema.js';
import { cardCheckCode } from '../member-card/member-card-service.js';
import { outboxRowsTo } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, signedInStaffAs, TestClient } from '../test-support/test-app.js';

/** The portal's clock, moved by the tests: Thursday 5 November 2026, 09:00 in Lagos. */
let now = new Date('2026-11-05T08:00:00Z');
let portal: Awaited<ReturnType<typeof createTestApp>>;
let moderator: TestClient;
let finance: TestClient;
let seriesId: string;
let nextNumber = 9000;

const DAY = '2026-11-05';
/** Lagos 10:00 to 16:00 that day, as UTC instants. */
const at = (lagosTime: string) => new Date(`${DAY}T${lagosTime}:00+01:00`).toISOString();

const meeting = {
  kind: 'meeting',
  title: 'Thursday meeting',
  place: 'Company office, Lekki',
  startTime: '10:00',
  endTime: '16:00',
  repeat: 'weekly',
  firstDay: '2026-11-01',
  weekdays: [4],
  audience: 'all',
  attendanceRequired: true,
  graceMinutes: 15,
};

async function numberedMember(overrides: Record<string, unknown> = {}) {
  const member = await activatedMember(portal.app);
  nextNumber += 1;
  // Members of the company since before the sessions these tests hold, unless a test says otherwise.
  await portal.app.ctx.db
    .update(users)
    .set({ memberNumber: nextNumber, activatedAt: new Date('2026-10-01T09:00:00Z'), ...overrides })
    .where(eq(users.id, member.user.id));
  return { ...member, number: nextNumber, hm: `HM-${String(nextNumber).padStart(6, '0')}` };
}

function scan(code: string, scannedAt?: string, scanId = randomUUID(), day = DAY, key?: string) {
  return moderator.request(
    { method: 'POST', url: `/api/admin/schedule/${seriesId}/dates/${day}/scans`, headers: key ? { 'idempotency-key': key } : {} },
    { json: { scanId, code, ...(scannedAt ? { scannedAt } : {}) } },
  );
}

beforeAll(async () => {
  portal = await createTestApp({}, { clock: () => now });
  moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
  finance = (await signedInStaffAs(portal.app, 'finance')).client;
  const created = await moderator.post('/api/admin/schedule', { json: meeting });
  expect(created.statusCode, created.body).toBe(201);
  seriesId = created.json().series.id;
});
afterAll(() => portal.close());

describe('sessions', () => {
  it('has the terms’ week on a new install, as series staff can edit', async () => {
    const series = (await moderator.get('/api/admin/schedule')).json().series as {
      kind: string;
      title: string;
      weekdays: number[];
      nth: number | null;
      startTime: string;
    }[];
    expect(series.find((s) => s.title === 'Weekly meeting')).toMatchObject({ kind: 'meeting', weekdays: [4], startTime: '10:00' });
    expect(series.find((s) => s.kind === 'training')).toMatchObject({ weekdays: [1, 3, 5], startTime: '09:00' });
    expect(series.find((s) => s.kind === 'casting')).toMatchObject({ weekdays: [5], nth: 2 });
  });

  it('refuses a weekly series without days, and an end before the start', async () => {
    expect((await moderator.post('/api/admin/schedule', { json: { ...meeting, weekdays: [] } })).json().message).toBe('Choose the days it repeats on');
    expect((await moderator.post('/api/admin/schedule', { json: { ...meeting, endTime: '09:00' } })).json().message).toBe('End must be after the start');
  });

  it('lists the dates a series gives, in Lagos time', async () => {
    const dates = (await moderator.get(`/api/admin/schedule/dates?from=2026-11-01&to=2026-11-30`)).json().dates as {
      seriesId: string;
      day: string;
      startsAt: string;
    }[];
    const ours = dates.filter((d) => d.seriesId === seriesId);
    expect(ours.map((d) => d.day)).toEqual(['2026-11-05', '2026-11-12', '2026-11-19', '2026-11-26']);
    expect(ours[0]!.startsAt).toBe('2026-11-05T09:00:00.000Z');
  });

  it('shows company events from the sessions on the events page', async () => {
    const anniversary = {
      ...meeting,
      kind: 'company-event',
      title: 'Company anniversary',
      repeat: 'yearly',
      firstDay: '2026-12-04',
      weekdays: [],
      startTime: '18:00',
      endTime: '23:00',
    };
    expect((await moderator.post('/api/admin/schedule', { json: anniversary })).statusCode).toBe(201);
    const member = await activatedMember(portal.app);
    const events = (await member.client.get('/api/events')).json().events as { kind: string; title: string; day: string; time: string }[];
    expect(events.filter((e) => e.kind === 'company-event')).toEqual([
      expect.objectContaining({ title: 'Company anniversary', day: '2026-12-04', time: '18:00' }),
    ]);
  });
});

describe('the register at the door, and the fines it proposes', () => {
  let onTime: Awaited<ReturnType<typeof numberedMember>>;
  let atGrace: Awaited<ReturnType<typeof numberedMember>>;
  let late: Awaited<ReturnType<typeof numberedMember>>;
  let early: Awaited<ReturnType<typeof numberedMember>>;
  let absent: Awaited<ReturnType<typeof numberedMember>>;
  let lapsed: Awaited<ReturnType<typeof numberedMember>>;
  let joinedAfter: Awaited<ReturnType<typeof numberedMember>>;

  beforeAll(async () => {
    onTime = await numberedMember();
    atGrace = await numberedMember();
    late = await numberedMember();
    early = await numberedMember();
    absent = await numberedMember();
    lapsed = await numberedMember({ paidUntil: '2026-01-31' });
    joinedAfter = await numberedMember({ activatedAt: new Date('2026-11-06T09:00:00Z') });
  });

  it('answers a typed number and a card QR link with name, standing and arrival; a second scan at once is the same arrival', async () => {
    now = new Date(at('10:00'));
    const typed = await scan(onTime.hm);
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({
      outcome: 'arrived',
      member: { fullName: 'Chioma Okafor', memberNumber: onTime.hm, standing: 'active' },
      arrivedAt: at('10:00'),
      leftAt: null,
    });
    now = new Date(at('10:01'));
    const link = `https://portal.example/verify/${onTime.hm}?code=${cardCheckCode(portal.app.ctx.config.sessionSecret, onTime.number, 1)}`;
    const card = await scan(link);
    expect(card.json()).toMatchObject({ outcome: 'already-arrived', arrivedAt: at('10:00'), leftAt: null });
  });

  it('refuses a QR code whose check code is not the card’s', async () => {
    const forged = await scan(`https://portal.example/verify/${onTime.hm}?code=AAAAAAAAAAAAAAAA`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toMatch(/not one of our member cards/);
  });

  it('records a lapsed member’s scan, flagged lapsed, not refused', async () => {
    const response = await scan(lapsed.hm, at('10:00'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'arrived', member: { standing: 'lapsed' } });
  });

  it('keeps a scan queued offline once, sent twice with its id and key', async () => {
    now = new Date(at('10:30'));
    const scanId = randomUUID();
    const key = randomUUID();
    const first = await scan(atGrace.hm, at('10:15'), scanId, DAY, key);
    const again = await scan(atGrace.hm, at('10:15'), scanId, DAY, key);
    const afterKeyExpiry = await scan(atGrace.hm, at('10:15'), scanId);
    expect(first.json()).toMatchObject({ outcome: 'arrived', arrivedAt: at('10:15') });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(afterKeyExpiry.json()).toMatchObject({ arrivedAt: at('10:15'), leftAt: null });
  });

  it('records leaving on a later scan', async () => {
    await scan(late.hm, at('10:16'));
    await scan(early.hm, at('09:55'));
    now = new Date(at('16:05'));
    const left = await scan(early.hm, at('15:59'));
    expect(left.json()).toMatchObject({ outcome: 'left', arrivedAt: at('09:55'), leftAt: at('15:59') });
    expect((await scan(onTime.hm, at('16:00'))).json()).toMatchObject({ outcome: 'left', leftAt: at('16:00') });
    const register = (await moderator.get(`/api/admin/schedule/${seriesId}/dates/${DAY}/register`)).json();
    expect(register.present.map((p: { memberNumber: string }) => p.memberNumber)).toEqual(
      expect.arrayContaining([onTime.hm, atGrace.hm, late.hm, early.hm, lapsed.hm]),
    );
    expect(register.present.find((p: { memberNumber: string }) => p.memberNumber === lapsed.hm).standing).toBe('lapsed');
  });

  it('takes each scan at the time the phone made it: a leaving scan sent before the arrival (queued offline) still gives both', async () => {
    const offline = await numberedMember();
    now = new Date(at('16:30'));
    const leaving = await scan(offline.hm, at('16:01'));
    expect(leaving.json()).toMatchObject({ outcome: 'arrived', arrivedAt: at('16:01'), leftAt: null });
    const arrival = await scan(offline.hm, at('09:58'));
    expect(arrival.statusCode, arrival.body).toBe(200);
    expect(arrival.json()).toMatchObject({ outcome: 'arrived', arrivedAt: at('09:58'), leftAt: at('16:01') });
    // A scan between the two, sent last, changes neither.
    expect((await scan(offline.hm, at('12:00'))).json()).toMatchObject({ outcome: 'already-arrived', arrivedAt: at('09:58'), leftAt: at('16:01') });
    const register = (await moderator.get(`/api/admin/schedule/${seriesId}/dates/${DAY}/register`)).json();
    expect(register.present.find((p: { memberNumber: string }) => p.memberNumber === offline.hm)).toMatchObject({
      arrivedAt: at('09:58'),
      leftAt: at('16:01'),
    });
  });

  it('proposes nothing before the end, then late (one minute past the grace), left early (one minute), missed', async () => {
    now = new Date(at('15:00'));
    const tooSoon = await moderator.post(`/api/admin/schedule/${seriesId}/dates/${DAY}/fines`);
    expect(tooSoon.statusCode).toBe(400);
    now = new Date(at('17:00'));
    const proposed = await moderator.post(`/api/admin/schedule/${seriesId}/dates/${DAY}/fines`);
    expect(proposed.statusCode, proposed.body).toBe(200);
    const rows = await portal.app.ctx.db
      .select()
      .from(attendanceFines)
      .where(and(eq(attendanceFines.seriesId, seriesId), eq(attendanceFines.day, DAY)));
    // joinedAfter was activated the day after: not a member at that meeting, so not missing from it.
    const ours = new Set([onTime, atGrace, late, early, absent, lapsed, joinedAfter].map((m) => m.user.id));
    const got = rows
      .filter((r) => ours.has(r.userId))
      .map((r) => `${r.userId === late.user.id ? 'late' : r.userId === early.user.id ? 'early' : r.userId === absent.user.id ? 'absent' : r.userId} ${r.type}`);
    expect(got.sort()).toEqual(['absent missed-meeting', 'early left-early', 'late late']);
    expect(rows.find((r) => r.type === 'late')!.reason).toBe('Thursday meeting of 2026-11-05 10:00: arrived 16 minutes after the start');
    // Proposing again adds nothing.
    expect((await moderator.post(`/api/admin/schedule/${seriesId}/dates/${DAY}/fines`)).json().added).toBe(0);
  });

  it('lets the member send a reason finance read, and finance confirm or dismiss; a confirmed fine is on the ledger once, naming the session', async () => {
    const mine = (await absent.client.get('/api/users/attendance')).json();
    const fine = mine.fines.find((f: { type: string }) => f.type === 'missed-meeting');
    expect(fine).toMatchObject({ state: 'proposed', amountKobo: 20_000_00, title: 'Thursday meeting' });
    expect((await absent.client.post(`/api/users/attendance-fines/${fine.id}/reason`, { json: { reason: 'I was in hospital' } })).statusCode).toBe(200);

    const open = (await finance.get('/api/admin/attendance-fines')).json().fines as { id: string; userId: string; memberReason: string | null; type: string }[];
    expect(open.find((f) => f.id === fine.id)!.memberReason).toBe('I was in hospital');
    const lateFine = open.find((f) => f.userId === late.user.id)!;
    const earlyFine = open.find((f) => f.userId === early.user.id)!;

    const confirmed = await finance.post('/api/admin/attendance-fines/confirm', { json: { ids: [lateFine.id, earlyFine.id] } });
    expect(confirmed.json()).toMatchObject({ confirmed: 2, skipped: 0 });
    const dismissed = await finance.post('/api/admin/attendance-fines/dismiss', {
      json: { ids: [fine.id, lateFine.id], note: 'Hospital letter seen at the office' },
    });
    expect(dismissed.json()).toMatchObject({ dismissed: 1, skipped: 1 });
    const [dismissal] = await portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'schedule.fines-dismissed'));
    expect(dismissal!.details).toEqual({ ids: [fine.id], note: 'Hospital letter seen at the office' });
    expect((await finance.post('/api/admin/attendance-fines/confirm', { json: { ids: [lateFine.id] } })).json()).toMatchObject({ confirmed: 0, skipped: 1 });

    const lateLedger = await portal.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, late.user.id));
    expect(lateLedger).toEqual([
      expect.objectContaining({
        kind: 'fine',
        amountKobo: 3_000_00,
        description: 'Fine (Late): Thursday meeting of 2026-11-05 10:00: arrived 16 minutes after the start',
      }),
    ]);
    expect(await portal.app.ctx.db.$count(ledgerEntries, eq(ledgerEntries.userId, absent.user.id))).toBe(0);
    expect(await outboxRowsTo(portal.app.ctx.db, late.user.email, /A fine of/)).toBe(1);
    expect((await late.client.get('/api/users/attendance')).json().fines).toEqual([expect.objectContaining({ state: 'confirmed', type: 'late' })]);
  });

  it('expects no one at a cancelled date, and tells everyone expected', async () => {
    now = new Date('2026-11-10T08:00:00Z');
    const cancelled = await moderator.post(`/api/admin/schedule/${seriesId}/dates/2026-11-12/change`, { json: { action: 'cancel', note: 'Public holiday' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await outboxRowsTo(portal.app.ctx.db, absent.user.email, /Changed: Meeting "Thursday meeting"/)).toBe(1);
    expect(await outboxRowsTo(portal.app.ctx.db, lapsed.user.email, /Changed/)).toBe(0);
    const told = await portal.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, absent.user.id), eq(notifications.kind, 'session-changed')));
    expect(told[0]!.message).toBe('Meeting "Thursday meeting" on 2026-11-12 at 10:00 is cancelled: Public holiday');

    const register = (await moderator.get(`/api/admin/schedule/${seriesId}/dates/2026-11-12/register`)).json();
    expect(register).toMatchObject({ expected: 0, date: { cancelled: true } });
    now = new Date('2026-11-12T18:00:00Z');
    expect((await moderator.post(`/api/admin/schedule/${seriesId}/dates/2026-11-12/fines`)).json().added).toBe(0);
    expect((await scan(absent.hm, undefined, randomUUID(), '2026-11-12')).statusCode).toBe(409);
  });

  it('moves a date: the calendar shows the new time', async () => {
    now = new Date('2026-11-13T08:00:00Z');
    const moved = await moderator.post(`/api/admin/schedule/${seriesId}/dates/2026-11-19/change`, {
      json: { action: 'move', newDay: '2026-11-20', newStartTime: '13:00', newEndTime: '17:00', note: 'The hall is booked' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const dates = (await absent.client.get('/api/users/calendar')).json().dates as { seriesId: string; day: string; startsAt: string; note: string | null }[];
    expect(dates.find((d) => d.seriesId === seriesId && d.day === '2026-11-19')).toMatchObject({
      startsAt: '2026-11-20T12:00:00.000Z',
      note: 'The hall is booked',
    });
  });

  it('keeps a series with arrivals and fines on record: deleting it is refused, and its register stays', async () => {
    const refused = await moderator.delete(`/api/admin/schedule/${seriesId}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/give it a last date instead/);
    const register = await moderator.get(`/api/admin/schedule/${seriesId}/dates/${DAY}/register`);
    expect(register.statusCode).toBe(200);
  });
});

describe('scans sent from the door after the fines were proposed', () => {
  const LATER = '2026-11-26';
  const when = (lagosTime: string) => new Date(`${LATER}T${lagosTime}:00+01:00`).toISOString();

  it('withdraws or revises the proposals they no longer support, and flags for finance a confirmed one', async () => {
    const cameEarly = await numberedMember();
    const notLate = await numberedMember();
    const cameLate = await numberedMember();
    const charged = await numberedMember();
    const lessLate = await numberedMember();
    // Their arrivals were queued on a phone offline; their leaving, scanned at another door, reached us first.
    now = new Date(when('16:10'));
    expect((await scan(notLate.hm, when('16:00'), randomUUID(), LATER)).statusCode).toBe(200);
    expect((await scan(lessLate.hm, when('16:05'), randomUUID(), LATER)).statusCode).toBe(200);
    now = new Date(when('17:00'));
    expect((await moderator.post(`/api/admin/schedule/${seriesId}/dates/${LATER}/fines`)).statusCode).toBe(200);
    const finesOf = async (member: { user: { id: string } }) =>
      (
        await portal.app.ctx.db
          .select()
          .from(attendanceFines)
          .where(and(eq(attendanceFines.seriesId, seriesId), eq(attendanceFines.day, LATER), eq(attendanceFines.userId, member.user.id)))
      ).map((f) => ({
        type: f.type,
        state: f.state,
        reason: f.reason,
        issue: f.issue,
      }));
    expect((await finesOf(cameEarly)).map((f) => f.type)).toEqual(['missed-meeting']);
    expect((await finesOf(notLate)).map((f) => f.type)).toEqual(['late']);
    const [missed] = await portal.app.ctx.db
      .select()
      .from(attendanceFines)
      .where(and(eq(attendanceFines.day, LATER), eq(attendanceFines.userId, charged.user.id)));
    expect((await finance.post('/api/admin/attendance-fines/confirm', { json: { ids: [missed!.id] } })).json()).toMatchObject({ confirmed: 1 });

    // The door's phone was offline that morning: its queued scans reach us in the evening.
    now = new Date(when('17:30'));
    for (const [member, time] of [
      [cameEarly, '09:58'],
      [notLate, '09:55'],
      [cameLate, '10:30'],
      [charged, '09:50'],
      [lessLate, '10:20'],
    ] as const) {
      const sent = await scan(member.hm, when(time), randomUUID(), LATER);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    // Withdrawn, not deleted: finance see what a scan sent later took back.
    expect((await finesOf(cameEarly)).map((f) => [f.type, f.state])).toEqual([['missed-meeting', 'withdrawn']]);
    expect((await finesOf(notLate)).map((f) => [f.type, f.state])).toEqual([['late', 'withdrawn']]);
    expect((await finesOf(cameLate)).sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'late', state: 'proposed', reason: 'Thursday meeting of 2026-11-26 10:00: arrived 30 minutes after the start', issue: null },
      { type: 'missed-meeting', state: 'withdrawn', reason: 'Thursday meeting of 2026-11-26 10:00: not scanned at the door', issue: null },
    ]);
    expect(await finesOf(lessLate)).toEqual([
      { type: 'late', state: 'proposed', reason: 'Thursday meeting of 2026-11-26 10:00: arrived 20 minutes after the start', issue: null },
    ]);
    expect(await finesOf(charged)).toEqual([
      expect.objectContaining({
        type: 'missed-meeting',
        state: 'confirmed',
        issue:
          'Charged, but a scan sent later from the door shows the member arrived at 09:50: the register no longer gives this fine. Settle it with the member.',
      }),
    ]);
    const flagged = (await finance.get('/api/admin/attendance-fines?flagged=true')).json().fines as { id: string; issue: string }[];
    expect(flagged.map((f) => f.id)).toEqual([missed!.id]);
    // Proposing again gives nothing new: what holds is already proposed.
    expect((await moderator.post(`/api/admin/schedule/${seriesId}/dates/${LATER}/fines`)).json().added).toBe(0);

    // Finance settle the flagged fine: the charge stands, with their note; the member is told.
    expect((await finance.post(`/api/admin/attendance-fines/${missed!.id}/keep`, { json: { note: '' } })).statusCode).toBe(400);
    expect((await moderator.post(`/api/admin/attendance-fines/${missed!.id}/keep`, { json: { note: 'x' } })).statusCode).toBe(403);
    const kept = await finance.post(`/api/admin/attendance-fines/${missed!.id}/keep`, {
      json: { note: 'The member left before the meeting began: agreed with them on the phone.' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await finance.get('/api/admin/attendance-fines?flagged=true')).json().fines).toEqual([]);
    expect(await finesOf(charged)).toEqual([expect.objectContaining({ type: 'missed-meeting', state: 'confirmed', issue: null })]);
    expect(await portal.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, charged.user.id))).toHaveLength(1);
    const [audited] = await portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'schedule.fine-kept'));
    expect(audited).toMatchObject({ subjectId: missed!.id, details: expect.objectContaining({ note: expect.stringMatching(/^The member left/) }) });
    const told = await portal.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, charged.user.id), eq(notifications.kind, 'fine-reviewed')));
    expect(told.map((n) => n.message)).toEqual([expect.stringMatching(/: it stands\. The member left before the meeting began/)]);
    // Settled once: again, or a fine never flagged, is refused.
    const again = await finance.post(`/api/admin/attendance-fines/${missed!.id}/keep`, { json: { note: 'Again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This fine is not flagged: there is nothing to settle.');
  });
});

describe('the calendar feed', () => {
  it('is read back by a calendar parser, shows a cancelled date as cancelled, and stops at the old address once renewed', async () => {
    now = new Date('2026-11-06T08:00:00Z');
    const member = await numberedMember();
    const address = (await member.client.get('/api/users/calendar/feed')).json().url as string;
    const path = new URL(address).pathname;
    const response = await new TestClient(portal.app).get(path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const ours = events.filter((e) => e.summary.endsWith('Thursday meeting'));
    expect(ours.length).toBeGreaterThanOrEqual(8);
    const first = ours.find((e) => e.startDate.toJSDate().toISOString() === '2026-11-12T09:00:00.000Z')!;
    expect(first.summary).toBe('Cancelled: Thursday meeting');
    expect(first.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(ours.find((e) => e.startDate.toJSDate().toISOString() === '2026-11-26T09:00:00.000Z')!.location).toBe('Company office, Lekki');

    const renewed = (await member.client.post('/api/users/calendar/feed')).json().url as string;
    expect(renewed).not.toBe(address);
    expect((await new TestClient(portal.app).get(path)).statusCode).toBe(404);
    expect((await new TestClient(portal.app).get(new URL(renewed).pathname)).statusCode).toBe(200);
  });
});

describe('editing a series', () => {
  it('keeps its past dates as they were: the series ends the day before and a new one takes the new times from today', async () => {
    const rehearsal = { ...meeting, title: 'Friday rehearsal', startTime: '10:00', endTime: '12:00', firstDay: '2026-10-02', weekdays: [5] };
    // Added before its first date: a series has no register of the dates before it was added.
    now = new Date('2026-10-01T08:00:00Z');
    const created = await moderator.post('/api/admin/schedule', { json: rehearsal });
    const oldId = created.json().series.id as string;
    const member = await numberedMember();
    now = new Date('2026-10-30T09:05:00Z');
    const arrived = await moderator.post(`/api/admin/schedule/${oldId}/dates/2026-10-30/scans`, { json: { scanId: randomUUID(), code: member.hm } });
    expect(arrived.statusCode, arrived.body).toBe(200);
    const ours = async () => {
      const dates = (await moderator.get('/api/admin/schedule/dates?from=2026-10-01&to=2026-11-30')).json().dates as {
        seriesId: string;
        day: string;
        startsAt: string;
        title: string;
      }[];
      return dates.filter((d) => d.title.startsWith('Friday rehearsal') || d.title === 'Tuesday rehearsal').map((d) => `${d.day} ${d.startsAt.slice(11, 16)}`);
    };
    const before = await ours();

    // Wednesday 4 November: it moves to Tuesday afternoons.
    now = new Date('2026-11-04T09:00:00Z');
    const edited = await moderator.put(`/api/admin/schedule/${oldId}`, {
      json: { ...rehearsal, title: 'Tuesday rehearsal', startTime: '14:00', endTime: '16:00', weekdays: [2] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe('Session saved. Dates from 4 Nov 2026 follow the new settings; the dates before stay as they were.');
    const newId = edited.json().series.id as string;
    expect(newId).not.toBe(oldId);
    expect(edited.json().series).toMatchObject({ title: 'Tuesday rehearsal', firstDay: '2026-11-10', startTime: '14:00', weekdays: [2] });

    const after = await ours();
    expect(after.filter((d) => d < '2026-11-04')).toEqual(before.filter((d) => d < '2026-11-04'));
    expect(after.filter((d) => d < '2026-11-04')).toEqual(['2026-10-02 09:00', '2026-10-09 09:00', '2026-10-16 09:00', '2026-10-23 09:00', '2026-10-30 09:00']);
    expect(after.filter((d) => d >= '2026-11-04')).toEqual(['2026-11-10 13:00', '2026-11-17 13:00', '2026-11-24 13:00']);
    const register = (await moderator.get(`/api/admin/schedule/${oldId}/dates/2026-10-30/register`)).json();
    expect(register.date).toMatchObject({ title: 'Friday rehearsal', startsAt: '2026-10-30T09:00:00.000Z' });
    expect(register.present.map((p: { memberNumber: string }) => p.memberNumber)).toEqual([member.hm]);

    // The ended series keeps its dates: renaming it is fine, reviving or retiming it is not.
    const renamed = await moderator.put(`/api/admin/schedule/${oldId}`, { json: { ...rehearsal, title: 'Friday rehearsal (old)', untilDay: '2026-11-03' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().series.id).toBe(oldId);
    const revived = await moderator.put(`/api/admin/schedule/${oldId}`, { json: rehearsal });
    expect(revived.statusCode).toBe(409);
    expect(revived.json().message).toBe('This session ended on 3 Nov 2026: its dates stay as they were. Add a new session for new dates.');
    expect(await ours()).toEqual(after);
  });
});
