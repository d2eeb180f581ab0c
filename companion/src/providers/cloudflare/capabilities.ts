import { RECORD_TYPES, isProxied, type RecordType } from '@dnsferry/shared';
import type { Disposition, TargetRules } from '../../engine/ports';
import type { Capabilities } from '../provider';

/**
 * Cloudflare's capabilities, stated once (as octodns-cloudflare's SUPPORTS): which types it takes from
 * a source and which it writes or signs itself, which it can proxy, its TTL range, the apex rules, and
 * the page sizes its API gives. The planner and the cutover check ask these through the Target port
 * (`CLOUDFLARE_RULES`); the record mapping and the adapter read them here; the contract keeps the
 * popup's part (shared/src/records/target-rules.ts), held to this file by a test.
 */

const SIGNED = 'the target signs the zone itself (turn on DNSSEC there)';

/** Types Cloudflare writes or signs itself: a source's copy is skipped, with why. */
export const MANAGED = {
  SOA: 'the target manages SOA itself',
  DNSKEY: SIGNED,
  CDS: SIGNED,
  CDNSKEY: SIGNED,
  RRSIG: SIGNED,
  NSEC: SIGNED,
  NSEC3: SIGNED,
  NSEC3PARAM: SIGNED,
} as const satisfies Partial<Record<RecordType, string>>;

type ManagedType = keyof typeof MANAGED;
/** The types Cloudflare holds when a source sends them. */
export type HeldType = Exclude<RecordType, ManagedType>;

const isManagedType = (t: RecordType): t is ManagedType => Object.prototype.hasOwnProperty.call(MANAGED, t);
const HELD_TYPES: readonly HeldType[] = RECORD_TYPES.filter((t): t is HeldType => !isManagedType(t));
export const isHeldType = (t: string): t is HeldType => (HELD_TYPES as readonly string[]).includes(t);

/** TTL 1 means "automatic"; otherwise Cloudflare holds 60 to 86,400 seconds. */
const TTL = { auto: 1, min: 60, max: 86_400 } as const;

export const CAPABILITIES = {
  types: HELD_TYPES,
  proxiable: ['A', 'AAAA', 'CNAME'],
  ttl: TTL,
  limits: {
    /**
     * Records per page when listing a zone: the API's maximum (GET …/dns_records allows per_page up to
     * 5,000,000), so a zone of any size the API holds is read in one request — a re-run of a finished
     * zone costs the zone lookup and this one page.
     */
    recordsPerPage: 5_000_000,
    /** The API's largest page of zones. */
    zonesPerPage: 50,
    /** The API's largest page of accounts. */
    accountsPerPage: 50,
  },
} as const satisfies Capabilities;

/** The part of a record these rules read. */
interface RecordLike {
  type: RecordType;
  name: string;
  ttl: number;
  proxied?: boolean;
}

export const isProxiable = (r: Pick<RecordLike, 'type'>): boolean => (CAPABILITIES.proxiable as readonly RecordType[]).includes(r.type);

/** A TTL brought into Cloudflare's range. */
export function targetTtl(ttl: number): number {
  if (ttl === TTL.auto) return TTL.auto;
  return Math.min(TTL.max, Math.max(TTL.min, ttl));
}

/** The TTL Cloudflare holds for a record: a proxied record's is always automatic. */
export function heldTtl(r: Pick<RecordLike, 'ttl' | 'proxied'>): number {
  return r.proxied === true ? TTL.auto : targetTtl(r.ttl);
}

/**
 * Whether a record Cloudflare holds already answers with the TTL the source asks for. A proxied
 * record's TTL is Cloudflare's own (automatic), so it never differs.
 */
export function sameTtl(source: RecordLike, held: RecordLike): boolean {
  return isProxied(source) || targetTtl(source.ttl) === held.ttl;
}

/** Most records are held as sent: one answer for all (asked once per record of a zone). */
const HOLD: Disposition = Object.freeze({ action: 'hold' });

/** What becomes of one record (owner name already relative to the zone) sent to Cloudflare. */
export function disposition(r: Pick<RecordLike, 'type' | 'name'>): Disposition {
  if (isManagedType(r.type)) return { action: 'skip', reason: MANAGED[r.type] };
  if (r.type === 'NS' && r.name === '@') return { action: 'skip', reason: 'the target manages the apex NS records itself' };
  if (r.type === 'DS' && r.name === '@') {
    return { action: 'fail', reason: 'a DS record at the apex belongs in the parent zone: set it at the registrar, not in this zone' };
  }
  return HOLD;
}

/** What Cloudflare serves at a name of its own accord and a run must never remove: the apex NS. */
export const isTargetOwn = (r: Pick<RecordLike, 'type' | 'name'>): boolean => disposition(r).action !== 'hold';

/** The rules as the engine asks them, through the Target port. */
export const CLOUDFLARE_RULES: TargetRules = {
  disposition,
  isOwn: isTargetOwn,
  ttl: targetTtl,
  heldTtl,
  sameTtl,
};
