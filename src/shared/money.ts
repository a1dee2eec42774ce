// Written out rather than with Intl.NumberFormat: a page's first Intl format costs a slow phone
// over 100 ms of blocked main thread (the ICU locale data it loads; measured on /services, where
// it was the longest task of the take-over). money.test.ts holds it equal to Intl's en-NG format.
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** Formats an amount held in kobo as naira, e.g. 6050000 -> "₦60,500.00". */
export function formatNaira(kobo: number): string {
  const naira = (Math.abs(kobo) / 100).toFixed(2).replace(THOUSANDS, ',');
  return `${kobo < 0 ? '-' : ''}₦${naira}`;
}
