import { asc, eq } from 'drizzle-orm';
import type { Plan, UpdatePlanInput } from '../../shared/schemas/plans.js';
import { recordAudit } from '../audit/audit.js';
import type { StaffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { plans } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';

const planColumns = { id: plans.id, name: plans.name, priceKobo: plans.priceKobo, perks: plans.perks };

export async function listPlans(db: Executor): Promise<Plan[]> {
  return db.select(planColumns).from(plans).orderBy(asc(plans.position));
}

/** The monthly price a membership payment on `planId` is charged at. */
export async function monthlyPriceOf(db: Executor, planId: string): Promise<number> {
  const [plan] = await db.select({ priceKobo: plans.priceKobo }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw badRequest('Plan must be Free, Standard or Premium');
  return plan.priceKobo;
}

export async function updatePlan(ctx: AppContext, staff: StaffUser, id: string, input: UpdatePlanInput): Promise<Plan> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select(planColumns).from(plans).where(eq(plans.id, id)).for('update');
    if (!before) throw notFound('Plan not found');
    const [after] = await tx
      .update(plans)
      .set({ name: input.name, priceKobo: input.priceKobo, perks: input.perks, updatedAt: new Date() })
      .where(eq(plans.id, id))
      .returning(planColumns);
    await recordAudit(tx, { actor: staff, action: 'plan.update', subjectType: 'plan', subjectId: id, details: { before, after } });
    return after!;
  });
}
