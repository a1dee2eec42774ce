import { and, asc, eq, sql } from 'drizzle-orm';
import { todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber, parseMemberNumber, standingState } from '../../shared/membership.js';
import { SAME_ARRIVAL_MINUTES, type ScanAnswer, type ScanStanding } from '../../shared/schedule.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Transaction } from '../db/client.js';
import { attendance, attendanceScans, scheduleSeries, users } from '../db/schema.js';
import { fileUrl } from '../files/files-service.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { cardCheckCode } from '../member-card/member-card-service.js';
import { reviseFinesAfterScan } from './attendance-fines.js';
import { expectedMembers, oneSessionDate } from './schedule-service.js';

/** How far from the session a scan's time may be: a phone's queued scan is sent later, but made at the door. */
const SCAN_MARGIN_MS = 12 * 3_600_000;
/** A phone's clock a little ahead of the server's is fine; a scan from the future is not. */
const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * The member a scan names: the card's QR link (`…/verify/HM-000123?code=…`, its check code
 * checked) or a member number typed by the staff member at the door.
 */
function scannedNumber(secret: string, text: string): number {
  const trimmed = text.trim();
  const link = /\/verify\/([^/?#\s]+)(?:\?(?:[^#\s]*&)?code=([^&#\s]+))?/i.exec(trimmed);
  if (link) {
    const number = parseMemberNumber(decodeURIComponent(link[1]!));
    if (number === null || link[2] !== cardCheckCode(secret, number))
      throw notFound('This QR code is not one of our member cards. Type the member number instead.');
    return number;
  }
  const number = parseMemberNumber(trimmed) ?? (/^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null);
  if (number === null) throw badRequest('Scan a member card, or type a member number such as HM-000123.');
  return number;
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
 * the leaving if it is at least SAME_ARRIVAL_MINUTES after it. Written on the member's row of the
 * date, which the caller holds locked.
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
  and(eq(attendanceScans.seriesId, seriesId), eq(attendanceScans.day, day), eq(attendanceScans.userId, userId));

/**
 * One scan at the door, at the time the phone made it. The earliest scan of a member at a date is
 * the arrival; the latest, if SAME_ARRIVAL_MINUTES or more after it, the leaving, whatever order
 * they are sent in. A scan id already recorded (a queued scan sent again) changes nothing and
 * answers as things stand. The member's row of the date is locked while their scans are worked
 * out, so two doors scanning the same card at once record one arrival. The portal never refuses a
 * member here: the standing is shown for the staff member to act on.
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
  if (scannedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest("This scan's time is in the future: check the phone's clock.");
  if (scannedAt.getTime() < new Date(date.startsAt).getTime() - SCAN_MARGIN_MS || scannedAt.getTime() > new Date(date.endsAt).getTime() + SCAN_MARGIN_MS) {
    throw badRequest("This scan's time is not on this session's day.");
  }
  const number = scannedNumber(ctx.config.sessionSecret, input.code);
  const [member] = await ctx.db
    .select({
      id: users.id,
      fullName: users.fullName,
      memberNumber: users.memberNumber,
      photo: users.profilePicFileId,
      activated: users.activated,
      paidUntil: users.paidUntil,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(and(eq(users.memberNumber, number), eq(users.role, 'member')));
  if (!member) throw notFound(`No member has the number ${formatMemberNumber(number)}.`);

  const row = await ctx.db.transaction(async (tx) => {
    // Shared with the other scans; proposing the date's fines (which locks it) waits for this scan or is waited for.
    await tx.select({ id: scheduleSeries.id }).from(scheduleSeries).where(eq(scheduleSeries.id, seriesId)).for('key share');
    const [fresh] = await tx
      .insert(attendanceScans)
      .values({ id: input.scanId, seriesId, day, userId: member.id, scannedAt, staffId: staff.id })
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
      return { ...current!, outcome: 'already-arrived' as const, replay: true };
    }
    // The member's row of this date is created or locked first: their scans sent at once are worked out one after another.
    const [before] = await tx
      .insert(attendance)
      .values({ seriesId, day, userId: member.id, arrivedAt: scannedAt })
      .onConflictDoUpdate({ target: [attendance.seriesId, attendance.day, attendance.userId], set: { arrivedAt: sql`${attendance.arrivedAt}` } })
      .returning({ arrivedAt: attendance.arrivedAt, inserted: sql<boolean>`(xmax = 0)` });
    const written = await attendanceFromScans(tx, seriesId, day, member.id);
    await reviseFinesAfterScan(tx, staff, series, date, { userId: member.id, ...written });
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
      memberNumber: formatMemberNumber(number),
      photoUrl: member.photo ? fileUrl(member.photo) : null,
      standing: standingOf(member, todayInLagos(now)),
    },
    arrivedAt: row.arrivedAt.toISOString(),
    leftAt: row.leftAt?.toISOString() ?? null,
  };
}

/** The register of one date: who came (arrival, leaving, standing now) and how many are expected. */
export async function sessionRegister(ctx: AppContext, seriesId: string, day: string) {
  const { series, date } = await oneSessionDate(ctx.db, seriesId, day);
  const today = todayInLagos(ctx.clock());
  const rows = await ctx.db
    .select({
      userId: attendance.userId,
      arrivedAt: attendance.arrivedAt,
      leftAt: attendance.leftAt,
      fullName: users.fullName,
      memberNumber: users.memberNumber,
      activated: users.activated,
      paidUntil: users.paidUntil,
      suspendedAt: users.suspendedAt,
    })
    .from(attendance)
    .innerJoin(users, eq(users.id, attendance.userId))
    .where(and(eq(attendance.seriesId, seriesId), eq(attendance.day, day)))
    .orderBy(asc(attendance.arrivedAt));
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
    })),
  };
}
