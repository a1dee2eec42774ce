import { getCountries } from 'libphonenumber-js/min';
import { NIGERIA } from './options.js';

// Apart from options.ts: libphonenumber's metadata (about 20 KB gzipped) then loads only on the
// pages that offer the list, not on every page that shows an option's label.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Country names, Nigeria first, from the ISO regions libphonenumber knows. */
export const COUNTRIES: readonly string[] = [
  NIGERIA,
  ...getCountries()
    .map((code) => regionNames.of(code) ?? code)
    .filter((name) => name !== NIGERIA)
    .sort(new Intl.Collator('en').compare),
];
