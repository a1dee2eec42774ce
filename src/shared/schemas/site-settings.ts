import { z } from 'zod';
import { MAX_FAQ_ENTRIES, MAX_OFFICES, type SiteSettings } from '../site.js';
import { requiredText } from './fields.js';

/** Text a page shows only when set: blank is unset (null). */
function shownWhenSet(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .transform((value) => value || null);
}

export const siteSettingsSchema = z.object({
  companyName: requiredText('Company name', 120),
  email: shownWhenSet('Email', 254).pipe(z.email({ error: 'Email must be a valid email address' }).nullable()),
  phone: shownWhenSet('Phone', 32),
  nairaAccount: shownWhenSet('Naira account', 300),
  dollarAccount: shownWhenSet('Dollar account', 300),
  offices: z
    .array(z.object({ state: requiredText('Office name', 60), address: requiredText('Office address', 300) }), { error: 'Offices must be a list' })
    .max(MAX_OFFICES, { error: `At most ${MAX_OFFICES} offices` }),
  faq: z
    .array(z.object({ question: requiredText('Question', 200), answer: requiredText('Answer', 2000) }), { error: 'FAQ must be a list' })
    .max(MAX_FAQ_ENTRIES, { error: `At most ${MAX_FAQ_ENTRIES} questions` }),
}) satisfies z.ZodType<SiteSettings, unknown>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
