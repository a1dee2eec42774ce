import { z } from 'zod';
import { COMPANY_EVENT_KINDS } from '../company-events.js';
import { valuesOf } from '../options.js';
import { isoDate, requiredText } from './fields.js';

/** A company event's fields, as staff send them (multipart, with an optional `picture`). */
export const companyEventFields = z.object({
  kind: z.enum(valuesOf(COMPANY_EVENT_KINDS), { error: 'Kind must be one of: casting day, meeting, training, premiere, anniversary, company event' }),
  title: requiredText('Title', 120),
  day: isoDate('Date'),
  time: z
    .string({ error: 'Time is required' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Time must be a time of day such as 14:30' }),
  place: requiredText('Place', 200),
  description: requiredText('Description', 2000),
});
export type CompanyEventInput = z.infer<typeof companyEventFields>;

export const galleryImageFields = z.object({ caption: requiredText('Caption', 120) });
