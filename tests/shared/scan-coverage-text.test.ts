import { describe, expect, it } from 'vitest';
import { coverageSentences, type ScanCoverage } from '@dnsferry/shared';

const quick: ScanCoverage = {
  depth: 'quick',
  methods: { guessed: 3, walked: 0, certificates: 0, given: 0, followed: 0 },
  signed: 'nsec3',
  walk: 'none',
  certificateOnly: ['old.example.com'],
  hints: [],
  host: null,
  questions: 400,
  maxQuestions: 400,
};

describe('coverageSentences', () => {
  it('says why names are missing, that a deep scan finds more, what certificates showed, and that the limit struck', () => {
    expect(coverageSentences(quick, 5, 3)).toEqual([
      'Found 5 records on 4 names (the domain itself; 3 guessed from common names).',
      'The zone is signed with NSEC3, which hides its names, so it sees only the names it can guess or is told. Names no list holds (internal hosts, custom DKIM selectors, verification tokens) are not above.',
      'This was a quick scan: a deep scan guesses thousands more names and goes below the names it finds.',
      'Seen in certificate logs but not in the DNS (not migrated): old.example.com.',
      'The scan stopped at its limit of 400 questions, so names below the names found may be missing.',
      "Before switching name servers, compare this list with your DNS host's records and add what is missing, or give the names you know and scan again.",
    ]);
  });

  it('counts one name for a domain with records at its apex only', () => {
    expect(coverageSentences({ ...quick, methods: { ...quick.methods, guessed: 0 } }, 2, 0)[0]).toBe(
      'Found 2 records on 1 name (the domain itself).',
    );
  });
});
