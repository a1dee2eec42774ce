import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DONATION_EVENTS, labelOf } from '../../shared/form-options.js';
import { formatNaira } from '../../shared/money.js';
import { FORM_DEFINITIONS } from '../../shared/form-definitions.js';
import { FORM_KINDS, type FormKind } from '../../shared/form-routes.js';
import type { MemberEvent } from '../../shared/schemas/forms.js';
import { displayDate } from '../../shared/display-date.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { type Executor, preparedPerDatabase } from '../db/client.js';
import { premieres, submissionFiles, submissions } from '../db/schema.js';
import { fileUrl, readablePhoto, withFileTransaction } from '../files/files-service.js';
import type { ReceivedFile } from '../files/multipart.js';
import { badRequest } from '../http/errors.js';
import type { MemberSubmission } from '../../shared/schemas/admin.js';

/** Portrait-sized box for passport and signature photos. */
const PHOTO_BOX = { width: 1200, height: 1200 };

/**
 * Stores a validated submission with its uploads in one transaction: either the row, its file
 * links and the bytes all exist afterwards, or none of them do.
 */
export async function submitForm(
  ctx: AppContext,
  user: AuthUser,
  form: FormKind,
  data: Record<string, unknown>,
  uploads: Record<string, ReceivedFile>,
): Promise<SubmittedRow> {
  const definition = FORM_DEFINITIONS[form];
  const record = async (db: Executor) => {
    if (form === 'movie-premiere') await assertPremiereBookable(db, String(data.movie), String(data.showtime));
    return insertSubmission(db, user.id, form, data);
  };
  // A form without files is one INSERT, atomic by itself: no transaction round trips.
  if (definition.files.length === 0) return record(ctx.db);
  // Photos are re-encoded and every file stored before the transaction opens.
  const kept = await Promise.all(
    definition.files.flatMap((file) => {
      const upload = uploads[file.field];
      if (!upload) return [];
      const content = file.photo ? readablePhoto(upload.data, file.label, PHOTO_BOX) : Promise.resolve({ data: upload.data, mimeType: upload.mimeType });
      return [content.then((bytes) => ({ field: file.field, file: { ownerId: user.id, purpose: `form:${form}`, ...bytes } }))];
    }),
  );
  return withFileTransaction(
    ctx,
    kept.map((entry) => entry.file),
    async (tx, stored) => {
      const row = await record(tx);
      for (const [index, file] of stored.entries()) {
        await tx.insert(submissionFiles).values({ submissionId: row.id, fileId: file.id, field: kept[index]!.field });
      }
      return row;
    },
  );
}

interface SubmittedRow {
  id: string;
  userId: string;
}

async function insertSubmission(db: Executor, userId: string, form: FormKind, data: Record<string, unknown>): Promise<SubmittedRow> {
  const [row] = await insertSubmissionQuery(db).execute({ userId, form, data });
  if (!row) throw new Error('submission row was not written');
  return row;
}

// Every form's write, prepared once: the one statement on the path of a member sending a form.
const insertSubmissionQuery = preparedPerDatabase((db: Executor) =>
  db
    .insert(submissions)
    .values({ userId: sql.placeholder('userId'), form: sql.placeholder('form'), data: sql.placeholder('data') })
    .returning({ id: submissions.id, userId: submissions.userId })
    .prepare('insert_submission'),
);

async function assertPremiereBookable(db: Executor, movie: string, showtime: string): Promise<void> {
  const [premiere] = await db
    .select()
    .from(premieres)
    .where(and(eq(premieres.title, movie), eq(premieres.open, true)))
    .limit(1);
  if (!premiere) throw badRequest('Movie must be one of the films open for premiere bookings');
  if (!premiere.showtimes.includes(showtime)) throw badRequest('Showtime is not offered for this movie');
}

/** The member's event donations for the Events page, newest first. */
export async function listMemberEvents(ctx: AppContext, user: AuthUser): Promise<MemberEvent[]> {
  const rows = await ctx.db
    .select({ id: submissions.id, data: submissions.data, createdAt: submissions.createdAt })
    .from(submissions)
    .where(and(eq(submissions.userId, user.id), eq(submissions.form, 'event')))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  return rows.map((row) => {
    const amount = Number(row.data.amountPaid);
    const paid = Number.isFinite(amount) ? `${formatNaira(Math.round(amount * 100))} paid` : 'Paid';
    return {
      id: row.id,
      name: labelOf(DONATION_EVENTS, String(row.data.selectedEvent ?? '')),
      description: `${paid} on ${displayDate(String(row.data.paymentDate))}`,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** What a member has sent, newest first: the dashboard's "sent" list. */
export async function listMemberSubmissions(ctx: AppContext, userId: string, db: Executor = ctx.db): Promise<MemberSubmission[]> {
  const rows = await db
    .select({ id: submissions.id, form: submissions.form, state: submissions.state, createdAt: submissions.createdAt, handledAt: submissions.handledAt })
    .from(submissions)
    .where(eq(submissions.userId, userId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  const links = rows.length
    ? await db
        .select()
        .from(submissionFiles)
        .where(
          inArray(
            submissionFiles.submissionId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    id: row.id,
    form: row.form as FormKind,
    formLabel: labelOf(FORM_KINDS, row.form),
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    files: links.filter((link) => link.submissionId === row.id).map((link) => ({ field: link.field, url: fileUrl(link.fileId) })),
  }));
}
