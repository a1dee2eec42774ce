import { and, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import {
  ads,
  announcements,
  attendance,
  attendanceFines,
  attendanceScans,
  auditLog,
  bookingRequests,
  calendarFeeds,
  castingApplications,
  castingCalls,
  castingRoles,
  codeGuesses,
  consents,
  contactMessages,
  contactReplies,
  fileAccessLog,
  files,
  guardians,
  idempotencyKeys,
  ledgerEntries,
  loginChallenges,
  membershipReminders,
  notifications,
  outbox,
  payments,
  receipts,
  scheduleEnrolments,
  scheduleSeries,
  sessions,
  submissionFiles,
  submissions,
  talentPhotos,
  talentProfiles,
  trainingCertificates,
  twoFactor,
  users,
  verificationCodes,
  wrongGuesses,
} from '../db/schema.js';
import type { DOCUMENT_TYPES } from '../files/file-kinds.js';
import { purposeInWords } from './access-log.js';

/*
 * Every table that holds a member's data, or names a member at all: how the data export shows it
 * (or why it leaves it out), what terminating the account does to it and how long it is kept.
 * The export reads this list; member-tables.test.ts walks the schema and fails for a table that
 * references users and is not here, and checks each entry against the foreign keys and
 * docs/privacy.md's record of processing.
 */

type Row = Record<string, unknown>;
type FileRow = typeof files.$inferSelect;

/** How a member's rows in the table are found. */
export type MemberRows =
  /** The columns referencing users.id that name the member (users: its own id); none for a table that names only staff. */
  | readonly PgColumn[]
  /** A column referencing another table of this list: the member's rows are those hanging from their rows there. */
  | { through: PgColumn }
  /** By the member's email address or phone number: no column names the account. */
  | 'address';

/** What terminateAccount (profile/profile-service.ts) does to the member's rows. */
export type Termination =
  /** Deleted with the account, or with the member's row they hang from: ON DELETE CASCADE. */
  | 'cascade'
  /** Deleted by terminateAccount itself, before the account goes: how. */
  | { deleted: string }
  /** Kept without the member (the reference becomes null: ON DELETE SET NULL): why, and what else of them is removed. */
  | { kept: string };

/** How the export shows a table: data/<as>.json in the ZIP. */
export interface TableExport<R extends Row = Row> {
  as: string;
  rows(db: Executor, memberId: string): Promise<R[]>;
  /** What the member is shown of a row, once its staff columns name a role; the row itself when absent. */
  shown?(row: R, memberId: string): unknown;
  /** The stored files the rows stand for, streamed into files/ after the tables. */
  files?(rows: R[]): FileRow[];
  /** The member's one row, shown as an object rather than a list. */
  single?: true;
}

export interface MemberTable {
  table: PgTable;
  member: MemberRows;
  /**
   * The columns referencing users.id that name the staff member who acted on the row: the export
   * shows each as that account's role ("finance"), never its id (export.ts `staffRoles`).
   */
  staff: readonly PgColumn[];
  exported: TableExport | { excluded: string };
  termination: Termination;
  retention: string;
}

/** Infers a table export's row type from its query, so `shown` and `files` are checked against it. */
function exportAs<R extends Row>(as: string, spec: Omit<TableExport<R>, 'as'>): TableExport<R> {
  return { as, ...spec };
}

const WHILE_THE_ACCOUNT_EXISTS = 'while the account exists';
const STAFF_ONLY = 'names only the staff member who did it: staff’s own actions, not a member’s data';

/** The extension of each type the portal stores (files/file-kinds.ts). */
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} satisfies Record<(typeof DOCUMENT_TYPES)[number], string>;

/** Where a stored file sits in the export's ZIP. */
export function filePath(file: Pick<FileRow, 'id' | 'purpose' | 'mimeType'>): string {
  // Stryker disable next-line Regex: every purpose the portal writes has at most one character to replace in a row ('form:welfare').
  const folder = file.purpose.replace(/[^a-z0-9-]+/gi, '-');
  return `files/${folder}/${file.id}.${EXTENSIONS[file.mimeType] ?? 'bin'}`;
}

const { passwordHash: _never, ...accountColumns } = getTableColumns(users);
const { code: _checkCode, ...certificateColumns } = getTableColumns(trainingCertificates);
/** The session a row of the register is about, by its title. */
const session = { session: scheduleSeries.title };
const memberPayments = (db: Executor, id: string) => db.select({ id: payments.id }).from(payments).where(eq(payments.userId, id));
const memberSubmissions = (db: Executor, id: string) => db.select({ id: submissions.id }).from(submissions).where(eq(submissions.userId, id));
const memberProfiles = (db: Executor, id: string) => db.select({ id: talentProfiles.id }).from(talentProfiles).where(eq(talentProfiles.userId, id));

export const MEMBER_TABLES: readonly MemberTable[] = [
  {
    table: users,
    member: [users.id],
    staff: [],
    exported: exportAs('profile', { rows: (db, id) => db.select(accountColumns).from(users).where(eq(users.id, id)), single: true }),
    termination: { deleted: 'the account itself, last (its password hash with it)' },
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: guardians,
    member: [guardians.userId],
    staff: [],
    exported: exportAs('guardian', { rows: (db, id) => db.select().from(guardians).where(eq(guardians.userId, id)) }),
    termination: 'cascade',
    retention: 'while the account exists (ended, not deleted, at 18)',
  },
  {
    table: consents,
    member: [consents.userId],
    staff: [],
    exported: exportAs('consents', { rows: (db, id) => db.select().from(consents).where(eq(consents.userId, id)).orderBy(asc(consents.id)) }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: payments,
    member: [payments.userId],
    staff: [payments.reviewerId, payments.reversedBy],
    exported: exportAs('payments', { rows: (db, id) => db.select().from(payments).where(eq(payments.userId, id)) }),
    termination: { kept: 'for the books: amounts and dates without the person' },
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: ledgerEntries,
    member: [ledgerEntries.userId],
    staff: [ledgerEntries.createdBy],
    exported: exportAs('ledger_entries', { rows: (db, id) => db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id)) }),
    termination: { kept: 'for the books: amounts and dates without the person' },
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: receipts,
    member: { through: receipts.paymentId },
    staff: [],
    exported: exportAs('receipts', {
      rows: (db, id) =>
        db
          .select()
          .from(receipts)
          .where(inArray(receipts.paymentId, memberPayments(db, id))),
    }),
    termination: { kept: 'for the books: forgetMemberInReceipts replaces the member’s name and removes their number' },
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: membershipReminders,
    member: [membershipReminders.userId],
    staff: [],
    exported: exportAs('membership_reminders', { rows: (db, id) => db.select().from(membershipReminders).where(eq(membershipReminders.userId, id)) }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: submissions,
    member: [submissions.userId],
    staff: [submissions.handledBy],
    exported: exportAs('submissions', { rows: (db, id) => db.select().from(submissions).where(eq(submissions.userId, id)) }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: submissionFiles,
    member: { through: submissionFiles.submissionId },
    staff: [],
    exported: exportAs('submission_files', {
      rows: (db, id) =>
        db
          .select()
          .from(submissionFiles)
          .where(inArray(submissionFiles.submissionId, memberSubmissions(db, id))),
    }),
    termination: 'cascade',
    retention: 'until RETENTION_HANDLED_SUBMISSION_FILES_DAYS after staff handled the submission (retention.ts deletes the file, and this row with it)',
  },
  {
    table: talentProfiles,
    member: [talentProfiles.userId],
    staff: [],
    exported: exportAs('talent_profiles', { rows: (db, id) => db.select().from(talentProfiles).where(eq(talentProfiles.userId, id)) }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: talentPhotos,
    member: { through: talentPhotos.profileId },
    staff: [],
    exported: exportAs('talent_photos', {
      rows: (db, id) =>
        db
          .select()
          .from(talentPhotos)
          .where(inArray(talentPhotos.profileId, memberProfiles(db, id))),
    }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: bookingRequests,
    member: { through: bookingRequests.profileId },
    staff: [bookingRequests.closedBy],
    exported: exportAs('booking_requests', {
      rows: (db, id) =>
        db
          .select()
          .from(bookingRequests)
          .where(inArray(bookingRequests.profileId, memberProfiles(db, id))),
    }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: ads,
    member: [ads.userId],
    staff: [ads.reviewerId],
    exported: exportAs('ads', { rows: (db, id) => db.select().from(ads).where(eq(ads.userId, id)) }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: castingApplications,
    member: [castingApplications.userId],
    staff: [castingApplications.decidedBy],
    exported: exportAs('casting_applications', {
      // What the member applied for, with the call and role named; a child's consent code is never kept in clear, and not exported either.
      rows: (db, id) =>
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
    }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: scheduleEnrolments,
    member: [scheduleEnrolments.userId],
    staff: [],
    exported: exportAs('schedule_enrolments', {
      rows: (db, id) =>
        db
          .select({ ...getTableColumns(scheduleEnrolments), ...session })
          .from(scheduleEnrolments)
          .innerJoin(scheduleSeries, eq(scheduleSeries.id, scheduleEnrolments.seriesId))
          .where(eq(scheduleEnrolments.userId, id))
          .orderBy(asc(scheduleEnrolments.createdAt)),
    }),
    termination: 'cascade',
    retention: 'while the account exists and the training is on the schedule',
  },
  {
    table: attendance,
    member: [attendance.userId],
    staff: [],
    exported: exportAs('attendance', {
      rows: (db, id) =>
        db
          .select({ ...getTableColumns(attendance), ...session })
          .from(attendance)
          .innerJoin(scheduleSeries, eq(scheduleSeries.id, attendance.seriesId))
          .where(eq(attendance.userId, id))
          .orderBy(asc(attendance.day)),
    }),
    termination: 'cascade',
    retention: 'while the account exists and the session is on the schedule',
  },
  {
    table: attendanceScans,
    member: [attendanceScans.userId],
    staff: [attendanceScans.staffId],
    exported: exportAs('attendance_scans', {
      rows: (db, id) =>
        db
          .select({ ...getTableColumns(attendanceScans), ...session })
          .from(attendanceScans)
          .innerJoin(scheduleSeries, eq(scheduleSeries.id, attendanceScans.seriesId))
          .where(eq(attendanceScans.userId, id))
          .orderBy(asc(attendanceScans.scannedAt)),
    }),
    termination: 'cascade',
    retention: 'while the account exists and the session is on the schedule',
  },
  {
    table: attendanceFines,
    member: [attendanceFines.userId],
    staff: [attendanceFines.decidedBy, attendanceFines.withdrawnBy],
    exported: exportAs('attendance_fines', {
      rows: (db, id) =>
        db
          .select({ ...getTableColumns(attendanceFines), ...session })
          .from(attendanceFines)
          .innerJoin(scheduleSeries, eq(scheduleSeries.id, attendanceFines.seriesId))
          .where(eq(attendanceFines.userId, id))
          .orderBy(asc(attendanceFines.createdAt)),
    }),
    termination: 'cascade',
    retention: 'while the account exists and the session is on the schedule; a confirmed fine’s charge stays on the ledger',
  },
  {
    table: calendarFeeds,
    member: [calendarFeeds.userId],
    staff: [],
    // The version only: the feed's address is a keyed hash of it, stored nowhere, and not exported.
    exported: exportAs('calendar_feeds', { rows: (db, id) => db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, id)) }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: trainingCertificates,
    member: [trainingCertificates.userId],
    staff: [],
    // Without the check code, a key to the public check page like the printed certificate's QR code.
    exported: exportAs('training_certificates', {
      rows: (db, id) =>
        db.select(certificateColumns).from(trainingCertificates).where(eq(trainingCertificates.userId, id)).orderBy(asc(trainingCertificates.number)),
    }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: notifications,
    member: [notifications.userId],
    staff: [],
    exported: exportAs('notifications', { rows: (db, id) => db.select().from(notifications).where(eq(notifications.userId, id)) }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: contactMessages,
    member: [contactMessages.userId],
    staff: [contactMessages.handledBy],
    // Only those sent signed in: anyone can type the member's address on the contact page.
    exported: exportAs('contact_messages', { rows: (db, id) => db.select().from(contactMessages).where(eq(contactMessages.userId, id)) }),
    termination: { deleted: 'forgetContactMessages: those sent signed in, and those sent from the member’s address or phone number' },
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: contactReplies,
    member: { through: contactReplies.messageId },
    staff: [contactReplies.staffId],
    exported: { excluded: 'staff’s answers to the member’s contact message, emailed to the member as written; they name the staff member' },
    termination: 'cascade',
    retention: 'as long as the message',
  },
  {
    table: auditLog,
    member: [auditLog.actorId],
    // Who else acted on the member: staff, or another member (a parent confirming a child).
    staff: [auditLog.actorId],
    exported: exportAs('audit_entries', {
      rows: (db, id) =>
        db
          .select()
          .from(auditLog)
          .where(or(eq(auditLog.actorId, id), and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, id)), sql`${auditLog.details} ->> 'userId' = ${id}`))
          .orderBy(asc(auditLog.id)),
      // Staff appear by role, as on the privacy page: their names and addresses are theirs.
      shown: (row, memberId) => (row.actorId === memberId ? row : { ...row, actorEmail: null }),
    }),
    termination: { kept: 'accountability: forgetPersonInAudit removes the member’s id and email, as actor and as subject' },
    retention: 'kept',
  },
  {
    table: fileAccessLog,
    member: [fileAccessLog.ownerId],
    staff: [fileAccessLog.staffId],
    exported: exportAs('file_access_log', {
      rows: (db, id) => db.select().from(fileAccessLog).where(eq(fileAccessLog.ownerId, id)).orderBy(asc(fileAccessLog.id)),
      shown: ({ staffId, ...row }) => ({ ...row, staff: staffId, file: purposeInWords(row.filePurpose) }),
    }),
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: files,
    member: [files.ownerId],
    staff: [],
    exported: exportAs('files', {
      rows: (db, id) => db.select().from(files).where(eq(files.ownerId, id)),
      shown: ({ storageKey: _key, ...row }) => ({ ...row, pathInZip: filePath(row) }),
      files: (rows) => rows,
    }),
    termination: { deleted: 'with their bytes in storage' },
    retention:
      'while the account exists; a rejected payment’s slip RETENTION_REJECTED_SLIP_DAYS after the decision, a handled submission’s uploads RETENTION_HANDLED_SUBMISSION_FILES_DAYS after (retention.ts)',
  },
  {
    table: sessions,
    member: [sessions.userId],
    staff: [],
    exported: { excluded: 'secret: the id is a keyed hash of the sign-in cookie' },
    termination: 'cascade',
    retention: 'SESSION_TTL_DAYS (the housekeeping deletes expired ones)',
  },
  {
    table: verificationCodes,
    member: [verificationCodes.userId],
    staff: [],
    exported: { excluded: 'secret: a hash of a one-time code' },
    termination: 'cascade',
    retention: 'while the account exists: a used code stays as proof, an unused one is replaced by the next code of its purpose',
  },
  {
    table: twoFactor,
    member: [twoFactor.userId],
    staff: [],
    exported: { excluded: 'secret: a staff account’s authenticator secret and hashes of its recovery codes (members have none)' },
    termination: 'cascade',
    retention: WHILE_THE_ACCOUNT_EXISTS,
  },
  {
    table: loginChallenges,
    member: [loginChallenges.userId],
    staff: [],
    exported: { excluded: 'secret: a sign-in waiting for its authenticator code, by a keyed hash of its token (staff accounts only)' },
    termination: 'cascade',
    retention: 'while the account exists; deleted once its code is entered or the password changes',
  },
  {
    table: wrongGuesses,
    member: [wrongGuesses.userId],
    staff: [],
    exported: { excluded: 'security: a count of wrong passwords or codes tried at the account, mostly by others; no password, code or address' },
    termination: 'cascade',
    retention: 'a day after the last wrong try (the housekeeping deletes it)',
  },
  {
    table: codeGuesses,
    member: [codeGuesses.userId],
    staff: [],
    exported: { excluded: 'security: the previous release’s count of wrong codes a day, no longer written; no code or address' },
    termination: 'cascade',
    retention: 'the day it counts (the housekeeping deletes past days)',
  },
  {
    table: idempotencyKeys,
    member: [idempotencyKeys.userId],
    staff: [],
    exported: { excluded: 'a copy of the first answer to a submission, kept to answer its retry; what was submitted is exported from its own table' },
    termination: 'cascade',
    retention: '24 hours (the housekeeping deletes it)',
  },
  {
    table: outbox,
    member: 'address',
    staff: [],
    exported: { excluded: 'mail sent to the member, who received it; a code’s body is cleared once delivered' },
    termination: { deleted: 'forgetMailAbout: mail to the member or their guardian, or naming them' },
    retention: 'delivered and dead mail MAIL_RETENTION_DAYS (the housekeeping deletes it)',
  },
  {
    table: announcements,
    member: [],
    staff: [announcements.sentBy],
    exported: { excluded: STAFF_ONLY },
    termination: { kept: 'names no member' },
    retention: 'kept',
  },
  {
    table: castingCalls,
    member: [],
    staff: [castingCalls.createdBy],
    exported: { excluded: STAFF_ONLY },
    termination: { kept: 'names no member' },
    retention: 'kept',
  },
];
