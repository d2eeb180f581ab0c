import type { ScanCoverage } from './api/scan-coverage';

/**
 * The coverage of a scan as sentences a person reads before the review (the popup) or after the
 * records (the command line): what was found and how, what a scan cannot see, and what to do next.
 */
export function coverageSentences(coverage: ScanCoverage, records: number, names: number): string[] {
  const { methods } = coverage;
  const lines: string[] = [];
  const ways = [
    methods.walked && `${methods.walked} read from the zone's DNSSEC chain`,
    methods.guessed && `${methods.guessed} guessed from common names`,
    methods.given && `${methods.given} you gave`,
    methods.certificates && `${methods.certificates} seen in certificate logs`,
    methods.followed && `${methods.followed} named by other records`,
  ].filter((w): w is string => typeof w === 'string');
  const found = `Found ${records} record${records === 1 ? '' : 's'} on ${names + 1} name${names === 0 ? '' : 's'}`;
  lines.push(ways.length > 0 ? `${found} (the domain itself; ${ways.join(', ')}).` : `${found} (the domain itself).`);
  if (coverage.walk === 'complete') {
    lines.push('The zone is signed with NSEC, so the scan could list every name it holds: nothing was left to guess.');
  } else {
    const why =
      coverage.signed === 'nsec3'
        ? 'The zone is signed with NSEC3, which hides its names, so'
        : coverage.signed === 'nsec'
          ? coverage.walk === 'partial'
            ? 'The zone is signed with NSEC, but its chain of names could not be followed all round, so'
            : 'The zone is signed, but its server makes up each answer, so its names cannot be listed and'
          : 'A scan cannot list a zone:';
    lines.push(
      `${why} it sees only the names it can guess or is told. Names no list holds (internal hosts, custom DKIM selectors, verification tokens) are not above.`,
    );
  }
  if (coverage.depth === 'quick')
    lines.push('This was a quick scan: a deep scan guesses thousands more names and goes below the names it finds.');
  if (coverage.hints.length > 0) {
    lines.push(
      `Names exist below ${coverage.hints.join(', ')}, but the scan found none of them: look them up at your DNS host and add them.`,
    );
  }
  if (coverage.certificateOnly.length > 0) {
    lines.push(`Seen in certificate logs but not in the DNS (not migrated): ${coverage.certificateOnly.join(', ')}.`);
  }
  if (coverage.questions >= coverage.maxQuestions) {
    lines.push(`The scan stopped at its limit of ${coverage.maxQuestions} questions, so names below the names found may be missing.`);
  }
  if (coverage.host) lines.push(`Your DNS host looks like ${coverage.host.name}: ${coverage.host.advice}`);
  else if (coverage.walk !== 'complete') {
    lines.push(
      "Before switching name servers, compare this list with your DNS host's records and add what is missing, or give the names you know and scan again.",
    );
  }
  return lines;
}
