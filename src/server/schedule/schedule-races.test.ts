import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { attendance, attendanceFines, attendanceScans, ledgerEntries, scheduleSeries, users } from '../db/schema.js';
import { createPostgresTestApp, describeOnPostgres } from '../test-support/on-postgres.js';
import { cardCheckCode } from '../member-card/member-card-service.js';
import { activatedMember, signedInStaffAs, type TestClient } from '../test-support/test-app.js';

/** Thursday 5 November 2026, 10:30 in Lagos: the meeting is on. */
const MEETING_ON = new Date('2026-11-05T09:30:00Z');
let now = MEETING_ON;

describeOnPostgres('the register and its fines, at once', () => {
  let portal: Awaited<ReturnType<typeof createPostgresTestApp>>;
  let doors: TestClient[];
  let finance: TestClient[];
  let seriesId: string;

  beforeAll(async () => {
    portal = await createPostgresTestApp({}, { clock: () => now });
    doors = [(await signedInStaffAs(portal.app, 'moderator')).client, (await signedInStaffAs(portal.app, 'admin')).client];
    finance = [(await signedInStaffAs(portal.app, 'finance')).client, (await signedInStaffAs(portal.app, 'finance')).client];
    const created = await doors[0]!.post('/api/admin/schedule', {
      json: {
        kind: 'meeting',
        title: 'Thursday meeting',
        place: 'Office',
        startTime: '10:00',
        endTime: '16:00',
        repeat: 'weekly',
        firstDay: '2026-11-01',
        weekdays: [4],
        audience: 'all',
        attendanceRequired: true,
      },
    });
    seriesId = created.json().series.id;
  });
  afterAll(() => portal.close());

  it('records one arrival when the same card is scanned at two doors at once', async () => {
    const member = await activatedMember(portal.app);
    await portal.app.ctx.db.update(users).set({ memberNumber: 7001 }).where(eq(users.id, member.user.id));
    const scans = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        doors[i % 2]!.post(`/api/admin/schedule/${seriesId}/dates/2026-11-05/scans`, { json: { scanId: randomUUID(), code: 'HM-007001' } }),
      ),
    );
    expect(scans.map((s) => s.statusCode)).toEqual(Array(10).fill(200));
    expect(scans.filter((s) => s.json().outcome === 'arrived')).toHaveLength(1);
    expect(scans.filter((s) => s.json().outcome === 'left')).toHaveLength(0);
    expect(await portal.app.ctx.db.$count(attendance, and(eq(attendance.seriesId, seriesId), eq(attendance.userId, member.user.id)))).toBe(1);
    expect(await portal.app.ctx.db.$count(attendanceScans, eq(attendanceScans.userId, member.user.id))).toBe(10);
  });

  it('records one attendance when a member’s card is scanned at one door and their number typed at the other, at once; each scan is kept with how it was made', async () => {
    const member = await activatedMember(portal.app);
    await portal.app.ctx.db.update(users).set({ memberNumber: 7002 }).where(eq(users.id, member.user.id));
    const link = `https://portal.example/verify/HM-007002?code=${cardCheckCode(portal.app.ctx.config.sessionSecret, 7002, 1)}`;
    const scans = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        doors[i % 2]!.post(`/api/admin/schedule/${seriesId}/dates/2026-11-05/scans`, { json: { scanId: randomUUID(), code: i % 2 ? 'HM-007002' : link } }),
      ),
    );
    expect(scans.map((s) => s.statusCode)).toEqual(Array(10).fill(200));
    expect(scans.filter((s) => s.json().outcome === 'arrived')).toHaveLength(1);
    expect(await portal.app.ctx.db.$count(attendance, and(eq(attendance.seriesId, seriesId), eq(attendance.userId, member.user.id)))).toBe(1);
    const kept = await portal.app.ctx.db.select({ method: attendanceScans.method }).from(attendanceScans).where(eq(attendanceScans.userId, member.user.id));
    expect(kept.map((k) => k.method).sort()).toEqual([...Array(5).fill('scanned'), ...Array(5).fill('typed')]);
  });

  it('gives each member arrival and leaving by the phone’s times when their two queued scans are sent at once, in either order', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => activatedMember(portal.app)));
    await Promise.all(
      members.map((m, i) =>
        portal.app.ctx.db
          .update(users)
          .set({ memberNumber: 7100 + i })
          .where(eq(users.id, m.user.id)),
      ),
    );
    const arrivedAt = '2026-11-05T08:55:00.000Z';
    const leftAt = '2026-11-05T09:25:00.000Z';
    const send = (i: number, scannedAt: string) =>
      doors[i % 2]!.post(`/api/admin/schedule/${seriesId}/dates/2026-11-05/scans`, { json: { scanId: randomUUID(), code: `HM-00${7100 + i}`, scannedAt } });
    const answers = await Promise.all(members.flatMap((_, i) => (i % 2 ? [send(i, leftAt), send(i, arrivedAt)] : [send(i, arrivedAt), send(i, leftAt)])));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const rows = await portal.app.ctx.db
      .select()
      .from(attendance)
      .where(
        inArray(
          attendance.userId,
          members.map((m) => m.user.id),
        ),
      );
    expect(rows.map((r) => [r.arrivedAt.toISOString(), r.leftAt?.toISOString()])).toEqual(Array(6).fill([arrivedAt, leftAt]));
  });

  it('leaves no missed-meeting proposal open for members whose queued scans arrive while the fines are being proposed', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => activatedMember(portal.app)));
    await Promise.all(
      members.map((m, i) =>
        portal.app.ctx.db
          .update(users)
          .set({ memberNumber: 7200 + i, activatedAt: new Date('2026-10-01T09:00:00Z') })
          .where(eq(users.id, m.user.id)),
      ),
    );
    const day = '2026-10-29';
    now = new Date('2026-10-01T08:00:00Z');
    const october = await doors[0]!.post('/api/admin/schedule', {
      json: {
        kind: 'meeting',
        title: 'October meeting',
        place: 'Office',
        startTime: '10:00',
        endTime: '16:00',
        repeat: 'weekly',
        firstDay: '2026-10-01',
        untilDay: '2026-10-31',
        weekdays: [4],
        audience: 'all',
        attendanceRequired: true,
      },
    });
    const octoberId = october.json().series.id as string;
    // That evening, the door's phone sends the scans it queued offline as the fines are proposed.
    now = new Date('2026-10-29T16:00:00Z');
    const scans = members.map((_, i) =>
      doors[i % 2]!.post(`/api/admin/schedule/${octoberId}/dates/${day}/scans`, {
        json: { scanId: randomUUID(), code: `HM-00${7200 + i}`, scannedAt: '2026-10-29T08:58:00.000Z' },
      }),
    );
    const [proposed, ...answers] = await Promise.all([doors[0]!.post(`/api/admin/schedule/${octoberId}/dates/${day}/fines`), ...scans]);
    now = MEETING_ON;
    expect([proposed.statusCode, ...answers.map((a) => a.statusCode)]).toEqual(Array(9).fill(200));
    const ids = members.map((m) => m.user.id);
    expect(await portal.app.ctx.db.$count(attendance, and(eq(attendance.day, day), inArray(attendance.userId, ids)))).toBe(8);
    // A scan either is read by the proposal (no fine) or comes after it and withdraws it (kept, withdrawn).
    const fines = await portal.app.ctx.db
      .select()
      .from(attendanceFines)
      .where(and(eq(attendanceFines.day, day), inArray(attendanceFines.userId, ids)));
    expect(fines.filter((f) => f.state !== 'withdrawn')).toEqual([]);
  });

  it('splits a series once when two staff change its times at once: one edit wins, the other is told the old one ended', async () => {
    const tuesday = {
      kind: 'training',
      title: 'Tuesday class',
      place: 'Studio',
      startTime: '09:00',
      endTime: '11:00',
      repeat: 'weekly',
      firstDay: '2026-10-06',
      weekdays: [2],
      audience: 'all',
      attendanceRequired: false,
    };
    const id = (await doors[0]!.post('/api/admin/schedule', { json: tuesday })).json().series.id as string;
    const edits = await Promise.all([
      doors[0]!.put(`/api/admin/schedule/${id}`, { json: { ...tuesday, startTime: '13:00', endTime: '15:00' } }),
      doors[1]!.put(`/api/admin/schedule/${id}`, { json: { ...tuesday, startTime: '16:00', endTime: '18:00' } }),
    ]);
    expect(edits.map((e) => e.statusCode).sort()).toEqual([200, 409]);
    const series = await portal.app.ctx.db.select().from(scheduleSeries).where(eq(scheduleSeries.title, 'Tuesday class'));
    expect(series).toHaveLength(2);
    expect(series.find((s) => s.id === id)).toMatchObject({ startTime: '09:00', untilDay: '2026-11-04' });
  });

  it('books each fine at most once when a batch of 100 confirmations races a dismissal and another confirmation', async () => {
    const member = await activatedMember(portal.app);
    const days = Array.from({ length: 100 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    const fines = await portal.app.ctx.db
      .insert(attendanceFines)
      .values(days.map((day) => ({ seriesId, day, userId: member.user.id, type: 'late' as const, reason: `Thursday meeting of ${day}: arrived late` })))
      .returning({ id: attendanceFines.id });
    const ids = fines.map((f) => f.id);
    const [first, dismissal, second] = await Promise.all([
      finance[0]!.post('/api/admin/attendance-fines/confirm', { json: { ids } }),
      finance[1]!.post('/api/admin/attendance-fines/dismiss', { json: { ids: [...ids].reverse() } }),
      doors[1]!.post('/api/admin/attendance-fines/confirm', { json: { ids: [...ids].reverse() } }),
    ]);
    expect([first.statusCode, dismissal.statusCode, second.statusCode]).toEqual([200, 200, 200]);
    const rows = await portal.app.ctx.db.select().from(attendanceFines).where(inArray(attendanceFines.id, ids));
    const confirmed = rows.filter((r) => r.state === 'confirmed');
    const booked = await portal.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.user.id), eq(ledgerEntries.kind, 'fine')));
    expect(first.json().confirmed + second.json().confirmed + dismissal.json().dismissed).toBe(100);
    expect(booked).toHaveLength(confirmed.length);
    expect(new Set(confirmed.map((r) => r.ledgerEntryId)).size).toBe(confirmed.length);
    expect(rows.filter((r) => r.state === 'dismissed').every((r) => r.ledgerEntryId === null)).toBe(true);
    expect(rows.every((r) => r.state !== 'proposed')).toBe(true);
  });

  it('confirms a fine after the member row, as every money path does: a change holding the member and then touching the fine waits its turn, no deadlock', async () => {
    const member = await activatedMember(portal.app);
    const [fine] = await portal.app.ctx.db
      .insert(attendanceFines)
      .values({ seriesId, day: '2026-10-29', userId: member.user.id, type: 'late', reason: 'Thursday meeting of 2026-10-29: arrived late' })
      .returning({ id: attendanceFines.id });
    const db = portal.app.ctx.db;
    const waiting = async () =>
      ((await db.execute(sql`select count(*)::int as n from pg_locks where not granted`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    let confirming: ReturnType<TestClient['post']> | undefined;
    // Another money path (a slip approved, a suspension, the account terminated) takes the member's row first, then their fines.
    await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, member.user.id)).for('update');
      confirming = finance[0]!.post('/api/admin/attendance-fines/confirm', { json: { ids: [fine!.id] } });
      for (let i = 0; i < 100 && (await waiting()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.update(attendanceFines).set({ memberReason: 'I was there on time' }).where(eq(attendanceFines.id, fine!.id));
    });
    const confirmed = await confirming!;
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ confirmed: 1, skipped: 0 });
    const [row] = await db.select().from(attendanceFines).where(eq(attendanceFines.id, fine!.id));
    expect(row).toMatchObject({ state: 'confirmed', memberReason: 'I was there on time' });
    expect(await db.$count(ledgerEntries, and(eq(ledgerEntries.userId, member.user.id), eq(ledgerEntries.kind, 'fine')))).toBe(1);
  });
});
