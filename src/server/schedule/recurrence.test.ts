import { describe, expect, it } from 'vitest';
import { expandDates, lagosInstant } from './recurrence.js';

const rule = (over: Partial<Parameters<typeof expandDates>[0]>) => ({
  repeat: 'none' as const,
  firstDay: '2026-01-01',
  untilDay: null,
  weekdays: [],
  nth: null,
  ...over,
});

describe('the dates a series gives', () => {
  it('repeats weekly on the given days only, from the first date', () => {
    const days = expandDates(rule({ repeat: 'weekly', firstDay: '2026-11-04', weekdays: [1, 3, 5] }), '2026-11-01', '2026-11-15');
    // 4 Nov 2026 is a Wednesday: Monday 2 Nov is before the series starts.
    expect(days).toEqual(['2026-11-04', '2026-11-06', '2026-11-09', '2026-11-11', '2026-11-13']);
  });

  it('stops at the last date', () => {
    expect(expandDates(rule({ repeat: 'weekly', firstDay: '2026-11-05', untilDay: '2026-11-12', weekdays: [4] }), '2026-11-01', '2026-12-31')).toEqual([
      '2026-11-05',
      '2026-11-12',
    ]);
  });

  it('takes the second Friday of each month, across a year end', () => {
    expect(expandDates(rule({ repeat: 'monthly', firstDay: '2026-01-01', weekdays: [5], nth: 2 }), '2026-11-01', '2027-02-28')).toEqual([
      '2026-11-13',
      '2026-12-11',
      '2027-01-08',
      '2027-02-12',
    ]);
  });

  it('takes the last weekday of a month', () => {
    expect(expandDates(rule({ repeat: 'monthly', firstDay: '2026-01-01', weekdays: [1], nth: -1 }), '2026-11-01', '2026-12-31')).toEqual([
      '2026-11-30',
      '2026-12-28',
    ]);
  });

  it('repeats yearly on the same month and day, and a 29 February only in leap years', () => {
    expect(expandDates(rule({ repeat: 'yearly', firstDay: '2024-02-29' }), '2024-01-01', '2028-12-31')).toEqual(['2024-02-29', '2028-02-29']);
    expect(expandDates(rule({ repeat: 'yearly', firstDay: '2025-06-20' }), '2026-01-01', '2027-12-31')).toEqual(['2026-06-20', '2027-06-20']);
  });

  it('gives a single session once, inside the window only', () => {
    expect(expandDates(rule({ firstDay: '2026-05-01' }), '2026-01-01', '2026-12-31')).toEqual(['2026-05-01']);
    expect(expandDates(rule({ firstDay: '2026-05-01' }), '2026-06-01', '2026-12-31')).toEqual([]);
  });

  it('reads a Lagos time as UTC+1', () => {
    expect(lagosInstant('2026-11-05', '10:00').toISOString()).toBe('2026-11-05T09:00:00.000Z');
  });
});
