import type { Capabilities } from '../provider';
import { REQUESTS_PER_SECOND } from './pacer';

/** AWS Route 53 as a source: what its record sets hold, and what its API allows a client. */
export const CAPABILITIES = {
  /** Route 53's record types, but SPF (a TXT record's old twin, which DNS no longer defines). */
  types: ['A', 'AAAA', 'CAA', 'CNAME', 'DS', 'HTTPS', 'MX', 'NAPTR', 'NS', 'PTR', 'SOA', 'SRV', 'SSHFP', 'SVCB', 'TLSA', 'TXT'],
  proxiable: [],
  ttl: { min: 0, max: 2_147_483_647 },
  limits: {
    /** Route 53's largest pages: 100 hosted zones, 300 record sets. */
    zonesPerPage: 100,
    recordSetsPerPage: 300,
    /** Requests a second per AWS account, every API call together (the pacer keeps under it). */
    requestsPerSecond: REQUESTS_PER_SECOND,
  },
} as const satisfies Capabilities;
