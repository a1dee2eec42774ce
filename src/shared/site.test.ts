import { describe, expect, it } from 'vitest';
import { accountHint, accountLines } from './site.js';

describe('bank account lines', () => {
  it('labels the parts typed as the hint says by their place', () => {
    expect(accountHint('naira')).toBe('Bank | Account name | Account number');
    expect(accountLines('Access Bank | Home of Movies Ltd | 0123456789', 'naira')).toEqual([
      { label: 'Bank', value: 'Access Bank' },
      { label: 'Account name', value: 'Home of Movies Ltd' },
      { label: 'Account number', value: '0123456789' },
    ]);
    expect(accountLines('Citibank | Home of Movies Ltd | 3456 | CITIUS33', 'dollar').map((line) => line.label)).toEqual([
      'Bank',
      'Account name',
      'Account number',
      'SWIFT',
    ]);
  });

  it('keeps a label typed with its part, and calls a part past the hint Details', () => {
    expect(accountLines('Bank: Test Bank | Account name: Company Ltd | Account number: 0123456789 | Branch Ikeja', 'naira')).toEqual([
      { label: 'Bank', value: 'Test Bank' },
      { label: 'Account name', value: 'Company Ltd' },
      { label: 'Account number', value: '0123456789' },
      { label: 'Details', value: 'Branch Ikeja' },
    ]);
  });
});
