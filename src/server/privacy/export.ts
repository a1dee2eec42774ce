import archiver, { type Archiver } from 'archiver';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { todayInLagos } from '../../shared/dates.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import {
  ads,
  auditLog,
  bookingRequests,
  castingApplications,
  castingCalls,
  castingRoles,
  consents,
  contactMessages,
  fileAccessLog,
  files,
  guardians,
  ledgerEntries,
  membershipReminders,
  notifications,
  payments,
  receipts,
  submissionFiles,
  submissions,
  talentPhotos,
  talentProfiles,
  users,
} from '../db/schema.js';
import { purposeInWords } from './access-log.js';
import type { DOCUMENT_TYPES } from '../files/file-kinds.js';

/** The extension of each type the portal stores (files/file-kinds.ts). */
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} satisfies Record<(typeof DOCUMENT_TYPES)[number], string>;

type FileRow = typeof files.$inferSelect;

/**
 * Names a staff member in the export by role ("finance"), never by id, name or address: those are
 * the staff member's own. An account that is a member (another member, or staff since made a member)
 * is named by no one (null).
 */
async function staffRoles(db: Executor, ids: (string | null)[]): Promise<(id: string | null) => string | null> {
  // Stryker disable next-line MethodExpression,ConditionalExpression: a null in the list matches no account (`IN (NULL)`); the filter only keeps the type string.
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  // Stryker disable next-line ArrayDeclaration: with no id there is nothing to look up, and whatever stands in the list is never asked for.
  const rows = wanted.length ? await db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, wanted)) : [];
  const roles = new Map(rows.map((row) => [row.id, row.role]));
  return (id) => {
    if (id === null) return null;
    const role = roles.get(id);
    if (role === 'member') return null;
    // Every id comes from a column that references users (ON DELETE SET NULL), so its account is
    // found; 'staff' only stands for one deleted between the member's rows being read and this lookup.
    // Stryker disable next-line StringLiteral: no test deletes an account between those two reads.
    return role ?? 'staff';
  };
}

/** Everything the portal holds about one member, table by table (the files' bytes are streamed separately). */
export async function memberData(ctx: AppContext, user: AuthUser) {
  const db = ctx.db;
  const id = user.id;
  const [memberPayments, memberSubmissions, profiles, owned] = await Promise.all([
    db.select().from(payments).where(eq(payments.userId, id)),
    db.select().from(submissions).where(eq(submissions.userId, id)),
    db.select().from(talentProfiles).where(eq(talentProfiles.userId, id)),
    db.select().from(files).where(eq(files.ownerId, id)),
  ]);
  const paymentIds = memberPayments.map((p) => p.id);
  const submissionIds = memberSubmissions.map((s) => s.id);
  const profileIds = profiles.map((p) => p.id);
  const none = sql`false`;
  const [
    [profile],
    guardian,
    consentRows,
    ledger,
    receiptRows,
    reminders,
    uploads,
    photos,
    bookings,
    adRows,
    notificationRows,
    contact,
    audit,
    accessLog,
    castings,
  ] = await Promise.all([
    db.select().from(users).where(eq(users.id, id)),
    db.select().from(guardians).where(eq(guardians.userId, id)),
    db.select().from(consents).where(eq(consents.userId, id)).orderBy(asc(consents.id)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id)),
    db
      .select()
      .from(receipts)
      .where(paymentIds.length ? inArray(receipts.paymentId, paymentIds) : none),
    db.select().from(membershipReminders).where(eq(membershipReminders.userId, id)),
    db
      .select()
      .from(submissionFiles)
      .where(submissionIds.length ? inArray(submissionFiles.submissionId, submissionIds) : none),
    db
      .select()
      .from(talentPhotos)
      .where(profileIds.length ? inArray(talentPhotos.profileId, profileIds) : none),
    db
      .select()
      .from(bookingRequests)
      .where(profileIds.length ? inArray(bookingRequests.profileId, profileIds) : none),
    db.select().from(ads).where(eq(ads.userId, id)),
    db.select().from(notifications).where(eq(notifications.userId, id)),
    db.select().from(contactMessages).where(eq(contactMessages.userId, id)),
    db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.actorId, id), and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, id)), sql`${auditLog.details} ->> 'userId' = ${id}`))
      .orderBy(asc(auditLog.id)),
    db.select().from(fileAccessLog).where(eq(fileAccessLog.ownerId, id)).orderBy(asc(fileAccessLog.id)),
    // What the member applied for, with the call and role named; a child's consent code is never kept in clear, and not exported either.
    db
      .select({
        id: castingApplications.id,
        userId: castingApplications.userId,
        project: castingCalls.project,
        role: castingRoles.title,
        castingDay: castingCalls.castingDay,
        note: castingApplications.note,
        state: castingApplications.state,
        consentBy: castingApplications.consentBy,
        consentAt: castingApplications.consentAt,
        decidedBy: castingApplications.decidedBy,
        decidedAt: castingApplications.decidedAt,
        createdAt: castingApplications.createdAt,
      })
      .from(castingApplications)
      .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
      .innerJoin(castingCalls, eq(castingCalls.id, castingRoles.callId))
      .where(eq(castingApplications.userId, id))
      .orderBy(asc(castingApplications.createdAt)),
  ]);
  const { passwordHash: _never, ...account } = profile!;
  const role = await staffRoles(db, [
    ...memberPayments.flatMap((p) => [p.reviewerId, p.reversedBy]),
    ...memberSubmissions.map((s) => s.handledBy),
    ...ledger.map((l) => l.createdBy),
    ...adRows.map((a) => a.reviewerId),
    ...bookings.map((b) => b.closedBy),
    ...contact.map((c) => c.handledBy),
    ...audit.map((a) => a.actorId),
    ...accessLog.map((a) => a.staffId),
    ...castings.map((c) => c.decidedBy),
  ]);
  return {
    tables: {
      profile: account,
      guardian,
      consents: consentRows,
      payments: memberPayments.map((row) => ({ ...row, reviewerId: role(row.reviewerId), reversedBy: role(row.reversedBy) })),
      ledger_entries: ledger.map((row) => ({ ...row, createdBy: role(row.createdBy) })),
      receipts: receiptRows,
      membership_reminders: reminders,
      submissions: memberSubmissions.map((row) => ({ ...row, handledBy: role(row.handledBy) })),
      submission_files: uploads,
      talent_profiles: profiles,
      talent_photos: photos,
      booking_requests: bookings.map((row) => ({ ...row, closedBy: role(row.closedBy) })),
      ads: adRows.map((row) => ({ ...row, reviewerId: role(row.reviewerId) })),
      casting_applications: castings.map((row) => ({ ...row, decidedBy: role(row.decidedBy) })),
      notifications: notificationRows,
      contact_messages: contact.map((row) => ({ ...row, handledBy: role(row.handledBy) })),
      // Staff appear by role, as on the privacy page: their names and addresses are theirs.
      audit_entries: audit.map((row) => (row.actorId === id ? row : { ...row, actorId: role(row.actorId), actorEmail: null })),
      file_access_log: accessLog.map(({ staffId, ...row }) => ({ ...row, staff: role(staffId), file: purposeInWords(row.filePurpose) })),
      files: owned.map(({ storageKey: _key, ...row }) => ({ ...row, pathInZip: filePath(row) })),
    },
    files: owned,
  };
}

function filePath(file: Pick<FileRow, 'id' | 'purpose' | 'mimeType'>): string {
  // Stryker disable next-line Regex: every purpose the portal writes has at most one character to replace in a row ('form:welfare').
  const folder = file.purpose.replace(/[^a-z0-9-]+/gi, '-');
  return `files/${folder}/${file.id}.${EXTENSIONS[file.mimeType] ?? 'bin'}`;
}

const README = (companyName: string, day: string) =>
  [
    `Your data held by ${companyName}, as of ${day}.`,
    '',
    'data/*.json   one file per table, every row about you (dates in UTC, money in kobo: 100 kobo = 1 naira)',
    'files/        the files you uploaded, as stored (photos are kept as WebP after resizing)',
    '',
    'Not included: your password (only a one-way hash is kept, and it is no use to anyone), sign-in',
    'session keys and one-time codes (hashes, deleted after use). Staff appear by role, not by name.',
    'Your rights and how to use them: the privacy page of the portal (/privacy).',
    '',
  ].join('\n');

/**
 * Streams the member's ZIP to the reply: the JSON first, then each file read from storage as a
 * stream and added only once the previous one is written, so neither the ZIP nor the files are
 * ever whole in memory, whatever their number (on disk or S3).
 */
export async function sendExport(ctx: AppContext, reply: FastifyReply, user: AuthUser): Promise<FastifyReply> {
  const data = await memberData(ctx, user);
  await recordAudit(ctx.db, { actor: user, action: 'privacy.export', subjectType: 'user', subjectId: user.id, details: { files: data.files.length } });
  const day = todayInLagos(ctx.clock());
  // zlib's default level, 6.
  const archive = archiver('zip');
  const stop = new AbortController();
  reply.raw.once('close', () => stop.abort());
  void fillArchive(ctx, archive, data, day, stop.signal).catch((error: unknown) => {
    if (!stop.signal.aborted) ctx.log.error({ err: error }, 'export failed mid-stream');
    // The download is cut, not ended as if whole; and not by `archive.abort()`, which waits for
    // archiver's queue to be idle and, with the failed file's task still in it, left it open for ever.
    archive.destroy();
  });
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', `attachment; filename="my-data-${day}.zip"`)
    .header('Cache-Control', 'private, no-store')
    .send(archive);
}

async function fillArchive(ctx: AppContext, archive: Archiver, data: Awaited<ReturnType<typeof memberData>>, day: string, signal: AbortSignal) {
  archive.append(README(ctx.mailer.brand.companyName, day), { name: 'README.txt' });
  for (const [table, rows] of Object.entries(data.tables)) {
    archive.append(JSON.stringify(rows, null, 2), { name: `data/${table}.json` });
  }
  for (const file of data.files) {
    const { stream } = await ctx.storage.open(file.storageKey);
    try {
      await appended(archive, filePath(file), stream, signal);
    } finally {
      // Read to its end, or left half read when the download stops: closed either way (a file, or S3's connection).
      stream.destroy();
    }
  }
  await archive.finalize();
}

/**
 * Appends `stream` as the entry `name` and resolves once the archive has written it; rejects when
 * the archive or the stream fails (a file that breaks halfway: archiver does not hear its stream's
 * error, which with no listener would end the process) or the member closes the download.
 */
function appended(archive: Archiver, name: string, stream: Readable, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      archive.off('entry', onEntry);
      archive.off('error', done);
      // Stryker disable next-line StringLiteral: a listener left on the signal lives only as long as this download, and finds its promise settled.
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve();
    };
    const onEntry = (entry: { name: string }) => entry.name === name && done();
    // Stryker disable next-line StringLiteral: never shown, the catch in sendExport logs nothing once the member has closed the download.
    const onAbort = () => done(new Error('the member closed the download'));
    archive.on('entry', onEntry);
    archive.once('error', done);
    // Left on the stream: an error after the entry is written then finds a listener that does nothing.
    stream.once('error', done);
    signal.addEventListener('abort', onAbort);
    // Closed while this file was being opened: the listener above will never hear it.
    if (signal.aborted) onAbort();
    // Already compressed (images, PDFs): stored as is, which costs no CPU.
    else archive.append(stream, { name, store: true });
  });
}
