import type { Capabilities } from '../provider';

/** Azure DNS as a source: what its record sets hold, as dnsferry reads them (api-version 2023-07-01-preview). */
export const CAPABILITIES = {
  /** The record set types Azure DNS holds; SOA and the apex NS are its own and are not copied. */
  types: ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'PTR', 'NS', 'SOA', 'DS', 'TLSA', 'NAPTR'],
  proxiable: [],
  /** A record set's TTL; under 1, the record is carried with the target's automatic TTL. */
  ttl: { min: 0, max: 2_147_483_647 },
  limits: {
    /** Record sets per page: ARM's default is 100, which makes a large zone dozens of throttled calls. */
    recordSetsPerPage: 1000,
  },
} as const satisfies Capabilities;
