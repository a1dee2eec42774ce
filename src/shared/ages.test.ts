import { describe, expect, it } from 'vitest';
import { ageOn, isChildOn } from './ages.js';

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

  it('agrees with the age in whole years on ordinary days', () => {
    for (const [dob, day] of [['2000-07-04', '2018-07-03'], ['2000-07-04', '2018-07-04'], ['2005-12-31', '2023-12-30'], ['2005-12-31', '2024-01-01']] as const) {
      expect(isChildOn(dob, day)).toBe(ageOn(dob, day) < 18);
    }
  });
});
