import { and, count, desc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { shiftDate, startOfLagosDay } from '../../shared/dates.js';
import type { AuditEntryView, AuditFilters } from '../../shared/schemas/audit.js';
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

export const AUDIT_PAGE_SIZE = 50;

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
  await db
    .update(auditLog)
    .set({ subjectId: FORGOTTEN, details: {} })
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, userId)));
  await db
    .update(auditLog)
    .set({ details: sql`${auditLog.details} - 'userId'` })
    .where(sql`${auditLog.details} ->> 'userId' = ${userId}`);
  return [...new Set(known.flatMap((row) => [row.actorEmail, row.from]).filter((email): email is string => Boolean(email)))];
}

export interface AuditQuery {
  subjectType?: string;
  subjectId?: string;
  actorId?: string;
  action?: string;
  /** YYYY-MM-DD in Lagos, inclusive. */
  from?: string;
  to?: string;
  page: number;
}

function conditions(query: AuditQuery): SQL | undefined {
  return and(
    query.subjectType ? eq(auditLog.subjectType, query.subjectType) : undefined,
    query.subjectId ? eq(auditLog.subjectId, query.subjectId) : undefined,
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.createdAt, startOfLagosDay(query.from)) : undefined,
    query.to ? lt(auditLog.createdAt, startOfLagosDay(shiftDate(query.to, 1))) : undefined,
  );
}

/** One page of the trail, newest first, with how many pages the filter has. */
export async function listAudit(ctx: AppContext, query: AuditQuery) {
  const where = conditions(query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const entries: AuditEntryView[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  const n = total?.n ?? 0;
  return { entries, total: n, page: query.page, pages: Math.max(1, Math.ceil(n / AUDIT_PAGE_SIZE)) };
}

/** The staff members and actions that occur in the trail, for the page's filters. */
export async function auditFilters(ctx: AppContext): Promise<AuditFilters> {
  const [actors, actions] = await Promise.all([
    ctx.db
      .selectDistinct({ id: auditLog.actorId, email: auditLog.actorEmail })
      .from(auditLog)
      .where(and(isNotNull(auditLog.actorId), isNotNull(auditLog.actorEmail)))
      .orderBy(auditLog.actorEmail),
    ctx.db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return {
    actors: actors.map((a) => ({ id: a.id!, email: a.email! })),
    actions: actions.map((a) => a.action),
  };
}
