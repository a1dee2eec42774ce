import { describe, expect, it } from 'vitest';
import { formatNaira } from './money.js';

const intlNaira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

describe('formatNaira', () => {
  it('writes kobo as naira exactly as Intl does for en-NG', () => {
    const amounts = [
      0, 1, 5, 10, 99, 100, 101, 12_345, 99_999, 100_000, 6_050_000, 12_345_678, 100_000_000, 100_000_001, 123_456_789_012, -1, -6_050_000, -100_000_000,
    ];
    for (const kobo of amounts) expect(formatNaira(kobo), `${kobo} kobo`).toBe(intlNaira.format(kobo / 100));
  });

  it('writes the membership fee as the spec shows it', () => {
    expect(formatNaira(6_050_000)).toBe('₦60,500.00');
  });
});
