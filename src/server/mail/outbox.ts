import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { outbox } from '../db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Carries a code: the body is cleared once delivered or given up on. */
  sensitive?: boolean;
  /** Where an answer goes, for mail that asks for one. */
  replyTo?: string;
}

/** Queues a message in the caller's transaction: it is sent only if the change it reports commits. */
export async function enqueueMail(db: Executor, message: MailMessage): Promise<void> {
  await db.insert(outbox).values(message);
}

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * How long a claimed message is reserved for the process that claimed it before another may
 * retry it. Longer than one delivery can take (the SMTP timeouts in mail-worker.ts), so a slow
 * send never lets a second process send the same message.
 */
const LEASE_MS = 5 * 60_000;

/**
 * Claims the next due message for this process, one at a time, so each lease covers one send.
 * `FOR UPDATE SKIP LOCKED` lets several processes poll at once; moving `next_attempt_at` forward
 * is the lease, so a process that dies mid-send leaves the message to be retried after it.
 */
export async function claimNextMail(db: Database): Promise<OutboxRow | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), isNull(outbox.deadAt), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(outbox)
      .set({ nextAttemptAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
      .where(eq(outbox.id, due.id))
      .returning();
    return claimed;
  });
}

/** A delivered mail keeps who it went to and what about; a code it carried is not kept. */
export async function markSent(db: Database, row: Pick<OutboxRow, 'id' | 'sensitive'>): Promise<void> {
  const body = row.sensitive ? { text: '', html: '' } : {};
  await db
    .update(outbox)
    .set({ sentAt: new Date(), lastError: null, ...body })
    .where(eq(outbox.id, row.id));
}

/** Removes every mail to one of `addresses` or whose text names one of `mentions` (a terminated member's). */
export async function forgetMailAbout(db: Executor, addresses: string[], mentions: string[]): Promise<void> {
  await db
    .delete(outbox)
    .where(or(inArray(outbox.to, addresses), ...mentions.flatMap((m) => [sql`strpos(${outbox.text}, ${m}) > 0`, sql`strpos(${outbox.html}, ${m}) > 0`])));
}

/**
 * Removes mail delivered or given up on before `cutoff`: the outbox is a queue, not an archive of
 * personal data.
 */
export async function deleteFinishedMail(db: Database, cutoff: Date): Promise<number> {
  const removed = await db
    .delete(outbox)
    .where(or(lt(outbox.sentAt, cutoff), lt(outbox.deadAt, cutoff)))
    .returning({ id: outbox.id });
  return removed.length;
}

/**
 * Records a failed attempt: retried after `retryInMs`, or given up on (dead) once it was the last
 * allowed. Dead mail stays for staff to see who was not reached; a code it carried is not kept.
 */
export async function markFailed(db: Database, row: OutboxRow, error: string, retry: { inMs: number; maxAttempts: number }): Promise<'retry' | 'dead'> {
  const attempts = row.attempts + 1;
  const dead = attempts >= retry.maxAttempts;
  const body = dead && row.sensitive ? { text: '', html: '' } : {};
  await db
    .update(outbox)
    .set({ attempts, lastError: error.slice(0, 500), nextAttemptAt: new Date(Date.now() + retry.inMs), deadAt: dead ? new Date() : null, ...body })
    .where(eq(outbox.id, row.id));
  return dead ? 'dead' : 'retry';
}

/** Messages given up on, newest first, for the staff console. */
export async function listDeadMail(db: Database, limit: number) {
  return db
    .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, attempts: outbox.attempts, lastError: outbox.lastError, deadAt: outbox.deadAt })
    .from(outbox)
    .where(isNotNull(outbox.deadAt))
    .orderBy(desc(outbox.deadAt))
    .limit(limit);
}

/** Mail still to send (dead mail excluded), and how long the oldest of it has waited. */
export async function outboxBacklog(db: Database): Promise<{ unsent: number; oldestAgeSeconds: number; dead: number }> {
  const [row] = await db
    .select({
      unsent: sql<number>`count(*) filter (where ${outbox.deadAt} is null)`.mapWith(Number),
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt}) filter (where ${outbox.deadAt} is null)), 0)`.mapWith(Number),
      dead: sql<number>`count(*) filter (where ${outbox.deadAt} is not null)`.mapWith(Number),
    })
    .from(outbox)
    .where(isNull(outbox.sentAt));
  return row ?? { unsent: 0, oldestAgeSeconds: 0, dead: 0 };
}
