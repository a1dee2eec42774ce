import { and, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';
import { formatMemberNumber, parseMemberNumber, stateBoundaries } from '../../shared/membership.js';
import { SESSION_KINDS, type SessionDate } from '../../shared/schedule.js';
import type { SessionChangeInput, SessionSeriesInput } from '../../shared/schemas/schedule.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { attendance, attendanceFines, scheduleChanges, scheduleEnrolments, scheduleSeries, users } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { enqueueMail } from '../mail/outbox.js';
import { scheduleMail } from './mail.js';
import { notify } from '../notifications/notifications.js';
import { expandDates, firstDateFrom, givesDate, lagosInstant } from './recurrence.js';

export type SeriesRow = typeof scheduleSeries.$inferSelect;
type ChangeRow = typeof scheduleChanges.$inferSelect;

/** The widest window one listing expands: a feed of five years stays a bounded amount of work. */
const MAX_WINDOW_DAYS = 6 * 366;

export async function seriesRow(db: Executor, id: string): Promise<SeriesRow> {
  const [row] = isUuid(id) ? await db.select().from(scheduleSeries).where(eq(scheduleSeries.id, id)) : [];
  if (!row) throw notFound('Session not found');
  return row;
}

/** The member a staff member names by number (HM-000123, or the digits): 400 for no number, 404 for nobody. */
export async function memberByNumber(db: Executor, text: string): Promise<{ id: string; fullName: string; memberNumber: string }> {
  const trimmed = text.trim();
  const number = parseMemberNumber(trimmed) ?? (/^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null);
  if (number === null) throw badRequest('Type a member number such as HM-000123.');
  const [member] = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.memberNumber, number), eq(users.role, 'member')));
  if (!member) throw notFound(`No member has the number ${formatMemberNumber(number)}.`);
  return { ...member, memberNumber: formatMemberNumber(number) };
}

export async function listSeries(ctx: AppContext): Promise<SeriesRow[]> {
  return ctx.db.select().from(scheduleSeries).orderBy(asc(scheduleSeries.kind), asc(scheduleSeries.title));
}

export async function createSeries(ctx: AppContext, staff: AuthUser, input: SessionSeriesInput): Promise<SeriesRow> {
  return ctx.db.transaction(async (tx) => {
    // The portal's clock, as the register reads it: a series has no register of the dates before it was added.
    const [row] = await tx
      .insert(scheduleSeries)
      .values({ ...input, createdAt: ctx.clock() })
      .returning();
    if (!row) throw new Error('series was not written');
    await recordAudit(tx, { actor: staff, action: 'schedule.created', subjectType: 'schedule', subjectId: row.id, details: { title: row.title } });
    return row;
  });
}

/** What decides a date's times and its register: changing one would rewrite the dates already held. */
const REGISTER_FIELDS = ['kind', 'startTime', 'endTime', 'audience', 'levelFrom', 'levelTo', 'category', 'attendanceRequired', 'graceMinutes'] as const;

/**
 * The first date an edit may change: today, or tomorrow when today's date of the series has
 * started or has arrivals (its register is being kept).
 */
async function firstEditableDay(ctx: AppContext, db: Executor, series: SeriesRow): Promise<string> {
  const today = todayInLagos(ctx.clock());
  if (!givesDate(series, today)) return today;
  const [change] = await db
    .select()
    .from(scheduleChanges)
    .where(and(eq(scheduleChanges.seriesId, series.id), eq(scheduleChanges.day, today)));
  const [arrival] = await db
    .select({ day: attendance.day })
    .from(attendance)
    .where(and(eq(attendance.seriesId, series.id), eq(attendance.day, today)))
    .limit(1);
  return arrival || new Date(sessionDate(series, today, change).startsAt) <= ctx.clock() ? shiftDate(today, 1) : today;
}

/**
 * Staff edit a series. Dates already held (before today, or today's once it has started) stay
 * as they were: their register, fines and the members' calendars name them. An edit that keeps
 * them (a new title or place, a last date from today on) changes the series itself; one that
 * would change them (other times, days, grace or who is expected) ends the series the day
 * before and starts a new one with the new settings from its first date on or after that day;
 * changes of later dates follow it when it gives the date, and so do the enrolled. The series'
 * row is locked, so two edits at once are made one after the other: the second finds it ended.
 */
export async function updateSeries(
  ctx: AppContext,
  staff: AuthUser,
  id: string,
  input: SessionSeriesInput,
): Promise<{ series: SeriesRow; splitAt: string | null }> {
  return ctx.db.transaction(async (tx) => {
    const [old] = isUuid(id) ? await tx.select().from(scheduleSeries).where(eq(scheduleSeries.id, id)).for('update') : [];
    if (!old) throw notFound('Session not found');
    const splitAt = await firstEditableDay(ctx, tx, old);
    const lastKept = shiftDate(splitAt, -1);
    const ended = old.untilDay !== null && old.untilDay < splitAt;
    const refuseEnded = () => conflict(`This session ended on ${displayDate(old.untilDay!)}: its dates stay as they were. Add a new session for new dates.`);
    const held = expandDates(old, old.firstDay, lastKept);
    const keepsHeld = REGISTER_FIELDS.every((f) => old[f] === input[f]) && held.join() === expandDates(input, input.firstDay, lastKept).join();
    if (held.length === 0 || keepsHeld) {
      if (ended && (input.untilDay === null || input.untilDay > old.untilDay!)) throw refuseEnded();
      const [row] = await tx
        .update(scheduleSeries)
        .set({ ...input, revision: sql`${scheduleSeries.revision} + 1` })
        .where(eq(scheduleSeries.id, id))
        .returning();
      await recordAudit(tx, { actor: staff, action: 'schedule.updated', subjectType: 'schedule', subjectId: id, details: { title: input.title } });
      return { series: row!, splitAt: null };
    }
    if (ended) throw refuseEnded();
    const firstDay = firstDateFrom(input, input.firstDay > splitAt ? input.firstDay : splitAt);
    if (!firstDay)
      throw badRequest(
        `Dates before ${displayDate(splitAt)} stay as they were, and these settings give none from then on. To end the session, give it a last date of ${displayDate(lastKept)} or later.`,
      );
    await tx.update(scheduleSeries).set({ untilDay: lastKept }).where(eq(scheduleSeries.id, id));
    const [next] = await tx
      .insert(scheduleSeries)
      .values({ ...input, firstDay, createdAt: ctx.clock() })
      .returning();
    for (const change of await tx
      .select()
      .from(scheduleChanges)
      .where(and(eq(scheduleChanges.seriesId, id), gte(scheduleChanges.day, splitAt)))) {
      const at = and(eq(scheduleChanges.seriesId, id), eq(scheduleChanges.day, change.day));
      if (givesDate(next!, change.day)) await tx.update(scheduleChanges).set({ seriesId: next!.id }).where(at);
      else await tx.delete(scheduleChanges).where(at);
    }
    const enrolled = await tx
      .select({ userId: scheduleEnrolments.userId, createdAt: scheduleEnrolments.createdAt })
      .from(scheduleEnrolments)
      .where(eq(scheduleEnrolments.seriesId, id));
    if (enrolled.length) await tx.insert(scheduleEnrolments).values(enrolled.map((e) => ({ ...e, seriesId: next!.id })));
    await recordAudit(tx, {
      actor: staff,
      action: 'schedule.updated',
      subjectType: 'schedule',
      subjectId: id,
      details: { title: input.title, keptUntil: lastKept, continuedAs: next!.id, from: firstDay },
    });
    return { series: next!, splitAt };
  });
}

export async function deleteSeries(ctx: AppContext, staff: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await seriesRow(tx, id);
    // The register and its fines are records of what happened: a series that has them is ended, never erased.
    const [kept] = await tx.select({ id: attendance.seriesId }).from(attendance).where(eq(attendance.seriesId, id)).limit(1);
    const [fined] = kept ? [kept] : await tx.select({ id: attendanceFines.seriesId }).from(attendanceFines).where(eq(attendanceFines.seriesId, id)).limit(1);
    if (fined) throw conflict('This series has arrivals or fines on record, so it cannot be deleted: give it a last date instead.');
    await tx.delete(scheduleSeries).where(eq(scheduleSeries.id, id));
    await recordAudit(tx, { actor: staff, action: 'schedule.deleted', subjectType: 'schedule', subjectId: id, details: { title: row.title } });
  });
}

function sessionDate(series: SeriesRow, day: string, change: ChangeRow | undefined): SessionDate {
  const moved = change && !change.cancelled;
  const actualDay = moved ? (change.newDay ?? day) : day;
  return {
    seriesId: series.id,
    day,
    kind: series.kind,
    title: series.title,
    place: series.place,
    startsAt: lagosInstant(actualDay, (moved && change.newStartTime) || series.startTime).toISOString(),
    endsAt: lagosInstant(actualDay, (moved && change.newEndTime) || series.endTime).toISOString(),
    attendanceRequired: series.attendanceRequired,
    cancelled: Boolean(change?.cancelled),
    note: change?.note ?? null,
    revision: series.revision + (change?.revision ?? 0),
  };
}

/**
 * The dates of these series whose (possibly moved) date falls between `from` and `to` (Lagos
 * dates, included), cancelled ones marked, soonest first.
 */
export async function sessionDates(db: Executor, series: SeriesRow[], from: string, to: string): Promise<SessionDate[]> {
  if (series.length === 0) return [];
  const last = shiftDate(from, MAX_WINDOW_DAYS) < to ? shiftDate(from, MAX_WINDOW_DAYS) : to;
  const changes = await db
    .select()
    .from(scheduleChanges)
    .where(
      inArray(
        scheduleChanges.seriesId,
        series.map((s) => s.id),
      ),
    );
  const changeOf = new Map(changes.map((c) => [`${c.seriesId} ${c.day}`, c]));
  const dates: SessionDate[] = [];
  // A date moved into the window from outside it: its rule date is up to a year either side.
  for (const s of series) {
    const days = new Set(expandDates(s, from, last));
    for (const c of changes)
      if (c.seriesId === s.id && !c.cancelled && c.newDay && c.newDay >= from && c.newDay <= last && givesDate(s, c.day)) days.add(c.day);
    for (const day of days) {
      const date = sessionDate(s, day, changeOf.get(`${s.id} ${day}`));
      const lagosDay = todayInLagos(new Date(date.startsAt));
      if (lagosDay >= from && lagosDay <= last) dates.push(date);
    }
  }
  return dates.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** One date of a series, as the rule gives it; 404 when the series gives no such date. */
export async function oneSessionDate(db: Executor, seriesId: string, day: string): Promise<{ series: SeriesRow; date: SessionDate }> {
  const series = await seriesRow(db, seriesId);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !givesDate(series, day)) throw notFound('This session has no such date');
  const [change] = await db
    .select()
    .from(scheduleChanges)
    .where(and(eq(scheduleChanges.seriesId, seriesId), eq(scheduleChanges.day, day)));
  return { series, date: sessionDate(series, day, change) };
}

/** Members who stand active or in grace on `today` (suspended ones do not). */
export function activeMembers(today: string): SQL {
  return and(eq(users.role, 'member'), eq(users.activated, true), isNull(users.suspendedAt), gte(users.paidUntil, stateBoundaries(today).graceFrom))!;
}

/** Who a series expects, as a condition on users: its audience among the active members. */
export function expectedBy(series: SeriesRow, today: string): SQL {
  const audience =
    series.audience === 'levels'
      ? and(gte(users.level, series.levelFrom ?? 1), lte(users.level, series.levelTo ?? 5))
      : series.audience === 'category'
        ? eq(users.industry, series.category ?? '')
        : series.audience === 'enrolled'
          ? sql`exists (select 1 from ${scheduleEnrolments} where ${scheduleEnrolments.seriesId} = ${series.id} and ${scheduleEnrolments.userId} = ${users.id})`
          : undefined;
  return and(activeMembers(today), audience)!;
}

export async function expectedMembers(db: Executor, series: SeriesRow, today: string) {
  return db.select({ id: users.id, email: users.email, fullName: users.fullName, activatedAt: users.activatedAt }).from(users).where(expectedBy(series, today));
}

const kindLabel = (series: SeriesRow) => SESSION_KINDS.find((k) => k.value === series.kind)?.label ?? series.kind;
const lagosWhen = (iso: string) => `${new Date(new Date(iso).getTime() + 3_600_000).toISOString().slice(0, 16).replace('T', ' at ')}`;

/** Staff cancel one date or move it; everyone expected is told in the portal and by email. */
export async function changeSessionDate(ctx: AppContext, staff: AuthUser, seriesId: string, day: string, input: SessionChangeInput): Promise<SessionDate> {
  const result = await ctx.db.transaction(async (tx) => {
    const { series, date: before } = await oneSessionDate(tx, seriesId, day);
    const values =
      input.action === 'cancel'
        ? { cancelled: true, newDay: null, newStartTime: null, newEndTime: null, note: input.note }
        : { cancelled: false, newDay: input.newDay, newStartTime: input.newStartTime, newEndTime: input.newEndTime, note: input.note };
    if (input.action === 'move' && input.newStartTime >= input.newEndTime) throw badRequest('The new end must be after the new start');
    await tx
      .insert(scheduleChanges)
      .values({ seriesId, day, ...values })
      .onConflictDoUpdate({ target: [scheduleChanges.seriesId, scheduleChanges.day], set: { ...values, revision: sql`${scheduleChanges.revision} + 1` } });
    const { date: after } = await oneSessionDate(tx, seriesId, day);
    const what =
      input.action === 'cancel'
        ? `${kindLabel(series)} "${series.title}" on ${lagosWhen(before.startsAt)} is cancelled`
        : `${kindLabel(series)} "${series.title}" of ${lagosWhen(before.startsAt)} moves to ${lagosWhen(after.startsAt)}`;
    const members = await expectedMembers(tx, series, todayInLagos(ctx.clock()));
    for (const member of members) {
      await notify(tx, member.id, 'session-changed', `${what}: ${input.note}`);
      await enqueueMail(tx, scheduleMail.sessionChanged(ctx.mailer.brand, member.email, member.fullName, what, input.note));
    }
    await recordAudit(tx, {
      actor: staff,
      action: `schedule.${input.action}`,
      subjectType: 'schedule',
      subjectId: seriesId,
      details: { day, note: input.note, told: members.length },
    });
    return { date: after, told: members.length };
  });
  ctx.mailer.nudge();
  return result.date;
}

/** Whether a member is expected by a series on a day (the same rule as expectedBy, for one member). */
export async function isExpected(db: Executor, series: SeriesRow, day: string, userId: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), expectedBy(series, day)));
  return hit !== undefined;
}

/** The series a member is expected by today. */
async function expectedSeriesOf(db: Executor, userId: string, today: string): Promise<SeriesRow[]> {
  const series = await db.select().from(scheduleSeries);
  const expected: SeriesRow[] = [];
  for (const s of series) if (await isExpected(db, s, today, userId)) expected.push(s);
  return expected;
}

/** The member's calendar: the dates they are expected at from `from` to `to`, with their attendance. */
export async function memberCalendar(ctx: AppContext, userId: string, from: string, to: string) {
  const today = todayInLagos(ctx.clock());
  const series = await expectedSeriesOf(ctx.db, userId, today);
  const dates = await sessionDates(ctx.db, series, from, to);
  const rows = await ctx.db
    .select()
    .from(attendance)
    .where(and(eq(attendance.userId, userId), gte(attendance.day, shiftDate(from, -366)), lte(attendance.day, to)));
  const seen = new Map(rows.map((r) => [`${r.seriesId} ${r.day}`, r]));
  return dates.map((date) => {
    const row = seen.get(`${date.seriesId} ${date.day}`);
    return { ...date, attendance: row ? { arrivedAt: row.arrivedAt.toISOString(), leftAt: row.leftAt?.toISOString() ?? null } : null };
  });
}

/** Company events from the sessions, for the events page: the next year's. */
export async function upcomingCompanyEventDates(ctx: AppContext): Promise<SessionDate[]> {
  const today = todayInLagos(ctx.clock());
  const series = await ctx.db.select().from(scheduleSeries).where(eq(scheduleSeries.kind, 'company-event'));
  return (await sessionDates(ctx.db, series, today, shiftDate(today, 366))).filter((d) => !d.cancelled);
}
