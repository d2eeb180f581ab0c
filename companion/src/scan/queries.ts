import { randomBytes } from 'node:crypto';
import { relativeName } from '@dnsferry/shared';
import type { Findings } from './findings';
import { referencedNames } from './mining';
import { COMMON_HOSTS, DKIM_SELECTORS, SRV_SERVICES, TXT_NAMES } from './name-lists';
import type { QueryType } from './wire';

/** One question of a scan; `wildcardOf` marks a random name below that parent, asked to find its wildcard. */
export type Query = { name: string; type: QueryType; wildcardOf?: string };

export const APEX_TYPES: QueryType[] = ['SOA', 'NS', 'A', 'AAAA', 'MX', 'TXT', 'CAA', 'HTTPS'];
const WILDCARD_TYPES: QueryType[] = ['A', 'AAAA', 'CNAME', 'TXT', 'MX'];
export const HOST_TYPES: QueryType[] = ['A', 'AAAA', 'CNAME'];
export const MINED_TYPES: QueryType[] = ['A', 'AAAA', 'CNAME', 'TXT'];
const SERVICE_NAME_COUNT = TXT_NAMES.length + DKIM_SELECTORS.length + SRV_SERVICES.length;

/** The apex, and random names below it: whatever answers those is a wildcard. */
export function apexQueries(): Query[] {
  return [...APEX_TYPES.map((type) => ({ name: '@', type })), ...wildcardProbes('@', 2)];
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
    a.type === 'MX' ? [relativeName(a.data.exchange, findings.zone)] : [],
  );
  const mailHosts = mx.filter((n): n is string => n !== null && n !== '@');
  return ['_443._tcp', '_443._tcp.www', ...[...new Set(mailHosts)].map((h) => `_25._tcp.${h}`)];
}

/** Below a host name that exists: is it delegated, does it have a wildcard of its own? */
export function delegationChecks(findings: Findings, name: string): Query[] {
  return [{ name, type: 'NS' }, ...(findings.cutAbove(name) ? [] : wildcardProbes(name, 1))];
}

/** In-zone names referenced by the zone's records, except those below a delegation. */
export function minedNames(findings: Findings): string[] {
  const names = new Set<string>();
  for (const set of findings.rrsets.values()) {
    // the apex NS set is not listed, but its in-zone servers need their addresses
    if (!(set.name === '@' && set.type === 'NS') && !findings.belongsToZone(set)) continue;
    for (const a of set.answers.values()) {
      for (const n of referencedNames(a, findings.zone)) {
        if (!n.startsWith('*') && findings.cutAbove(n) === undefined) names.add(n);
      }
    }
  }
  return [...names].sort();
}
