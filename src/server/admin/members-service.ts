import { todayInLagos } from '../../shared/dates.js';
import { and, count, desc, eq } from 'drizzle-orm';
import type { User } from '../../shared/schemas/users.js';
import { publicUserColumns } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { memberMatches } from '../members/member-search.js';
import { listMemberSubmissions } from '../forms/forms-service.js';
import { notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { toUserView } from '../profile/user-view.js';
import type { MemberSubmission, MemberSummary } from '../../shared/schemas/admin.js';
import { mayUse, type StaffRole } from '../../shared/roles.js';
import { STAFF_PAGE_SIZE } from '../../shared/constants.js';

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
