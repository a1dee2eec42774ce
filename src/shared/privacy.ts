import { z } from 'zod';
import { isChildOn } from './ages.js';
import type { StaffRole } from './roles.js';
import { email, phone, requiredText } from './schemas/fields.js';

export type GuardianState = 'waiting' | 'confirmed';

/**
 * Where a member stands with a guardian on `day`: as stored, or waiting for one when the date of
 * birth says under 18 and none was ever asked (accounts from before sign-up asked for guardians).
 */
export function guardianStateOn(user: { guardianState: GuardianState | null; dob: string | null; role: string }, day: string): GuardianState | null {
  if (user.guardianState) return user.guardianState;
  return user.role === 'member' && user.dob !== null && isChildOn(user.dob, day) ? 'waiting' : null;
}

/**
 * The wording each consent was given on. A change to the words is a new version: the record of
 * each consent keeps the version the person saw.
 */
export const CONSENT_TEXTS = {
  terms: { version: 'terms-2026-11', text: 'I agree to the privacy policy and terms.' },
  marketing: { version: 'marketing-2026-11', text: 'Send me news, offers and event announcements by email. I can stop them at any time on my privacy page.' },
  guardian: {
    version: 'guardian-2026-11',
    text: 'I am this child’s parent or guardian. I agree that the company keeps the details and documents the child gives it, to run their membership, as the privacy page explains.',
  },
  'guardian-publication': {
    version: 'guardian-publication-2026-11',
    text: 'The child may publish a talent profile (stage name, photos, bio) in the public talent directory. Their age and date of birth are never shown there.',
  },
  'guardian-age-band': {
    version: 'guardian-age-band-2026-11',
    text: 'The public talent profile may show an age band (for example "13 to 15"), never the exact age.',
  },
} as const;
export type ConsentKind = keyof typeof CONSENT_TEXTS;

/** What a child waiting for their guardian is told wherever they try to pay, send a form or publish. */
export const WAITING_FOR_GUARDIAN =
  'You are under 18, so your parent or guardian must first confirm your account. We emailed them a code; once they enter it you can pay, send forms and publish a talent profile. You can send them a new code on your privacy page.';
export const NO_PUBLICATION_CONSENT =
  'Your parent or guardian did not agree to publishing your talent profile, so it cannot be public. They can agree when they confirm again: send them a new code from your privacy page.';

/** GET /api/guardian/child: whose account the guardian's link confirms. */
export const guardianChildSchema = z.object({ child: z.uuid({ error: 'This link is not complete. Open the link from the email again.' }) });

export const guardianConfirmSchema = z.object({
  child: z.uuid({ error: 'This link is not complete. Open the link from the email again.' }),
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Code must be the 6 digits from the email' }),
  agree: z.literal(true, { error: 'Tick the box to confirm you are the parent or guardian and agree' }),
  allowPublication: z.boolean().default(false),
  allowAgeBand: z.boolean().default(false),
});
export type GuardianConfirmInput = z.input<typeof guardianConfirmSchema>;

/** PUT /api/users/me/guardian: a member under 18 names the parent or guardian who confirms the account. */
export const guardianAddSchema = z.object({
  guardianName: requiredText('Guardian name', 120),
  guardianRelationship: requiredText('Guardian relationship', 60),
  guardianEmail: email('Guardian email'),
  guardianPhone: phone('Guardian phone'),
});
export type GuardianAddInput = z.input<typeof guardianAddSchema>;

/** What /profile/privacy shows of the guardian; `needsGuardian` when the member is under 18 and has named nobody yet. */
export interface GuardianAnswer {
  guardian: GuardianView | null;
  needsGuardian: boolean;
}

export const MARKETING_FROM_18 = 'You are under 18, so we send you no marketing emails. You can choose them here yourself once you are 18.';

export const consentsUpdateSchema = z.object({
  marketing: z.boolean({ error: 'Say yes or no to marketing emails (true or false)' }),
});

export interface ConsentRecord {
  kind: ConsentKind;
  given: boolean;
  textVersion: string;
  givenBy: string;
  at: string;
}

export interface ConsentsView {
  marketing: boolean;
  history: ConsentRecord[];
}

export interface AccessLogEntry {
  at: string;
  role: StaffRole;
  /** What the file is, in words ("Payment slip"). */
  file: string;
  reason: string | null;
}

export interface GuardianView {
  state: GuardianState;
  name: string;
  relationship: string;
  email: string;
  allowsPublication: boolean;
  allowsAgeBand: boolean;
  confirmedAt: string | null;
}
