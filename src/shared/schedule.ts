// No zod here: the calendar and the register read these labels before any validation code is loaded.
import type { Option } from './options.js';

/** What a session of the company's week is (the terms: meetings, training, castings, company events). */
export const SESSION_KINDS = [
  { value: 'meeting', label: 'Meeting' },
  { value: 'training', label: 'Training' },
  { value: 'casting', label: 'Casting' },
  { value: 'company-event', label: 'Company event' },
] as const satisfies readonly Option[];
export type SessionKind = (typeof SESSION_KINDS)[number]['value'];

/** Who is expected at a session: every active member, a level range, an industry (category), or those enrolled. */
export const AUDIENCES = [
  { value: 'all', label: 'All active members' },
  { value: 'levels', label: 'A level range' },
  { value: 'category', label: 'A category' },
  { value: 'enrolled', label: 'Those enrolled' },
] as const satisfies readonly Option[];
export type Audience = (typeof AUDIENCES)[number]['value'];

export const REPEATS = [
  { value: 'none', label: 'Once' },
  { value: 'weekly', label: 'Weekly, on given days' },
  { value: 'monthly', label: 'Monthly, on the nth weekday' },
  { value: 'yearly', label: 'Yearly' },
] as const satisfies readonly Option[];
export type Repeat = (typeof REPEATS)[number]['value'];

export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** How a series repeats: weekdays 0 (Sunday) to 6; `nth` 1 to 4, or -1 for the last such weekday of the month. */
export interface Recurrence {
  repeat: Repeat;
  firstDay: string;
  untilDay: string | null;
  weekdays: number[];
  nth: number | null;
}

/** A scan within this many minutes of the arrival is the same arrival (two doors, a double scan), not leaving. */
export const SAME_ARRIVAL_MINUTES = 5;

/** One date of a series as members and staff see it: times are ISO instants, `day` the series' own date for it. */
export interface SessionDate {
  seriesId: string;
  /** The date the series gives (before any move): with the series, it names this date. */
  day: string;
  kind: SessionKind;
  title: string;
  place: string;
  startsAt: string;
  endsAt: string;
  attendanceRequired: boolean;
  cancelled: boolean;
  /** Set when staff moved this date: why, as members were told. */
  note: string | null;
  /** Raised each time staff change this date or edit its series in place: the calendar feed's SEQUENCE. */
  revision: number;
}

export interface Attendance {
  arrivedAt: string;
  leftAt: string | null;
}

export type ScanStanding = 'active' | 'grace' | 'lapsed' | 'suspended';

/** What the door's phone shows for a scan. */
export interface ScanAnswer {
  outcome: 'arrived' | 'already-arrived' | 'left';
  member: { id: string; fullName: string; memberNumber: string; photoUrl: string | null; standing: ScanStanding };
  arrivedAt: string;
  leftAt: string | null;
}

export const ATTENDANCE_FINE_STATES = ['proposed', 'confirmed', 'dismissed'] as const;
export type AttendanceFineState = (typeof ATTENDANCE_FINE_STATES)[number];

let lagosWhen: Intl.DateTimeFormat | undefined;
let lagosClock: Intl.DateTimeFormat | undefined;

/** A moment as the week's pages show it, in Lagos time whatever the phone's zone: "Thu 5 Nov, 10:00". */
export function lagosWhenOf(instant: string): string {
  lagosWhen ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return lagosWhen.format(new Date(instant));
}

/** The time of day of a moment in Lagos: "10:05". */
export function lagosTimeOf(instant: string): string {
  lagosClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return lagosClock.format(new Date(instant));
}

export const STANDING_LABELS: Record<ScanStanding, string> = { active: 'Active', grace: 'In grace', lapsed: 'Lapsed', suspended: 'Suspended' };
