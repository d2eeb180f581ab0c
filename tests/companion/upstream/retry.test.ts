import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs } from '@dnsferry/companion/upstream/retry';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads Retry-After as seconds, as an HTTP date, or in milliseconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:09 GMT' }), now)).toBe(9000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '7' }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ 'x-ms-retry-after-ms': '40' }), now)).toBe(40);
  });

  it('is null when nothing usable was sent, and never negative', () => {
    expect(retryAfterMs(new Headers(), now)).toBeNull();
    expect(retryAfterMs(new Headers({ 'retry-after': '' }), now)).toBeNull();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers({ 'retry-after': '-3' }), now)).toBe(0);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }), now)).toBe(0);
  });
});

describe('backoffMs', () => {
  it('doubles per attempt, half of each step random', () => {
    expect(backoffMs(100, 0, () => 0)).toBe(50);
    expect(backoffMs(100, 0, () => 1)).toBe(100);
    expect(backoffMs(100, 2, () => 0.5)).toBe(300);
  });

  it('never waits more than 8 s', () => {
    expect(backoffMs(500, 10, () => 1)).toBe(8000);
    expect(backoffMs(500, 10, () => 0)).toBe(4000);
  });
});
