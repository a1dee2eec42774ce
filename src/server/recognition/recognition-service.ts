import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AwardAchievementInput } from '../../shared/schemas/recognition.js';
import type { Achievement } from '../../shared/schemas/users.js';
import { recordAudit } from '../audit/audit.js';
import type { StaffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { settings, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { notify } from '../notifications/notifications.js';

/** Only members have a level and achievements: a staff account's id is "not found" here. */
function memberRow(id: string) {
  if (!isUuid(id)) throw notFound('Member not found');
  return and(eq(users.id, id), eq(users.role, 'member'));
}

export async function setLevel(ctx: AppContext, staff: StaffUser, memberId: string, level: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ level: users.level }).from(users).where(memberRow(memberId)).for('update');
    if (!before) throw notFound('Member not found');
    await tx.update(users).set({ level }).where(eq(users.id, memberId));
    await recordAudit(tx, { actor: staff, action: 'member.level', subjectType: 'user', subjectId: memberId, details: { from: before.level, to: level } });
    if (before.level !== level) await notify(tx, memberId, 'level-changed', `Your membership level is now ${level}.`);
    return level;
  });
}

/** Appends in one UPDATE, so two staff awarding at once both land. */
export async function awardAchievement(ctx: AppContext, staff: StaffUser, memberId: string, input: AwardAchievementInput): Promise<Achievement> {
  const achievement: Achievement = { id: randomUUID(), title: input.title, description: input.description, awardedAt: ctx.clock().toISOString() };
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ achievements: sql`${users.achievements} || ${JSON.stringify([achievement])}::jsonb` })
      .where(memberRow(memberId))
      .returning({ id: users.id });
    if (!row) throw notFound('Member not found');
    await recordAudit(tx, { actor: staff, action: 'member.achievement.award', subjectType: 'user', subjectId: memberId, details: { ...achievement } });
    await notify(tx, memberId, 'achievement', `You have a new achievement: ${achievement.title}.`);
  });
  return achievement;
}

export async function removeAchievement(ctx: AppContext, staff: StaffUser, memberId: string, achievementId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ achievements: users.achievements }).from(users).where(memberRow(memberId)).for('update');
    if (!row) throw notFound('Member not found');
    const removed = row.achievements.find((a) => a.id === achievementId);
    if (!removed) throw notFound('Achievement not found: it may have been removed already.');
    await tx
      .update(users)
      .set({ achievements: row.achievements.filter((a) => a.id !== achievementId) })
      .where(eq(users.id, memberId));
    await recordAudit(tx, { actor: staff, action: 'member.achievement.remove', subjectType: 'user', subjectId: memberId, details: { ...removed } });
  });
}

const WELCOME_KEY = 'dashboard-welcome';

/** The welcome every member's dashboard opens with; null until staff write one. */
export async function readWelcomeText(db: Executor): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, WELCOME_KEY)).limit(1);
  return (row?.value as { text?: string } | undefined)?.text ?? null;
}

export async function saveWelcomeText(ctx: AppContext, staff: StaffUser, text: string): Promise<string> {
  await ctx.db.transaction(async (tx) => {
    const before = await readWelcomeText(tx);
    await tx
      .insert(settings)
      .values({ key: WELCOME_KEY, value: { text } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { text }, updatedAt: new Date() } });
    await recordAudit(tx, { actor: staff, action: 'settings.welcome', subjectType: 'settings', subjectId: WELCOME_KEY, details: { from: before, to: text } });
  });
  return text;
}
