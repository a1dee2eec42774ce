import { and, asc, eq, sql } from 'drizzle-orm';
import { todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber, parseMemberNumber, standingState } from '../../shared/membership.js';
import { SAME_ARRIVAL_MINUTES, type ScanAnswer, type ScanStanding } from '../../shared/schedule.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { attendance, attendanceScans, users } from '../db/schema.js';
import { fileUrl } from '../files/files-service.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { cardCheckCode } from '../member-card/member-card-service.js';
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
    if (number === null || link[2] !== cardCheckCode(secret, number)) throw notFound('This QR code is not one of our member cards. Type the member number instead.');
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
 * One scan at the door. The first scan of a member at a date is the arrival; a scan at least
 * SAME_ARRIVAL_MINUTES later is the leaving (the latest one counts). A scan id already recorded
 * (a queued scan sent again) changes nothing and answers as things stand. The insert decides,
 * so two doors scanning the same card at once record one arrival. The portal never refuses a
 * member here: the standing is shown for the staff member to act on.
 */
export async function recordScan(ctx: AppContext, staff: AuthUser, seriesId: string, day: string, input: { scanId: string; code: string; scannedAt?: string | undefined }): Promise<ScanAnswer> {
  const { date } = await oneSessionDate(ctx.db, seriesId, day);
  if (date.cancelled) throw conflict('This date is cancelled: there is no register to keep.');
  const now = ctx.clock();
  const scannedAt = input.scannedAt ? new Date(input.scannedAt) : now;
  if (scannedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest("This scan's time is in the future: check the phone's clock.");
  if (scannedAt.getTime() < new Date(date.startsAt).getTime() - SCAN_MARGIN_MS || scannedAt.getTime() > new Date(date.endsAt).getTime() + SCAN_MARGIN_MS) {
    throw badRequest("This scan's time is not on this session's day.");
  }
  const number = scannedNumber(ctx.config.sessionSecret, input.code);
  const [member] = await ctx.db
    .select({ id: users.id, fullName: users.fullName, memberNumber: users.memberNumber, photo: users.profilePicFileId, activated: users.activated, paidUntil: users.paidUntil, suspendedAt: users.suspendedAt })
    .from(users)
    .where(and(eq(users.memberNumber, number), eq(users.role, 'member')));
  if (!member) throw notFound(`No member has the number ${formatMemberNumber(number)}.`);

  const row = await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(attendanceScans)
      .values({ id: input.scanId, seriesId, day, userId: member.id, scannedAt, staffId: staff.id })
      .onConflictDoNothing()
      .returning({ id: attendanceScans.id });
    if (!fresh) {
      const [kept] = await tx.select().from(attendanceScans).where(eq(attendanceScans.id, input.scanId));
      if (kept && (kept.userId !== member.id || kept.seriesId !== seriesId || kept.day !== day)) throw conflict('This scan id was already used for another scan.');
      const [current] = await tx.select().from(attendance).where(and(eq(attendance.seriesId, seriesId), eq(attendance.day, day), eq(attendance.userId, member.id)));
      return { ...current!, outcome: 'already-arrived' as const, replay: true };
    }
    const gap = sql.raw(`interval '${SAME_ARRIVAL_MINUTES} minutes'`);
    const [written] = await tx
      .insert(attendance)
      .values({ seriesId, day, userId: member.id, arrivedAt: scannedAt })
      .onConflictDoUpdate({
        target: [attendance.seriesId, attendance.day, attendance.userId],
        set: {
          leftAt: sql`case when excluded.arrived_at >= ${attendance.arrivedAt} + ${gap} then greatest(${attendance.leftAt}, excluded.arrived_at) else ${attendance.leftAt} end`,
          arrivedAt: sql`least(${attendance.arrivedAt}, excluded.arrived_at)`,
        },
      })
      .returning({ arrivedAt: attendance.arrivedAt, leftAt: attendance.leftAt, inserted: sql<boolean>`(xmax = 0)` });
    const leaving = !written!.inserted && written!.leftAt !== null && written!.leftAt.getTime() === scannedAt.getTime();
    return { ...written!, outcome: written!.inserted ? ('arrived' as const) : leaving ? ('left' as const) : ('already-arrived' as const), replay: false };
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
    .select({ userId: attendance.userId, arrivedAt: attendance.arrivedAt, leftAt: attendance.leftAt, fullName: users.fullName, memberNumber: users.memberNumber, activated: users.activated, paidUntil: users.paidUntil, suspendedAt: users.suspendedAt })
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
