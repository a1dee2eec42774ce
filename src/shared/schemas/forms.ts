import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { z } from 'zod';
import {
  ARTIST_MEMBERSHIP_FIELDS,
  CAMPING_FIELDS,
  EVENT_FIELDS,
  fieldsByName,
  MOVIE_PREMIERE_FIELDS,
  SCRIPT_PRINTING_FIELDS,
  WELFARE_FIELDS,
} from '../form-definitions.js';
import { type FormKind } from '../form-routes.js';
import { SHOWTIMES } from '../form-options.js';
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
  return z.union([z.number(), z.string()], { error: `${label} is required` }).transform((value, ctx) => {
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

// ---------------------------------------------------------------- the six forms

/*
 * Each form's labels (in messages) and option lists come from its description in form-definitions.ts;
 * what is here is how each field is read and its limits. schemas/forms.test.ts holds the keys, their
 * order and which are required to the description.
 */
const F = fieldsByName(SCRIPT_PRINTING_FIELDS);
const W = fieldsByName(WELFARE_FIELDS);
const P = fieldsByName(MOVIE_PREMIERE_FIELDS);
const E = fieldsByName(EVENT_FIELDS);
const C = fieldsByName(CAMPING_FIELDS);
const A = fieldsByName(ARTIST_MEMBERSHIP_FIELDS);

// ---------------------------------------------------------------- script printing

export const scriptPrintingSchema = z.object({
  name: requiredText(F.name.label, 120),
  email: email(F.email.label),
  phone: phone(F.phone.label),
  documentType: choice(F.documentType.label, F.documentType.options),
  quantity: optionalNumber(F.quantity.label, { integer: true, min: 1, max: 100_000 }).transform((value) => value ?? 1),
  paperSize: choice(F.paperSize.label, F.paperSize.options),
  color: choice(F.color.label, F.color.options),
  comments: optionalText(F.comments.label, 2000),
});
export type ScriptPrintingInput = z.input<typeof scriptPrintingSchema>;
export type ScriptPrinting = z.output<typeof scriptPrintingSchema>;

// ---------------------------------------------------------------- welfare

export const welfareSchema = z.object({
  name: requiredText(W.name.label, 120),
  dob: dateOfBirth(W.dob.label),
  address: requiredText(W.address.label, 300),
  phone: phone(W.phone.label),
  email: email(W.email.label),
  benefits: choice(W.benefits.label, W.benefits.options),
  comments: optionalText(W.comments.label, 2000),
});
export type WelfareInput = z.input<typeof welfareSchema>;
export type Welfare = z.output<typeof welfareSchema>;

// ---------------------------------------------------------------- movie premiere

/** `movie` is checked against the open premieres by the server, which owns that list. */
export const moviePremiereSchema = z.object({
  name: requiredText(P.name.label, 120),
  email: email(P.email.label),
  contact: phone(P.contact.label),
  movie: requiredText(P.movie.label, 200),
  showtime: choice(P.showtime.label, P.showtime.options),
  requests: optionalText(P.requests.label, 1000),
});
export type MoviePremiereInput = z.input<typeof moviePremiereSchema>;
export type MoviePremiere = z.output<typeof moviePremiereSchema>;

// ---------------------------------------------------------------- event donation

export const eventSchema = z.object({
  surname: requiredText(E.surname.label, 80),
  firstName: requiredText(E.firstName.label, 80),
  registrationNumber: requiredText(E.registrationNumber.label, 60),
  companyId: requiredText(E.companyId.label, 60),
  selectedEvent: choice(E.selectedEvent.label, E.selectedEvent.options),
  amountPaid: requiredNumber(E.amountPaid.label, { positive: true, max: 100_000_000, decimals: 2 }),
  paymentDate: pastDate(E.paymentDate.label),
});
export type EventInput = z.input<typeof eventSchema>;
export type EventDonation = z.output<typeof eventSchema>;

// ---------------------------------------------------------------- camping

export const campingSchema = z.object({
  artistId: requiredText(C.artistId.label, 60),
});
export type CampingInput = z.input<typeof campingSchema>;
export type Camping = z.output<typeof campingSchema>;

// ---------------------------------------------------------------- artist membership

const text = (label: string, max = 200) => optionalText(label, max);

export const artistMembershipSchema = z.object({
  registrationCategory: optionalChoice(A.registrationCategory.label, A.registrationCategory.options).transform((value) => value ?? 'movie'),
  surname: text(A.surname.label, 80),
  firstName: text(A.firstName.label, 80),
  lastName: text(A.lastName.label, 80),
  motherName: text(A.motherName.label, 120),
  nationality: text(A.nationality.label, 80),
  gender: optionalChoice(A.gender.label, A.gender.options),
  dateOfBirth: dateOfBirth(A.dateOfBirth.label),
  religion: text(A.religion.label, 80),
  tribe: text(A.tribe.label, 80),
  educationLevel: text(A.educationLevel.label, 120),
  graduationYear: optionalNumber(A.graduationYear.label, { integer: true, min: 1900, max: new Date().getFullYear() + 10 }),
  occupation: text(A.occupation.label, 120),
  maritalStatus: text(A.maritalStatus.label, 40),
  stateOfResidence: text(A.stateOfResidence.label, 80),
  cityOfResidence: text(A.cityOfResidence.label, 80),
  callNumber1: optionalPhone(A.callNumber1.label),
  whatsappNumber: optionalPhone(A.whatsappNumber.label),
  email: optionalEmail(A.email.label),
  address: text(A.address.label, 300),
  landmark: text(A.landmark.label, 200),
  lga: text(A.lga.label, 80),
  nationalId: text(A.nationalId.label, 40),
  taxNumber: text(A.taxNumber.label, 40),
  howDidYouKnow: optionalList(A.howDidYouKnow.label, A.howDidYouKnow.options),
  heightFt: requiredNumber(A.heightFt.label, { integer: true, min: 1, max: 8 }),
  heightInch: requiredNumber(A.heightInch.label, { integer: true, min: 0, max: 11 }),
  weight: requiredNumber(A.weight.label, { positive: true, max: 400 }),
  chest: requiredNumber(A.chest.label, { positive: true, max: 300 }),
  hairColor: requiredText(A.hairColor.label, 40),
  eyeColor: requiredText(A.eyeColor.label, 40),
  inProduction: optionalChoice(A.inProduction.label, A.inProduction.options),
  productionHouseName: text(A.productionHouseName.label, 120),
  position: text(A.position.label, 120),
  joinedYear: optionalDate(A.joinedYear.label),
  producerName: text(A.producerName.label, 120),
  producerContact: optionalPhone(A.producerContact.label),
  producerEmail: optionalEmail(A.producerEmail.label),
  productionState: text(A.productionState.label, 80),
  productionAddress: text(A.productionAddress.label, 300),
  productionLandmark: text(A.productionLandmark.label, 200),
  movieYear: optionalDate(A.movieYear.label),
  movieRole: optionalChoice(A.movieRole.label, A.movieRole.options),
  movieName: text(A.movieName.label, 200),
  actedYear: optionalDate(A.actedYear.label),
  directorName: text(A.directorName.label, 120),
  castName: text(A.castName.label, 200),
  hasId: optionalChoice(A.hasId.label, A.hasId.options),
  lastVisited: optionalDate(A.lastVisited.label),
  leaveReasons: text(A.leaveReasons.label, 2000),
  membershipReasons: text(A.membershipReasons.label, 2000),
  roleType: optionalChoice(A.roleType.label, A.roleType.options),
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
