import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { StaffMe, TwoFactorSetup } from '../../shared/schemas/staff.js';
import { recordAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { twoFactor } from '../db/schema.js';
import { badRequest, conflict, forbidden } from '../http/errors.js';
import { readStaffSettings } from './staff-settings.js';
import type { StaffUser } from './guards.js';
import { forgetGuesses, holdGuess, keepWrongCode, signedIn } from './wrong-guesses.js';

export const RECOVERY_CODE_COUNT = 10;
// One 30-second step either side of the server's: a phone's clock is rarely exact.
const CLOCK_DRIFT_SECONDS = 30;
const APP_CODE = /^\d{6}$/;
const WRONG_APP_CODE = 'That code is not right. Enter the 6-digit code your authenticator app shows now.';
export const TWO_FACTOR_SETUP_NEEDED = 'Two-factor sign-in is required for staff accounts. Set it up to continue.';

/** Recovery codes are stored as keyed hashes, like the emailed codes. */
function hashRecoveryCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`recovery:${userId}:${normaliseRecoveryCode(code)}`)
    .digest('base64url');
}

function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/[\s-]/g, '');
}

/** Ten letters and digits shown as xxxxx-xxxxx, easy to copy onto paper. */
function newRecoveryCode(): string {
  const raw = randomBytes(8).toString('hex').slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

async function findTwoFactor(db: Executor, userId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

export async function hasTwoFactor(db: Executor, userId: string): Promise<boolean> {
  return Boolean((await findTwoFactor(db, userId))?.enabledAt);
}

/** What the console shows about the signed-in staff member's second factor. */
export async function staffMe(ctx: AppContext, staff: StaffUser): Promise<StaffMe> {
  const [enabled, settings] = await Promise.all([hasTwoFactor(ctx.db, staff.id), readStaffSettings(ctx.db)]);
  return { role: staff.role, twoFactorEnabled: enabled, twoFactorRequired: settings.twoFactorRequired };
}

/** 403 for a staff member without a second factor once an admin made it required: they enrol first. */
export async function assertTwoFactorEnrolled(ctx: AppContext, staff: StaffUser): Promise<void> {
  const me = await staffMe(ctx, staff);
  if (me.twoFactorRequired && !me.twoFactorEnabled) throw forbidden(TWO_FACTOR_SETUP_NEEDED);
}

/**
 * A new secret for the authenticator app, not in force until a code from the app is entered
 * (enableTwoFactor). Asking again replaces a secret that was never confirmed.
 */
export async function startTwoFactorSetup(ctx: AppContext, staff: StaffUser): Promise<TwoFactorSetup> {
  const secret = generateSecret();
  const [row] = await ctx.db
    .insert(twoFactor)
    .values({ userId: staff.id, secret })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret, lastStep: 0, createdAt: new Date() }, setWhere: isNull(twoFactor.enabledAt) })
    .returning({ userId: twoFactor.userId });
  if (!row) throw conflict('Two-factor sign-in is already on for your account.');
  const otpauthUrl = generateURI({ issuer: ctx.config.company.name, label: staff.email, secret });
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/** Turns the set-up secret on with a code from the app; answers the recovery codes, shown this once. */
export async function enableTwoFactor(ctx: AppContext, staff: StaffUser, code: string): Promise<string[]> {
  const pending = await findTwoFactor(ctx.db, staff.id);
  if (!pending) throw badRequest('Set up two-factor sign-in first: scan the QR code, then enter the code.');
  if (pending.enabledAt) throw conflict('Two-factor sign-in is already on for your account.');
  const step = await matchingStep(pending.secret, code, pending.lastStep);
  if (step === null) throw badRequest(WRONG_APP_CODE);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = recoveryCodes.map((c) => hashRecoveryCode(ctx.config.sessionSecret, staff.id, c));
  await ctx.db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(twoFactor)
      .set({ enabledAt: new Date(), lastStep: step, recoveryCodeHashes: hashes })
      // Only the secret the code was checked against, and only once.
      .where(and(eq(twoFactor.userId, staff.id), eq(twoFactor.secret, pending.secret), isNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId });
    if (!enabled) throw conflict('Two-factor sign-in changed meanwhile. Reload the page and set it up again.');
    await recordAudit(tx, { actor: staff, action: '2fa.enable', subjectType: 'user', subjectId: staff.id });
  });
  return recoveryCodes;
}

/**
 * Turns the second factor off with a code from the app or a recovery code (the caller checked the
 * password). Refused while an admin requires it for every staff account.
 */
export async function disableTwoFactor(ctx: AppContext, staff: StaffUser, code: string): Promise<void> {
  if (!(await hasTwoFactor(ctx.db, staff.id))) throw conflict('Two-factor sign-in is already off for your account.');
  if ((await readStaffSettings(ctx.db)).twoFactorRequired) throw forbidden('An admin requires two-factor sign-in for every staff account, so it stays on.');
  const held = await holdGuess(ctx, ctx.db, secondFactorKind(code), signedIn(staff.id));
  if (!(await passSecondFactor(ctx, staff.id, code))) {
    await keepWrongCode(ctx, ctx.db, held);
    throw badRequest(WRONG_APP_CODE);
  }
  await forgetGuesses(ctx.db, held);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, staff.id));
    await recordAudit(tx, { actor: staff, action: '2fa.disable', subjectType: 'user', subjectId: staff.id });
  });
}

/**
 * Which run of wrong codes a second-factor code counts in, told by its shape before it is checked:
 * six digits are the app's, anything else would be a recovery code (ten characters, 40 random
 * bits: docs/decisions/024 for why those wait far less).
 */
export function secondFactorKind(code: string): 'app-code' | 'recovery-code' {
  return APP_CODE.test(code.trim()) ? 'app-code' : 'recovery-code';
}

/** The 30-second step a 6-digit code belongs to, if it is right and later than the last one used. */
async function matchingStep(secret: string, code: string, afterStep: number): Promise<number | null> {
  const token = code.trim();
  if (!APP_CODE.test(token)) return null;
  const result = await verify({ secret, token, epochTolerance: CLOCK_DRIFT_SECONDS, afterTimeStep: afterStep > 0 ? afterStep : undefined });
  // The TOTP answer carries the step; the type is shared with HOTP's, which does not.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Checks a sign-in's second factor: a code from the app (each good once) or an unused recovery
 * code (used up here). Each is one conditional UPDATE, so the same code sent twice at once
 * signs in once. Answers how it was passed, or null.
 */
export async function passSecondFactor(ctx: AppContext, userId: string, code: string): Promise<'app' | 'recovery-code' | null> {
  const row = await findTwoFactor(ctx.db, userId);
  if (!row?.enabledAt) return null;
  const step = await matchingStep(row.secret, code, row.lastStep);
  if (step !== null) {
    const [used] = await ctx.db
      .update(twoFactor)
      .set({ lastStep: step })
      .where(and(eq(twoFactor.userId, userId), lt(twoFactor.lastStep, step)))
      .returning({ userId: twoFactor.userId });
    return used ? 'app' : null;
  }
  const hash = hashRecoveryCode(ctx.config.sessionSecret, userId, code);
  const [used] = await ctx.db
    .update(twoFactor)
    .set({ recoveryCodeHashes: sql`${twoFactor.recoveryCodeHashes} - ${hash}::text` })
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt), sql`${twoFactor.recoveryCodeHashes} @> jsonb_build_array(${hash}::text)`))
    .returning({ userId: twoFactor.userId });
  return used ? 'recovery-code' : null;
}
