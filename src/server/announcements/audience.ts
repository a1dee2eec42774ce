import { and, eq, isNull } from 'drizzle-orm';
import { todayInLagos } from '../../shared/dates.js';
import { standingState } from '../../shared/membership.js';
import type { SendAnnouncement } from '../../shared/schemas/announcements.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema.js';
import { mayReceiveMarketing } from '../privacy/consents.js';

export interface Recipient {
  id: string;
  email: string;
  fullName: string;
}

/** Members an announcement goes to: the group, by the membership's one state rule, and consent when promotional. */
export async function recipientsOf(ctx: AppContext, db: Executor, input: SendAnnouncement): Promise<Recipient[]> {
  const today = todayInLagos(ctx.clock());
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      activated: users.activated,
      paidUntil: users.paidUntil,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'member'),
        isNull(users.disabledAt),
        input.audience === 'level' ? eq(users.level, input.level) : undefined,
        input.audience === 'industry' ? eq(users.industry, input.industry) : undefined,
        input.audience === 'active' || input.audience === 'lapsed' ? eq(users.activated, true) : undefined,
        input.promotional ? mayReceiveMarketing(today) : undefined,
      ),
    )
    .orderBy(users.createdAt, users.id);
  if (input.audience !== 'active' && input.audience !== 'lapsed') return rows;
  const wanted = input.audience === 'active' ? ['active', 'grace'] : ['lapsed'];
  return rows.filter((row) =>
    wanted.includes(standingState({ activated: row.activated, paidUntil: row.paidUntil, suspended: Boolean(row.suspendedAt) }, today)),
  );
}
