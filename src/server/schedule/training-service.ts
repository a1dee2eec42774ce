import { and, asc, count, eq, sql } from 'drizzle-orm';
import { todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber } from '../../shared/membership.js';
import { formatCertificateNumber, type MemberTraining } from '../../shared/training.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { attendance, scheduleEnrolments, scheduleSeries, trainingCertificates, users } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { memberByNumber, seriesRow, type SeriesRow } from './schedule-service.js';
import { checkUrl, memberCertificate, trainingProgress, withoutCode } from './training-certificates.js';

/*
 * Enrolment in a series whose audience is `enrolled` (a training), and each member's progress
 * towards its certificate, counted from the register (`attendance`).
 */

/** Whether members may enrol in this series now: it takes those enrolled and has not ended. */
export function enrolmentOpen(series: SeriesRow, today: string): boolean {
  return series.audience === 'enrolled' && (series.untilDay === null || series.untilDay >= today);
}

/**
 * The trainings on the member's calendar page: those open to enrolment, those they are enrolled
 * in, and any training series they attended (its certificate may be due after it ended).
 */
export async function memberTrainings(ctx: AppContext, userId: string, origin: string): Promise<MemberTraining[]> {
  const today = todayInLagos(ctx.clock());
  const enrolled = new Set(
    (await ctx.db.select({ id: scheduleEnrolments.seriesId }).from(scheduleEnrolments).where(eq(scheduleEnrolments.userId, userId))).map((r) => r.id),
  );
  const attended = new Set(
    (
      await ctx.db
        .selectDistinct({ id: attendance.seriesId })
        .from(attendance)
        .innerJoin(scheduleSeries, eq(scheduleSeries.id, attendance.seriesId))
        .where(and(eq(attendance.userId, userId), eq(scheduleSeries.kind, 'training')))
    ).map((r) => r.id),
  );
  const series = (await ctx.db.select().from(scheduleSeries).where(eq(scheduleSeries.kind, 'training')).orderBy(asc(scheduleSeries.title))).filter(
    (s) => enrolmentOpen(s, today) || enrolled.has(s.id) || attended.has(s.id),
  );
  return Promise.all(
    series.map(async (s) => {
      const certificate = await memberCertificate(ctx.db, userId, s.id);
      return {
        seriesId: s.id,
        title: s.title,
        place: s.place,
        startTime: s.startTime,
        endTime: s.endTime,
        weekdays: s.weekdays,
        untilDay: s.untilDay,
        open: enrolmentOpen(s, today),
        enrolled: enrolled.has(s.id),
        progress: await trainingProgress(ctx.db, userId, s),
        certificate: certificate && withoutCode(certificate),
        certificateCheckUrl: certificate && checkUrl(origin, certificate),
      };
    }),
  );
}

/** The member enrols in an open series; enrolling twice is still one enrolment. */
export async function enrol(ctx: AppContext, member: AuthUser, seriesId: string): Promise<void> {
  const series = await seriesRow(ctx.db, seriesId);
  if (series.audience !== 'enrolled') throw conflict('This session is for members chosen by their level or category, not by enrolment.');
  if (!enrolmentOpen(series, todayInLagos(ctx.clock()))) throw conflict('This training has ended: enrolment is closed.');
  // The portal's clock, as the register reads it: a scan for a date before the enrolment is refused.
  await ctx.db.insert(scheduleEnrolments).values({ seriesId, userId: member.id, createdAt: ctx.clock() }).onConflictDoNothing();
}

/** The member leaves a series; their attendance so far stays on record (and counts if they enrol again). */
export async function leave(ctx: AppContext, member: AuthUser, seriesId: string): Promise<void> {
  await seriesRow(ctx.db, seriesId);
  const gone = await ctx.db
    .delete(scheduleEnrolments)
    .where(and(eq(scheduleEnrolments.seriesId, seriesId), eq(scheduleEnrolments.userId, member.id)))
    .returning({ id: scheduleEnrolments.userId });
  if (gone.length === 0) throw notFound('You are not enrolled in this training.');
}

/** Who is enrolled in a series, for staff: name, number, when, dates attended, and their certificate's number. */
export async function seriesEnrolments(ctx: AppContext, seriesId: string) {
  await seriesRow(ctx.db, seriesId);
  const attendedDates = ctx.db
    .select({ userId: attendance.userId, dates: count().as('dates') })
    .from(attendance)
    .where(eq(attendance.seriesId, seriesId))
    .groupBy(attendance.userId)
    .as('attended_dates');
  const rows = await ctx.db
    .select({
      userId: users.id,
      fullName: users.fullName,
      memberNumber: users.memberNumber,
      enrolledAt: scheduleEnrolments.createdAt,
      attended: sql<number>`coalesce(${attendedDates.dates}, 0)::int`,
      certificateNumber: trainingCertificates.number,
    })
    .from(scheduleEnrolments)
    .innerJoin(users, eq(users.id, scheduleEnrolments.userId))
    .leftJoin(attendedDates, eq(attendedDates.userId, scheduleEnrolments.userId))
    .leftJoin(trainingCertificates, and(eq(trainingCertificates.userId, scheduleEnrolments.userId), eq(trainingCertificates.seriesId, seriesId)))
    .where(eq(scheduleEnrolments.seriesId, seriesId))
    .orderBy(asc(users.fullName));
  return rows.map((r) => ({
    ...r,
    memberNumber: r.memberNumber === null ? null : formatMemberNumber(r.memberNumber),
    enrolledAt: r.enrolledAt.toISOString(),
    certificateNumber: r.certificateNumber === null ? null : formatCertificateNumber(r.certificateNumber),
  }));
}

/** Staff enrol a member by their number (HM-000123, or the digits). */
export async function staffEnrol(
  ctx: AppContext,
  staff: AuthUser,
  seriesId: string,
  memberNumberText: string,
): Promise<{ fullName: string; memberNumber: string }> {
  const series = await seriesRow(ctx.db, seriesId);
  if (series.audience !== 'enrolled') throw conflict('This session expects members by level, category or all: set “Expected” to “Those enrolled” first.');
  const member = await memberByNumber(ctx.db, memberNumberText);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(scheduleEnrolments).values({ seriesId, userId: member.id, createdAt: ctx.clock() }).onConflictDoNothing();
    await recordAudit(tx, { actor: staff, action: 'schedule.enrolled', subjectType: 'user', subjectId: member.id, details: { seriesId, title: series.title } });
  });
  return { fullName: member.fullName, memberNumber: member.memberNumber };
}

/** Staff take members out of a series. */
export async function staffUnenrol(ctx: AppContext, staff: AuthUser, seriesId: string, userId: string): Promise<void> {
  const series = await seriesRow(ctx.db, seriesId);
  if (!isUuid(userId)) throw notFound('This member is not enrolled.');
  await ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(scheduleEnrolments)
      .where(and(eq(scheduleEnrolments.seriesId, seriesId), eq(scheduleEnrolments.userId, userId)))
      .returning({ id: scheduleEnrolments.userId });
    if (gone.length === 0) throw notFound('This member is not enrolled.');
    await recordAudit(tx, { actor: staff, action: 'schedule.unenrolled', subjectType: 'user', subjectId: userId, details: { seriesId, title: series.title } });
  });
}
