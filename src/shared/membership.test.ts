import { describe, expect, it } from 'vitest';
import { extendPaidUntil, formatMemberNumber, hasMemberAccess, membershipState, paidState, parseMemberNumber, standingState } from './membership.js';

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

  it('reads the state from the row and the latest payment: suspended is lapsed, a slip under review or an OTP still to enter is pending', () => {
    const today = '2027-03-10';
    const member = { activated: true, paidUntil: '2027-03-31', suspended: false, latestPayment: 'approved' as const };
    expect(membershipState(member, today)).toBe('active');
    expect(membershipState({ ...member, paidUntil: '2027-03-05' }, today)).toBe('grace');
    expect(membershipState({ ...member, suspended: true }, today)).toBe('lapsed');
    // Lapsed: a renewal slip under review is pending; an earlier approved or a rejected one is not.
    expect(membershipState({ ...member, paidUntil: '2027-01-31' }, today)).toBe('lapsed');
    expect(membershipState({ ...member, paidUntil: '2027-01-31', latestPayment: 'pending' }, today)).toBe('pending');
    expect(membershipState({ ...member, paidUntil: '2027-01-31', latestPayment: 'rejected' }, today)).toBe('lapsed');
    // Active or in grace stays so while a renewal slip is reviewed.
    expect(membershipState({ ...member, latestPayment: 'pending' }, today)).toBe('active');
    expect(membershipState({ ...member, paidUntil: '2027-03-05', latestPayment: 'pending' }, today)).toBe('grace');
    // Not activated yet: approved waits for the OTP; paid-until alone opens nothing.
    const newcomer = { activated: false, paidUntil: '2027-04-09', suspended: false, latestPayment: null };
    expect(membershipState({ ...newcomer, latestPayment: 'approved' }, today)).toBe('pending');
    expect(membershipState({ ...newcomer, latestPayment: 'pending' }, today)).toBe('pending');
    expect(membershipState({ ...newcomer, latestPayment: 'rejected' }, today)).toBe('none');
    expect(membershipState(newcomer, today)).toBe('none');
    expect(membershipState({ ...member, paidUntil: null, latestPayment: null }, today)).toBe('none');
  });

  it('gives member access while active or in grace, whatever slip is under review; never suspended, lapsed or before activation', () => {
    const today = '2027-03-10';
    const member = { activated: true, paidUntil: '2027-03-10', suspended: false };
    expect(standingState(member, today)).toBe('active');
    expect(hasMemberAccess(member, today)).toBe(true);
    expect(standingState({ ...member, paidUntil: '2027-03-03' }, today)).toBe('grace');
    expect(hasMemberAccess({ ...member, paidUntil: '2027-03-03' }, today)).toBe(true);
    expect(hasMemberAccess({ ...member, paidUntil: '2027-03-02' }, today)).toBe(false);
    expect(hasMemberAccess({ ...member, suspended: true }, today)).toBe(false);
    expect(hasMemberAccess({ ...member, activated: false }, today)).toBe(false);
    // A slip under review is not standing: the door check and access go by what was paid.
    const lapsedWithSlip = { ...member, paidUntil: '2027-01-31', latestPayment: 'pending' } as Parameters<typeof standingState>[0];
    expect(standingState(lapsedWithSlip, today)).toBe('lapsed');
    expect(hasMemberAccess(lapsedWithSlip, today)).toBe(false);
  });

  it('reads a member number typed in any case with spaces around, and nothing else', () => {
    expect(parseMemberNumber('HM-000123')).toBe(123);
    expect(parseMemberNumber('  hm-42 ')).toBe(42);
    expect(parseMemberNumber('HM-123456789')).toBe(123_456_789);
    expect(parseMemberNumber('HM-1234567890')).toBeNull();
    expect(parseMemberNumber('XHM-12')).toBeNull();
    expect(parseMemberNumber('HM-12x')).toBeNull();
    expect(parseMemberNumber('HM-abc')).toBeNull();
    expect(parseMemberNumber('HM-')).toBeNull();
  });
});
