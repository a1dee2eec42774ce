import { todayInLagos } from '../../shared/dates.js';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { User } from '../../shared/schemas/users.js';
import { publicUserColumns } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { listMemberSubmissions } from '../forms/forms-service.js';
import { notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { toUserView } from '../profile/user-view.js';
import type { MemberSubmission, MemberSummary } from '../../shared/schemas/admin.js';
import { mayUse, type StaffRole } from '../../shared/roles.js';

export const STAFF_PAGE_SIZE = 50;

/** `%`, `_` and `\` typed by staff are searched for literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Phones are stored in E.164 (+234803...), while staff type them as members do: 0803 123 4567,
 * 234803..., +234 803... or a fragment. Each reading becomes a pattern on the stored form.
 */
function phonePatterns(query: string): string[] {
  const digits = query.replace(/[\s().-]/g, '');
  if (!/^\+?\d{3,}$/.test(digits)) return [];
  const bare = digits.replace(/^\+/, '');
  const patterns = new Set([bare]);
  if (bare.startsWith('0')) patterns.add(`+234${bare.slice(1)}`);
  if (bare.startsWith('234')) patterns.add(`+${bare}`);
  return [...patterns];
}

/** Staff's search box: a member's name, email or phone in any of its spellings. */
export function memberMatches(query: string): SQL | undefined {
  const text = query.trim();
  if (!text) return undefined;
  return or(
    ilike(users.fullName, contains(text)),
    ilike(users.email, contains(text)),
    ilike(users.phone, contains(text)),
    ...phonePatterns(text).map((pattern) => ilike(users.phone, contains(pattern))),
  );
}

export async function searchMembers(
  ctx: AppContext,
  filter: { q?: string; page: number },
): Promise<{ members: MemberSummary[]; page: number; pageSize: number; total: number }> {
  // Staff accounts are listed on the staff page: their "phone" is only a placeholder (staff:email).
  const where = and(eq(users.role, 'member'), memberMatches(filter.q ?? ''));
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        role: users.role,
        status: users.activated,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(STAFF_PAGE_SIZE)
      .offset((filter.page - 1) * STAFF_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    members: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: filter.page,
    pageSize: STAFF_PAGE_SIZE,
    total: totals?.total ?? 0,
  };
}

/**
 * One member for the console: their profile and status, and what they have submitted. A role
 * without the submissions area sees that a form was sent, not links to its uploads.
 */
export async function getMember(ctx: AppContext, id: string, viewerRole: StaffRole): Promise<{ member: User; submissions: MemberSubmission[] }> {
  if (!isUuid(id)) throw notFound('Member not found');
  const [row] = await ctx.db
    .select(publicUserColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'member')))
    .limit(1);
  if (!row) throw notFound('Member not found');
  const sent = await listMemberSubmissions(ctx, row.id);
  const opensUploads = mayUse(viewerRole, 'submissions');
  return { member: toUserView(row, todayInLagos(ctx.clock())), submissions: opensUploads ? sent : sent.map((submission) => ({ ...submission, files: [] })) };
}
