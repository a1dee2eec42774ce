import { describe, expect, it } from 'vitest';
import { shiftDate, todayInLagos } from './dates.js';

describe('todayInLagos', () => {
  it.each([
    ['2026-11-22T22:59:59Z', '2026-11-22'],
    ['2026-11-22T23:00:00Z', '2026-11-23'],
    ['2026-11-22T23:30:00Z', '2026-11-23'],
    ['2026-12-31T23:15:00Z', '2027-01-01'],
    ['2026-03-29T00:30:00Z', '2026-03-29'],
    ['2024-02-28T23:45:00Z', '2024-02-29'],
  ])('at %s is %s (WAT is UTC+1 all year)', (instant, expected) => {
    expect(todayInLagos(new Date(instant))).toBe(expected);
  });

  it('answers each instant on its own, asked one after another across midnight in Lagos', () => {
    expect(todayInLagos(new Date('2026-11-22T22:59:00.000Z'))).toBe('2026-11-22');
    expect(todayInLagos(new Date('2026-11-22T22:59:59.999Z'))).toBe('2026-11-22');
    expect(todayInLagos(new Date('2026-11-22T23:00:00.000Z'))).toBe('2026-11-23');
    expect(todayInLagos(new Date('2026-11-22T22:59:30.000Z'))).toBe('2026-11-22');
  });
});

describe('shiftDate', () => {
  it.each([
    ['2026-11-23', 1, '2026-11-24'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-28', 2, '2026-03-30'],
    ['2026-10-24', 2, '2026-10-26'],
  ])('%s shifted by %i is %s', (day, days, expected) => {
    expect(shiftDate(day, days)).toBe(expected);
  });
});
