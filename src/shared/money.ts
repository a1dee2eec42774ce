const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

/** Formats an amount held in kobo as naira, e.g. 6050000 -> "₦60,500.00". */
export function formatNaira(kobo: number): string {
  return nairaFormat.format(kobo / 100);
}
