import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { files, payments, submissionFiles, submissions } from '../db/schema.js';
import { deleteFiles } from '../files/files-service.js';

/**
 * Removes what is kept no longer than it must be: the slip of a payment rejected longer ago than
 * RETENTION_REJECTED_SLIP_DAYS, and the uploads of a submission handled longer ago than
 * RETENTION_HANDLED_SUBMISSION_FILES_DAYS (the submission's fields stay). The payment and the
 * submission keep their rows; the audit trail is kept. Returns how many files went.
 */
export async function applyRetention(ctx: AppContext, now = ctx.clock()): Promise<{ slips: number; submissionFiles: number }> {
  const slipCutoff = new Date(now.getTime() - ctx.config.retention.rejectedSlipMs);
  const submissionCutoff = new Date(now.getTime() - ctx.config.retention.handledSubmissionFilesMs);
  const slips = await ctx.db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(payments)
    .innerJoin(files, eq(files.id, payments.slipFileId))
    .where(and(eq(payments.state, 'rejected'), isNotNull(payments.reviewedAt), lt(payments.reviewedAt, slipCutoff)))
    .limit(1000);
  const handled = ctx.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.state, 'handled'), isNotNull(submissions.handledAt), lt(submissions.handledAt, submissionCutoff)));
  const uploads = await ctx.db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(submissionFiles)
    .innerJoin(files, eq(files.id, submissionFiles.fileId))
    .where(inArray(submissionFiles.submissionId, handled))
    .limit(1000);
  await deleteFiles(ctx, slips);
  await deleteFiles(ctx, uploads);
  return { slips: slips.length, submissionFiles: uploads.length };
}
