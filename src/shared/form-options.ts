import type { Option } from './options.js';

/**
 * Option lists of the member forms' fields. The value is the stable key stored with a
 * submission; the label is what pages, staff screens and CSV readers see. The forms themselves
 * are listed in form-definitions.ts.
 */

export const SUBMISSION_STATES = [
  { value: 'new', label: 'New' },
  { value: 'handled', label: 'Handled' },
] as const satisfies readonly Option[];
export type SubmissionState = (typeof SUBMISSION_STATES)[number]['value'];

export const DOCUMENT_KINDS = [
  { value: 'business-cards', label: 'Business cards' },
  { value: 'brochures', label: 'Brochures' },
  { value: 'flyers', label: 'Flyers' },
  { value: 'posters', label: 'Posters' },
  { value: 'custom', label: 'Custom' },
] as const satisfies readonly Option[];

export const PAPER_SIZES = [
  { value: 'a4', label: 'A4' },
  { value: 'a3', label: 'A3' },
  { value: 'letter', label: 'Letter' },
  { value: 'legal', label: 'Legal' },
] as const satisfies readonly Option[];

export const PRINT_COLORS = [
  { value: 'black-white', label: 'Black & white' },
  { value: 'full-color', label: 'Full color' },
] as const satisfies readonly Option[];

export const WELFARE_BENEFITS = [
  { value: 'financial-assistance', label: 'Financial assistance' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'food-support', label: 'Food support' },
  { value: 'housing-support', label: 'Housing support' },
  { value: 'education-support', label: 'Education support' },
] as const satisfies readonly Option[];

export const SHOWTIMES = [
  { value: '5pm', label: '5:00 PM' },
  { value: '7pm', label: '7:00 PM' },
  { value: '9pm', label: '9:00 PM' },
] as const satisfies readonly Option[];
export type Showtime = (typeof SHOWTIMES)[number]['value'];

export const DONATION_EVENTS = [
  { value: 'orphanage', label: 'Orphanage visitation' },
  { value: 'widows', label: 'Widows visitation' },
  { value: 'widower', label: 'Widower visitation' },
  { value: 'birthday', label: 'Birthday' },
  { value: 'hospital', label: 'Hospital visitation' },
  { value: 'prison', label: 'Prison visitation' },
  { value: 'wedding', label: 'Wedding' },
  { value: 'welfare', label: 'Welfare' },
  { value: 'company-anniversary', label: 'Company anniversary' },
  { value: 'launching', label: 'Launching' },
  { value: 'night-event', label: 'Night event' },
  { value: 'child-naming', label: 'Child naming' },
  { value: 'child-dedication', label: 'Child dedication' },
  { value: 'premiere-ticket', label: 'Premiere ticket' },
  { value: 'night-event-ticket', label: 'Night event ticket' },
  { value: 'coronation-ticket', label: 'Coronation ticket' },
] as const satisfies readonly Option[];
export type DonationEvent = (typeof DONATION_EVENTS)[number]['value'];

export const REGISTRATION_CATEGORIES = [
  { value: 'movie', label: 'Movie' },
  { value: 'music', label: 'Music' },
  { value: 'model', label: 'Model' },
] as const satisfies readonly Option[];

export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
] as const satisfies readonly Option[];

export const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const satisfies readonly Option[];

export const MOVIE_ROLES = [
  { value: 'lead', label: 'Lead role' },
  { value: 'supporting', label: 'Supporting role' },
  { value: 'waka-pass', label: 'Waka pass' },
] as const satisfies readonly Option[];

export const ROLE_TYPES = [
  { value: 'actor', label: 'Actor' },
  { value: 'actress', label: 'Actress' },
] as const satisfies readonly Option[];

export const DISCOVERY_SOURCES = [
  { value: 'search-engine', label: 'Search engine' },
  { value: 'company-worker', label: 'Company worker' },
  { value: 'agent', label: 'Agent' },
  { value: 'television', label: 'Television' },
  { value: 'newspaper', label: 'Newspaper' },
  { value: 'friend', label: 'Friend' },
  { value: 'colleague', label: 'Colleague' },
  { value: 'relative', label: 'Relative' },
  { value: 'crew-member', label: 'Crew member' },
  { value: 'church-advert', label: 'Church advert' },
  { value: 'producer', label: 'Producer' },
  { value: 'flier', label: 'Flier' },
  { value: 'social-media', label: 'Social media' },
  { value: 'audition-advert', label: 'Audition advert' },
  { value: 'discovered-myself', label: 'Discovered myself' },
] as const satisfies readonly Option[];

/** The label of a stored key, or the key itself when the list no longer has it. */
export function labelOf(options: readonly Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}
