import { and, eq, isNull } from 'drizzle-orm';
import { todayInLagos } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';
import { firstHandEntryDay, HAND_ENTRY_MONTHS, lagosTimeOf, SCAN_LEAD_MINUTES, SCAN_TRAIL_MINUTES, type SessionDate } from '../../shared/schedule.js';
import type { HandEntryInput } from '../../shared/schemas/schedule.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { attendance, attendanceScans, scheduleSeries } from '../db/schema.js';
import type { Transaction } from '../db/client.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { reviseFines } from './attendance-fines.js';
import { lagosInstant } from './recurrence.js';
import { isExpected, memberByNumber, oneSessionDate, type SeriesRow } from './schedule-service.js';

/*
 * Attendance entered by hand (decision 022, amended 2026-11-28): when the door could not keep a
 * date's register (no data, a paper list), staff with the schedule area record a member present
 * afterwards, or take an attendance off the register, always with a reason. Never a scan: the row
 * is marked by hand and names the audit entry that says who entered it.
 */

const MINUTE_MS = 60_000;

/** The Lagos day a date is held on (a moved date's own). */
const heldOn = (date: SessionDate) => todayInLagos(new Date(date.startsAt));

/**
 * The register of a date is corrected by hand once the date is over, and for the last
 * HAND_ENTRY_MONTHS: before the end the door keeps it, and older registers stay settled.
 */
function assertCorrectable(date: SessionDate, now: Date): void {
  if (new Date(date.endsAt) > now)
    throw badRequest(`This session ends at ${lagosTimeOf(date.endsAt)}: until then the door keeps its register. Enter attendance by hand once it is over.`);
  const first = firstHandEntryDay(todayInLagos(now));
  if (heldOn(date) < first)
    throw badRequest(`Attendance is entered by hand for the last ${HAND_ENTRY_MONTHS} months only: this date is before ${displayDate(first)}.`);
}

/** Arrival and leaving as a paper register gives them: within the times the door would take a scan for. */
function handTimes(date: SessionDate, input: HandEntryInput): { arrivedAt: Date; leftAt: Date | null } {
  const arrivedAt = lagosInstant(heldOn(date), input.arrivedAt);
  const leftAt = input.leftAt === null ? null : lagosInstant(heldOn(date), input.leftAt);
  const startsAt = new Date(date.startsAt).getTime();
  const endsAt = new Date(date.endsAt).getTime();
  if (arrivedAt.getTime() < startsAt - SCAN_LEAD_MINUTES * MINUTE_MS || arrivedAt.getTime() >= endsAt)
    throw badRequest(
      `The arrival must be between ${lagosTimeOf(new Date(startsAt - SCAN_LEAD_MINUTES * MINUTE_MS).toISOString())} and the end, ${lagosTimeOf(date.endsAt)}.`,
    );
  if (leftAt && (leftAt <= arrivedAt || leftAt.getTime() > endsAt + SCAN_TRAIL_MINUTES * MINUTE_MS))
    throw badRequest(
      `The leaving must be after the arrival and at the latest ${lagosTimeOf(new Date(endsAt + SCAN_TRAIL_MINUTES * MINUTE_MS).toISOString())}.`,
    );
  return { arrivedAt, leftAt };
}

/** Why a member who is not expected at the date cannot be recorded at it, in words staff can act on. */
function notExpected(series: SeriesRow, date: SessionDate, who: string) {
  if (series.audience === 'enrolled')
    return conflict(`${who} is not enrolled in this ${series.kind === 'training' ? 'training' : 'session'}: enrol them on the session’s page first.`);
  const whom =
    series.audience === 'levels'
      ? `members of levels ${series.levelFrom ?? 1} to ${series.levelTo ?? 5}`
      : series.audience === 'category'
        ? `members of the category ${series.category ?? ''}`
        : 'every member';
  return conflict(`${who} was not expected at this session on ${displayDate(heldOn(date))}: it expects ${whom} whose membership was active then.`);
}

/** The series' row, shared: proposing the date's fines (which locks it) waits for this change or is waited for, as with a scan. */
async function holdSeries(tx: Transaction, seriesId: string): Promise<void> {
  await tx.select({ id: scheduleSeries.id }).from(scheduleSeries).where(eq(scheduleSeries.id, seriesId)).for('key share');
}

/**
 * Staff record a member present at a past date of a series, by number, with a reason: a date
 * the series holds (not cancelled), over, within HAND_ENTRY_MONTHS, and a member it expects (as
 * the register counts them). The series' own first date bounds it, not the day it was added to the
 * portal nor the member's enrolment: a company that kept a class on paper brings its history in.
 * A member already on the date's register is refused (remove that attendance first), so two
 * entries at once give one. Like a scan sent later, it revises the date's fines (a missed-meeting
 * proposal is withdrawn, kept for finance) and counts towards a training's certificate.
 */
export async function recordByHand(
  ctx: AppContext,
  staff: AuthUser,
  seriesId: string,
  day: string,
  input: HandEntryInput,
): Promise<{ fullName: string; memberNumber: string }> {
  const { series, date } = await oneSessionDate(ctx.db, seriesId, day);
  if (date.cancelled) throw conflict('This date was cancelled: nobody can be recorded at it.');
  const now = ctx.clock();
  assertCorrectable(date, now);
  const times = handTimes(date, input);
  const member = await memberByNumber(ctx.db, input.memberNumber);
  const who = `${member.fullName} (${member.memberNumber})`;
  if (!(await isExpected(ctx.db, series, heldOn(date), member.id))) throw notExpected(series, date, who);

  await ctx.db.transaction(async (tx) => {
    await holdSeries(tx, seriesId);
    const handAuditId = await recordAudit(tx, {
      actor: staff,
      action: 'schedule.attendance-by-hand',
      subjectType: 'user',
      subjectId: member.id,
      details: { seriesId, day, title: series.title, arrivedAt: input.arrivedAt, leftAt: input.leftAt, reason: input.reason },
    });
    const [written] = await tx
      .insert(attendance)
      .values({ seriesId, day, userId: member.id, ...times, handReason: input.reason, handAuditId })
      .onConflictDoNothing()
      .returning({ userId: attendance.userId });
    if (!written) {
      const [kept] = await tx
        .select()
        .from(attendance)
        .where(and(eq(attendance.seriesId, seriesId), eq(attendance.day, day), eq(attendance.userId, member.id)));
      const as = kept ? ` (arrived ${lagosTimeOf(kept.arrivedAt.toISOString())}, ${kept.handReason === null ? 'from the door' : 'entered by hand'})` : '';
      throw conflict(`${who} is already on this date’s register${as}: to correct it, remove that attendance first.`);
    }
    await reviseFines(tx, staff, series, date, member.id, times, { by: 'hand', reason: input.reason, at: now });
  });
  return { fullName: member.fullName, memberNumber: member.memberNumber };
}

/**
 * Staff take a member's attendance off a past date's register, with a reason: one entered by hand,
 * or one from scans, whose scans are kept but set aside (a scan sent later counts on its own).
 * Proposals the attendance gave (late, left early) are withdrawn, a confirmed one flagged; a
 * certificate already issued keeps what it said.
 */
export async function removeAttendance(ctx: AppContext, staff: AuthUser, seriesId: string, day: string, userId: string, reason: string): Promise<void> {
  const { series, date } = await oneSessionDate(ctx.db, seriesId, day);
  const now = ctx.clock();
  assertCorrectable(date, now);
  const notOnRegister = () => notFound('This member is not on this date’s register.');
  if (!isUuid(userId)) throw notOnRegister();
  await ctx.db.transaction(async (tx) => {
    await holdSeries(tx, seriesId);
    const [removed] = await tx
      .delete(attendance)
      .where(and(eq(attendance.seriesId, seriesId), eq(attendance.day, day), eq(attendance.userId, userId)))
      .returning();
    if (!removed) throw notOnRegister();
    const setAside = await tx
      .update(attendanceScans)
      .set({ setAsideAt: now })
      .where(and(eq(attendanceScans.seriesId, seriesId), eq(attendanceScans.day, day), eq(attendanceScans.userId, userId), isNull(attendanceScans.setAsideAt)))
      .returning({ id: attendanceScans.id });
    await recordAudit(tx, {
      actor: staff,
      action: 'schedule.attendance-removed',
      subjectType: 'user',
      subjectId: userId,
      details: {
        seriesId,
        day,
        title: series.title,
        reason,
        arrivedAt: lagosTimeOf(removed.arrivedAt.toISOString()),
        leftAt: removed.leftAt && lagosTimeOf(removed.leftAt.toISOString()),
        enteredByHand: removed.handReason,
        scansSetAside: setAside.length,
      },
    });
    await reviseFines(tx, staff, series, date, userId, null, { by: 'removal', reason, at: now });
  });
}
