// No zod here: the calendar and the register read these labels before any validation code is loaded.
import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
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

/*
 * When the door's register takes a scan (decision 022, amended 2026-11-28). A scan's time is the
 * phone's, and a phone queues scans offline, so these bound what a register keeper could claim:
 * an arrival long before the start (which withdraws a late fine) or a date long past.
 */
/** The register opens this long before a session's start: a scan made earlier is refused. */
export const SCAN_LEAD_MINUTES = 60;
/** A leaving scan may be made up to this long after the end. */
export const SCAN_TRAIL_MINUTES = 60;
/** A scan queued on the door's phone is taken until this long after the session's end; then the register is closed. */
export const SCAN_DELAY_HOURS = 24;

/**
 * Staff enter attendance by hand (a paper register, when the door could not keep it) for dates
 * this many calendar months back at most (decision 022, amended 2026-11-28): a training's
 * certificate needs six months, so a year brings a whole course in, and older registers stay settled.
 */
export const HAND_ENTRY_MONTHS = 12;

/** The first date whose attendance may be entered by hand today. */
export function firstHandEntryDay(today: string): string {
  return format(addMonths(parseISO(today), -HAND_ENTRY_MONTHS), 'yyyy-MM-dd');
}

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

/** How a scan named the member: their card's QR code, or a member number the staff member typed. */
export type ScanMethod = 'scanned' | 'typed';

export const SCAN_METHOD_LABELS: Record<ScanMethod, string> = { scanned: 'card scanned', typed: 'member number typed' };

/** What the door's phone shows for a scan. */
export interface ScanAnswer {
  outcome: 'arrived' | 'already-arrived' | 'left';
  member: {
    id: string;
    fullName: string;
    memberNumber: string;
    photoUrl: string | null;
    /** Set when there is no photo to compare the face with: what the staff member should do. */
    photoNote: string | null;
    standing: ScanStanding;
  };
  arrivedAt: string;
  leftAt: string | null;
}

/** One scan of a member on a date's register: when the phone made it, how, and by which staff member (null once their account is gone). */
export interface RegisterScan {
  scannedAt: string;
  /** Null on scans recorded before the method was kept (2026-11-28). */
  method: ScanMethod | null;
  staffName: string | null;
}

/** Attendance a staff member entered by hand (never a scan): why, who (null once their account is gone) and when. */
export interface ByHand {
  reason: string;
  staffName: string | null;
  enteredAt: string;
}

export const ATTENDANCE_FINE_STATES = ['proposed', 'confirmed', 'dismissed', 'withdrawn'] as const;
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
