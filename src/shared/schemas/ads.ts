import { z } from 'zod';
import { shiftDate } from '../dates.js';
import { isoDate, requiredText } from './fields.js';

export const AD_FREQUENCIES = ['always', 'randomly'] as const;
export type AdFrequency = (typeof AD_FREQUENCIES)[number];
export const AD_STATUSES = ['pending', 'running', 'rejected', 'ended'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

// What an advert image must be (src/shared/ad-image.ts: no zod, so the dashboard's advert section loads none).
export { AD_IMAGE_FORMATS, AD_IMAGE_MAX_BYTES, AD_IMAGE_MAX_SIZE, AD_IMAGE_SIZE, AD_IMAGE_TYPES } from '../ad-image.js';

export const linkUrl = (label = 'Link URL') =>
  requiredText(label, 500).refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
      } catch {
        return false;
      }
    },
    { error: `${label} must be a web address starting with http:// or https://` },
  );

/** The text fields of Place Your Ad (multipart, with the image `imageUrl` and the `paymentSlip`). */
export const placeAdFields = z.object({
  linkUrl: linkUrl(),
  altText: requiredText('Alt text', 150),
  weeks: z.coerce
    .number({ error: 'Weeks must be a number' })
    .int({ error: 'Weeks must be a whole number' })
    .min(1, { error: 'Weeks must be between 1 and 52' })
    .max(52, { error: 'Weeks must be between 1 and 52' })
    .default(1),
  /** How the member pays: a bank transfer's slip sent with the form, or online (Paystack) right after it. */
  payment: z.enum(['slip', 'online'], { error: 'Payment must be slip or online' }).default('slip'),
});
export type PlaceAdInput = z.input<typeof placeAdFields>;

/** Delete Ad: PUT /api/users/profile with imageUrl, linkUrl and altText all null. */
export const deleteAdSchema = z.object({
  ad: z.object({ imageUrl: z.null(), linkUrl: z.null(), altText: z.null() }, { error: 'Send ad with imageUrl, linkUrl and altText set to null' }),
});

export const adsQuerySchema = z.object({
  status: z.enum(AD_STATUSES, { error: 'Status must be pending, running, rejected or ended' }).default('pending'),
});

/** The last day of an advert's paid weeks from its start: staff choose the start, the weeks paid set the end. */
export function advertEndDate(startDate: string, weeks: number): string {
  return shiftDate(startDate, weeks * 7 - 1);
}

const schedule = {
  startDate: isoDate('Start date'),
  /** Only ever the end of the paid weeks (advertEndDate): taken so a client that sends it is told when it is not. */
  endDate: isoDate('End date').optional(),
  frequency: z.enum(AD_FREQUENCIES, { error: 'Frequency must be always or randomly' }),
  title: z.string().trim().max(120, { error: 'Title must be at most 120 characters' }).optional(),
};

export const approveAdSchema = z.object(schedule);

export const rejectAdSchema = z.object({ reason: requiredText('Reason', 500) });

/** Staff move an approved ad's start (its end moves with it), change how often it shows, or end it early with `end: true`. */
export const updateAdSchema = z.object({
  startDate: schedule.startDate.optional(),
  endDate: schedule.endDate,
  frequency: schedule.frequency.optional(),
  title: schedule.title,
  end: z.literal(true, { error: 'end can only be true' }).optional(),
});

/** The member's own ad, as the profile answers it. */
export interface MemberAd {
  id: string | null;
  imageUrl: string | null;
  linkUrl: string | null;
  altText: string | null;
  status: AdStatus | null;
  startDate: string | null;
  endDate: string | null;
  reason: string | null;
  clicks: number;
  weeks: number | null;
}

/** One ad of the public strip. `clickUrl` counts the click and redirects to `linkUrl`. */
export interface PublicAd {
  id: string;
  imageUrl: string;
  linkUrl: string;
  clickUrl: string;
  altText: string;
  width: number;
  height: number;
}

/** One line of the staff ads queue. */
export interface AdSummary {
  id: string;
  userId: string;
  memberName: string;
  memberEmail: string;
  imageUrl: string | null;
  linkUrl: string | null;
  altText: string | null;
  title: string | null;
  weeks: number;
  amountKobo: number | null;
  paymentStatus: string | null;
  status: AdStatus;
  startDate: string | null;
  endDate: string | null;
  frequency: AdFrequency;
  reason: string | null;
  clicks: number;
  createdAt: string;
}
