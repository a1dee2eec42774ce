import type { MembershipState } from '../membership.js';

/** What the console home and the reports page answer: typed once here for the server and the pages. */

/** What money was received for, as staff say it, and a payment's stored kind -> what it paid for: from the charges' catalogue. */
export { MONEY_KINDS, chargeLedgerKindOf } from '../charges.js';

export interface MonthFigures {
  /** YYYY-MM, a Lagos calendar month. */
  month: string;
  signups: number;
  activations: number;
  renewals: number;
  /** Money received in kobo, by what it paid for: payments confirmed in the month, less the month's reversals and refunds. */
  receivedKobo: Record<string, number>;
  /** The month's reversals and refunds (contra entries) in kobo, already taken off receivedKobo. */
  reversedKobo: number;
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
