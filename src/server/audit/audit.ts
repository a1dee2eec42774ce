import { and, desc, eq, or, sql } from 'drizzle-orm';
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

/** What the trail says instead of the id of a member whose account was terminated. */
export const FORGOTTEN = 'forgotten';

/**
 * Takes a terminated member out of the trail: entries keep what was done and when, but not the
 * member's id or email, as actor, as subject or in the details. Returns the email addresses the
 * trail knew them by (the account's earlier ones included), for the caller to forget elsewhere.
 */
export async function forgetPersonInAudit(db: Executor, userId: string): Promise<string[]> {
  const known = await db
    .select({ actorEmail: auditLog.actorEmail, from: sql<string | null>`${auditLog.details} ->> 'from'` })
    .from(auditLog)
    .where(or(eq(auditLog.actorId, userId), and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, userId))));
  await db.update(auditLog).set({ actorId: null, actorEmail: null }).where(eq(auditLog.actorId, userId));
  await db.update(auditLog).set({ subjectId: FORGOTTEN, details: {} }).where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, userId)));
  await db.update(auditLog).set({ details: sql`${auditLog.details} - 'userId'` }).where(sql`${auditLog.details} ->> 'userId' = ${userId}`);
  return [...new Set(known.flatMap((row) => [row.actorEmail, row.from]).filter((email): email is string => Boolean(email)))];
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
