// No zod here: the members' castings page reads these labels and rules before any form is used
// (the payload schemas are in schemas/castings.ts).
import type { TalentCategory } from './talent-options.js';
import type { Option } from './options.js';

/** Who a role is for; `any` takes every gender. */
export const CASTING_GENDERS = [
  { value: 'any', label: 'Any gender' },
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
] as const satisfies readonly Option[];
export type CastingGender = (typeof CASTING_GENDERS)[number]['value'];

/** The company's levels (users.level). */
export const MIN_LEVEL = 1;
export const MAX_LEVEL = 5;

/** The terms: five artists are cast per role for levels 1 to 3; a role open to levels 4-5 says its own number. */
export const CAST_PER_ROLE = 5;
export const DEFAULT_COUNT_UP_TO_LEVEL = 3;
/** The most places one role may have: a typo of 500 for 5 is refused. */
export const MAX_CAST_PER_ROLE = 50;
export const MAX_ROLES_PER_CALL = 20;

/**
 * An application's way through a call: a child's waits for the guardian's consent; staff
 * shortlist and cast; closing the call ends every application not cast as `not-cast`, and a
 * child's still waiting for the guardian as `closed-before-consent` (staff never saw it).
 */
export const APPLICATION_STATES = [
  { value: 'awaiting-consent', label: 'Waiting for your guardian' },
  { value: 'consent-refused', label: 'Guardian did not agree' },
  { value: 'closed-before-consent', label: 'Closed before your guardian agreed' },
  { value: 'applied', label: 'Applied' },
  { value: 'shortlisted', label: 'Shortlisted' },
  { value: 'cast', label: 'Cast' },
  { value: 'not-cast', label: 'Not cast' },
] as const satisfies readonly Option[];
export type ApplicationState = (typeof APPLICATION_STATES)[number]['value'];
/** What a member (and a child's guardian) is told when an application ends. */
export type CastingOutcome = Extract<ApplicationState, 'cast' | 'not-cast' | 'closed-before-consent'>;

export const CASTING_CALL_STATES = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const satisfies readonly Option[];
export type CastingCallState = (typeof CASTING_CALL_STATES)[number]['value'];

/** The terms' casting hours: the second Friday of each month, 10am to 4pm. */
export const CASTING_HOURS = '10am–4pm';

/** The second Friday of the month of `day` (YYYY-MM-DD), or of the next month when it has passed. */
export function nextCastingFriday(day: string): string {
  const secondFriday = (year: number, month: number) => {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    const date = 1 + ((5 - first + 7) % 7) + 7;
    return `${year}-${String(month + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  };
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  const thisMonth = secondFriday(year, month);
  return thisMonth >= day ? thisMonth : secondFriday(month === 11 ? year + 1 : year, (month + 1) % 12);
}

export interface CastingRoleView {
  id: string;
  title: string;
  category: TalentCategory;
  gender: CastingGender;
  minAge: number;
  maxAge: number;
  minLevel: number;
  maxLevel: number;
  count: number;
}

export interface CastingCallView {
  id: string;
  project: string;
  description: string;
  castingDay: string;
  time: string;
  place: string;
  /** The last Lagos day applications are taken. */
  deadline: string;
  state: CastingCallState;
  roles: CastingRoleView[];
}

/** A role as a member sees it on /castings: whether they may apply and, if not, why. */
export interface MemberCastingRole extends CastingRoleView {
  refusal: string | null;
  application: { id: string; state: ApplicationState } | null;
}

export interface MemberCastingCall extends Omit<CastingCallView, 'roles'> {
  roles: MemberCastingRole[];
}

export interface MyApplication {
  id: string;
  state: ApplicationState;
  note: string;
  project: string;
  roleTitle: string;
  castingDay: string;
  place: string;
  callState: CastingCallState;
  createdAt: string;
}

/** An applicant as staff review them: the talent profile, photos and every known measurement. */
export interface CastingApplicant {
  id: string;
  state: ApplicationState;
  note: string;
  memberName: string;
  memberNumber: string | null;
  stageName: string;
  level: number;
  age: number | null;
  child: boolean;
  photos: string[];
  measurements: { heightCm?: number; weight?: number; chest?: number; hairColor?: string; eyeColor?: string; gender?: string };
  createdAt: string;
}

export interface StaffCastingRole extends CastingRoleView {
  cast: number;
  applicants: CastingApplicant[];
}

export interface StaffCastingCall extends Omit<CastingCallView, 'roles'> {
  roles: StaffCastingRole[];
  bookingReference: string | null;
}

export interface StaffCastingSummary extends CastingCallView {
  applications: number;
  cast: number;
}
