import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  actor: { id: string; email: string } | null;
  action: string;
  subjectType: string;
  subjectId: string;
  details?: Record<string, unknown>;
}

/** Records a decision in the same transaction as the change it describes. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    details: entry.details ?? {},
  });
}

/** The trail for one subject (or everything), newest first. */
export function listAudit(ctx: AppContext, filter: { subjectType?: string; subjectId?: string }) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(filter.subjectType ? eq(auditLog.subjectType, filter.subjectType) : undefined, filter.subjectId ? eq(auditLog.subjectId, filter.subjectId) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(500);
}
