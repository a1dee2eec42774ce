import { differenceInYears } from 'date-fns/differenceInYears';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { subYears } from 'date-fns/subYears';
import { keepingLastAnswer } from './last-answer.js';

// Apart from privacy.ts, which holds zod schemas: the sign-up page asks whether a date of birth
// is a child's while it is drawn, and zod then loads only when a form is first used.

/** The age from which a member needs no guardian (Nigeria Data Protection Act 2023, s.31). */
export const ADULT_AGE = 18;

/** Age in whole years on a calendar day (both YYYY-MM-DD, Lagos). */
export function ageOn(dob: string, day: string): number {
  return differenceInYears(parseISO(day), parseISO(dob));
}

/**
 * Born after this day (YYYY-MM-DD), a person is a child on `day`. Asked on every signed-in
 * member's request, nearly always for the same day. A 29 February birthday counts from 1 March
 * in other years.
 */
const adultsBornBy = keepingLastAnswer((day: string) => format(subYears(parseISO(day), ADULT_AGE), 'yyyy-MM-dd'));

export function isChildOn(dob: string, day: string): boolean {
  return dob > adultsBornBy(day);
}

/** The band a child's public talent profile may show, when the guardian allowed it; never the age itself. */
export function ageBand(age: number): string {
  if (age < 6) return 'Under 6';
  if (age < 10) return '6 to 9';
  if (age < 13) return '10 to 12';
  if (age < 16) return '13 to 15';
  return '16 to 17';
}
