import type { RecordType } from '@dnsferry/shared';

/**
 * What a provider holds, stated once at the top of its folder (`capabilities.ts`), as octodns's
 * SUPPORTS and DNSControl's provider capabilities do: the types it holds, what it can proxy, the TTLs
 * it keeps and the numbers it imposes. The adapter's own code reads its limits from there, and a test
 * per provider holds the statement to what the adapter does.
 */
export interface Capabilities {
  /** The record types it holds: what a source of it can give, what a target of it can take. */
  types: readonly RecordType[];
  /** The types it can serve through its proxy (none, but for a target with a proxy). */
  proxiable: readonly RecordType[];
  /** The TTLs it keeps, in seconds; `auto` is its "automatic" TTL when it has one. */
  ttl: { min: number; max: number; auto?: number };
  /** Numbers it imposes on a client (page sizes, requests per second…), each named. */
  limits: Readonly<Record<string, number>>;
}
