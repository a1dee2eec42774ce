import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import type { SiteSettings } from '../../shared/site.js';
import { recordAudit } from '../audit/audit.js';
import type { StaffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { settings } from '../db/schema.js';

const KEY = 'site';

/**
 * The company details as staff last saved them, each unsaved one from the environment. Every read
 * also brings this process's mail signature and reply address up to date, so mail follows a renamed company.
 */
export async function readSiteSettings(ctx: AppContext, db: Executor = ctx.db): Promise<SiteSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).limit(1);
  const current = { ...ctx.config.siteDefaults, ...(row?.value as Partial<SiteSettings> | undefined) };
  followInMail(ctx, current);
  return current;
}

export async function saveSiteSettings(ctx: AppContext, admin: StaffUser, input: SiteSettings): Promise<SiteSettings> {
  await ctx.db.transaction(async (tx) => {
    // Locks the saved row so the audit's "from" is what this save replaced, even when two admins save at once.
    await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, KEY)).for('update');
    const before = await readSiteSettings(ctx, tx);
    await tx
      .insert(settings)
      .values({ key: KEY, value: input })
      .onConflictDoUpdate({ target: settings.key, set: { value: input, updatedAt: new Date() } });
    await recordAudit(tx, { actor: admin, action: 'settings.update', subjectType: 'settings', subjectId: KEY, details: changedFields(before, input) });
  });
  followInMail(ctx, input);
  return input;
}

/** Mail is signed with the company's name and answered at its address, as staff last saved them. */
function followInMail(ctx: AppContext, current: SiteSettings): void {
  ctx.mailer.brand.companyName = current.companyName;
  ctx.mailer.brand.replyTo = current.email ?? ctx.config.company.email;
  ctx.mailer.brand.supportEmail = current.email ?? null;
}

/** Each field the save changed, as it was and as it is now (bank accounts most of all: a changed account changes where members pay). */
function changedFields(before: SiteSettings, after: SiteSettings): Record<string, { from: unknown; to: unknown }> {
  const fields = Object.keys(after) as (keyof SiteSettings)[];
  return Object.fromEntries(
    fields.filter((field) => !isDeepStrictEqual(before[field], after[field])).map((field) => [field, { from: before[field], to: after[field] }]),
  );
}
