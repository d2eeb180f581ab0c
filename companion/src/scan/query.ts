/**
 * The record types the scan asks for. The first ones are asked by name lists; the rest only where
 * an NSEC chain says a name holds them (DS also at every delegation), and NSEC and NSEC3PARAM to
 * learn how the zone is signed and to walk it.
 */
export const QUERY_TYPES = [
  'A',
  'AAAA',
  'CNAME',
  'MX',
  'TXT',
  'SRV',
  'CAA',
  'NS',
  'SOA',
  'HTTPS',
  'TLSA',
  'DS',
  'PTR',
  'SSHFP',
  'NAPTR',
  'SVCB',
  'LOC',
  'URI',
  'CERT',
  'SMIMEA',
  'OPENPGPKEY',
  'NSEC',
  'NSEC3PARAM',
] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

export const isQueryType = (t: string): t is QueryType => (QUERY_TYPES as readonly string[]).includes(t);

/**
 * One question of a scan. `wildcardOf` marks a random name below that parent, asked to find its
 * wildcard; `dnssec` sets the DO bit, so the answer carries the zone's NSEC records (deep scans).
 */
export type Query = { name: string; type: QueryType; wildcardOf?: string; dnssec?: boolean };
