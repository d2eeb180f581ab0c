import { describe, expect, it } from 'vitest';
import { parseTtl } from '../../../shared/src/zone-file/ttl';

describe('parseTtl (BIND units)', () => {
  it.each([
    ['3600', 3600],
    ['0', 0],
    ['1h30m', 5400],
    ['2d', 172800],
    ['1w', 604800],
    ['1W2D', 777600],
    ['1H', 3600],
    ['30m1h', 5400],
    ['45s', 45],
    ['0h30', 30],
    ['4294967295', 4294967295],
  ])('%s is %d seconds', (token, seconds) => {
    expect(parseTtl(token)).toBe(seconds);
  });

  it.each(['', 'h', '1h30', '1x', 'A', '-5', '4294967296', '1.5h'])('%j is not a TTL', (token) => {
    expect(parseTtl(token)).toBeNull();
  });
});
