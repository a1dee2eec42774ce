import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { ROLE_LABELS, type StaffRole } from '../../shared/roles.js';
import type { inviteStaffSchema, StaffMember, updateStaffSchema } from '../../shared/schemas/staff.js';
import { recordAudit } from '../audit/audit.js';
import { duplicateContactError, EMAIL_TAKEN } from '../auth/auth-service.js';
import { issueCode } from '../auth/codes.js';
import type { StaffUser } from '../auth/guards.js';
import { hashPassword } from '../auth/passwords.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { loginChallenges, sessions, twoFactor, users } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { enqueueMail } from '../mail/outbox.js';
import { staffMail } from './mail.js';

/** An invite's code waits longer than a reset code: the invitee may not read mail the same day. */
const INVITE_TTL_MS = 72 * 60 * 60 * 1000;
const STAFF_NOT_FOUND = 'Staff member not found';
const LAST_ADMIN = 'This is the last active admin: make another staff member admin first.';

export async function listStaff(ctx: AppContext): Promise<StaffMember[]> {
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.fullName,
      email: users.email,
      role: users.role,
      lastSignInAt: users.lastSignInAt,
      disabledAt: users.disabledAt,
      twoFactorEnabledAt: twoFactor.enabledAt,
    })
    .from(users)
    .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
    .where(ne(users.role, 'member'))
    .orderBy(asc(users.fullName));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as StaffRole,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    twoFactorEnabled: Boolean(row.twoFactorEnabledAt),
    disabled: Boolean(row.disabledAt),
    invited: !row.lastSignInAt,
  }));
}

/**
 * A new staff account without a usable password: the invitee gets a password-reset code by
 * email and chooses the password with it on the reset page.
 */
export async function inviteStaff(ctx: AppContext, admin: StaffUser, input: z.output<typeof inviteStaffSchema>): Promise<StaffMember> {
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (taken) throw conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    const invited = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          fullName: input.name,
          email: input.email,
          // Staff sign in by email; the placeholder keeps the phone column unique and non-null.
          phone: `staff:${input.email}`,
          passwordHash,
          role: input.role,
          activated: true,
          activatedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!user) throw new Error('staff row was not written');
      const code = await issueCode(ctx, tx, user.id, 'password-reset', INVITE_TTL_MS);
      await enqueueMail(tx, staffMail.staffInvite(ctx.mailer.brand, input.email, input.name, ROLE_LABELS[input.role], code));
      await recordAudit(tx, {
        actor: admin,
        action: 'staff.invite',
        subjectType: 'user',
        subjectId: user.id,
        details: { email: input.email, role: input.role },
      });
      return user;
    });
    ctx.mailer.nudge();
    return {
      id: invited.id,
      name: input.name,
      email: input.email,
      role: input.role,
      lastSignInAt: null,
      twoFactorEnabled: false,
      disabled: false,
      invited: true,
    };
  } catch (error) {
    throw duplicateContactError(error) ?? error;
  }
}

/**
 * Changes a staff member's role or disables them (their sessions end in the same transaction).
 * The active admins are locked first, in one order, so two admins demoting or disabling each
 * other at once are decided one after the other: the second sees the first's change and is
 * refused rather than leave the portal without an admin.
 */
export async function updateStaff(ctx: AppContext, admin: StaffUser, id: string, change: z.output<typeof updateStaffSchema>): Promise<StaffMember> {
  if (!isUuid(id)) throw notFound(STAFF_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    const activeAdmins = await lockActiveAdmins(tx);
    if (!activeAdmins.includes(admin.id)) throw forbidden('Only an active admin can manage staff.');
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
    if (!target || target.role === 'member') throw notFound(STAFF_NOT_FOUND);

    const leavesAdmins = (change.role !== undefined && change.role !== 'admin') || change.disabled === true;
    if (target.role === 'admin' && !target.disabledAt && leavesAdmins && activeAdmins.length <= 1) throw conflict(LAST_ADMIN);
    if (target.id === admin.id && change.disabled === true) throw conflict('You cannot disable your own account.');

    if (change.role !== undefined && change.role !== target.role) {
      await tx.update(users).set({ role: change.role }).where(eq(users.id, id));
      await recordAudit(tx, { actor: admin, action: 'staff.role', subjectType: 'user', subjectId: id, details: { from: target.role, to: change.role } });
    }
    if (change.disabled !== undefined && change.disabled !== Boolean(target.disabledAt)) {
      await tx
        .update(users)
        .set({ disabledAt: change.disabled ? new Date() : null })
        .where(eq(users.id, id));
      if (change.disabled) {
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await tx.delete(loginChallenges).where(eq(loginChallenges.userId, id));
      }
      await recordAudit(tx, { actor: admin, action: change.disabled ? 'staff.disable' : 'staff.enable', subjectType: 'user', subjectId: id });
    }
  });
  const updated = (await listStaff(ctx)).find((member) => member.id === id);
  if (!updated) throw notFound(STAFF_NOT_FOUND);
  return updated;
}

async function lockActiveAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}
