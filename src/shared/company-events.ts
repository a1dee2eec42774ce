// No zod here: the members' events page reads these labels without the validation code.
import type { Option } from './options.js';

/** What the company's calendar holds (its terms: casting days, meetings, trainings, premieres, anniversaries). */
export const COMPANY_EVENT_KINDS = [
  { value: 'casting-day', label: 'Casting day' },
  { value: 'meeting', label: 'Meeting' },
  { value: 'training', label: 'Training' },
  { value: 'premiere', label: 'Premiere' },
  { value: 'anniversary', label: 'Anniversary' },
  { value: 'company-event', label: 'Company event' },
] as const satisfies readonly Option[];
export type CompanyEventKind = (typeof COMPANY_EVENT_KINDS)[number]['value'];

/** The largest event picture or gallery image staff may upload; it is resized on the server. */
export const EVENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** A company event as members and staff see it: `day` and `time` are Lagos time. */
export interface CompanyEvent {
  id: string;
  kind: CompanyEventKind;
  title: string;
  day: string;
  time: string;
  place: string;
  description: string;
  imageUrl: string | null;
}

export interface GalleryImage {
  id: string;
  caption: string;
  imageUrl: string;
}
