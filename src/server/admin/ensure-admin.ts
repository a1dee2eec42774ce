import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { maskedEmail } from '../http/log-privacy.js';

/** Creates the staff account named by ADMIN_EMAIL / ADMIN_PASSWORD when it does not exist yet. */
export async function ensureAdmin(ctx: AppContext): Promise<void> {
  const admin = ctx.config.admin;
  if (!admin) return;
  const email = admin.email.toLowerCase();
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return;
  await ctx.db
    .insert(users)
    .values({
      fullName: 'Administrator',
      email,
      // Staff sign in by email; the placeholder keeps the phone column unique and non-null.
      phone: `admin:${email}`,
      passwordHash: await hashPassword(admin.password),
      role: 'admin',
      activated: true,
      activatedAt: new Date(),
    })
    .onConflictDoNothing();
  ctx.log.info({ email: maskedEmail(email) }, 'staff account created');
}
