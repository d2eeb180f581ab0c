import { describe, expect, it } from 'vitest';
import { toggleAll, toggleName } from '@/utils/zone-choice';

describe('zone choice', () => {
  it('adds a zone not chosen yet at the end, and takes a chosen one out', () => {
    expect(toggleName(['a.com'], 'b.org')).toEqual(['a.com', 'b.org']);
    expect(toggleName(['a.com', 'b.org'], 'a.com')).toEqual(['b.org']);
    const chosen = ['a.com'];
    expect(toggleName(chosen, 'a.com')).not.toBe(chosen);
  });

  it('chooses every zone in the listed order, or none once all are chosen', () => {
    const zones = [{ name: 'b.org' }, { name: 'a.com' }];
    expect(toggleAll([], zones)).toEqual(['b.org', 'a.com']);
    expect(toggleAll(['a.com'], zones)).toEqual(['b.org', 'a.com']);
    expect(toggleAll(['a.com', 'b.org'], zones)).toEqual([]);
  });
});
