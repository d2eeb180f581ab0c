import { describe, expect, it } from 'vitest';
import { reportedTtl } from '@dnsferry/companion/scan/ttl';

describe('reported TTL', () => {
  it.each([
    [300, true, 300],
    [2400, true, 2400],
    [2400, false, 3600],
    [1726, false, 1800],
    [300, false, 300],
    [0, false, 60],
    [0, true, 1],
    [2_000_000, false, 2_000_000],
  ])('%i (authoritative: %s) → %i', (observed, aa, ttl) => {
    expect(reportedTtl(observed, aa)).toBe(ttl);
  });
});
