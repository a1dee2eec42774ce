import { isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import {
  DISCOVERY_SOURCES,
  DOCUMENT_KINDS,
  DONATION_EVENTS,
  GENDERS,
  MOVIE_ROLES,
  PAPER_SIZES,
  PRINT_COLORS,
  REGISTRATION_CATEGORIES,
  ROLE_TYPES,
  SHOWTIMES,
  WELFARE_BENEFITS,
  YES_NO,
} from '../form-options.js';
import type { FormKind } from '../form-definitions.js';
import { type Option, valuesOf } from '../options.js';
import { choice, dateOfBirth, email, isoDate, optionalText, phone, requiredText } from './fields.js';

/*
 * Schemas of the six member forms. Multipart forms deliver every text field as a string and a
 * page's empty input as "", so the builders below read "" as "not given" and numbers, lists and
 * booleans from their text. Each schema's input type is what a page's form holds; its output is
 * what the server stores.
 */

type Issue = { addIssue(issue: { code: 'custom'; message: string }): void };

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

interface NumberRule {
  integer?: boolean;
  min?: number;
  max?: number;
  /** Strictly greater than zero (money). */
  positive?: boolean;
  /** At most this many decimal places. */
  decimals?: number;
}

function readNumber(label: string, rule: NumberRule, value: number | string, ctx: Issue): number | typeof z.NEVER {
  const n = typeof value === 'number' ? value : Number(value.trim().replaceAll(',', ''));
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message: `${label} ${message}` });
    return z.NEVER;
  };
  if (!Number.isFinite(n)) return fail('must be a number');
  if (rule.integer && !Number.isInteger(n)) return fail('must be a whole number');
  if (rule.positive && n <= 0) return fail('must be greater than 0');
  if (rule.min !== undefined && n < rule.min) return fail(`must be at least ${rule.min}`);
  if (rule.max !== undefined && n > rule.max) return fail(`must be at most ${rule.max}`);
  if (rule.decimals !== undefined && Math.round(n * 10 ** rule.decimals) !== n * 10 ** rule.decimals) {
    return fail(`must have at most ${rule.decimals} decimal places`);
  }
  return n;
}

/** A number typed into an input: accepted as a number (JSON) or its text (multipart). */
export function requiredNumber(label: string, rule: NumberRule = {}) {
  return z
    .union([z.number(), z.string()], { error: `${label} is required` })
    .transform((value, ctx) => {
      if (blank(value)) {
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      return readNumber(label, rule, value, ctx);
    });
}

export function optionalNumber(label: string, rule: NumberRule = {}) {
  return z
    .union([z.number(), z.string()], { error: `${label} must be a number` })
    .optional()
    .transform((value, ctx) => (value === undefined || blank(value) ? undefined : readNumber(label, rule, value, ctx)));
}

/** The highest page a list offers to open: far past any real list, and small enough for the database's offset. */
export const MAX_PAGE = 100_000;

/** A list's page number from the query string: 1 when absent. */
export function pageNumber() {
  return optionalNumber('Page', { integer: true, min: 1, max: MAX_PAGE }).transform((page) => page ?? 1);
}

/** An optional field that, when filled in, must pass `schema`; "" counts as not filled in. */
function whenGiven<S extends z.ZodType<unknown, string>>(schema: S) {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value))
    .pipe(schema.optional());
}

export const optionalEmail = (label: string) => whenGiven(email(label));
export const optionalPhone = (label: string) => whenGiven(phone(label));
export const optionalDate = (label: string) => whenGiven(isoDate(label));
export function optionalChoice<T extends string>(label: string, options: readonly Option<T>[]) {
  return whenGiven(choice(label, options));
}

/** A date that has already happened (payments, past visits). */
export function pastDate(label: string) {
  return isoDate(label).refine((value) => !isValid(parseISO(value)) || parseISO(value).getTime() <= Date.now(), {
    error: `${label} cannot be in the future`,
  });
}

/**
 * Several options at once. A page sends an array; a multipart request sends the keys joined by
 * commas or as a JSON array, since a repeated field keeps only its last value.
 */
export function optionalList<T extends string>(label: string, options: readonly Option<T>[]) {
  const allowed = valuesOf(options);
  return z
    .union([z.array(z.string()), z.string()], { error: `${label} must be a list of options` })
    .optional()
    .transform((value, ctx): T[] => {
      let items: string[];
      if (value === undefined) items = [];
      else if (Array.isArray(value)) items = value;
      else if (value.trim().startsWith('[')) {
        try {
          const parsed: unknown = JSON.parse(value);
          items = Array.isArray(parsed) ? parsed.map(String) : [];
        } catch {
          items = [];
        }
      } else items = value.split(',');
      const keys = [...new Set(items.map((item) => item.trim()).filter(Boolean))];
      const unknown = keys.find((key) => !(allowed as string[]).includes(key));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${label} must be one of the listed options` });
        return z.NEVER;
      }
      return keys as T[];
    });
}

/** A checkbox: true, "true", "on" or "yes" is ticked; anything else is not. */
export function checkbox() {
  return z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'true' || value === 'on' || value === 'yes');
}

// ---------------------------------------------------------------- script printing

export const scriptPrintingSchema = z.object({
  name: requiredText('Name', 120),
  email: email(),
  phone: phone(),
  documentType: choice('Document type', DOCUMENT_KINDS),
  quantity: optionalNumber('Quantity', { integer: true, min: 1, max: 100_000 }).transform((value) => value ?? 1),
  paperSize: choice('Paper size', PAPER_SIZES),
  color: choice('Color', PRINT_COLORS),
  comments: optionalText('Comments', 2000),
});
export type ScriptPrintingInput = z.input<typeof scriptPrintingSchema>;
export type ScriptPrinting = z.output<typeof scriptPrintingSchema>;

// ---------------------------------------------------------------- welfare

export const welfareSchema = z.object({
  name: requiredText('Name', 120),
  dob: dateOfBirth(),
  address: requiredText('Address', 300),
  phone: phone(),
  email: email(),
  benefits: choice('Benefits', WELFARE_BENEFITS),
  comments: optionalText('Comments', 2000),
});
export type WelfareInput = z.input<typeof welfareSchema>;
export type Welfare = z.output<typeof welfareSchema>;

// ---------------------------------------------------------------- movie premiere

/** `movie` is checked against the open premieres by the server, which owns that list. */
export const moviePremiereSchema = z.object({
  name: requiredText('Name', 120),
  email: email(),
  contact: phone('Contact'),
  movie: requiredText('Movie', 200),
  showtime: choice('Showtime', SHOWTIMES),
  requests: optionalText('Requests', 1000),
});
export type MoviePremiereInput = z.input<typeof moviePremiereSchema>;
export type MoviePremiere = z.output<typeof moviePremiereSchema>;

// ---------------------------------------------------------------- event donation

export const eventSchema = z.object({
  surname: requiredText('Surname', 80),
  firstName: requiredText('First name', 80),
  registrationNumber: requiredText('Registration number', 60),
  companyId: requiredText('Company ID', 60),
  selectedEvent: choice('Selected event', DONATION_EVENTS),
  amountPaid: requiredNumber('Amount paid', { positive: true, max: 100_000_000, decimals: 2 }),
  paymentDate: pastDate('Payment date'),
});
export type EventInput = z.input<typeof eventSchema>;
export type EventDonation = z.output<typeof eventSchema>;

// ---------------------------------------------------------------- camping

export const campingSchema = z.object({
  artistId: requiredText('Artist ID', 60),
});
export type CampingInput = z.input<typeof campingSchema>;
export type Camping = z.output<typeof campingSchema>;

// ---------------------------------------------------------------- artist membership

const text = (label: string, max = 200) => optionalText(label, max);

export const artistMembershipSchema = z.object({
  registrationCategory: optionalChoice('Registration category', REGISTRATION_CATEGORIES).transform((value) => value ?? 'movie'),
  surname: text('Surname', 80),
  firstName: text('First name', 80),
  lastName: text('Last name', 80),
  motherName: text("Mother's name", 120),
  nationality: text('Nationality', 80),
  gender: optionalChoice('Gender', GENDERS),
  dateOfBirth: dateOfBirth(),
  religion: text('Religion', 80),
  tribe: text('Tribe', 80),
  educationLevel: text('Education level', 120),
  graduationYear: optionalNumber('Graduation year', { integer: true, min: 1900, max: new Date().getFullYear() + 10 }),
  occupation: text('Occupation', 120),
  maritalStatus: text('Marital status', 40),
  stateOfResidence: text('State of residence', 80),
  cityOfResidence: text('City of residence', 80),
  callNumber1: optionalPhone('Call number'),
  whatsappNumber: optionalPhone('WhatsApp number'),
  email: optionalEmail('Email'),
  address: text('Address', 300),
  landmark: text('Landmark', 200),
  lga: text('LGA', 80),
  nationalId: text('National ID', 40),
  taxNumber: text('Tax number', 40),
  howDidYouKnow: optionalList('How did you know about us', DISCOVERY_SOURCES),
  heightFt: requiredNumber('Height (ft)', { integer: true, min: 1, max: 8 }),
  heightInch: requiredNumber('Height (inch)', { integer: true, min: 0, max: 11 }),
  weight: requiredNumber('Weight', { positive: true, max: 400 }),
  chest: requiredNumber('Chest', { positive: true, max: 300 }),
  hairColor: requiredText('Hair color', 40),
  eyeColor: requiredText('Eye color', 40),
  inProduction: optionalChoice('In production', YES_NO),
  productionHouseName: text('Production house name', 120),
  position: text('Position', 120),
  joinedYear: optionalDate('Joined year'),
  producerName: text('Producer name', 120),
  producerContact: optionalPhone('Producer contact'),
  producerEmail: optionalEmail('Producer email'),
  productionState: text('Production state', 80),
  productionAddress: text('Production address', 300),
  productionLandmark: text('Production landmark', 200),
  movieYear: optionalDate('Movie year'),
  movieRole: optionalChoice('Movie role', MOVIE_ROLES),
  movieName: text('Movie name', 200),
  actedYear: optionalDate('Acted year'),
  directorName: text('Director name', 120),
  castName: text('Cast name', 200),
  hasId: optionalChoice('Has ID', YES_NO),
  lastVisited: optionalDate('Last visited'),
  leaveReasons: text('Leave reasons', 2000),
  membershipReasons: text('Membership reasons', 2000),
  roleType: optionalChoice('Role type', ROLE_TYPES),
  // The spec says the terms box is not enforced; it is recorded as given.
  termsAccepted: checkbox(),
});
export type ArtistMembershipInput = z.input<typeof artistMembershipSchema>;
export type ArtistMembership = z.output<typeof artistMembershipSchema>;

// ---------------------------------------------------------------- registry

/** Every form's text schema, by its stored name: the one part of its entry in form-definitions.ts kept here, with zod. */
export const FORM_SCHEMAS: Record<FormKind, z.ZodObject> = {
  'artist-membership': artistMembershipSchema,
  'script-printing': scriptPrintingSchema,
  welfare: welfareSchema,
  camping: campingSchema,
  event: eventSchema,
  'movie-premiere': moviePremiereSchema,
};

// ---------------------------------------------------------------- answers

export interface Premiere {
  id: string;
  title: string;
  showtimes: string[];
}

export interface MemberEvent {
  id: string;
  name: string;
  description: string;
  createdAt: string;
}

// ---------------------------------------------------------------- staff

export const premiereCreateSchema = z.object({
  title: requiredText('Title', 200),
  showtimes: z
    .array(choice('Showtime', SHOWTIMES), { error: 'Showtimes must be a list of showtimes' })
    .min(1, { error: 'Showtimes must name at least one showtime' })
    .optional()
    .transform((value) => [...new Set(value ?? valuesOf(SHOWTIMES))]),
});
export type PremiereCreateInput = z.input<typeof premiereCreateSchema>;

export const premiereUpdateSchema = z.object({
  open: z.boolean({ error: 'Open must be true or false' }).optional(),
  showtimes: z
    .array(choice('Showtime', SHOWTIMES), { error: 'Showtimes must be a list of showtimes' })
    .min(1, { error: 'Showtimes must name at least one showtime' })
    .optional(),
});
export type PremiereUpdateInput = z.input<typeof premiereUpdateSchema>;
