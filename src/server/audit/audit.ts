import { and, count, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { shiftDate, startOfLagosDay } from '../../shared/dates.js';
import type { AuditEntryView, AuditFilters } from '../../shared/schemas/audit.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { auditLog, plans, premieres, users } from '../db/schema.js';
import { formatMemberNumber } from '../../shared/membership.js';
import { actionLabel, auditSentence } from './sentences.js';

export interface AuditEntry {
  actor: { id: string; email: string } | null;
  action: string;
  subjectType: string;
  subjectId: string;
  details?: Record<string, unknown>;
}

export const AUDIT_PAGE_SIZE = 50;

/** Records a decision in the same transaction as the change it describes; answers the entry's id, for a row that names its entry. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      details: entry.details ?? {},
    })
    .returning({ id: auditLog.id });
  return row!.id;
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
  const named = await namesIn(ctx.db, rows);
  const entries: AuditEntryView[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentence: sentenceOf(row, named) }));
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
    actions: actions.map((a) => ({ action: a.action, label: actionLabel(a.action) })).sort((a, b) => a.label.localeCompare(b.label)),
  };
}

type AuditRow = typeof auditLog.$inferSelect;

/** The people, films and plans a page of entries names by id, each in words. */
interface Named {
  people: Map<string, string>;
  records: Map<string, string>;
}

const idIn = (details: Record<string, unknown>, key: string): string | null => (typeof details[key] === 'string' ? details[key] : null);
const SETTINGS_WORDS: Record<string, string> = { site: 'site settings', staff: 'staff security settings' };
const RECORD_WORDS: Record<string, string> = {
  ad: 'an advert',
  announcement: 'an announcement',
  booking_request: 'a booking request',
  casting_application: 'a casting application',
  casting_call: 'a casting call',
  contact: 'a contact message',
  event: 'an event',
  export: 'an export',
  file: 'a file',
  form: 'the form submissions',
  'gallery-image': 'the gallery',
  payment: 'a payment',
  schedule: 'a series',
  'attendance-fine': 'an attendance fine',
  submission: 'a form submission',
  talent_profile: 'a talent profile',
};

async function namesIn(db: Executor, rows: AuditRow[]): Promise<Named> {
  const personIds = new Set<string>();
  for (const row of rows) {
    if (row.actorId) personIds.add(row.actorId);
    if (row.subjectType === 'user' && row.subjectId !== FORGOTTEN) personIds.add(row.subjectId);
    for (const key of ['userId', 'memberId']) {
      const id = idIn(row.details, key);
      if (id) personIds.add(id);
    }
  }
  const uuid = /^[0-9a-f-]{36}$/i;
  const of = (type: string) => [...new Set(rows.filter((row) => row.subjectType === type && uuid.test(row.subjectId)).map((row) => row.subjectId))];
  const [people, films, plansNamed] = await Promise.all([
    personIds.size === 0
      ? []
      : db
          .select({ id: users.id, name: users.fullName, role: users.role, number: users.memberNumber })
          .from(users)
          .where(
            inArray(
              users.id,
              [...personIds].filter((id) => uuid.test(id)),
            ),
          ),
    of('premiere').length === 0
      ? []
      : db
          .select({ id: premieres.id, title: premieres.title })
          .from(premieres)
          .where(inArray(premieres.id, of('premiere'))),
    db.select({ id: plans.id, name: plans.name }).from(plans),
  ]);
  return {
    people: new Map(
      people.map((person) => [
        person.id,
        person.role === 'member'
          ? person.number === null
            ? person.name
            : `${person.name} (${formatMemberNumber(person.number)})`
          : `${person.name} (${person.role})`,
      ]),
    ),
    records: new Map([...films.map((film) => [film.id, `“${film.title}”`] as const), ...plansNamed.map((plan) => [plan.id, `“${plan.name}”`] as const)]),
  };
}

/** The entry as a sentence: who (by name and role or number) did what to whom. */
function sentenceOf(row: AuditRow, named: Named): string {
  const details = row.details;
  const guardian = typeof details.guardian === 'string' ? details.guardian : null;
  const actor = row.actorId
    ? (named.people.get(row.actorId) ?? row.actorEmail ?? 'A former staff member')
    : row.actorEmail
      ? row.actorEmail
      : guardian
        ? `The guardian (${guardian})`
        : 'The portal';
  const person = (id: string | null) => (id ? (named.people.get(id) ?? 'a former member') : 'a member');
  let subject: string;
  if (row.subjectType === 'user') subject = row.subjectId === FORGOTTEN ? 'a former member' : person(row.subjectId);
  else if (row.subjectType === 'settings') subject = SETTINGS_WORDS[row.subjectId] ?? 'settings';
  else subject = named.records.get(row.subjectId) ?? RECORD_WORDS[row.subjectType] ?? row.subjectType.replace(/[-_]/g, ' ');
  return auditSentence(actor, row.action, {
    details,
    subject,
    member: person(idIn(details, 'userId') ?? idIn(details, 'memberId')),
    self: row.subjectType === 'user' && row.actorId !== null && row.actorId === row.subjectId,
  });
}
