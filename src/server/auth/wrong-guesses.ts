import { and, eq, lt, lte, type SQL, sql } from 'drizzle-orm';
import { todayInLagos } from '../../shared/dates.js';
import type { CodeLock } from '../../shared/schemas/staff.js';
import { recordAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { codeGuesses, users, wrongGuesses } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { enqueueMail } from '../mail/outbox.js';
import { authMail } from './mail.js';
import type { StaffUser } from './guards.js';

/** What is guessed: each kind is counted apart, so a flood of one never holds back another. */
export type GuessKind = typeof wrongGuesses.$inferSelect.kind;

/** Who guesses, as the waits count them: see `key` in the table (db/schema/auth.ts). */
export interface Guesser {
  key: string;
  userId: string | null;
}

/** Somebody signed in who proves it is still them: counted apart from the account's strangers, whom they already got past. */
export const signedIn = (userId: string): Guesser => ({ key: `signed-in:${userId}`, userId });

export interface HeldGuess extends Guesser {
  kind: GuessKind;
  failures: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const SIX_DIGIT_CODE_WAITS = [1, 2, 4, 8, 15, 30, 60, 120].map((minutes) => minutes * MINUTE);

/**
 * Wrong tries in a row that wait for nothing, then the wait before each next try; the last wait
 * repeats. What that allows a guesser from any number of addresses in an hour and in a day, and
 * why it is enough: docs/decisions/024.
 */
export const BACK_OFF: Record<GuessKind, { free: number; waits: number[] }> = {
  password: { free: 20, waits: [30 * SECOND, MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE, 15 * MINUTE] },
  'app-code': { free: 5, waits: SIX_DIGIT_CODE_WAITS },
  'recovery-code': { free: 10, waits: [MINUTE] },
  'reset-code': { free: 5, waits: SIX_DIGIT_CODE_WAITS },
};
/** A run of wrong tries is forgotten after a day without one. */
const FORGOTTEN_AFTER_MS = 24 * HOUR;

const REFUSED: Record<GuessKind, string> = {
  password: 'Too many wrong passwords were tried for this account.',
  'app-code': 'Too many wrong codes were entered for this account.',
  'recovery-code': 'Too many wrong recovery codes were entered for this account.',
  'reset-code': 'Too many wrong codes were entered for this account.',
};
const MEANWHILE: Partial<Record<GuessKind, string>> = {
  password: ' Or reset your password.',
  'app-code': ' Or use one of your recovery codes.',
};
const NO_WAITS = 'Nobody is held back on this account.';

/** The wait in milliseconds after `failures` wrong tries in a row, as SQL over the count the statement sets. */
function waitAfter(kind: GuessKind, failures: SQL): SQL {
  const { free, waits } = BACK_OFF[kind];
  const schedule = sql.raw(`(array[${waits.join(', ')}]::bigint[])`);
  return sql`case when ${failures} < ${sql.raw(String(free))} then 0 else ${schedule}[least(${failures} - ${sql.raw(String(free - 1))}, ${sql.raw(String(waits.length))})] end`;
}

/**
 * Counts a try before its answer is checked, in one upsert whose condition is the wait, so tries
 * sent at the same moment from many addresses cannot get past it. Throws 429 with Retry-After
 * while the guesser must wait: every try then, the right one too, since answering the right one
 * would tell a guesser which it was.
 */
export async function holdGuess(ctx: AppContext, db: Executor, kind: GuessKind, guesser: Guesser): Promise<HeldGuess> {
  const now = ctx.clock();
  const at = sql`${now.toISOString()}::timestamptz`;
  const failures = sql`case when ${wrongGuesses.lastFailedAt} < ${new Date(now.getTime() - FORGOTTEN_AFTER_MS).toISOString()}::timestamptz then 1 else ${wrongGuesses.failures} + 1 end`;
  const nextTryAt = (count: SQL) => sql`${at} + (${waitAfter(kind, count)})::float8 * interval '1 millisecond'`;
  const [row] = await db
    .insert(wrongGuesses)
    .values({ kind, key: guesser.key, userId: guesser.userId, failures: 1, lastFailedAt: now, nextTryAt: nextTryAt(sql`1`) })
    .onConflictDoUpdate({
      target: [wrongGuesses.kind, wrongGuesses.key],
      set: { failures, lastFailedAt: now, nextTryAt: nextTryAt(failures) },
      setWhere: lte(wrongGuesses.nextTryAt, now),
    })
    .returning({ failures: wrongGuesses.failures });
  if (!row) throw await waitRefusal(db, kind, guesser.key, now);
  return { kind, ...guesser, failures: row.failures };
}

async function waitRefusal(db: Executor, kind: GuessKind, key: string, now: Date): Promise<HttpError> {
  const [row] = await db
    .select({ nextTryAt: wrongGuesses.nextTryAt })
    .from(wrongGuesses)
    .where(and(eq(wrongGuesses.kind, kind), eq(wrongGuesses.key, key)));
  // Gone meanwhile (a right answer): at once, which a second is.
  const seconds = Math.max(1, Math.ceil(((row?.nextTryAt.getTime() ?? 0) - now.getTime()) / SECOND));
  return new HttpError(429, `${REFUSED[kind]} Try again in ${spelt(seconds * SECOND)}.${MEANWHILE[kind] ?? ''}`, undefined, seconds);
}

/** A wait as people say it: "30 seconds", "4 minutes", "2 hours". */
function spelt(ms: number): string {
  const [n, unit] = ms < MINUTE ? [ms / SECOND, 'second'] : ms % HOUR === 0 ? [ms / HOUR, 'hour'] : [Math.ceil(ms / MINUTE), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The answer was right: the run of wrong ones is over. */
export async function forgetGuesses(db: Executor, held: HeldGuess): Promise<void> {
  await db.delete(wrongGuesses).where(and(eq(wrongGuesses.kind, held.kind), eq(wrongGuesses.key, held.key)));
}

/**
 * The code was wrong: its try stays counted, and the account's owner is emailed when the waits
 * begin and when they reach their longest, not at every code. Wrong passwords are not mailed about:
 * members mistype them, and a name that is no account has nobody to tell.
 */
export async function keepWrongCode(ctx: AppContext, db: Executor, held: HeldGuess): Promise<void> {
  const { free, waits } = BACK_OFF[held.kind];
  const longest = held.failures === free + waits.length - 1;
  if (!held.userId || (held.failures !== free && !longest)) return;
  const [owner] = await db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, held.userId)).limit(1);
  if (!owner) return;
  const tried = {
    tries: held.failures,
    what: held.kind === 'reset-code' ? 'password-reset' : 'sign-in',
    longestWait: longest ? spelt(waits.at(-1)!) : null,
  } as const;
  await enqueueMail(db, authMail.wrongCodesTried(ctx.mailer.brand, owner.email, owner.fullName, tried));
  ctx.mailer.nudge();
}

/** Runs no wrong try has added to for a day are forgotten; so are the days counted by the release before (code_guesses). */
export async function deleteForgottenGuesses(ctx: AppContext): Promise<void> {
  await ctx.db.delete(wrongGuesses).where(lt(wrongGuesses.lastFailedAt, new Date(ctx.clock().getTime() - FORGOTTEN_AFTER_MS)));
  await ctx.db.delete(codeGuesses).where(lt(codeGuesses.day, todayInLagos(ctx.clock())));
}

/** Whether a run is long enough that its tries wait. */
const waiting = (row: { kind: GuessKind; failures: number }) => row.failures >= BACK_OFF[row.kind].free;

/** The accounts whose passwords or codes wait after wrong ones, for the admins' console. */
export async function listCodeLocks(ctx: AppContext): Promise<CodeLock[]> {
  const rows = await ctx.db
    .select({ userId: users.id, name: users.fullName, email: users.email, role: users.role, kind: wrongGuesses.kind, failures: wrongGuesses.failures })
    .from(wrongGuesses)
    .innerJoin(users, eq(users.id, wrongGuesses.userId));
  const locks = new Map<string, CodeLock>();
  for (const { kind: _kind, failures, ...account } of rows.filter(waiting)) {
    const lock = locks.get(account.userId) ?? { ...account, wrongTries: 0 };
    lock.wrongTries += failures;
    locks.set(account.userId, lock);
  }
  return [...locks.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** An admin, having checked with the owner, ends every wait on the account (its known browsers' too). */
export async function liftCodeLock(ctx: AppContext, admin: StaffUser, userId: string): Promise<void> {
  if (!isUuid(userId)) throw notFound(NO_WAITS);
  await ctx.db.transaction(async (tx) => {
    const lifted = (
      await tx.delete(wrongGuesses).where(eq(wrongGuesses.userId, userId)).returning({ kind: wrongGuesses.kind, failures: wrongGuesses.failures })
    ).filter(waiting);
    // Thrown inside the transaction: a run too short to wait is not deleted either.
    if (lifted.length === 0) throw notFound(NO_WAITS);
    const wrongTries = lifted.reduce((sum, row) => sum + row.failures, 0);
    await recordAudit(tx, { actor: admin, action: 'codes.unlock', subjectType: 'user', subjectId: userId, details: { wrongTries } });
  });
}
