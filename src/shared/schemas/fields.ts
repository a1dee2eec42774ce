import { differenceInYears } from 'date-fns/differenceInYears';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { z } from 'zod';
import { MAX_MEMBER_AGE, MIN_MEMBER_AGE } from '../constants.js';
import { type Option, valuesOf } from '../options.js';
import { toE164 } from '../phone.js';

/**
 * Field builders used by every payload schema, so that a missing or malformed field always
 * produces a message that names it ("Email is required", "Phone must be a valid phone number").
 */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

/** Optional free text: absent or blank becomes undefined. */
export function optionalText(label: string, max = 2000) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((value) => (value ? value : undefined));
}

export function email(label = 'Email') {
  return requiredText(label, 254)
    .toLowerCase()
    .pipe(z.email({ error: `${label} must be a valid email address` }));
}

export function phone(label = 'Phone') {
  return requiredText(label, 32).transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a valid phone number` });
      return z.NEVER;
    }
    return e164;
  });
}

/**
 * The signed-in person's current password (or, for staff with two-factor sign-in, a code from the
 * app), asked again before a change that matters; the server says when it is missing.
 */
export function currentPassword() {
  return z
    .string()
    .max(128)
    .optional()
    .transform((value) => value || undefined);
}

export function password(label = 'Password') {
  return z
    .string({ error: `${label} is required` })
    .min(8, { error: `${label} must be at least 8 characters` })
    .max(128, { error: `${label} must be at most 128 characters` });
}

/** The years a date may fall in: PostgreSQL and the date arithmetic both handle these, and no real date lies outside. */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2999;

/** A calendar date as the browser's date input sends it: YYYY-MM-DD. */
export function isoDate(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value)), {
      error: `${label} must be a valid date`,
    })
    .refine(
      (value) => {
        const year = Number(value.slice(0, 4));
        return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
      },
      { error: `${label} must be a date between the years ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}` },
    );
}

/** Date of birth of a member: the terms allow ages 1 to 75. */
export function dateOfBirth(label = 'Date of birth') {
  return isoDate(label).refine(
    (value) => {
      const age = differenceInYears(new Date(), parseISO(value));
      return age >= MIN_MEMBER_AGE && age <= MAX_MEMBER_AGE;
    },
    { error: `${label} must give an age between ${MIN_MEMBER_AGE} and ${MAX_MEMBER_AGE}` },
  );
}

export function choice<T extends string>(label: string, options: readonly Option<T>[]) {
  return z.enum(valuesOf(options), { error: `${label} must be one of the listed options` });
}

/** A checkbox that may be left unticked: ticked is true; forms send true, multipart sends "true"/"on". */
export function optionalTick() {
  return z.preprocess((value) => value === true || value === 'true' || value === 'on', z.boolean());
}

/** A checkbox that must be ticked; forms send true, multipart sends "true"/"on". */
export function mustAccept(message: string) {
  return z.preprocess((value) => value === true || value === 'true' || value === 'on', z.literal(true, { error: message }));
}

/** A code the portal emailed: six digits. */
export function sixDigits(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .regex(/^\d{6}$/, { error: `${label} must be the 6 digits from the email` });
}
