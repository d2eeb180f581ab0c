import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import type { ScanCoverage } from '@dnsferry/shared';
import CoverageNote from '@/components/CoverageNote.vue';

const base: ScanCoverage = {
  depth: 'deep',
  methods: { guessed: 12, walked: 0, certificates: 0, given: 2, followed: 1 },
  signed: 'no',
  walk: 'none',
  certificateOnly: [],
  hints: ['_domainkey'],
  host: null,
  questions: 5800,
  maxQuestions: 20000,
};

describe('CoverageNote', () => {
  it('says what was found and how, that names no list holds are not there, and which names hide more', () => {
    const w = mount(CoverageNote, { props: { coverage: base, records: 20, names: 15 } });
    const text = w.get('[data-testid=scan-coverage]').text();
    expect(text).toContain(
      'Found 20 records on 16 names (the domain itself; 12 guessed from common names, 2 you gave, 1 named by other records).',
    );
    expect(text).toContain('A scan cannot list a zone: it sees only the names it can guess or is told.');
    expect(text).toContain('Names exist below _domainkey, but the scan found none of them');
    expect(text).toContain('compare this list with your DNS host');
    expect(w.get('.coverage').classes()).toContain('partial');
  });

  it('says a walked zone is complete, and gives the advice for a host it recognised', () => {
    const coverage: ScanCoverage = {
      ...base,
      methods: { guessed: 0, walked: 8, certificates: 0, given: 0, followed: 0 },
      signed: 'nsec',
      walk: 'complete',
      hints: [],
      host: { name: 'Example DNS', advice: 'export the zone file under Settings and paste it.' },
    };
    const w = mount(CoverageNote, { props: { coverage, records: 13, names: 8 } });
    const text = w.text();
    expect(text).toContain('8 read from the zone');
    expect(text).toContain('could list every name it holds');
    expect(text).not.toContain('A scan cannot list a zone');
    expect(text).toContain('Your DNS host looks like Example DNS: export the zone file under Settings and paste it.');
    expect(w.get('.coverage').classes()).not.toContain('partial');
  });
});
