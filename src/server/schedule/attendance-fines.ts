import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CHARGE_KINDS } from '../../shared/charges.js';
import { todayInLagos } from '../../shared/dates.js';
import { formatNaira } from '../../shared/money.js';
import { FINES } from '../../shared/fines.js';
import { type AttendanceFineState, SCAN_METHOD_LABELS, type ScanMethod, type SessionDate } from '../../shared/schedule.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Transaction } from '../db/client.js';
import { attendance, attendanceFines, ledgerEntries, scheduleSeries, users } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { enqueueMail } from '../mail/outbox.js';
import { ledgerMail } from '../ledger/mail.js';
import { notify } from '../notifications/notifications.js';
import { expectedMembers, oneSessionDate, type SeriesRow } from './schedule-service.js';

type FineType = (typeof attendanceFines.$inferInsert)['type'];

const minutesBetween = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / 60_000);
const lagosDayTime = (iso: string) => new Date(new Date(iso).getTime() + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

type Proposal = { userId: string; type: FineType; reason: string };
type Arrival = { userId: string; arrivedAt: Date; leftAt: Date | null };

const nameOf = (series: SeriesRow, date: SessionDate) => `${series.title} of ${lagosDayTime(date.startsAt)}`;

/** The fines a member's arrival and leaving at a date give: late (after the start plus the grace), left early (a leaving scan before the end). */
function arrivalFines(series: SeriesRow, date: SessionDate, row: Arrival): Proposal[] {
  const startsAt = new Date(date.startsAt);
  const endsAt = new Date(date.endsAt);
  const lateAfter = new Date(startsAt.getTime() + series.graceMinutes * 60_000);
  const name = nameOf(series, date);
  const fines: Proposal[] = [];
  if (row.arrivedAt > lateAfter)
    fines.push({ userId: row.userId, type: 'late', reason: `${name}: arrived ${minutesBetween(startsAt, row.arrivedAt)} minutes after the start` });
  if (row.leftAt && row.leftAt < endsAt)
    fines.push({ userId: row.userId, type: 'left-early', reason: `${name}: left ${minutesBetween(row.leftAt, endsAt)} minutes before the end` });
  return fines;
}

/**
 * After a date has ended, the fines its register gives under the terms: late (arrived after the
 * start plus the series' grace), left early (a leaving scan before the end), missed (expected,
 * attendance required, never scanned; a meeting or a company event). Proposed once each (a second
 * run adds only what is new); nothing is charged until finance confirm. The series' row is locked
 * while the register is read: a scan of the date (which holds it shared) either comes first and
 * is read, or waits and then revises what was proposed (reviseFinesAfterScan).
 */
export async function proposeFines(ctx: AppContext, staff: AuthUser, seriesId: string, day: string): Promise<number> {
  const { series, date } = await oneSessionDate(ctx.db, seriesId, day);
  if (date.cancelled) return 0;
  if (ctx.clock() < new Date(date.endsAt)) throw badRequest('The session has not ended yet: fines are proposed once it is over.');
  if (!series.attendanceRequired) return 0;
  const startsAt = new Date(date.startsAt);
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: scheduleSeries.id }).from(scheduleSeries).where(eq(scheduleSeries.id, seriesId)).for('update');
    const present = await tx
      .select()
      .from(attendance)
      .where(and(eq(attendance.seriesId, seriesId), eq(attendance.day, day)));
    const proposals = present.flatMap((row) => arrivalFines(series, date, row));
    const missedType: FineType | null = series.kind === 'meeting' ? 'missed-meeting' : series.kind === 'company-event' ? 'missed-event' : null;
    if (missedType) {
      const came = new Set(present.map((r) => r.userId));
      for (const member of await expectedMembers(tx, series, todayInLagos(startsAt))) {
        // Only who was a member when it started can have missed it.
        if (!member.activatedAt || member.activatedAt >= startsAt) continue;
        if (!came.has(member.id)) proposals.push({ userId: member.id, type: missedType, reason: `${nameOf(series, date)}: not scanned at the door` });
      }
    }
    if (proposals.length === 0) return 0;
    const rows = await tx
      .insert(attendanceFines)
      .values(proposals.map((p) => ({ ...p, seriesId, day })))
      .onConflictDoNothing()
      .returning({ id: attendanceFines.id });
    await recordAudit(tx, {
      actor: staff,
      action: 'schedule.fines-proposed',
      subjectType: 'schedule',
      subjectId: seriesId,
      details: { day, added: rows.length },
    });
    return rows.length;
  });
}

/** What changed a date's register after its fines were proposed: a scan sent later, attendance entered by hand, or one removed. */
export type RegisterChange =
  { by: 'scan'; id: string; method: ScanMethod; scannedAt: Date; receivedAt: Date } | { by: 'hand' | 'removal'; reason: string; at: Date };

/** Why a fine no longer holds, for the withdrawn proposal (`withdrawn`) and the flag on a confirmed one (`charged`). */
function noLongerGiven(change: RegisterChange, shows: string): { withdrawn: string; charged: string } {
  const said = (at: Date) => lagosDayTime(at.toISOString()).slice(11);
  switch (change.by) {
    case 'scan':
      return {
        withdrawn: `A scan sent later from the door (${SCAN_METHOD_LABELS[change.method]}, made at ${said(change.scannedAt)}) shows ${shows}.`,
        charged: `a scan sent later from the door shows ${shows}`,
      };
    case 'hand':
      return {
        withdrawn: `Attendance entered by hand (${change.reason}) shows ${shows}.`,
        charged: `attendance entered by hand later (${change.reason}) shows ${shows}`,
      };
    case 'removal':
      return {
        withdrawn: `The attendance it rested on was removed from the register (${change.reason}).`,
        charged: `the attendance it rested on was removed from the register (${change.reason})`,
      };
  }
}

/**
 * A change to a date's register after its fines were proposed (a scan the door's phone queued
 * offline, attendance entered by hand, or one removed) may show the member came, came earlier,
 * stayed longer, or was not there. In the change's transaction, the member's fines of the date
 * are made to follow their attendance as it now stands (`arrival`, null once removed): a proposal
 * it no longer supports is withdrawn (kept, marked with when, why and by whom, for finance to
 * see: the register is the staff member's word), one whose minutes changed is reworded, one it now
 * gives (late instead of missed) is added; a fine finance already confirmed is charged, so it is
 * flagged for finance (`issue`) instead. Each step is conditional on the fine's state, so a
 * confirmation racing the change is either seen as proposed or flagged.
 */
export async function reviseFines(
  tx: Transaction,
  staff: AuthUser,
  series: SeriesRow,
  date: SessionDate,
  userId: string,
  arrival: Omit<Arrival, 'userId'> | null,
  change: RegisterChange,
): Promise<void> {
  const ofDate = and(eq(attendanceFines.seriesId, series.id), eq(attendanceFines.day, date.day));
  const [proposedForDate] = await tx.select({ id: attendanceFines.id }).from(attendanceFines).where(ofDate).limit(1);
  if (!proposedForDate) return;
  const holds = series.attendanceRequired && arrival ? arrivalFines(series, date, { userId, ...arrival }) : [];
  const mine = await tx
    .select()
    .from(attendanceFines)
    .where(and(ofDate, eq(attendanceFines.userId, userId)));
  const said = (at: Date | null) => (at ? lagosDayTime(at.toISOString()).slice(11) : null);
  const shows = arrival ? `the member arrived at ${said(arrival.arrivedAt)}${arrival.leftAt ? ` and left at ${said(arrival.leftAt)}` : ''}` : 'no attendance';
  const why = noLongerGiven(change, shows);
  const audit = (action: string, fine: { id: string; type: string }, details: Record<string, unknown> = {}) =>
    recordAudit(tx, {
      actor: staff,
      action,
      subjectType: 'attendance-fine',
      subjectId: fine.id,
      details: { seriesId: series.id, day: date.day, userId, type: fine.type, after: change.by, ...details },
    });
  for (const fine of mine) {
    if (fine.state === 'dismissed' || fine.state === 'withdrawn') continue;
    const now = holds.find((h) => h.type === fine.type);
    if (now && now.reason === fine.reason) continue;
    if (now) {
      const [reworded] = await tx
        .update(attendanceFines)
        .set({ reason: now.reason })
        .where(and(eq(attendanceFines.id, fine.id), eq(attendanceFines.state, 'proposed')))
        .returning({ id: attendanceFines.id });
      if (reworded) await audit('schedule.fine-revised', fine, { from: fine.reason, to: now.reason });
      continue;
    }
    const [withdrawn] = await tx
      .update(attendanceFines)
      .set({
        state: 'withdrawn',
        withdrawnAt: change.by === 'scan' ? change.receivedAt : change.at,
        withdrawnBy: staff.id,
        withdrawnScanId: change.by === 'scan' ? change.id : null,
        withdrawnReason: why.withdrawn,
      })
      .where(and(eq(attendanceFines.id, fine.id), eq(attendanceFines.state, 'proposed')))
      .returning({ id: attendanceFines.id });
    if (withdrawn) {
      await audit('schedule.fine-withdrawn', fine, { reason: fine.reason, shows });
      continue;
    }
    const issue = `Charged, but ${why.charged}: the register no longer gives this fine. Settle it with the member.`;
    const [flagged] = await tx
      .update(attendanceFines)
      .set({ issue })
      .where(and(eq(attendanceFines.id, fine.id), eq(attendanceFines.state, 'confirmed')))
      .returning({ id: attendanceFines.id });
    if (flagged) await audit('schedule.fine-flagged', fine, { issue });
  }
  const added = holds.filter((h) => !mine.some((f) => f.type === h.type));
  if (added.length) {
    const rows = await tx
      .insert(attendanceFines)
      .values(added.map((p) => ({ ...p, seriesId: series.id, day: date.day })))
      .onConflictDoNothing()
      .returning({ id: attendanceFines.id, type: attendanceFines.type });
    for (const fine of rows) await audit('schedule.fine-proposed-after-scan', fine);
  }
}

/** The order finance read a list in: proposals oldest first (the longest waiting), the rest newest first. */
function listOrder(state: AttendanceFineState, flagged: boolean) {
  if (state === 'proposed' && !flagged) return asc(attendanceFines.createdAt);
  return state === 'withdrawn' ? desc(attendanceFines.withdrawnAt) : desc(attendanceFines.decidedAt);
}

/**
 * The proposals (or decided fines) for finance, with the member's reason if sent; `flagged`: the
 * confirmed fines a scan sent later no longer supports, with what it shows; `withdrawn`: the
 * proposals a scan sent later took back, with when, why, and the staff member whose scan it was.
 */
export async function listAttendanceFines(ctx: AppContext, state: AttendanceFineState, flagged = false) {
  const withdrawer = alias(users, 'withdrawer');
  const rows = await ctx.db
    .select({
      id: attendanceFines.id,
      seriesId: attendanceFines.seriesId,
      day: attendanceFines.day,
      type: attendanceFines.type,
      reason: attendanceFines.reason,
      state: attendanceFines.state,
      memberReason: attendanceFines.memberReason,
      issue: attendanceFines.issue,
      withdrawnAt: attendanceFines.withdrawnAt,
      withdrawnReason: attendanceFines.withdrawnReason,
      withdrawnByName: withdrawer.fullName,
      userId: attendanceFines.userId,
      fullName: users.fullName,
      title: scheduleSeries.title,
    })
    .from(attendanceFines)
    .innerJoin(users, eq(users.id, attendanceFines.userId))
    .innerJoin(scheduleSeries, eq(scheduleSeries.id, attendanceFines.seriesId))
    .leftJoin(withdrawer, eq(withdrawer.id, attendanceFines.withdrawnBy))
    .where(flagged ? and(eq(attendanceFines.state, 'confirmed'), isNotNull(attendanceFines.issue)) : eq(attendanceFines.state, state))
    .orderBy(listOrder(state, flagged))
    .limit(500);
  return rows.map((r) => ({ ...r, withdrawnAt: r.withdrawnAt?.toISOString() ?? null, amountKobo: FINES[r.type].amountKobo }));
}

/**
 * The member a fine is for, their row locked before the fine is decided, as every money path
 * does (a slip's confirmation, a staff fine, a suspension, the account's termination): they wait
 * for each other in one order (member, then what is theirs) and never deadlock. Undefined when
 * the fine or its member is gone (the account terminated meanwhile).
 */
async function lockMemberOfFine(tx: Transaction, id: string) {
  const [owner] = await tx.select({ userId: attendanceFines.userId }).from(attendanceFines).where(eq(attendanceFines.id, id));
  if (!owner) return undefined;
  const [member] = await tx.select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, owner.userId)).for('update');
  return member;
}

/**
 * Finance confirm fines one by one or in a batch: each proposal still open becomes one ledger
 * charge naming the session, in its own transaction, under the member's row lock. The state
 * change is conditional on `proposed`, so a fine raced by a dismissal or another confirmation is
 * booked at most once; those already decided are counted as skipped.
 */
export async function confirmAttendanceFines(ctx: AppContext, staff: AuthUser, ids: string[]): Promise<{ confirmed: number; skipped: number }> {
  let confirmed = 0;
  for (const id of new Set(ids)) {
    const done = await ctx.db.transaction(async (tx) => {
      const member = await lockMemberOfFine(tx, id);
      if (!member) return false;
      const [fine] = await tx
        .update(attendanceFines)
        .set({ state: 'confirmed', decidedBy: staff.id, decidedAt: ctx.clock() })
        .where(and(eq(attendanceFines.id, id), eq(attendanceFines.state, 'proposed')))
        .returning();
      if (!fine) return false;
      const amountKobo = CHARGE_KINDS.fine.amountKobo({ type: fine.type });
      const description = CHARGE_KINDS.fine.describe({ type: fine.type, reason: fine.reason });
      const [entry] = await tx
        .insert(ledgerEntries)
        .values({ userId: fine.userId, kind: 'fine', amountKobo, description, createdBy: staff.id })
        .returning({ id: ledgerEntries.id });
      await tx.update(attendanceFines).set({ ledgerEntryId: entry!.id }).where(eq(attendanceFines.id, fine.id));
      await recordAudit(tx, {
        actor: staff,
        action: 'member.fined',
        subjectType: 'user',
        subjectId: fine.userId,
        details: { type: fine.type, reason: fine.reason, amountKobo, fineId: entry!.id, attendanceFineId: fine.id },
      });
      await notify(tx, fine.userId, 'fine-recorded', `You have been fined ${formatNaira(amountKobo)}. ${description}. Pay it on your payments page.`);
      await enqueueMail(tx, ledgerMail.fineRecorded(ctx.mailer.brand, member.email, member.fullName, formatNaira(amountKobo), description));
      return true;
    });
    if (done) confirmed += 1;
  }
  if (confirmed > 0) ctx.mailer.nudge();
  return { confirmed, skipped: new Set(ids).size - confirmed };
}

/** Finance dismiss proposals still open, with their note if given (the audit keeps it); nothing is charged. */
export async function dismissAttendanceFines(ctx: AppContext, staff: AuthUser, ids: string[], note?: string): Promise<{ dismissed: number; skipped: number }> {
  const rows = await ctx.db.transaction(async (tx) => {
    const dismissed = await tx
      .update(attendanceFines)
      .set({ state: 'dismissed', decidedBy: staff.id, decidedAt: ctx.clock() })
      .where(and(inArray(attendanceFines.id, ids), eq(attendanceFines.state, 'proposed')))
      .returning({ id: attendanceFines.id });
    if (dismissed.length)
      await recordAudit(tx, {
        actor: staff,
        action: 'schedule.fines-dismissed',
        subjectType: 'attendance-fine',
        subjectId: dismissed[0]!.id,
        details: { ids: dismissed.map((d) => d.id), ...(note ? { note } : {}) },
      });
    return dismissed;
  });
  return { dismissed: rows.length, skipped: new Set(ids).size - rows.length };
}

/**
 * Finance settle a charged fine that a scan sent later no longer supports (`issue`), having
 * spoken with the member: the charge stands, with finance's note (audited, and the member is
 * told). The flag is cleared by a conditional update under the member's row lock, so two finance
 * staff settling it at once settle it once. Cancelling the charge needs a credit on the ledger,
 * which the portal does not have yet (decision 022).
 */
export async function keepFlaggedFine(ctx: AppContext, staff: AuthUser, id: string, note: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const member = await lockMemberOfFine(tx, id);
    if (!member) throw notFound('Fine not found');
    const [kept] = await tx
      .update(attendanceFines)
      .set({ issue: null })
      .where(and(eq(attendanceFines.id, id), eq(attendanceFines.state, 'confirmed'), isNotNull(attendanceFines.issue)))
      .returning();
    if (!kept) throw conflict('This fine is not flagged: there is nothing to settle.');
    await recordAudit(tx, {
      actor: staff,
      action: 'schedule.fine-kept',
      subjectType: 'attendance-fine',
      subjectId: id,
      details: { seriesId: kept.seriesId, day: kept.day, userId: kept.userId, type: kept.type, note },
    });
    await notify(tx, kept.userId, 'fine-reviewed', `Finance reviewed your fine (${kept.reason}): it stands. ${note}`);
  });
}

/** The member's attendance and the fines proposed or charged for it. */
export async function memberAttendance(ctx: AppContext, userId: string) {
  const visits = await ctx.db
    .select({
      seriesId: attendance.seriesId,
      day: attendance.day,
      arrivedAt: attendance.arrivedAt,
      leftAt: attendance.leftAt,
      title: scheduleSeries.title,
      kind: scheduleSeries.kind,
    })
    .from(attendance)
    .innerJoin(scheduleSeries, eq(scheduleSeries.id, attendance.seriesId))
    .where(eq(attendance.userId, userId))
    .orderBy(desc(attendance.day))
    .limit(200);
  const fines = await ctx.db
    .select({
      id: attendanceFines.id,
      day: attendanceFines.day,
      type: attendanceFines.type,
      reason: attendanceFines.reason,
      state: attendanceFines.state,
      memberReason: attendanceFines.memberReason,
      title: scheduleSeries.title,
    })
    .from(attendanceFines)
    .innerJoin(scheduleSeries, eq(scheduleSeries.id, attendanceFines.seriesId))
    .where(and(eq(attendanceFines.userId, userId), inArray(attendanceFines.state, ['proposed', 'confirmed'])))
    .orderBy(desc(attendanceFines.day));
  return {
    visits: visits.map((v) => ({ ...v, arrivedAt: v.arrivedAt.toISOString(), leftAt: v.leftAt?.toISOString() ?? null })),
    fines: fines.map((f) => ({ ...f, amountKobo: FINES[f.type].amountKobo })),
  };
}

/** The member's reason against a proposed fine, which finance read before deciding. */
export async function sendFineReason(ctx: AppContext, userId: string, id: string, reason: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Fine not found');
  const [row] = await ctx.db
    .update(attendanceFines)
    .set({ memberReason: reason })
    .where(and(eq(attendanceFines.id, id), eq(attendanceFines.userId, userId), eq(attendanceFines.state, 'proposed')))
    .returning({ id: attendanceFines.id });
  if (!row) throw notFound('Fine not found, or already decided by finance.');
}
