import { describe, expect, it } from 'vitest';
import { extendPaidUntil, formatMemberNumber, paidState } from './membership.js';

describe('membership over time', () => {
  it('extends from today, or from the paid-until still ahead, month by month', () => {
    expect(extendPaidUntil(null, '2027-01-31', 1)).toBe('2027-02-28');
    expect(extendPaidUntil(null, '2028-01-31', 1)).toBe('2028-02-29');
    expect(extendPaidUntil('2027-03-15', '2027-03-01', 2)).toBe('2027-05-15');
    expect(extendPaidUntil('2027-01-10', '2027-03-01', 1)).toBe('2027-04-01');
    expect(extendPaidUntil(null, '2026-11-22', 12)).toBe('2027-11-22');
  });

  it('is active through paid-until, in grace for 7 days after, then lapsed', () => {
    expect(paidState(null, '2027-01-01')).toBeNull();
    expect(paidState('2027-01-31', '2027-01-31')).toBe('active');
    expect(paidState('2027-01-31', '2027-02-01')).toBe('grace');
    expect(paidState('2027-01-31', '2027-02-07')).toBe('grace');
    expect(paidState('2027-01-31', '2027-02-08')).toBe('lapsed');
  });

  it('numbers members HM- and six digits', () => {
    expect(formatMemberNumber(123)).toBe('HM-000123');
    expect(formatMemberNumber(1234567)).toBe('HM-1234567');
  });
});
