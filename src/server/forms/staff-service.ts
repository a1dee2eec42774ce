import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FORM_DEFINITIONS } from '../../shared/form-definitions.js';
import { FORM_KINDS, type FormKind } from '../../shared/form-routes.js';
import { labelOf } from '../../shared/form-options.js';
import { STAFF_PAGE_SIZE } from '../../shared/constants.js';
import { memberMatches } from '../members/member-search.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { files, submissionFiles, submissions, users } from '../db/schema.js';
import { fileUrl } from '../files/files-service.js';
import { safeCell } from '../http/csv.js';
import { notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import type { SubmissionDetail, SubmissionSummary } from '../../shared/schemas/admin.js';

/** Staff pick calendar days in Lagos (WAT, UTC+1, no daylight saving). */
const LAGOS_OFFSET = '+01:00';

export interface SubmissionFilter {
  form?: FormKind;
  member?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
}

function conditions(filter: SubmissionFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.form) parts.push(eq(submissions.form, filter.form));
  if (filter.member) parts.push(memberMatches(filter.member));
  if (filter.from) parts.push(gte(submissions.createdAt, new Date(`${filter.from}T00:00:00${LAGOS_OFFSET}`)));
  if (filter.to) {
    const end = new Date(`${filter.to}T00:00:00${LAGOS_OFFSET}`);
    end.setUTCDate(end.getUTCDate() + 1);
    parts.push(lt(submissions.createdAt, end));
  }
  return and(...parts);
}

const member = {
  id: users.id,
  name: users.fullName,
  email: users.email,
  phone: users.phone,
};

export async function listSubmissions(
  ctx: AppContext,
  filter: SubmissionFilter & { page: number },
): Promise<{ submissions: SubmissionSummary[]; page: number; pageSize: number; total: number }> {
  const where = conditions(filter);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select({
        id: submissions.id,
        form: submissions.form,
        state: submissions.state,
        createdAt: submissions.createdAt,
        handledAt: submissions.handledAt,
        member,
      })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .where(where)
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(STAFF_PAGE_SIZE)
      .offset((filter.page - 1) * STAFF_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(submissions).innerJoin(users, eq(users.id, submissions.userId)).where(where),
  ]);
  return {
    submissions: rows.map((row) => ({
      ...row,
      formLabel: labelOf(FORM_KINDS, row.form),
      createdAt: row.createdAt.toISOString(),
      handledAt: row.handledAt?.toISOString() ?? null,
    })),
    page: filter.page,
    pageSize: STAFF_PAGE_SIZE,
    total: totals?.total ?? 0,
  };
}

const handler = alias(users, 'handler');

export async function getSubmission(ctx: AppContext, id: string): Promise<SubmissionDetail> {
  if (!isUuid(id)) throw notFound('Submission not found');
  const [row] = await ctx.db
    .select({
      id: submissions.id,
      form: submissions.form,
      state: submissions.state,
      data: submissions.data,
      createdAt: submissions.createdAt,
      handledAt: submissions.handledAt,
      member,
      handledBy: { id: handler.id, name: handler.fullName, email: handler.email },
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .leftJoin(handler, eq(handler.id, submissions.handledBy))
    .where(eq(submissions.id, id))
    .limit(1);
  if (!row) throw notFound('Submission not found');
  const uploads = await ctx.db
    .select({ field: submissionFiles.field, id: files.id, mimeType: files.mimeType, size: files.size })
    .from(submissionFiles)
    .innerJoin(files, eq(files.id, submissionFiles.fileId))
    .where(eq(submissionFiles.submissionId, id));
  const definition = FORM_DEFINITIONS[row.form as FormKind];
  const order = definition?.files.map((file) => file.field) ?? [];
  uploads.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  return {
    ...row,
    formLabel: labelOf(FORM_KINDS, row.form),
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    files: uploads.map((upload) => ({
      field: upload.field,
      label: definition?.files.find((file) => file.field === upload.field)?.label ?? upload.field,
      url: fileUrl(upload.id),
      mimeType: upload.mimeType,
      size: upload.size,
    })),
  };
}

/** Marks a submission dealt with; doing it twice keeps the first handler and time. */
export async function markHandled(ctx: AppContext, staff: AuthUser, id: string): Promise<SubmissionDetail> {
  if (!isUuid(id)) throw notFound('Submission not found');
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(submissions)
      .set({ state: 'handled', handledBy: staff.id, handledAt: new Date() })
      .where(and(eq(submissions.id, id), eq(submissions.state, 'new')))
      .returning({ id: submissions.id, form: submissions.form, userId: submissions.userId });
    if (!updated) return;
    await recordAudit(tx, {
      actor: { id: staff.id, email: staff.email },
      action: 'submission.handled',
      subjectType: 'submission',
      subjectId: updated.id,
      details: { form: updated.form, memberId: updated.userId },
    });
  });
  return getSubmission(ctx, id);
}

/** One form's submissions as CSV: a column per described field and file (by key), plus who and when. */
export async function exportSubmissionsCsv(ctx: AppContext, filter: SubmissionFilter & { form: FormKind }): Promise<string> {
  const definition = FORM_DEFINITIONS[filter.form];
  const fields = definition.fields.map((field) => field.name);
  const fileFields = definition.files.map((file) => file.field);
  const rows = await ctx.db
    .select({ id: submissions.id, state: submissions.state, data: submissions.data, createdAt: submissions.createdAt, member })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(conditions(filter))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  const links = rows.length
    ? await ctx.db
        .select()
        .from(submissionFiles)
        .where(
          inArray(
            submissionFiles.submissionId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const header = ['id', 'createdAt', 'state', 'memberName', 'memberEmail', 'memberPhone', ...fields, ...fileFields];
  const records = rows.map((row) => [
    row.id,
    row.createdAt.toISOString(),
    row.state,
    safeCell(row.member.name),
    safeCell(row.member.email),
    row.member.phone,
    ...fields.map((field) => safeCell(row.data[field])),
    ...fileFields.map((field) => {
      const link = links.find((l) => l.submissionId === row.id && l.field === field);
      return link ? fileUrl(link.fileId) : '';
    }),
  ]);
  return stringify([header, ...records], { bom: true });
}
