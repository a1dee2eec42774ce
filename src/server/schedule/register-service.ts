import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayInLagos } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';
import { formatMemberNumber, parseMemberNumber, standingState } from '../../shared/membership.js';
import {
  type ByHand,
  lagosTimeOf,
  lagosWhenOf,
  type RegisterScan,
  SAME_ARRIVAL_MINUTES,
  SCAN_DELAY_HOURS,
  SCAN_LEAD_MINUTES,
  SCAN_TRAIL_MINUTES,
  type ScanAnswer,
  type ScanMethod,
  type ScanStanding,
  type SessionDate,
} from '../../shared/schedule.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor, Transaction } from '../db/client.js';
import { attendance, attendanceScans, auditLog, scheduleEnrolments, scheduleSeries, users } from '../db/schema.js';
import { fileUrl } from '../files/files-service.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { cardCodeState } from '../member-card/member-card-service.js';
import { reviseFines } from './attendance-fines.js';
import { expectedMembers, oneSessionDate, type SeriesRow } from './schedule-service.js';

/** A phone's clock a little ahead of the server's is fine; a scan from the future is not. */
const CLOCK_SKEW_MS = 2 * 60_000;
const MINUTE_MS = 60_000;

const NO_PHOTO = 'No photo on record: check who this is another way, and ask the member to add a photo to their profile.';

const notOurCard = () => notFound('This QR code is not one of our member cards. Type the member number instead.');

/**
 * What a scan names: a card's QR link (`…/verify/HM-000123?code=…`, whose check code is checked
 * once the member is found) or a member number typed by the staff member at the door.
 */
function readScan(text: string): { number: number; code: string | null; method: ScanMethod } {
  const trimmed = text.trim();
  const link = /\/verify\/([^/?#\s]+)(?:\?(?:[^#\s]*&)?code=([^&#\s]+))?/i.exec(trimmed);
  if (link) {
    const number = parseMemberNumber(decodeURIComponent(link[1]!));
    if (number === null) throw notOurCard();
    return { number, code: link[2] ?? '', method: 'scanned' };
  }
  const number = parseMemberNumber(trimmed) ?? (/^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null);
  if (number === null) throw badRequest('Scan a member card, or type a member number such as HM-000123.');
  return { number, code: null, method: 'typed' };
}

/**
 * The register of a date takes a scan made from SCAN_LEAD_MINUTES before the start to
 * SCAN_TRAIL_MINUTES after the end, sent until SCAN_DELAY_HOURS after the end (a phone queues
 * scans offline): the time is the phone's, so a wider window would let the register be kept
 * after the fact.
 */
function assertInWindow(date: SessionDate, scannedAt: Date, now: Date): void {
  const at = scannedAt.getTime();
  const opens = new Date(date.startsAt).getTime() - SCAN_LEAD_MINUTES * MINUTE_MS;
  const endsAt = new Date(date.endsAt).getTime();
  const closes = endsAt + SCAN_TRAIL_MINUTES * MINUTE_MS;
  const made = lagosWhenOf(scannedAt.toISOString());
  if (at > now.getTime() + CLOCK_SKEW_MS) throw badRequest("This scan's time is in the future: check the phone's clock.");
  if (now.getTime() > endsAt + SCAN_DELAY_HOURS * 60 * MINUTE_MS) {
    throw badRequest(
      `This session ended more than ${SCAN_DELAY_HOURS} hours ago (${lagosWhenOf(date.endsAt)}): its register is closed. Tell the office if an arrival is missing from it.`,
    );
  }
  if (at < opens) {
    const time = lagosTimeOf(new Date(opens).toISOString());
    throw badRequest(
      `The register of this session opens at ${time}, ${SCAN_LEAD_MINUTES} minutes before the start: this scan, made ${made}, is too early for it.`,
    );
  }
  if (at > closes) {
    const time = lagosTimeOf(new Date(closes).toISOString());
    throw badRequest(
      `The register of this session closed at ${time}, ${SCAN_TRAIL_MINUTES} minutes after the end: this scan, made ${made}, is too late for it.`,
    );
  }
}

/** A series has no register of the dates before the day it was added: it did not exist then. */
function assertSeriesExisted(series: SeriesRow, date: SessionDate): void {
  const addedOn = todayInLagos(series.createdAt);
  if (todayInLagos(new Date(date.startsAt)) < addedOn)
    throw conflict(`This session was added to the schedule on ${displayDate(addedOn)}: it has no register of earlier dates.`);
}

/** A series for those enrolled takes a member's scans from the day they enrolled on. */
async function assertEnrolled(db: Executor, series: SeriesRow, date: SessionDate, member: { id: string; fullName: string; number: number }): Promise<void> {
  if (series.audience !== 'enrolled') return;
  const [enrolment] = await db
    .select({ createdAt: scheduleEnrolments.createdAt })
    .from(scheduleEnrolments)
    .where(and(eq(scheduleEnrolments.seriesId, series.id), eq(scheduleEnrolments.userId, member.id)));
  const who = `${member.fullName} (${formatMemberNumber(member.number)})`;
  const what = series.kind === 'training' ? 'this training' : 'this session';
  if (!enrolment) throw conflict(`${who} is not enrolled in ${what}: enrol them on the session’s page first.`);
  const enrolledOn = todayInLagos(enrolment.createdAt);
  if (todayInLagos(new Date(date.startsAt)) < enrolledOn)
    throw conflict(`${who} enrolled in ${what} on ${displayDate(enrolledOn)}: a scan for an earlier date is not taken.`);
}

function standingOf(row: { activated: boolean; paidUntil: string | null; suspendedAt: Date | null }, today: string): ScanStanding {
  if (row.suspendedAt) return 'suspended';
  const state = standingState({ activated: row.activated, paidUntil: row.paidUntil, suspended: false }, today);
  return state === 'active' || state === 'grace' ? state : 'lapsed';
}

/**
 * A member's arrival and leaving at a date, from all their scans there by the time each was made
 * on the phone (not the order they reached us: a phone queues scans offline and sends them
 * later, and two queued scans may come in any order): the earliest is the arrival, the latest
 * the leaving if it is at least SAME_ARRIVAL_MINUTES after it. Scans set aside when staff removed
 * the member's attendance do not count. Written on the member's row of the date, which the
 * caller holds locked.
 */
async function attendanceFromScans(tx: Transaction, seriesId: string, day: string, userId: string) {
  const gap = sql.raw(`interval '${SAME_ARRIVAL_MINUTES} minutes'`);
  const first = sql`(select min(${attendanceScans.scannedAt}) from ${attendanceScans} where ${ofMember(seriesId, day, userId)})`;
  const last = sql`(select max(${attendanceScans.scannedAt}) from ${attendanceScans} where ${ofMember(seriesId, day, userId)})`;
  const [row] = await tx
    .update(attendance)
    .set({ arrivedAt: sql`${first}`, leftAt: sql`case when ${last} >= ${first} + ${gap} then ${last} end` })
    .where(and(eq(attendance.seriesId, seriesId), eq(attendance.day, day), eq(attendance.userId, userId)))
    .returning({ arrivedAt: attendance.arrivedAt, leftAt: attendance.leftAt });
  return row!;
}

const ofMember = (seriesId: string, day: string, userId: string) =>
  and(eq(attendanceScans.seriesId, seriesId), eq(attendanceScans.day, day), eq(attendanceScans.userId, userId), isNull(attendanceScans.setAsideAt));

/**
 * One scan at the door, at the time the phone made it, within the date's window
 * (assertInWindow), for a date the series had and, for those enrolled, the member was enrolled
 * by. The earliest scan of a member at a date is the arrival; the latest, if SAME_ARRIVAL_MINUTES
 * or more after it, the leaving, whatever order they are sent in. A scan id already recorded (a
 * queued scan sent again) changes nothing and answers as things stand. The member's row of the
 * date is locked while their scans are worked out, so two doors scanning the same card at once
 * record one arrival. Each scan keeps how it named the member (card or typed number) and who sent
 * it. Attendance entered by hand stands: a scan sent after it is kept and listed, and changes
 * nothing. The portal never refuses a member for their standing: it is shown for staff to act on.
 */
export async function recordScan(
  ctx: AppContext,
  staff: AuthUser,
  seriesId: string,
  day: string,
  input: { scanId: string; code: string; scannedAt?: string | undefined },
): Promise<ScanAnswer> {
  const { series, date } = await oneSessionDate(ctx.db, seriesId, day);
  if (date.cancelled) throw conflict('This date is cancelled: there is no register to keep.');
  const now = ctx.clock();
  const scannedAt = input.scannedAt ? new Date(input.scannedAt) : now;
  assertInWindow(date, scannedAt, now);
  assertSeriesExisted(series, date);
  const scan = readScan(input.code);
  const [member] = await ctx.db
    .select({
      id: users.id,
      fullName: users.fullName,
      memberNumber: users.memberNumber,
      photo: users.profilePicFileId,
      cardVersion: users.cardVersion,
      activated: users.activated,
      paidUntil: users.paidUntil,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(and(eq(users.memberNumber, scan.number), eq(users.role, 'member')));
  if (!member && scan.code !== null) throw notOurCard();
  if (!member) throw notFound(`No member has the number ${formatMemberNumber(scan.number)}.`);
  if (scan.code !== null) {
    const card = cardCodeState(ctx.config.sessionSecret, scan.number, member.cardVersion, scan.code);
    if (card === 'replaced') throw notFound('This card was replaced: it no longer admits. Ask the member for the card on their dashboard.');
    if (card === 'wrong') throw notOurCard();
  }
  await assertEnrolled(ctx.db, series, date, { id: member.id, fullName: member.fullName, number: scan.number });

  const row = await ctx.db.transaction(async (tx) => {
    // Shared with the other scans; proposing the date's fines (which locks it) waits for this scan or is waited for.
    await tx.select({ id: scheduleSeries.id }).from(scheduleSeries).where(eq(scheduleSeries.id, seriesId)).for('key share');
    const [fresh] = await tx
      .insert(attendanceScans)
      .values({ id: input.scanId, seriesId, day, userId: member.id, scannedAt, staffId: staff.id, method: scan.method })
      .onConflictDoNothing()
      .returning({ id: attendanceScans.id });
    if (!fresh) {
      const [kept] = await tx.select().from(attendanceScans).where(eq(attendanceScans.id, input.scanId));
      if (kept && (kept.userId !== member.id || kept.seriesId !== seriesId || kept.day !== day))
        throw conflict('This scan id was already used for another scan.');
      const [current] = await tx
        .select()
        .from(attendance)
        .where(and(eq(attendance.seriesId, seriesId), eq(attendance.day, day), eq(attendance.userId, member.id)));
      if (!current) throw conflict('This scan was set aside: the office removed this member’s attendance at this date after it was recorded.');
      return { ...current, outcome: 'already-arrived' as const, replay: true };
    }
    // The member's row of this date is created or locked first: their scans sent at once are worked out one after another.
    const [before] = await tx
      .insert(attendance)
      .values({ seriesId, day, userId: member.id, arrivedAt: scannedAt })
      .onConflictDoUpdate({ target: [attendance.seriesId, attendance.day, attendance.userId], set: { arrivedAt: sql`${attendance.arrivedAt}` } })
      .returning({ arrivedAt: attendance.arrivedAt, leftAt: attendance.leftAt, handReason: attendance.handReason, inserted: sql<boolean>`(xmax = 0)` });
    if (before!.handReason !== null) return { arrivedAt: before!.arrivedAt, leftAt: before!.leftAt, outcome: 'already-arrived' as const, replay: false };
    const written = await attendanceFromScans(tx, seriesId, day, member.id);
    await reviseFines(tx, staff, series, date, member.id, written, { by: 'scan', id: input.scanId, method: scan.method, scannedAt, receivedAt: now });
    const outcome =
      written.leftAt?.getTime() === scannedAt.getTime()
        ? ('left' as const)
        : before!.inserted || scannedAt < before!.arrivedAt
          ? ('arrived' as const)
          : ('already-arrived' as const);
    return { ...written, outcome, replay: false };
  });
  return {
    outcome: row.outcome,
    member: {
      id: member.id,
      fullName: member.fullName,
      memberNumber: formatMemberNumber(scan.number),
      photoUrl: member.photo ? fileUrl(member.photo) : null,
      photoNote: member.photo ? null : NO_PHOTO,
      standing: standingOf(member, todayInLagos(now)),
    },
    arrivedAt: row.arrivedAt.toISOString(),
    leftAt: row.leftAt?.toISOString() ?? null,
  };
}

/** Every scan of a date, oldest first, by member: when the phone made it, how, and who sent it. */
async function scansOfDate(db: Executor, seriesId: string, day: string): Promise<Map<string, RegisterScan[]>> {
  const staff = alias(users, 'staff');
  const rows = await db
    .select({ userId: attendanceScans.userId, scannedAt: attendanceScans.scannedAt, method: attendanceScans.method, staffName: staff.fullName })
    .from(attendanceScans)
    .leftJoin(staff, eq(staff.id, attendanceScans.staffId))
    .where(and(eq(attendanceScans.seriesId, seriesId), eq(attendanceScans.day, day), isNull(attendanceScans.setAsideAt)))
    .orderBy(asc(attendanceScans.scannedAt));
  const byMember = new Map<string, RegisterScan[]>();
  for (const { userId, scannedAt, ...rest } of rows) byMember.set(userId, [...(byMember.get(userId) ?? []), { scannedAt: scannedAt.toISOString(), ...rest }]);
  return byMember;
}

/**
 * The register of one date: who came (arrival, leaving, standing now, and each scan with how it
 * was made and by whom: a number typed instead of a card scanned shows; or entered by hand, why
 * and by whom) and how many are expected.
 */
export async function sessionRegister(ctx: AppContext, seriesId: string, day: string) {
  const { series, date } = await oneSessionDate(ctx.db, seriesId, day);
  const today = todayInLagos(ctx.clock());
  const handStaff = alias(users, 'hand_staff');
  const rows = await ctx.db
    .select({
      userId: attendance.userId,
      arrivedAt: attendance.arrivedAt,
      leftAt: attendance.leftAt,
      handReason: attendance.handReason,
      handStaffName: handStaff.fullName,
      handEnteredAt: auditLog.createdAt,
      fullName: users.fullName,
      memberNumber: users.memberNumber,
      activated: users.activated,
      paidUntil: users.paidUntil,
      suspendedAt: users.suspendedAt,
    })
    .from(attendance)
    .innerJoin(users, eq(users.id, attendance.userId))
    .leftJoin(auditLog, eq(auditLog.id, attendance.handAuditId))
    .leftJoin(handStaff, eq(handStaff.id, auditLog.actorId))
    .where(and(eq(attendance.seriesId, seriesId), eq(attendance.day, day)))
    .orderBy(asc(attendance.arrivedAt));
  const scans = await scansOfDate(ctx.db, seriesId, day);
  const expected = date.cancelled ? 0 : (await expectedMembers(ctx.db, series, todayInLagos(new Date(date.startsAt)))).length;
  return {
    date,
    graceMinutes: series.graceMinutes,
    expected,
    present: rows.map((r) => ({
      userId: r.userId,
      fullName: r.fullName,
      memberNumber: r.memberNumber === null ? '' : formatMemberNumber(r.memberNumber),
      standing: standingOf(r, today),
      arrivedAt: r.arrivedAt.toISOString(),
      leftAt: r.leftAt?.toISOString() ?? null,
      scans: scans.get(r.userId) ?? [],
      byHand: byHand(r),
    })),
  };
}

function byHand(row: { handReason: string | null; handStaffName: string | null; handEnteredAt: Date | null }): ByHand | null {
  if (row.handReason === null || row.handEnteredAt === null) return null;
  return { reason: row.handReason, staffName: row.handStaffName, enteredAt: row.handEnteredAt.toISOString() };
}
