import { z } from 'zod';
import { CASTING_GENDERS, CAST_PER_ROLE, DEFAULT_COUNT_UP_TO_LEVEL, MAX_CAST_PER_ROLE, MAX_LEVEL, MAX_ROLES_PER_CALL, MIN_LEVEL } from '../castings.js';
import { MAX_MEMBER_AGE, MIN_MEMBER_AGE } from '../constants.js';
import { todayInLagos } from '../dates.js';
import { TALENT_CATEGORIES } from '../talent-options.js';
import { choice, isoDate, optionalText, requiredText, sixDigits } from './fields.js';

/** A whole number in a range, from a form's text or a JSON number. */
function wholeNumber(label: string, min: number, max: number) {
  return z.coerce
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be between ${min} and ${max}` })
    .max(max, { error: `${label} must be between ${min} and ${max}` });
}

export const castingRoleSchema = z
  .object({
    title: requiredText('Role', 120),
    category: choice('Category', TALENT_CATEGORIES),
    gender: choice('Gender', CASTING_GENDERS),
    minAge: wholeNumber('Youngest age', MIN_MEMBER_AGE, MAX_MEMBER_AGE),
    maxAge: wholeNumber('Oldest age', MIN_MEMBER_AGE, MAX_MEMBER_AGE),
    minLevel: wholeNumber('Lowest level', MIN_LEVEL, MAX_LEVEL),
    maxLevel: wholeNumber('Highest level', MIN_LEVEL, MAX_LEVEL),
    /** Blank: the terms' five for a role of levels 1-3; a role open to levels 4-5 must say. */
    count: z.preprocess((value) => (value === '' || value === null ? undefined : value), wholeNumber('How many to cast', 1, MAX_CAST_PER_ROLE).optional()),
  })
  .refine((role) => role.minAge <= role.maxAge, { error: 'Youngest age must not be above the oldest age', path: ['minAge'] })
  .refine((role) => role.minLevel <= role.maxLevel, { error: 'Lowest level must not be above the highest level', path: ['minLevel'] })
  .refine((role) => role.count !== undefined || role.maxLevel <= DEFAULT_COUNT_UP_TO_LEVEL, {
    error: `How many to cast is required for a role open to levels above ${DEFAULT_COUNT_UP_TO_LEVEL} (the terms give ${CAST_PER_ROLE} only for levels 1-${DEFAULT_COUNT_UP_TO_LEVEL})`,
    path: ['count'],
  })
  .transform((role) => ({ ...role, count: role.count ?? CAST_PER_ROLE }));

export const castingCallSchema = z
  .object({
    project: requiredText('Project', 160),
    description: optionalText('Description', 2000).transform((value) => value ?? ''),
    castingDay: isoDate('Casting date').refine((value) => value >= todayInLagos(), { error: 'Casting date cannot be in the past' }),
    time: requiredText('Time', 40),
    place: requiredText('Place', 200),
    deadline: isoDate('Deadline').refine((value) => value >= todayInLagos(), { error: 'Deadline cannot be in the past' }),
    roles: z
      .array(castingRoleSchema, { error: 'Roles must be a list' })
      .min(1, { error: 'Add at least one role' })
      .max(MAX_ROLES_PER_CALL, { error: `A casting call has at most ${MAX_ROLES_PER_CALL} roles` }),
    /** The booking request this call was made from, when staff turned one into a call. */
    bookingRequestId: z.uuid({ error: 'Booking request not found' }).optional(),
  })
  .refine((call) => call.deadline <= call.castingDay, { error: 'Deadline must be on or before the casting date', path: ['deadline'] });
export type CastingCallInput = z.input<typeof castingCallSchema>;
export type CastingCallFields = z.output<typeof castingCallSchema>;

export const castingApplicationSchema = z.object({
  note: optionalText('Note', 500).transform((value) => value ?? ''),
});

export const castingConsentSchema = z.object({
  application: z.uuid({ error: 'This application was not found' }),
  code: sixDigits('Code'),
  agree: z.boolean({ error: 'Say whether you agree' }),
});
export type CastingConsentInput = z.input<typeof castingConsentSchema>;
