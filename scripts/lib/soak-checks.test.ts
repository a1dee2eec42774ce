import { describe, expect, it } from 'vitest';
import { compareDeliveries, compareTags } from './soak-checks.js';

describe('compareTags', () => {
  it('finds a lost submission that a stored, unacknowledged one would hide in a total', () => {
    const result = compareTags(new Set(['a', 'b']), ['a', 'c']);
    expect(result).toEqual({ stored: 2, lost: ['b'], duplicated: 0, extra: 1 });
  });

  it('counts a submission stored twice', () => {
    expect(compareTags(new Set(['a', 'b']), ['a', 'b', 'b'])).toEqual({ stored: 3, lost: [], duplicated: 1, extra: 0 });
  });
});

describe('compareDeliveries', () => {
  it('finds a mail received twice, though the total is not short', () => {
    expect(compareDeliveries(['a@x', 'b@x'], ['a@x', 'a@x', 'b@x'])).toEqual({ missing: [], twice: ['a@x'] });
  });

  it('finds a mail never received, and accepts each row delivered once', () => {
    expect(compareDeliveries(['a@x', 'a@x', 'b@x'], ['a@x', 'b@x'])).toEqual({ missing: ['a@x'], twice: [] });
    expect(compareDeliveries(['a@x', 'a@x', 'b@x'], ['b@x', 'a@x', 'a@x'])).toEqual({ missing: [], twice: [] });
  });
});
