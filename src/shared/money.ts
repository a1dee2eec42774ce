// Made at the first amount shown, not when the module loads: building a currency format costs a
// slow phone over 100 ms (measured on the landing, which shows no amount).
let nairaFormat: Intl.NumberFormat | undefined;

/** Formats an amount held in kobo as naira, e.g. 6050000 -> "₦60,500.00". */
export function formatNaira(kobo: number): string {
  nairaFormat ??= new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
  return nairaFormat.format(kobo / 100);
}
