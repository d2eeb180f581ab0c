import { describe, expect, it } from 'vitest';
import { dashboardTtl } from '@dnsferry/shared';

describe('dashboardTtl', () => {
  it.each([
    ['600', 600],
    ['600 seconds', 600],
    ['45 sec', 45],
    ['30 min', 1800],
    ['5 mins', 300],
    ['1 minute', 60],
    ['1 Hour', 3600],
    ['2 Hours', 7200],
    ['1 hr', 3600],
    ['4 hrs', 14400],
    ['1/2 Hour', 1800],
    ['½ hour', 1800],
    ['0.5 hours', 1800],
    ['1 Day', 86400],
    ['1 Week', 604800],
    ['1h30m', 5400],
    ['1 hour 30 minutes', 5400],
    ['1 hour, 30 min', 5400],
    ['  3600  ', 3600],
  ])('reads %j as %i seconds', (text, seconds) => {
    expect(dashboardTtl(text)).toBe(seconds);
  });

  it('reads "Automatic", "Auto" and "Default" as the automatic TTL (1)', () => {
    for (const t of ['Automatic', 'auto', 'AUTO', 'Default']) expect(dashboardTtl(t)).toBe(1);
  });

  it('refuses what is not a TTL', () => {
    for (const t of ['', 'forever', '1 fortnight', '1/7 hour', '1/0 hour', '-5', 'hour', '30 min extra', '1.5 sec', '99999999999'])
      expect(dashboardTtl(t)).toBeNull();
  });
});
