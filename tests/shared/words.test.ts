import { describe, expect, it } from 'vitest';
import { plural } from '@dnsferry/shared';

describe('a count and its noun', () => {
  it('agree in number, with the plural given when it is not the noun and an s', () => {
    expect(plural(1, 'record')).toBe('1 record');
    expect(plural(0, 'record')).toBe('0 records');
    expect(plural(16, 'Azure zone')).toBe('16 Azure zones');
    expect(plural(1, 'query', 'queries')).toBe('1 query');
    expect(plural(3, 'query', 'queries')).toBe('3 queries');
  });
});
