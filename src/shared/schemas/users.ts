import { z } from 'zod';
import { FAILURE } from '../messages.js';
import type { MemberAd } from './ads.js';
import type { Role } from '../roles.js';
import { INDUSTRIES, MARITAL_STATUSES, NIGERIA, NIGERIAN_STATES } from '../options.js';
import {
  choice,
  dateOfBirth,
  email,
  mustAccept,
  optionalText,
  password,
  phone,
  requiredText,
  sixDigits,
} from './fields.js';

export const signupFields = z.object({
  name: requiredText('Full name', 120),
  email: email(),
  phone: phone(),
  dob: dateOfBirth(),
  maritalStatus: choice('Marital status', MARITAL_STATUSES),
  countryOfOrigin: requiredText('Country of origin', 80),
  stateOfOrigin: requiredText('State of origin', 80),
  industry: choice('Industry', INDUSTRIES),
  occupation: requiredText('Occupation', 120),
  address: requiredText('Address', 300),
  password: password(),
  confirmPassword: z.string({ error: 'Confirm password is required' }),
  acceptTerms: mustAccept('You must agree to the privacy policy and terms'),
  acceptMarketing: mustAccept('You must consent to marketing emails'),
});

export const signupSchema = z.preprocess(
  // The spec names the field `name`; the profile calls it `fullName`. Both are accepted.
  (body) =>
    body && typeof body === 'object' && !('name' in body) && 'fullName' in body
      ? { ...body, name: (body as { fullName: unknown }).fullName }
      : body,
  signupFields
    .refine((data) => data.password === data.confirmPassword, {
      error: FAILURE.passwordsDoNotMatch,
      path: ['confirmPassword'],
    })
    .refine(
      (data) =>
        data.countryOfOrigin !== NIGERIA ||
        (NIGERIAN_STATES as readonly string[]).includes(data.stateOfOrigin),
      { error: 'State of origin must be one of the 36 states or the FCT', path: ['stateOfOrigin'] },
    ),
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
  /** Needed to change the email or the password. */
  currentPassword: z
    .string()
    .max(128)
    .optional()
    .transform((value) => value || undefined),
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
  /** The member's own advert; imageUrl, linkUrl and altText are null when none is placed. */
  ad: MemberAd;
}
