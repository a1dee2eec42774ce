import type { MembershipState } from '../membership.js';
import type { Option } from '../options.js';

/** What the console home and the reports page answer: typed once here for the server and the pages. */

/** What money was received for: an approved slip's payment kind, as staff say it. */
export const MONEY_KINDS = [
  { value: 'membership', label: 'Membership' },
  { value: 'advert', label: 'Adverts' },
  { value: 'fine', label: 'Fines' },
] as const satisfies readonly Option[];
export type MoneyKind = (typeof MONEY_KINDS)[number]['value'];

/** A payment's stored kind -> what it paid for (a kind not listed here is reported under its own name). */
export const MONEY_KIND_OF_PAYMENT: Record<string, MoneyKind> = { fee: 'membership', ad: 'advert', fine: 'fine' };

export interface MonthFigures {
  /** YYYY-MM, a Lagos calendar month. */
  month: string;
  signups: number;
  activations: number;
  renewals: number;
  /** Money received (approved slips) in kobo, by what it paid for. */
  receivedKobo: Record<string, number>;
}

export const MEMBER_STATE_LABELS: Record<MembershipState, string> = {
  active: 'Active',
  grace: 'In grace',
  pending: 'Pending',
  lapsed: 'Lapsed',
  none: 'Never paid',
};

export interface LapsingMember {
  id: string;
  memberNumber: string | null;
  fullName: string;
  email: string;
  phone: string;
  paidUntil: string;
}

export interface ReportsView {
  /** The Lagos day the figures were computed for. */
  today: string;
  states: Record<MembershipState, number>;
  /** The last 12 months, oldest first. */
  months: MonthFigures[];
  lapsing: { total: number; until: string; members: LapsingMember[] };
}

/** The console's work waiting, by tab; only the tabs the staff member's role may use are present. */
export interface ConsoleWaiting {
  payments?: number;
  ads?: number;
  submissions?: number;
  talent?: number;
  messages?: number;
}

export interface ConsoleHome {
  waiting: ConsoleWaiting;
  /** This month's figures, for the roles that may read reports. */
  month: MonthFigures | null;
}
