import { getCountries } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, REGION_NAMES } from './countries.js';
import { NIGERIA } from './options.js';

describe('the country list of the sign-up form', () => {
  it('names every region libphonenumber knows, and no other', () => {
    expect(Object.keys(REGION_NAMES).sort()).toEqual([...getCountries()].sort());
  });

  it('puts Nigeria first and each name once', () => {
    expect(COUNTRIES[0]).toBe(NIGERIA);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(COUNTRIES).toHaveLength(getCountries().length);
  });

  it('lists the others in alphabetical order, as written out', () => {
    const others = COUNTRIES.slice(1);
    expect(others).toEqual([...others].sort(new Intl.Collator('en').compare));
  });
});
