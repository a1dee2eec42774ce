import { z } from 'zod';
import { valuesOf } from '../options.js';
import { AUDIENCES, REPEATS, SESSION_KINDS } from '../schedule.js';
import { isoDate, optionalText, requiredText } from './fields.js';

const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${label} must be a time of day such as 09:30` });

const level = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a level from 1 to 5` })
    .int()
    .min(1, { error: `${label} must be a level from 1 to 5` })
    .max(5, { error: `${label} must be a level from 1 to 5` });

/** A series of sessions as staff send it; times are Lagos time. */
export const sessionSeriesFields = z
  .object({
    kind: z.enum(valuesOf(SESSION_KINDS), { error: 'Kind must be meeting, training, casting or company-event' }),
    title: requiredText('Title', 120),
    place: requiredText('Place', 200),
    startTime: timeOfDay('Start'),
    endTime: timeOfDay('End'),
    repeat: z.enum(valuesOf(REPEATS), { error: 'Repeat must be none, weekly, monthly or yearly' }),
    firstDay: isoDate('First date'),
    untilDay: isoDate('Last date')
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    weekdays: z.array(z.number().int().min(0).max(6), { error: 'Days must be weekdays 0 (Sunday) to 6' }).max(7).default([]),
    nth: z
      .union([z.literal(-1), z.number().int().min(1).max(4)], { error: 'Week of the month must be 1 to 4, or -1 for the last' })
      .nullable()
      .default(null),
    audience: z.enum(valuesOf(AUDIENCES), { error: 'Expected must be all, levels, category or enrolled' }),
    levelFrom: level('Lowest level').nullable().default(null),
    levelTo: level('Highest level').nullable().default(null),
    category: optionalText('Category', 40).transform((v) => v ?? null),
    attendanceRequired: z.boolean({ error: 'Say whether attendance is required' }),
    graceMinutes: z.number({ error: 'Grace must be minutes' }).int().min(0).max(240).default(15),
  })
  .superRefine((s, ctx) => {
    if (s.startTime >= s.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End must be after the start' });
    if (s.repeat === 'weekly' && s.weekdays.length === 0) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'Choose the days it repeats on' });
    if (s.repeat === 'monthly' && (s.weekdays.length !== 1 || s.nth === null))
      ctx.addIssue({ code: 'custom', path: ['nth'], message: 'Choose the week of the month and one weekday' });
    if (s.audience === 'levels' && (s.levelFrom === null || s.levelTo === null || s.levelFrom > s.levelTo))
      ctx.addIssue({ code: 'custom', path: ['levelFrom'], message: 'Choose a level range, lowest first' });
    if (s.audience === 'category' && !s.category) ctx.addIssue({ code: 'custom', path: ['category'], message: 'Choose the category expected' });
    if (s.untilDay && s.untilDay < s.firstDay) ctx.addIssue({ code: 'custom', path: ['untilDay'], message: 'The last date must be on or after the first' });
  });
export type SessionSeriesInput = z.infer<typeof sessionSeriesFields>;

/** One date cancelled, or moved to another date and time; the note is what everyone expected is told. */
export const sessionChangeFields = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('cancel'), note: requiredText('Reason', 300) }),
    z.object({
      action: z.literal('move'),
      newDay: isoDate('New date'),
      newStartTime: timeOfDay('New start'),
      newEndTime: timeOfDay('New end'),
      note: requiredText('Reason', 300),
    }),
  ],
  { error: 'Action must be cancel or move' },
);
export type SessionChangeInput = z.infer<typeof sessionChangeFields>;

/** A scan at the door: the card's QR link (or a typed member number), the phone's id for the scan and when it was made. */
export const scanFields = z.object({
  scanId: z.uuid({ error: 'Scan id must be a UUID' }),
  code: requiredText('Card', 500),
  scannedAt: z.iso.datetime({ offset: true, error: 'Scan time must be an ISO date and time' }).optional(),
});

/** A member recorded present by hand at a past date (a paper register): arrival and leaving are Lagos times of that day. */
export const handEntryFields = z.object({
  memberNumber: requiredText('Member number', 20),
  arrivedAt: timeOfDay('Arrived'),
  leftAt: timeOfDay('Left')
    .nullish()
    .transform((v) => v ?? null),
  reason: requiredText('Reason', 300),
});
export type HandEntryInput = z.infer<typeof handEntryFields>;

/** Why an attendance is taken off a date's register. */
export const attendanceRemovalFields = z.object({ reason: requiredText('Reason', 300) });

export const fineDecisionFields = z.object({
  ids: z
    .array(z.uuid({ error: 'Fine not found' }), { error: 'Choose the fines' })
    .min(1, { error: 'Choose the fines' })
    .max(500),
  /** Finance's reason for the decision (a dismissal after reading the member's reason), kept in the audit log. */
  note: optionalText('Note', 500),
});

/** Finance settle a charged fine a later scan no longer supports: the charge stands, and why. */
export const flaggedFineFields = z.object({ note: requiredText('Note', 500) });

export const fineReasonFields = z.object({ reason: requiredText('Reason', 1000) });
