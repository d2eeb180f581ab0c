import { randomBytes } from 'node:crypto';
import { relativeName } from '@dnsferry/shared';
import type { Answer } from '../dns/message';
import type { Findings, RRset } from './findings';
import { POINTING_TYPES } from './mining';
import type { Query, QueryType } from './query';
import { COMMON_HOSTS, DKIM_SELECTORS, SRV_SERVICES, TXT_NAMES } from './name-lists';

export const APEX_TYPES: QueryType[] = ['SOA', 'NS', 'A', 'AAAA', 'MX', 'TXT', 'CAA', 'HTTPS'];
const WILDCARD_TYPES: QueryType[] = ['A', 'AAAA', 'CNAME', 'TXT', 'MX'];
export const HOST_TYPES: QueryType[] = ['A', 'AAAA', 'CNAME'];
export const REFERENCED_TYPES: QueryType[] = ['A', 'AAAA', 'CNAME', 'TXT'];
const SERVICE_NAME_COUNT = TXT_NAMES.length + DKIM_SELECTORS.length + SRV_SERVICES.length;

/** The apex, and random names below it: whatever answers those is a wildcard. */
export function apexQueries(): Query[] {
  return [...APEX_TYPES.map((type) => ({ name: '@', type })), ...wildcardProbes('@', 2)];
}

/** The types asked at a name given in a quick scan: a host's addresses, its mail and its text; a service or proof name's text. */
const GIVEN_HOST_TYPES: QueryType[] = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'];

/** Names the request gave, asked like the listed ones (a deep scan asks them as it asks its guesses). */
export function givenQueries(names: readonly string[]): Query[] {
  return names.flatMap((name) =>
    (name.split('.').some((l) => l.startsWith('_')) ? (['TXT', 'CNAME'] as const) : GIVEN_HOST_TYPES).map((type) => ({ name, type })),
  );
}

/** Common host names, and the mail and service names that break quietly when lost. */
export function listedQueries(): Query[] {
  const hosts = COMMON_HOSTS.flatMap((name) => HOST_TYPES.map((type) => ({ name, type })));
  const services = [
    ...TXT_NAMES.flatMap((name) => (['TXT', 'CNAME'] as const).map((type) => ({ name, type }))),
    ...DKIM_SELECTORS.flatMap((s) => (['TXT', 'CNAME'] as const).map((type) => ({ name: `${s}._domainkey`, type }))),
    ...SRV_SERVICES.map((name) => ({ name, type: 'SRV' as const })),
  ];
  return [...hosts, ...services];
}

export function listedQueriesDescription(): string {
  return `Probing ${COMMON_HOSTS.length} common names (A, AAAA, CNAME) and ${SERVICE_NAME_COUNT} mail and service names (DMARC, MTA-STS, TLS reporting, DKIM selectors, SRV services)`;
}

/** Queries for random labels below `parent`, for each type a wildcard may have. */
export function wildcardProbes(parent: string, count: number): Query[] {
  const out: Query[] = [];
  for (let i = 0; i < count; i++) {
    const label = `dnsferry-${randomBytes(6).toString('hex')}`;
    const name = parent === '@' ? label : `${label}.${parent}`;
    for (const type of WILDCARD_TYPES) out.push({ name, type, wildcardOf: parent });
  }
  return out;
}

/** TLSA names worth asking: HTTPS on the apex and www, SMTP on each mail server inside the zone. */
export function tlsaNames(findings: Findings): string[] {
  const mx = [...(findings.rrsets.get('@|MX')?.answers.values() ?? [])].flatMap((a) =>
    a.record?.type === 'MX' ? [relativeName(a.record.content, findings.zone)] : [],
  );
  const mailHosts = mx.filter((n): n is string => n !== null && n !== '@');
  return ['_443._tcp', '_443._tcp.www', ...[...new Set(mailHosts)].map((h) => `_25._tcp.${h}`)];
}

/** Below a host name that exists: is it delegated, does it have a wildcard of its own? */
export function delegationChecks(findings: Findings, name: string): Query[] {
  return [{ name, type: 'NS' }, ...(findings.cutAbove(name) ? [] : wildcardProbes(name, 1))];
}

/** Whether the names a record set points at are to be followed: a set of the zone's that can name names. */
export function refersFrom(findings: Findings, set: RRset): boolean {
  if (!POINTING_TYPES.has(set.type)) return false;
  // the apex NS set is not listed, but its in-zone servers need their addresses
  return (set.name === '@' && set.type === 'NS') || findings.belongsToZone(set);
}

/**
 * In-zone names the zone's records point at, by the record set's name; names below a delegation
 * are left out (they belong to the child zone). `namesOf` gives the names one record points at.
 */
export function references(findings: Findings, namesOf: (a: Answer) => string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const set of findings.rrsets.values()) {
    if (!refersFrom(findings, set)) continue;
    for (const a of set.answers.values()) {
      for (const n of namesOf(a)) {
        if (n.startsWith('*') || findings.cutAbove(n) !== undefined) continue;
        const names = out.get(set.name) ?? new Set<string>();
        names.add(n);
        out.set(set.name, names);
      }
    }
  }
  return out;
}
