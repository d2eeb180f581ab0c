import { describe, expect, it } from 'vitest';
import { MAX_RRSET_CHOICES } from '@dnsferry/shared';
import { answersOf, refusalOf, rrsetsOf, tooManyChoices } from '@/utils/conflict-choices';

const www = { source: ['192.0.2.1'], target: ['203.0.113.9', '192.0.2.1'] };
const spf = { source: ['"v=spf1 include:new.example -all"'], target: ['"v=spf1 -all"'], bothRefused: 'a second SPF record' };

describe('conflict choices', () => {
  it.each([
    ['keep-target', www, ['203.0.113.9', '192.0.2.1']],
    ['replace', www, ['192.0.2.1']],
    // both: each value once, the target's first
    ['keep-both', www, ['203.0.113.9', '192.0.2.1']],
    ['keep-both', { source: ['192.0.2.1'], target: ['203.0.113.9'] }, ['203.0.113.9', '192.0.2.1']],
    // a second SPF policy is refused: the target's stays
    ['keep-both', spf, ['"v=spf1 -all"']],
    ['replace', spf, ['"v=spf1 include:new.example -all"']],
  ] as const)('%s leaves what the run will leave', (choice, conflict, after) => {
    expect(answersOf(conflict, choice)).toEqual(after);
  });

  it('refuses only keeping both where the dry run said both cannot be kept', () => {
    expect(refusalOf(spf, 'keep-both')).toBe('a second SPF record');
    expect(refusalOf(spf, 'replace')).toBeNull();
    expect(refusalOf(www, 'keep-both')).toBeNull();
  });

  it('lists the RRsets chosen otherwise than the zone’s mode, in the request’s words', () => {
    const chosen = [
      { name: 'www', type: 'A', choice: 'replace' as const },
      { name: '@', type: 'TXT', choice: 'keep-both' as const },
      { name: 'mail', type: 'A', choice: 'keep-target' as const },
      { name: 'odd', type: 'NOPE', choice: 'keep-target' as const },
    ];
    expect(rrsetsOf(false, chosen)).toEqual([
      { name: 'www', type: 'A', action: 'replace' },
      { name: 'mail', type: 'A', action: 'keep' },
    ]);
    expect(rrsetsOf(true, chosen)).toEqual([
      { name: '@', type: 'TXT', action: 'add' },
      { name: 'mail', type: 'A', action: 'keep' },
    ]);
  });

  it('says when a zone has more choices than one run takes', () => {
    expect(tooManyChoices(MAX_RRSET_CHOICES)).toBeNull();
    expect(tooManyChoices(MAX_RRSET_CHOICES + 1)).toMatch(/^10001 RRsets are chosen one by one/);
  });
});
