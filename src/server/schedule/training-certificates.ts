import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { formatMemberNumber } from '../../shared/membership.js';
import {
  CERTIFICATE_SHARE,
  certificateSpanEnd,
  formatCertificateNumber,
  parseCertificateNumber,
  type IssuedCertificate,
  type TrainingProgress,
} from '../../shared/training.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { attendance, scheduleChanges, scheduleSeries, trainingCertificates, users } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { readSiteSettings } from '../site/site-settings.js';
import { expandDates } from './recurrence.js';
import type { SeriesRow } from './schedule-service.js';

/*
 * Training certificates (decision 022, amendment): earned from the register, issued once per
 * member and training series, drawn as a PDF with a QR code that opens the public check page.
 */

type CertificateRow = typeof trainingCertificates.$inferSelect;

/**
 * A member's progress towards a series' certificate: the dates they attended, the dates held
 * (not cancelled) from the first attended to the last (a date attended counts as held even if the
 * series was edited since), the six-month span and the share (shared/training.ts).
 */
export async function trainingProgress(db: Executor, userId: string, series: SeriesRow): Promise<TrainingProgress> {
  const days = (
    await db
      .select({ day: attendance.day })
      .from(attendance)
      .where(and(eq(attendance.seriesId, series.id), eq(attendance.userId, userId)))
      .orderBy(asc(attendance.day))
  ).map((r) => r.day);
  const firstDay = days[0];
  const lastDay = days.at(-1);
  if (firstDay === undefined || lastDay === undefined) return { attended: 0, held: 0, firstDay: null, lastDay: null, spanCompleteOn: null, eligible: false };
  const cancelled = new Set(
    (
      await db
        .select({ day: scheduleChanges.day })
        .from(scheduleChanges)
        .where(and(eq(scheduleChanges.seriesId, series.id), eq(scheduleChanges.cancelled, true)))
    ).map((r) => r.day),
  );
  const held = new Set([...expandDates(series, firstDay, lastDay).filter((day) => !cancelled.has(day)), ...days]).size;
  const spanCompleteOn = certificateSpanEnd(firstDay);
  return { attended: days.length, held, firstDay, lastDay, spanCompleteOn, eligible: lastDay >= spanCompleteOn && days.length >= CERTIFICATE_SHARE * held };
}

function issued(row: CertificateRow): IssuedCertificate {
  return {
    id: row.id,
    number: formatCertificateNumber(row.number),
    title: row.title,
    memberName: row.memberName,
    memberNumber: row.memberNumber,
    companyName: row.companyName,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    attended: row.attended,
    held: row.held,
    issuedAt: row.createdAt.toISOString(),
  };
}

/** The member's certificate of a series, with its check code; null before it is issued. */
export async function memberCertificate(db: Executor, userId: string, seriesId: string): Promise<(IssuedCertificate & { code: string }) | null> {
  const [row] = await db
    .select()
    .from(trainingCertificates)
    .where(and(eq(trainingCertificates.userId, userId), eq(trainingCertificates.seriesId, seriesId)));
  return row ? { ...issued(row), code: row.code } : null;
}

export function withoutCode({ code: _code, ...certificate }: IssuedCertificate & { code: string }): IssuedCertificate {
  return certificate;
}

/** Why a member has no certificate yet, in words they can act on. */
function notYet(progress: TrainingProgress): string {
  if (progress.spanCompleteOn === null) return 'No attendance at this training is recorded yet: the certificate needs six months of it.';
  const share = `${progress.attended} of the ${progress.held} dates held since your first`;
  if (progress.lastDay! < progress.spanCompleteOn)
    return `Not yet: your attendance needs to reach ${progress.spanCompleteOn}, six months after your first date (${progress.firstDay}).`;
  return `Not yet: you attended ${share}; the certificate needs at least ${Math.round(CERTIFICATE_SHARE * 100)}%.`;
}

/**
 * Issues the member's certificate of a training series once: a second request (also one at the
 * same moment) answers with the certificate already issued. The series row is locked while the
 * certificate is decided (FOR NO KEY UPDATE: the door's arrivals, which only reference the row, go
 * on), so two requests take one number between them and none is skipped.
 */
export async function issueCertificate(ctx: AppContext, member: AuthUser, seriesId: string): Promise<{ certificate: IssuedCertificate; issuedNow: boolean }> {
  const company = await readSiteSettings(ctx);
  return ctx.db.transaction(async (tx) => {
    const [series] = isUuid(seriesId) ? await tx.select().from(scheduleSeries).where(eq(scheduleSeries.id, seriesId)).for('no key update') : [];
    if (!series || series.kind !== 'training') throw notFound('Training not found');
    const already = await memberCertificate(tx, member.id, seriesId);
    if (already) return { certificate: withoutCode(already), issuedNow: false };
    const progress = await trainingProgress(tx, member.id, series);
    if (!progress.eligible) throw conflict(notYet(progress));
    const [person] = await tx.select({ fullName: users.fullName, memberNumber: users.memberNumber }).from(users).where(eq(users.id, member.id));
    if (person?.memberNumber == null) throw conflict('Your membership is not activated yet: a certificate carries your member number.');
    const [row] = await tx
      .insert(trainingCertificates)
      .values({
        code: randomBytes(16).toString('base64url'),
        userId: member.id,
        seriesId,
        title: series.title,
        companyName: company.companyName,
        memberName: person.fullName,
        memberNumber: formatMemberNumber(person.memberNumber),
        periodFrom: progress.firstDay!,
        periodTo: progress.lastDay!,
        attended: progress.attended,
        held: progress.held,
      })
      .returning();
    // Dates entered by hand count as any attended (decision 022, amended 2026-11-28); the trail says how many there were.
    const byHand = await tx.$count(attendance, and(eq(attendance.seriesId, seriesId), eq(attendance.userId, member.id), isNotNull(attendance.handReason)));
    await recordAudit(tx, {
      actor: member,
      action: 'schedule.certificate-issued',
      subjectType: 'user',
      subjectId: member.id,
      details: { seriesId, number: formatCertificateNumber(row!.number), byHand },
    });
    return { certificate: issued(row!), issuedNow: true };
  });
}

/** A certificate with its check code, for drawing it: the member's own, or any for staff (`userId` null). */
export async function certificateToDraw(db: Executor, id: string, userId: string | null): Promise<IssuedCertificate & { code: string }> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(trainingCertificates)
        .where(and(eq(trainingCertificates.id, id), userId === null ? undefined : eq(trainingCertificates.userId, userId)))
    : [];
  if (!row) throw notFound('Certificate not found');
  return { ...issued(row), code: row.code };
}

/** The address the certificate's QR code opens: the public check page, with the number and check code. */
export function checkUrl(origin: string, certificate: { number: string; code: string }): string {
  return `${origin.replace(/\/+$/, '')}/verify/certificates/${certificate.number}?code=${certificate.code}`;
}

/** One answer for a number nobody has and for a wrong code, so the check cannot be walked. */
function notGenuine(text: string) {
  return notFound(
    `This certificate could not be confirmed: no certificate numbered ${text.trim().toUpperCase().slice(0, 20)} has this check code. It may be forged or mistyped: scan its QR code again, or ask the company.`,
  );
}

/** The public check a certificate's QR code opens: what it certifies, when the number and code match. */
export async function checkCertificate(ctx: AppContext, numberText: string, code: string | undefined): Promise<Omit<IssuedCertificate, 'id'>> {
  const number = parseCertificateNumber(numberText);
  const [row] = number === null ? [] : await ctx.db.select().from(trainingCertificates).where(eq(trainingCertificates.number, number));
  const given = Buffer.from(code ?? '');
  if (!row || given.length !== Buffer.byteLength(row.code) || !timingSafeEqual(given, Buffer.from(row.code))) throw notGenuine(numberText);
  const { id: _id, ...shown } = issued(row);
  return shown;
}

/** Certificates issued, newest first, for staff; of one series when given. */
export async function listCertificates(ctx: AppContext, seriesId?: string): Promise<IssuedCertificate[]> {
  const rows = await ctx.db
    .select()
    .from(trainingCertificates)
    .where(seriesId ? eq(trainingCertificates.seriesId, seriesId) : undefined)
    .orderBy(desc(trainingCertificates.number))
    .limit(500);
  return rows.map(issued);
}
