import { RECORD_TYPES, type RecordType } from './registry';

/**
 * What the target holds, stated once (as octodns-cloudflare's SUPPORTS): which types it takes from a
 * source, which it writes or signs itself, which it can proxy, its TTL range, and the apex rules. The
 * planner, the cutover check's expectation, the target's mapping and the popup all ask here; the DNS
 * type files say only what DNS says.
 */

/** The part of a record these rules read (structural, so the schema need not be imported: no cycle). */
interface RecordLike {
  type: RecordType;
  name: string;
  ttl: number;
  proxied?: boolean;
}

const SIGNED = 'the target signs the zone itself (turn on DNSSEC there)';

/** Types the target writes or signs itself: a source's copy is skipped, with why. */
export const MANAGED_BY_TARGET = {
  SOA: 'the target manages SOA itself',
  DNSKEY: SIGNED,
  CDS: SIGNED,
  CDNSKEY: SIGNED,
  RRSIG: SIGNED,
  NSEC: SIGNED,
  NSEC3: SIGNED,
  NSEC3PARAM: SIGNED,
} as const satisfies Partial<Record<RecordType, string>>;

type ManagedType = keyof typeof MANAGED_BY_TARGET;
/** The types the target holds when a source sends them. */
export type HeldType = Exclude<RecordType, ManagedType>;

export const isManagedType = (t: RecordType): t is ManagedType => Object.prototype.hasOwnProperty.call(MANAGED_BY_TARGET, t);
export const HELD_TYPES: readonly HeldType[] = RECORD_TYPES.filter((t): t is HeldType => !isManagedType(t));
export const isHeldType = (t: string): t is HeldType => (HELD_TYPES as readonly string[]).includes(t);

/** The types the target can serve through its proxy. */
export const PROXIABLE_TYPES: readonly RecordType[] = ['A', 'AAAA', 'CNAME'];
export const isProxiable = (r: Pick<RecordLike, 'type'>): boolean => PROXIABLE_TYPES.includes(r.type);
/** Whether the record asks to be proxied (absent means DNS only, as the source served it). */
export const isProxied = (r: object): boolean => 'proxied' in r && r.proxied === true;

/** TTL 1 means "automatic" at the target; otherwise it holds 60 to 86,400 seconds. */
export const TTL_AUTO = 1;
export const TTL_MIN = 60;
export const TTL_MAX = 86_400;

/** A TTL brought into the target's range. */
export function targetTtl(ttl: number): number {
  if (ttl === TTL_AUTO) return TTL_AUTO;
  return Math.min(TTL_MAX, Math.max(TTL_MIN, ttl));
}

/** The TTL the target holds for a record: a proxied record's is always automatic. */
export function heldTtl(r: Pick<RecordLike, 'ttl' | 'proxied'>): number {
  return r.proxied === true ? TTL_AUTO : targetTtl(r.ttl);
}

/**
 * Whether a record the target holds already answers with the TTL the source asks for. A proxied
 * record's TTL is the target's own (automatic), so it never differs.
 */
export function sameTtl(source: RecordLike, held: RecordLike): boolean {
  return isProxied(source) || targetTtl(source.ttl) === held.ttl;
}

/** What becomes of one record (owner name already relative to the zone) sent to the target. */
export type Disposition = { action: 'hold' } | { action: 'skip'; reason: string } | { action: 'fail'; reason: string };

export function disposition(r: Pick<RecordLike, 'type' | 'name'>): Disposition {
  if (isManagedType(r.type)) return { action: 'skip', reason: MANAGED_BY_TARGET[r.type] };
  if (r.type === 'NS' && r.name === '@') return { action: 'skip', reason: 'the target manages the apex NS records itself' };
  if (r.type === 'DS' && r.name === '@') {
    return { action: 'fail', reason: 'a DS record at the apex belongs in the parent zone: set it at the registrar, not in this zone' };
  }
  return { action: 'hold' };
}

/** What the target serves at a name of its own accord and a run must never remove: the apex NS. */
export const isTargetOwn = (r: Pick<RecordLike, 'type' | 'name'>): boolean => disposition(r).action !== 'hold';
