import { eq } from 'drizzle-orm';
import type { StaffSettings } from '../../shared/schemas/staff.js';
import { recordAudit } from '../audit/audit.js';
import type { StaffUser } from './guards.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { settings } from '../db/schema.js';

const KEY = 'staff';
const DEFAULTS: StaffSettings = { twoFactorRequired: false };

export async function readStaffSettings(db: Executor): Promise<StaffSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).limit(1);
  return { ...DEFAULTS, ...(row?.value as Partial<StaffSettings> | undefined) };
}

export async function saveStaffSettings(ctx: AppContext, admin: StaffUser, input: StaffSettings): Promise<StaffSettings> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: KEY, value: input })
      .onConflictDoUpdate({ target: settings.key, set: { value: input, updatedAt: new Date() } });
    await recordAudit(tx, { actor: admin, action: 'settings.update', subjectType: 'settings', subjectId: KEY, details: { ...input } });
  });
  return input;
}
