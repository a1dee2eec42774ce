import { z } from 'zod';
import { GENDERS } from '../form-options.js';
import { NIGERIAN_STATES } from '../options.js';
import { TALENT_CATEGORIES, TALENT_MEASUREMENTS, type BookingState, type TalentCategory, type TalentMeasurement } from '../talent-options.js';
import { choice, email, isoDate, optionalText, phone, requiredText, sixDigits } from './fields.js';
import { requiredNumber } from './forms.js';
import { todayInLagos } from '../dates.js';

/*
 * The talent directory: members publish a talent profile, businesses browse the published ones
 * and send booking requests. A profile's measurements come from the member's latest artist
 * membership submission; the member chooses which of them the public sees.
 */

// ---------------------------------------------------------------- the member's profile

export const talentProfileSchema = z.object({
  category: choice('Category', TALENT_CATEGORIES),
  stageName: requiredText('Stage name', 80),
  bio: optionalText('Bio', 1000).transform((value) => value ?? ''),
  published: z.boolean({ error: 'Published must be true or false' }).default(false),
  show: z
    .array(
      z.enum(TALENT_MEASUREMENTS.map((m) => m.value) as [TalentMeasurement, ...TalentMeasurement[]], { error: 'Show must list measurements from the options' }),
      {
        error: 'Show must be a list of measurements',
      },
    )
    .default([])
    .transform((keys) => [...new Set(keys)]),
});
export type TalentProfileInput = z.input<typeof talentProfileSchema>;

export const bookingResponseSchema = z.object({ message: optionalText('Message', 1000) });

// ---------------------------------------------------------------- the directory

/** A query-string number: blank means "no filter"; anything else must be a whole number in range. */
function wholeNumberParam(label: string, min: number, max: number) {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: `${label} must be a whole number` })
      .int({ error: `${label} must be a whole number` })
      .min(min, { error: `${label} must be between ${min} and ${max}` })
      .max(max, { error: `${label} must be between ${min} and ${max}` })
      .optional(),
  );
}

function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

export const talentQuerySchema = z
  .object({
    category: optionalParam(choice('Category', TALENT_CATEGORIES)),
    gender: optionalParam(choice('Gender', GENDERS)),
    state: optionalParam(z.enum(NIGERIAN_STATES, { error: 'State must be one of the 36 states or the FCT' })),
    minHeightCm: wholeNumberParam('Minimum height', 50, 250),
    maxHeightCm: wholeNumberParam('Maximum height', 50, 250),
    minAge: wholeNumberParam('Minimum age', 1, 120),
    maxAge: wholeNumberParam('Maximum age', 1, 120),
    page: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number({ error: 'Page must be a whole number' })
        .int({ error: 'Page must be a whole number' })
        .min(1, { error: 'Page must be at least 1' })
        .max(10_000, { error: 'Page must be at most 10000' })
        .default(1),
    ),
  })
  .refine((q) => q.minHeightCm === undefined || q.maxHeightCm === undefined || q.minHeightCm <= q.maxHeightCm, {
    error: 'Minimum height must not be above the maximum height',
    path: ['minHeightCm'],
  })
  .refine((q) => q.minAge === undefined || q.maxAge === undefined || q.minAge <= q.maxAge, {
    error: 'Minimum age must not be above the maximum age',
    path: ['minAge'],
  });
export type TalentQuery = z.output<typeof talentQuerySchema>;

/** The measurements a talent shows; each is absent when hidden or unknown. */
export interface TalentMeasurements {
  heightCm?: number;
  weight?: number;
  chest?: number;
  hairColor?: string;
  eyeColor?: string;
  gender?: string;
  age?: number;
  /** A child's profile shows this band ("13 to 15"), never `age`, and only when their guardian allowed it. */
  ageBand?: string;
  state?: string;
}

export interface TalentCard {
  id: string;
  stageName: string;
  category: TalentCategory;
  primaryPhotoUrl: string | null;
  gender?: string;
  state?: string;
  heightCm?: number;
  age?: number;
  ageBand?: string;
}

export interface TalentDirectoryPage {
  items: TalentCard[];
  total: number;
  page: number;
  pageSize: number;
}

export interface TalentPhoto {
  id: string;
  url: string;
  primary: boolean;
}

export interface PublicTalentProfile {
  id: string;
  stageName: string;
  category: TalentCategory;
  bio: string;
  photos: TalentPhoto[];
  measurements: TalentMeasurements;
}

/** The member's own profile in the editor: everything, plus what each measurement would show. */
export interface MyTalentProfile {
  id: string;
  stageName: string;
  category: TalentCategory;
  bio: string;
  published: boolean;
  hidden: boolean;
  show: TalentMeasurement[];
  photos: TalentPhoto[];
  /** Every measurement known from the artist membership form, shown or not. */
  available: TalentMeasurements;
}

// ---------------------------------------------------------------- booking requests

export const bookingRequestSchema = z
  .object({
    businessName: requiredText('Business name', 120),
    contactName: requiredText('Contact name', 120),
    email: email(),
    phone: phone(),
    dateFrom: isoDate('Start date').refine((value) => value >= todayInLagos(), { error: 'Start date cannot be in the past' }),
    dateTo: isoDate('End date'),
    location: requiredText('Location', 200),
    budgetNaira: requiredNumber('Budget', { positive: true, max: 100_000_000, decimals: 2 }),
    message: requiredText('Message', 2000),
  })
  .refine((r) => r.dateTo >= r.dateFrom, { error: 'End date must be on or after the start date', path: ['dateTo'] });
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequestFields = z.output<typeof bookingRequestSchema>;

/** The code mailed to the business: entering it confirms the email and sends the request on. */
export const confirmBookingSchema = z.object({ code: sixDigits('Code') });

/** A booking request as the talent sees it (the business's contact details included). */
export interface BookingRequest {
  id: string;
  reference: string;
  state: BookingState;
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  dateFrom: string;
  dateTo: string;
  location: string;
  budgetKobo: number;
  message: string;
  responseMessage: string | null;
  createdAt: string;
}

/** One line of the staff list. */
export interface BookingRequestSummary extends BookingRequest {
  profileId: string;
  stageName: string;
  memberName: string;
  memberEmail: string;
}

export interface TalentProfileSummary {
  id: string;
  stageName: string;
  category: TalentCategory;
  published: boolean;
  hidden: boolean;
  hiddenReason: string | null;
  memberName: string;
  memberEmail: string;
  photoCount: number;
  requestCount: number;
}

export const bookingListQuerySchema = z.object({
  status: z.enum(['all', 'new', 'accepted', 'declined', 'closed'], { error: 'Status must be all, new, accepted, declined or closed' }).default('all'),
});

export const hideTalentSchema = z.object({ reason: requiredText('Reason', 500) });
