import { describe, expect, it } from 'vitest';
import { loadConfig } from '@dnsferry/companion/config';

describe('DNSFERRY_CONCURRENCY', () => {
  it('is 4 batch requests in flight by default; 1 is one after another', () => {
    expect(loadConfig({}).concurrency).toBe(4);
    expect(loadConfig({ DNSFERRY_CONCURRENCY: '1' }).concurrency).toBe(1);
    expect(loadConfig({ DNSFERRY_CONCURRENCY: '8' }).concurrency).toBe(8);
  });

  it('refuses what is not a whole number from 1 to 16', () => {
    for (const bad of ['0', '17', '2.5', 'many'])
      expect(() => loadConfig({ DNSFERRY_CONCURRENCY: bad })).toThrow(/DNSFERRY_CONCURRENCY must be a whole number from 1 to 16/);
  });
});
