import { addDays } from 'date-fns/addDays';
import { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
import { format } from 'date-fns/format';
import { subYears } from 'date-fns/subYears';
import { describe, expect, it } from 'vitest';
import { ageBand, ageOn, isChildOn } from './ages.js';

describe('isChildOn', () => {
  it('turns 18 on the birthday, not the day before', () => {
    expect(isChildOn('2008-06-15', '2026-06-14')).toBe(true);
    expect(isChildOn('2008-06-15', '2026-06-15')).toBe(false);
    expect(isChildOn('1990-01-01', '2026-06-15')).toBe(false);
    expect(isChildOn('2020-01-01', '2026-06-15')).toBe(true);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(isChildOn('2008-02-29', '2026-02-28')).toBe(true);
    expect(isChildOn('2008-02-29', '2026-03-01')).toBe(false);
  });

  it('does not make an adult of someone born on 1 March on the 29 February before their birthday', () => {
    expect(isChildOn('2010-03-01', '2028-02-29')).toBe(true);
    expect(isChildOn('2010-02-28', '2028-02-29')).toBe(false);
  });

  it('answers for each day asked, one after another', () => {
    expect(isChildOn('2008-06-15', '2026-06-14')).toBe(true);
    expect(isChildOn('2008-06-15', '2026-06-15')).toBe(false);
    expect(isChildOn('2008-06-15', '2026-06-14')).toBe(true);
  });

  it('agrees with the age in whole years around every 18th birthday of a leap year and the year before', () => {
    const disagreements: string[] = [];
    for (const today of eachDayOfInterval({ start: new Date(2027, 0, 1), end: new Date(2028, 11, 31) })) {
      const day = format(today, 'yyyy-MM-dd');
      for (let offset = -2; offset <= 2; offset++) {
        const dob = format(addDays(subYears(today, 18), offset), 'yyyy-MM-dd');
        if (isChildOn(dob, day) !== ageOn(dob, day) < 18) disagreements.push(`${dob} on ${day}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('ageBand', () => {
  it('puts each age in its band, on both sides of every boundary', () => {
    const bands = Object.fromEntries([0, 5, 6, 9, 10, 12, 13, 15, 16, 17].map((age) => [age, ageBand(age)]));
    expect(bands).toEqual({
      0: 'Under 6',
      5: 'Under 6',
      6: '6 to 9',
      9: '6 to 9',
      10: '10 to 12',
      12: '10 to 12',
      13: '13 to 15',
      15: '13 to 15',
      16: '16 to 17',
      17: '16 to 17',
    });
  });
});
