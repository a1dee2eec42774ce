import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { todayInLagos } from '../../shared/dates.js';
import type { CodeLock } from '../../shared/schemas/staff.js';
import { recordAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { codeGuesses, users } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { enqueueMail } from '../mail/outbox.js';
import { authMail } from './mail.js';
import type { StaffUser } from './guards.js';

/** Wrong second-factor and reset codes an account may have in one Lagos day, from all addresses together. */
export const DAILY_WRONG_CODE_CEILING = 20;
/** The owner hears at the first burst (a whole challenge's worth of wrong codes) and at the lock, not at every code. */
const FIRST_WARNING_AT = 5;
const NO_LOCK = 'This account has no lock on its codes today.';
export const CODES_LOCKED =
  'Too many wrong codes were entered for this account today, so codes are refused until midnight (Lagos time). An admin can lift this sooner.';

/** One try at a code, held against the account's day until the code is known to be right or wrong. */
export interface HeldTry {
  userId: string;
  day: string;
  count: number;
}

/**
 * Counts a try for the account before its code is checked, in one upsert whose condition is the
 * ceiling, so tries sent at the same moment from many addresses cannot get past it. Throws 429
 * once the day's ceiling is reached.
 */
export async function holdCodeTry(ctx: AppContext, db: Executor, userId: string): Promise<HeldTry> {
  const day = todayInLagos(ctx.clock());
  const [row] = await db
    .insert(codeGuesses)
    .values({ userId, day, wrongTries: 1 })
    .onConflictDoUpdate({
      target: [codeGuesses.userId, codeGuesses.day],
      set: { wrongTries: sql`${codeGuesses.wrongTries} + 1` },
      setWhere: lt(codeGuesses.wrongTries, DAILY_WRONG_CODE_CEILING),
    })
    .returning({ count: codeGuesses.wrongTries });
  if (!row) throw new HttpError(429, CODES_LOCKED);
  return { userId, day, count: row.count };
}

/** The code was right: its try is given back, so only wrong codes stay counted. */
export async function releaseCodeTry(db: Executor, held: HeldTry): Promise<void> {
  await db
    .update(codeGuesses)
    .set({ wrongTries: sql`greatest(${codeGuesses.wrongTries} - 1, 0)` })
    .where(and(eq(codeGuesses.userId, held.userId), eq(codeGuesses.day, held.day)));
}

/** The code was wrong: the try stays counted, and the owner is emailed at the first burst and at the lock. */
export async function keepWrongCodeTry(ctx: AppContext, db: Executor, held: HeldTry): Promise<void> {
  if (held.count !== FIRST_WARNING_AT && held.count !== DAILY_WRONG_CODE_CEILING) return;
  const [owner] = await db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, held.userId)).limit(1);
  if (!owner) return;
  const locked = held.count >= DAILY_WRONG_CODE_CEILING;
  await enqueueMail(db, authMail.wrongCodesTried(ctx.mailer.brand, owner.email, owner.fullName, held.count, locked));
  ctx.mailer.nudge();
}

/** A day's count means nothing once the day (Lagos time) is over: the housekeeping removes the past days'. */
export async function deletePastCodeGuesses(ctx: AppContext): Promise<void> {
  await ctx.db.delete(codeGuesses).where(lt(codeGuesses.day, todayInLagos(ctx.clock())));
}

/** The accounts whose codes are locked today, for the admins' console. */
export async function listCodeLocks(ctx: AppContext): Promise<CodeLock[]> {
  const rows = await ctx.db
    .select({ userId: users.id, name: users.fullName, email: users.email, role: users.role, wrongTries: codeGuesses.wrongTries })
    .from(codeGuesses)
    .innerJoin(users, eq(users.id, codeGuesses.userId))
    .where(and(eq(codeGuesses.day, todayInLagos(ctx.clock())), gte(codeGuesses.wrongTries, DAILY_WRONG_CODE_CEILING)))
    .orderBy(asc(users.fullName));
  return rows;
}

/** An admin lifts an account's lock: the day's count starts again from nothing. */
export async function liftCodeLock(ctx: AppContext, admin: StaffUser, userId: string): Promise<void> {
  if (!isUuid(userId)) throw notFound(NO_LOCK);
  await ctx.db.transaction(async (tx) => {
    const [lifted] = await tx
      .delete(codeGuesses)
      .where(and(eq(codeGuesses.userId, userId), eq(codeGuesses.day, todayInLagos(ctx.clock())), gte(codeGuesses.wrongTries, DAILY_WRONG_CODE_CEILING)))
      .returning({ wrongTries: codeGuesses.wrongTries });
    if (!lifted) throw notFound(NO_LOCK);
    await recordAudit(tx, { actor: admin, action: 'codes.unlock', subjectType: 'user', subjectId: userId, details: { wrongTries: lifted.wrongTries } });
  });
}
