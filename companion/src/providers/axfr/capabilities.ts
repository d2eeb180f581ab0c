import { RECORD_TYPES } from '@dnsferry/shared';
import type { Capabilities } from '../provider';

/**
 * A zone transfer (AXFR, RFC 5936) as a source: any name server that allows it. It carries every type
 * the shared registry reads from the wire; how many records and how long a silence it waits are the
 * request's limits (DNSFERRY_MAX_RECORDS_PER_REQUEST, DNSFERRY_UPSTREAM_TIMEOUT_MS), not the server's.
 */
export const CAPABILITIES = {
  types: RECORD_TYPES,
  proxiable: [],
  /** A TTL as DNS carries it: 31 bits (RFC 2181 §8). */
  ttl: { min: 0, max: 2_147_483_647 },
  limits: {},
} as const satisfies Capabilities;
