import { DKIM_SELECTORS, SRV_SERVICES, TXT_NAMES } from './name-lists';
import { secondLabels, wordlist } from './wordlist';

/**
 * The lists a deep scan goes down with, below a name it found. None of them holds a name because a
 * zone measured on holds it: each comes from a public source, named beside it.
 */

/**
 * DKIM selectors (`<selector>._domainkey`), asked once `_domainkey` is known to exist: the quick
 * scan's, then the selectors mail services document or create (AWeber, ImprovMX, Mailtrap, Brevo,
 * IONOS, iCloud, Yahoo, Mailgun, Proofpoint, Mimecast, Zoho, Domain Connect templates' pblin and
 * smtp pairs), from their Domain Connect templates and setup pages.
 */
export const DEEP_DKIM_SELECTORS: readonly string[] = [
  ...DKIM_SELECTORS,
  ...['aweber_key_a', 'aweber_key_b', 'aweber_key_c', 'dkimprovmx1', 'dkimprovmx2', 'rwmt1', 'rwmt2', 'brevo1', 'brevo2'],
  ...['s1-ionos', 's2-ionos', 'sig1', 's1024', 's2048', 'krs', 'pdk1', 'pdk2', 'ppk1', 'ppk2', 'mimecast20190104'],
  ...['zmail', 'pblin1', 'pblin2', 'smtp1', 'smtp2'],
];

/**
 * Services below `_tcp`, `_udp` and `_tls` once one of those is known to exist: the SRV names of
 * the quick scan (bbot's Internet-wide count), the mail, calendar and chat services of their RFCs
 * (6186, 8314, 6764, 6120, 3263), and the DANE ports of web and mail (RFC 7671, 7672).
 */
const MORE_SERVICES = [
  '_smtps._tcp',
  '_h323ls._udp',
  '_collab-edge._tls',
  '_kerberos._udp',
  '_kpasswd._tcp',
  '_kpasswd._udp',
  '_gc._tcp',
  '_ntp._udp',
  '_http._tcp',
  '_https._tcp',
  '_ftp._tcp',
  '_ssh._tcp',
  '_ldaps._tcp',
  '_vlmcs._tcp',
  '_xmpps-client._tcp',
  '_xmpps-server._tcp',
  '_stuns._tcp',
  '_turn._tcp',
  '_stun._tcp',
  '_sip._tls',
];
export const DANE_PORTS = ['_443', '_25', '_465', '_587', '_993', '_995', '_5061', '_853'];

/** The service labels to try below `_tcp` (or `_udp`, `_tls`): `_sip` for `_sip._tcp`. */
export function servicesBelow(protocol: string): string[] {
  const labels = new Set<string>();
  for (const name of [...SRV_SERVICES, ...MORE_SERVICES]) {
    const [service, proto] = name.split('.');
    if (proto === protocol && service) labels.add(service);
  }
  if (protocol === '_tcp' || protocol === '_udp') for (const port of DANE_PORTS) labels.add(port);
  return [...labels];
}

/**
 * Names that hold ownership proofs and mail policies at their own label, asked for TXT: the quick
 * scan's, and those of discovery.md §5.3 (AT Protocol, GitLab Pages); `<org>` is the domain's
 * first label, as GitHub's organisation and Pages proofs are usually named after it.
 */
export function verificationNames(org: string): string[] {
  return [
    ...TXT_NAMES,
    '_atproto',
    '_gitlab-pages-verification-code',
    `_github-challenge-${org}`,
    `_github-challenge-${org}-org`,
    `_gh-${org}-o`,
    `_github-pages-challenge-${org}`,
    '_domainkey',
    '_tcp',
    '_udp',
    '_tls',
    '_bimi',
  ];
}

/** How many of the wordlist's first names to try below a name that exists without records of its own. */
const BELOW_EMPTY = 250;
/** How many of the wordlist's first names to try below every name found. */
const BELOW_FOUND = 30;

let lists: { belowFound: string[]; twoBelowFound: string[]; belowEmpty: string[] } | undefined;

function labelLists(): NonNullable<typeof lists> {
  lists ??= {
    belowFound: unique(['_acme-challenge', '_dmarc', '_domainkey', ...secondLabels(5), ...singleLabels(BELOW_FOUND)]),
    twoBelowFound: unique(['_acme-challenge', ...secondLabels(5)]),
    belowEmpty: unique(['_acme-challenge', ...singleLabels(BELOW_EMPTY)]),
  };
  return lists;
}

/** Labels below a name found: the certificate and mail-policy labels, the list's common second labels and its first names. */
export const belowFound = (): readonly string[] => labelLists().belowFound;

/** Labels two levels below a name found: the certificate label and the list's common second labels. */
export const twoBelowFound = (): readonly string[] => labelLists().twoBelowFound;

/** Labels below a name that exists only because names exist below it (an empty non-terminal). */
export const belowEmpty = (): readonly string[] => labelLists().belowEmpty;

function singleLabels(count: number): string[] {
  return wordlist()
    .filter((n) => !n.includes('.'))
    .slice(0, count);
}

function unique(labels: string[]): string[] {
  return [...new Set(labels)];
}
