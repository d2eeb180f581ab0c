import { describe, expect, it } from 'vitest';
import { ereGroups } from '../../../shared/src/records/ere';

// Which expressions BIND accepts is checked against named-compilezone in tests/shared/zone-file/reader-bind.test.ts.
describe('ereGroups: a NAPTR regexp as BIND validates it', () => {
  it.each([
    ['^(.*)$', 1],
    ['^\\+?(1)(.*)$', 2],
    ['(a(b))|c', 2],
    ['[(]a', 0],
    ['a)', 0],
  ])('%s has %i group(s)', (ere, groups) => {
    expect(ereGroups(ere)).toBe(groups);
  });

  it.each(['', 'a(', '[a', 'a{3,2}', '?a', 'a|', '(a)\\2', 'a\\'])('refuses %j', (ere) => {
    expect(ereGroups(ere)).toBeNull();
  });
});
