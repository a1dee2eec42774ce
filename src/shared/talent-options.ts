import { REGISTRATION_CATEGORIES } from './form-options.js';
import type { Option } from './options.js';

/**
 * Option lists and limits of the talent directory, without zod, so the public directory page
 * loads them without the schemas (src/shared/schemas/talent.ts holds those).
 */

export const TALENT_CATEGORIES = REGISTRATION_CATEGORIES;

/** The directory's filters, as the public page's query names them (talentQuerySchema reads them and `page`). */
export const TALENT_FILTERS = ['category', 'gender', 'state', 'minHeightCm', 'maxHeightCm', 'minAge', 'maxAge'] as const;
export type TalentCategory = (typeof TALENT_CATEGORIES)[number]['value'];

/** What a talent may choose to show; nothing else about the member is ever public. */
export const TALENT_MEASUREMENTS = [
  { value: 'height', label: 'Height' },
  { value: 'weight', label: 'Weight' },
  { value: 'chest', label: 'Chest' },
  { value: 'hairColor', label: 'Hair color' },
  { value: 'eyeColor', label: 'Eye color' },
  { value: 'gender', label: 'Gender' },
  { value: 'age', label: 'Age' },
  { value: 'state', label: 'State of residence' },
] as const satisfies readonly Option[];
export type TalentMeasurement = (typeof TALENT_MEASUREMENTS)[number]['value'];

export const MAX_TALENT_PHOTOS = 6;
export const TALENT_PAGE_SIZE = 12;
/** Portfolio photos are re-encoded to fit this box. */
export const TALENT_PHOTO_BOX = { width: 1200, height: 1200 } as const;

export const BOOKING_STATES = [
  { value: 'new', label: 'New' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
  { value: 'closed', label: 'Closed' },
] as const satisfies readonly Option[];
export type BookingState = (typeof BOOKING_STATES)[number]['value'];
