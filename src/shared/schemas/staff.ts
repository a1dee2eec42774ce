import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../roles.js';
import { currentPassword, email, requiredText } from './fields.js';

const staffRole = z.enum(STAFF_ROLES, { error: 'Role must be admin, finance or moderator' });

export const inviteStaffSchema = z.object({
  email: email(),
  name: requiredText('Name', 120),
  role: staffRole,
  currentPassword: currentPassword(),
});
export type InviteStaffInput = z.input<typeof inviteStaffSchema>;

export const updateStaffSchema = z
  .object({ role: staffRole.optional(), disabled: z.boolean({ error: 'Disabled must be true or false' }).optional(), currentPassword: currentPassword() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, { error: 'Send a role or disabled' });

/** An authenticator code (6 digits) or one of the recovery codes (xxxxx-xxxxx). */
export const twoFactorCodeSchema = z.object({
  code: requiredText('Code', 20),
});

/** Turning two-factor sign-in on or off: a code from the app, and the current password again. */
export const twoFactorChangeSchema = twoFactorCodeSchema.extend({ currentPassword: currentPassword() });

export const staffSettingsSchema = z.object({
  twoFactorRequired: z.boolean({ error: 'Two-factor required must be true or false' }),
});
export type StaffSettings = z.output<typeof staffSettingsSchema>;

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  lastSignInAt: string | null;
  twoFactorEnabled: boolean;
  disabled: boolean;
  /** Invited, and no password set with the emailed code yet. */
  invited: boolean;
}

/** What the console needs to know about the signed-in staff member. */
export interface StaffMe {
  role: StaffRole;
  twoFactorEnabled: boolean;
  /** An admin made two-factor sign-in required for every staff account. */
  twoFactorRequired: boolean;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauthUrl as a QR code image (data: URL) to scan. */
  qrCode: string;
}

/** An account whose passwords or codes wait before they are checked, after too many wrong ones in a row (`wrongTries`). */
export interface CodeLock {
  userId: string;
  name: string;
  email: string;
  role: string;
  wrongTries: number;
}
