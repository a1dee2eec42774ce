import { describe, expect, it } from 'vitest';
import { certificateDistance, datesToReachShare, type TrainingProgress } from './training.js';

const progress = (fields: Partial<TrainingProgress>): TrainingProgress => ({
  attended: 0,
  held: 0,
  firstDay: null,
  lastDay: null,
  spanCompleteOn: null,
  eligible: false,
  ...fields,
});

describe('how far a member is from a training certificate', () => {
  it('counts the dates to attend in a row for three quarters of those held', () => {
    expect(datesToReachShare(92, 183)).toBe(181);
    // 273 of 364 is exactly 75%: one fewer would not do.
    expect((92 + 181) / (183 + 181)).toBe(0.75);
    expect((92 + 180) / (183 + 180)).toBeLessThan(0.75);
    expect(datesToReachShare(3, 4)).toBe(0);
    expect(datesToReachShare(2, 4)).toBe(4);
    expect(datesToReachShare(10, 10)).toBe(0);
  });

  it('says what is left: the six months, the share, or both', () => {
    expect(certificateDistance(progress({}), '2026-03-01')).toBe('Your first attended date starts the 6 months; none is on the register yet.');
    const halfway = progress({ attended: 20, held: 24, firstDay: '2026-01-05', lastDay: '2026-03-02', spanCompleteOn: '2026-07-05' });
    expect(certificateDistance(halfway, '2026-03-02')).toBe(
      'You attended 20 of the 24 dates held since 5 Jan 2026. To earn the certificate: be at a date on or after 5 Jul 2026 (125 days from today), keeping at least 75% of the dates held.',
    );
    const patchy = progress({ attended: 12, held: 24, firstDay: '2026-01-05', lastDay: '2026-03-02', spanCompleteOn: '2026-07-05' });
    expect(certificateDistance(patchy, '2026-03-02')).toBe(
      'You attended 12 of the 24 dates held since 5 Jan 2026. To earn the certificate: be at a date on or after 5 Jul 2026 (125 days from today), and attend the next 24 dates held to reach 75% of them.',
    );
    const longButPatchy = progress({ attended: 92, held: 183, firstDay: '2026-01-01', lastDay: '2026-07-02', spanCompleteOn: '2026-07-01' });
    expect(certificateDistance(longButPatchy, '2026-07-03')).toBe(
      'You attended 92 of the 183 dates held since 1 Jan 2026. 6 months are reached: attend the next 181 dates held to reach 75% of them.',
    );
    expect(certificateDistance({ ...longButPatchy, attended: 183, eligible: true }, '2026-07-03')).toBe(
      'You attended 183 of the 183 dates held since 1 Jan 2026. You have earned the certificate.',
    );
  });
});
