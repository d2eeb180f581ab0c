import { RECORD_TYPES } from '@dnsferry/shared';
import type { Capabilities } from '../provider';

/**
 * A zone transfer (AXFR, RFC 5936) as a source: any name server that allows it. It carries every type
 * the shared registry reads from the wire. How many records and bytes it takes and how long it waits are
 * the configuration's limits (`transferLimits` in adapter.ts: DNSFERRY_MAX_RECORDS_PER_REQUEST,
 * DNSFERRY_TRANSFER_MAX_BYTES, DNSFERRY_TRANSFER_TIMEOUT_MS, DNSFERRY_UPSTREAM_TIMEOUT_MS), not the server's.
 */
export const CAPABILITIES = {
  types: RECORD_TYPES,
  proxiable: [],
  /** A TTL as DNS carries it: 31 bits (RFC 2181 §8). */
  ttl: { min: 0, max: 2_147_483_647 },
  limits: {},
} as const satisfies Capabilities;
