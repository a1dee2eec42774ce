import { z } from 'zod';
import { FAILURE } from '../messages.js';
import type { MemberAd } from './ads.js';
import type { Role } from '../roles.js';
import { INDUSTRIES, MARITAL_STATUSES, NIGERIA, NIGERIAN_STATES } from '../options.js';
import { todayInLagos } from '../dates.js';
import { isChildOn } from '../ages.js';
import { choice, currentPassword, dateOfBirth, email, mustAccept, optionalText, optionalTick, password, phone, requiredText, sixDigits } from './fields.js';

export const signupFields = z.object({
  name: requiredText('Full name', 120),
  email: email(),
  phone: phone(),
  dob: dateOfBirth(),
  // A child is not asked it (checkMaritalStatus): only an adult must choose one.
  maritalStatus: z.preprocess((value) => (value === '' ? undefined : value), choice('Marital status', MARITAL_STATUSES).optional()),
  countryOfOrigin: requiredText('Country of origin', 80),
  stateOfOrigin: requiredText('State of origin', 80),
  industry: choice('Industry', INDUSTRIES),
  occupation: requiredText('Occupation', 120),
  address: requiredText('Address', 300),
  password: password(),
  confirmPassword: z.string({ error: 'Confirm password is required' }),
  acceptTerms: mustAccept('You must agree to the privacy policy and terms'),
  // Optional, and never asked of a child (NDPA 2023: consent that is a condition of joining is not freely given).
  acceptMarketing: optionalTick(),
  // Asked only when the date of birth is under 18: a child's account waits for this person.
  guardianName: optionalText('Guardian name', 120),
  guardianRelationship: optionalText('Guardian relationship', 60),
  guardianEmail: optionalText('Guardian email', 254),
  guardianPhone: optionalText('Guardian phone', 32),
});

const GUARDIAN_FIELDS = [
  ['guardianName', 'your parent or guardian’s full name'],
  ['guardianRelationship', 'how they are related to you (for example mother, father, aunt)'],
  ['guardianEmail', 'your parent or guardian’s email'],
  ['guardianPhone', 'your parent or guardian’s phone number'],
] as const;

/** An adult gives a marital status; a child is not asked one. */
function checkMaritalStatus(data: z.output<typeof signupFields>, ctx: z.RefinementCtx) {
  if (!data.maritalStatus && !isChildOn(data.dob, todayInLagos())) {
    ctx.addIssue({ code: 'custom', path: ['maritalStatus'], message: 'Marital status must be one of the listed options' });
  }
}

/** The guardian of a member under 18, normalised (email lower case, phone E.164), or issues on `ctx`. */
function checkGuardian(data: z.output<typeof signupFields>, ctx: z.RefinementCtx) {
  if (!isChildOn(data.dob, todayInLagos())) return;
  for (const [field, words] of GUARDIAN_FIELDS) {
    if (!data[field]) ctx.addIssue({ code: 'custom', path: [field], message: `You are under 18: please give ${words}.` });
  }
  if (data.guardianEmail) {
    const parsed = email('Guardian email').safeParse(data.guardianEmail);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['guardianEmail'], message: 'Guardian email must be a valid email address' });
    else if (parsed.data === data.email) {
      ctx.addIssue({ code: 'custom', path: ['guardianEmail'], message: 'Your guardian’s email must be their own, not the same as yours.' });
    }
  }
  if (data.guardianPhone && !phone('Guardian phone').safeParse(data.guardianPhone).success) {
    ctx.addIssue({ code: 'custom', path: ['guardianPhone'], message: 'Guardian phone must be a valid phone number' });
  }
}

/** The guardian as the sign-up stores it: present only for a member under 18. */
export function signupGuardian(data: z.output<typeof signupFields>): { name: string; relationship: string; email: string; phone: string } | null {
  if (!isChildOn(data.dob, todayInLagos()) || !data.guardianName || !data.guardianRelationship || !data.guardianEmail || !data.guardianPhone) return null;
  return {
    name: data.guardianName,
    relationship: data.guardianRelationship,
    email: email().parse(data.guardianEmail),
    phone: phone().parse(data.guardianPhone),
  };
}

export const signupSchema = z.preprocess(
  // The spec names the field `name`; the profile calls it `fullName`. Both are accepted.
  (body) => (body && typeof body === 'object' && !('name' in body) && 'fullName' in body ? { ...body, name: (body as { fullName: unknown }).fullName } : body),
  signupFields
    .refine((data) => data.password === data.confirmPassword, {
      error: FAILURE.passwordsDoNotMatch,
      path: ['confirmPassword'],
    })
    .refine((data) => data.countryOfOrigin !== NIGERIA || (NIGERIAN_STATES as readonly string[]).includes(data.stateOfOrigin), {
      error: 'State of origin must be one of the 36 states or the FCT',
      path: ['stateOfOrigin'],
    })
    .superRefine(checkGuardian)
    .superRefine(checkMaritalStatus),
);
export type SignupInput = z.input<typeof signupFields>;

/** Login sends the one identifier the member typed as both `email` and `phone`. */
export const loginSchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    phone: z.string().trim().max(254).optional(),
    password: z.string().max(128).optional(),
  })
  .transform((body, ctx) => {
    const identifier = body.email || body.phone;
    if (!identifier || !body.password) {
      ctx.addIssue({ code: 'custom', message: FAILURE.fillAllFields });
      return z.NEVER;
    }
    return { identifier, password: body.password };
  });

/** Edit profile (multipart text fields). Phone and title are required; blank optional fields are left as they are. */
export const profileUpdateSchema = z.object({
  userId: z.string().optional(),
  fullName: optionalText('Full name', 120),
  email: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(email().optional()),
  password: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(password('New password').optional()),
  /** Needed to change the email, the phone number or the password. */
  currentPassword: currentPassword(),
  phone: phone(),
  title: requiredText('Title', 120),
  bio: optionalText('Bio', 2000),
  address: optionalText('Address', 300),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** The email or phone of an account, as the member types it on the login page. */
const identifier = () => requiredText('Email or phone number', 254);

export const forgotPasswordSchema = z.object({ identifier: identifier() });

export const resetPasswordSchema = z
  .object({
    identifier: identifier(),
    code: sixDigits('Reset code'),
    password: password('New password'),
    confirmPassword: z.string({ error: 'Confirm password is required' }),
  })
  .refine((data) => data.password === data.confirmPassword, { error: FAILURE.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const confirmEmailSchema = z.object({ code: sixDigits('Confirmation code') });

export interface Achievement {
  id: string;
  title: string;
  description: string;
  /** When staff awarded it; absent on achievements recorded before awards were dated. */
  awardedAt?: string;
}

/** The user object every call answers with: never a hash, never session data. */
export interface User {
  _id: string;
  id: string;
  name: string;
  fullName: string;
  email: string;
  /** A new email waiting for the code sent to it; `email` stays in force until then. */
  pendingEmail: string | null;
  phone: string;
  dob: string | null;
  countryOfOrigin: string | null;
  maritalStatus: string | null;
  stateOfOrigin: string | null;
  industry: string | null;
  occupation: string | null;
  title: string | null;
  address: string | null;
  bio: string | null;
  overview: string | null;
  profilePic: string | null;
  registrationDate: string;
  /** True while the membership is active or in grace (the first client's name for it). */
  status: boolean;
  /** `HM-000123`, given at first activation. */
  memberNumber: string | null;
  /** The last Lagos calendar day the fee covers. */
  paidUntil: string | null;
  role: Role;
  /** The member's level in the company's terms, 1 to 5. */
  level: number;
  achievements: Achievement[];
  /** Under 18: `waiting` until the guardian confirms by email (no paying, forms or publishing until then). */
  guardian: 'waiting' | 'confirmed' | null;
  /** The member's own advert; imageUrl, linkUrl and altText are null when none is placed. */
  ad: MemberAd;
}

/** Ending the account: the current password again. */
export const terminateAccountSchema = z.object({ currentPassword: currentPassword() }).nullish();
