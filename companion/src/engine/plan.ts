import type { DnsRecord } from '@dnsferry/shared';
import { canonicalize, recordKey } from '../records/canonical';
import { targetTtl } from '../records/ttl';

/** What the engine will do with one record the client (or the source) sent. */
export type PlanStep =
  | { index: number; action: 'create'; record: DnsRecord; note?: string }
  | { index: number; action: 'skip'; record: DnsRecord; reason: string; exists: boolean }
  | { index: number; action: 'fail'; record: DnsRecord; reason: string };

/**
 * Pure: source records + the target's existing records → one step per source record, in order.
 * Comparison is on the canonical form, so quoting, case, trailing dots and TTL never make a
 * duplicate look new. Planning again after a migration yields no `create` (convergence).
 */
export function plan(zone: string, records: DnsRecord[], existing: DnsRecord[]): PlanStep[] {
  const present = new Map<string, DnsRecord>();
  for (const r of existing) present.set(recordKey(r), r);
  const planned = new Map<string, number>();

  return records.map((original, index): PlanStep => {
    const record = canonicalize(original, zone);
    if (record === null) {
      return { index, action: 'fail', record: original, reason: `the name ${original.name} is outside the zone ${zone}` };
    }
    if (record.type === 'SOA') {
      return { index, action: 'skip', record, reason: 'skipped: the target manages SOA itself', exists: false };
    }
    if (record.type === 'NS' && record.name === '@') {
      return { index, action: 'skip', record, reason: 'skipped: the target manages the apex NS records itself', exists: false };
    }
    const key = recordKey(record);
    const there = present.get(key);
    if (there) {
      const ttlNote = targetTtl(record.ttl) !== there.ttl ? ` (TTL ${there.ttl} at the target, ${record.ttl} in the source; left as it is)` : '';
      return { index, action: 'skip', record, reason: `already exists${ttlNote}`, exists: true };
    }
    const earlier = planned.get(key);
    if (earlier !== undefined) {
      return { index, action: 'skip', record, reason: `already exists (same as record ${earlier + 1} of this zone)`, exists: true };
    }
    planned.set(key, index);
    const ttl = targetTtl(record.ttl);
    return ttl === record.ttl
      ? { index, action: 'create', record }
      : { index, action: 'create', record: { ...record, ttl }, note: `TTL ${record.ttl} → ${ttl}, the target's ${ttl < record.ttl ? 'maximum' : 'minimum'}` };
  });
}
