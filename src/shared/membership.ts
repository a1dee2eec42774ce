import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import type { PaymentState } from './charges.js';
import { shiftDate } from './dates.js';
import { keepingLastAnswer } from './last-answer.js';

/*
 * A membership over time. `paidUntil` is the last Lagos calendar day the fee covers; the state is
 * computed from it whenever it is read, so nobody lapses by a job running (or not running).
 */

/** Days after paid-until in which everything still works, with a banner asking to renew. */
export const GRACE_DAYS = 7;

export type MembershipState = 'none' | 'pending' | 'active' | 'grace' | 'lapsed';

/**
 * The paid-until dates that make a membership active or in grace on `today`: active while
 * paid-until >= `activeFrom`, in grace while paid-until >= `graceFrom`. The one rule, read by
 * paidState here and by the SQL that counts members by state (server/membership/state-sql.ts).
 * Asked on every signed-in request, nearly always for the same day.
 */
export const stateBoundaries = keepingLastAnswer((today: string): Readonly<{ activeFrom: string; graceFrom: string }> => ({
  activeFrom: today,
  graceFrom: shiftDate(today, -GRACE_DAYS),
}));

/** Where a paid membership stands on `today`; null when nothing was ever paid. */
export function paidState(paidUntil: string | null, today: string): 'active' | 'grace' | 'lapsed' | null {
  if (!paidUntil) return null;
  const { activeFrom, graceFrom } = stateBoundaries(today);
  if (paidUntil >= activeFrom) return 'active';
  if (paidUntil >= graceFrom) return 'grace';
  return 'lapsed';
}

/** What the state is computed from: the member's row, and their latest membership payment's review. */
export interface MembershipFacts {
  activated: boolean;
  paidUntil: string | null;
  suspended: boolean;
  latestPayment: PaymentState | null;
}

export function membershipState(facts: MembershipFacts, today: string): MembershipState {
  if (facts.suspended) return 'lapsed';
  const paid = facts.activated ? paidState(facts.paidUntil, today) : null;
  if (paid === 'active' || paid === 'grace') return paid;
  // A slip under review, or an approved first payment whose OTP is still to be entered.
  if (facts.latestPayment === 'pending' || (!facts.activated && facts.latestPayment === 'approved')) return 'pending';
  return paid ?? 'none';
}

/**
 * Where the member stands by what was paid, a slip under review aside: what access, the door
 * check and the announcement groups go by.
 */
export function standingState(facts: Omit<MembershipFacts, 'latestPayment'>, today: string): MembershipState {
  return membershipState({ ...facts, latestPayment: null }, today);
}

/** Active and grace open the members-only parts of the portal (and make the API's `status` true). */
export function hasMemberAccess(facts: Omit<MembershipFacts, 'latestPayment'>, today: string): boolean {
  const state = standingState(facts, today);
  return state === 'active' || state === 'grace';
}

/** `HM-000123` (any case, spaces around) to 123; null when it is not a member number. */
export function parseMemberNumber(text: string): number | null {
  const match = /^HM-(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/**
 * The new paid-until after `months` are approved: counted from the later of today and the
 * current paid-until, month by month (31 January + 1 month is 28 or 29 February).
 */
export function extendPaidUntil(current: string | null, today: string, months: number): string {
  // Stryker disable next-line EqualityOperator: `>=` picks current when it equals today, the same date.
  const from = current && current > today ? current : today;
  return format(addMonths(parseISO(from), months), 'yyyy-MM-dd');
}

export function formatMemberNumber(number: number): string {
  return `HM-${String(number).padStart(6, '0')}`;
}
