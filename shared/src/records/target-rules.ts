import { RECORD_TYPES, type RecordType } from './registry';

/**
 * What the contract and the popup know of the target: the types it holds when a source sends them,
 * and those it can proxy. The target states its capabilities in full — why it skips the others, its
 * TTL range, the apex rules — in the companion (`providers/cloudflare/capabilities.ts`), and a test
 * there holds this file to them.
 */

/** Types the target writes or signs itself: a request may carry them (a whole zone), the target skips them. */
const MANAGED_BY_TARGET: readonly RecordType[] = ['SOA', 'DNSKEY', 'CDS', 'CDNSKEY', 'RRSIG', 'NSEC', 'NSEC3', 'NSEC3PARAM'];

/** The types the target holds when a source sends them. */
export const HELD_TYPES: readonly RecordType[] = RECORD_TYPES.filter((t) => !MANAGED_BY_TARGET.includes(t));

/** The types the target can serve through its proxy. */
export const PROXIABLE_TYPES: readonly RecordType[] = ['A', 'AAAA', 'CNAME'];
export const isProxiable = (r: { type: RecordType }): boolean => PROXIABLE_TYPES.includes(r.type);
/** Whether the record asks to be proxied (absent means DNS only, as the source served it). */
export const isProxied = (r: object): boolean => 'proxied' in r && r.proxied === true;
