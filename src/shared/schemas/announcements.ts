import { z } from 'zod';
import { INDUSTRIES, valuesOf } from '../options.js';
import { requiredText } from './fields.js';

export const AUDIENCES = [
  { value: 'all', label: 'All members' },
  { value: 'active', label: 'Active members (paid up or in grace)' },
  { value: 'level', label: 'Members of one level' },
  { value: 'industry', label: 'Members of one industry' },
  { value: 'lapsed', label: 'Lapsed members' },
] as const;
export type Audience = (typeof AUDIENCES)[number]['value'];

const audienceValues = AUDIENCES.map((a) => a.value) as [Audience, ...Audience[]];
const industryValues = valuesOf(INDUSTRIES) as [string, ...string[]];

/** The group an announcement goes to: a level or an industry names which one. */
export const audienceSchema = z.discriminatedUnion(
  'audience',
  [
    z.object({ audience: z.enum(['all', 'active', 'lapsed']) }),
    z.object({
      audience: z.literal('level'),
      level: z
        .number({ error: 'Choose a level from 1 to 5' })
        .int({ error: 'Choose a level from 1 to 5' })
        .min(1, { error: 'Choose a level from 1 to 5' })
        .max(5, { error: 'Choose a level from 1 to 5' }),
    }),
    z.object({ audience: z.literal('industry'), industry: z.enum(industryValues, { error: 'Choose an industry' }) }),
  ],
  { error: `Audience must be one of ${audienceValues.join(', ')}` },
);

export const sendAnnouncementSchema = z
  .object({
    /** Made once by the console's form: the same form sent twice is sent once. */
    clientKey: z.uuid({ error: 'Reload the page and write the announcement again' }),
    title: requiredText('Title', 120),
    body: requiredText('Message', 5000),
    promotional: z.boolean({ error: 'Say whether the announcement is promotional' }),
  })
  .and(audienceSchema);
export type SendAnnouncementInput = z.input<typeof sendAnnouncementSchema>;
export type SendAnnouncement = z.output<typeof sendAnnouncementSchema>;

export interface AnnouncementSummary {
  id: string;
  title: string;
  body: string;
  promotional: boolean;
  audience: Audience;
  audienceValue: string | null;
  recipients: number;
  sentBy: string | null;
  createdAt: string;
}
