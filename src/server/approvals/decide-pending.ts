import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../auth/sessions.js';
import { conflict, notFound } from '../http/errors.js';
import type { Transaction } from '../db/client.js';
import { type ads, payments } from '../db/schema.js';

/**
 * Records a staff decision on a pending row, exactly once: the state check is in the UPDATE
 * itself, so two staff clicking at the same moment cannot both succeed. A row that is no longer
 * pending answers 409 with the state it is in; a missing one 404 (`Payment not found`).
 */
export async function decidePending(
  tx: Transaction,
  table: typeof payments,
  id: string,
  staff: AuthUser,
  change: Partial<typeof payments.$inferInsert>,
): Promise<typeof payments.$inferSelect>;
export async function decidePending(
  tx: Transaction,
  table: typeof ads,
  id: string,
  staff: AuthUser,
  change: Partial<typeof ads.$inferInsert>,
): Promise<typeof ads.$inferSelect>;
export async function decidePending(
  tx: Transaction,
  table: typeof payments | typeof ads,
  id: string,
  staff: AuthUser,
  change: Partial<typeof payments.$inferInsert> | Partial<typeof ads.$inferInsert>,
) {
  const [row] = await tx
    .update(table)
    .set({ ...change, reviewerId: staff.id, reviewedAt: new Date() })
    .where(and(eq(table.id, id), eq(table.state, 'pending')))
    .returning();
  if (row) return row;
  const [exists] = await tx.select({ state: table.state }).from(table).where(eq(table.id, id));
  const subject = table === payments ? { name: 'payment', missing: 'Payment not found' } : { name: 'advert', missing: 'Advert not found' };
  if (!exists) throw notFound(subject.missing);
  throw conflict(`This ${subject.name} was already ${exists.state}.`);
}
