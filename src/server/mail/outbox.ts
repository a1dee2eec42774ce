import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { outbox } from '../db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Carries a code: the body is cleared once delivered. */
  sensitive?: boolean;
}

/** Queues a message in the caller's transaction: it is sent only if the change it reports commits. */
export async function enqueueMail(db: Executor, message: MailMessage): Promise<void> {
  await db.insert(outbox).values(message);
}

export type OutboxRow = typeof outbox.$inferSelect;

/** How long a claimed message is reserved for the process that claimed it before others may retry it. */
const LEASE_MS = 60_000;

/**
 * Claims due messages for this process. `FOR UPDATE SKIP LOCKED` lets several processes poll
 * at once without sending the same message twice; moving `next_attempt_at` forward is the lease,
 * so a process that dies mid-send leaves the message to be retried after the lease.
 */
export async function claimDueMail(db: Database, limit: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({ nextAttemptAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
      .where(inArray(outbox.id, due.map((row) => row.id)))
      .returning();
  });
}

/** A delivered mail keeps who it went to and what about; a code it carried is not kept. */
export async function markSent(db: Database, row: Pick<OutboxRow, 'id' | 'sensitive'>): Promise<void> {
  const body = row.sensitive ? { text: '', html: '' } : {};
  await db.update(outbox).set({ sentAt: new Date(), lastError: null, ...body }).where(eq(outbox.id, row.id));
}

/** Removes every mail to one of `addresses` or whose text names one of `mentions` (a terminated member's). */
export async function forgetMailAbout(db: Executor, addresses: string[], mentions: string[]): Promise<void> {
  await db.delete(outbox).where(or(inArray(outbox.to, addresses), ...mentions.flatMap((m) => [sql`strpos(${outbox.text}, ${m}) > 0`, sql`strpos(${outbox.html}, ${m}) > 0`])));
}

/** Removes mail delivered before `cutoff`: the outbox is a queue, not an archive of personal data. */
export async function deleteDeliveredMail(db: Database, cutoff: Date): Promise<number> {
  const removed = await db.delete(outbox).where(lt(outbox.sentAt, cutoff)).returning({ id: outbox.id });
  return removed.length;
}

export async function markFailed(db: Database, row: OutboxRow, error: string, retryInMs: number): Promise<void> {
  await db
    .update(outbox)
    .set({ attempts: row.attempts + 1, lastError: error.slice(0, 500), nextAttemptAt: new Date(Date.now() + retryInMs) })
    .where(eq(outbox.id, row.id));
}
