import { DnsRecordSchema, disposition, recordKey, targetTtl, type DnsRecord } from '@dnsferry/shared';
import { canonicalize } from '../records/canonical';

/** What the engine will do with one record the client (or the source) sent. */
export type PlanStep =
  | { index: number; action: 'create'; record: DnsRecord; note?: string }
  | { index: number; action: 'skip'; record: DnsRecord; reason: string; exists: boolean }
  | { index: number; action: 'fail'; record?: DnsRecord; type: string; name: string; reason: string };

/** A record as it came in: checked here, one by one, so a bad value fails that record alone. */
export type IncomingRecord = { type: string; name: string } & Record<string, unknown>;

/**
 * Pure: source records + the target's existing records → one step per source record, in order.
 * Comparison is on the canonical form, so quoting, case, trailing dots, TTL, a TXT value split at
 * another place and `proxied` never make a duplicate look new. Planning again after a migration yields
 * no `create` (convergence).
 */
export function plan(zone: string, records: readonly (IncomingRecord | DnsRecord)[], existing: DnsRecord[]): PlanStep[] {
  const present = new Map<string, DnsRecord>();
  for (const r of existing) present.set(recordKey(r), r);
  const planned = new Map<string, number>();

  return records.map((incoming, index): PlanStep => {
    const label = { type: String(incoming.type).slice(0, 20), name: String(incoming.name).slice(0, 300) };
    const checked = DnsRecordSchema.safeParse(incoming);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field =
        issue && issue.path.length > 0 && issue.path[0] !== 'content' && issue.path[0] !== 'type' ? `${issue.path.join('.')}: ` : '';
      return { index, action: 'fail', ...label, reason: `${field}${issue?.message ?? 'not a valid record'}` };
    }
    const record = canonicalize(checked.data, zone);
    if (record === null) {
      return { index, action: 'fail', record: checked.data, ...label, reason: `the name ${label.name} is outside the zone ${zone}` };
    }
    const held = disposition(record);
    if (held.action === 'skip') return { index, action: 'skip', record, reason: `skipped: ${held.reason}`, exists: false };
    if (held.action === 'fail') return { index, action: 'fail', record, ...label, reason: held.reason };
    const key = recordKey(record);
    const there = present.get(key);
    if (there) {
      const ttlNote =
        targetTtl(record.ttl) !== there.ttl ? ` (TTL ${there.ttl} at the target, ${record.ttl} in the source; left as it is)` : '';
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
      : {
          index,
          action: 'create',
          record: { ...record, ttl },
          note: `TTL ${record.ttl} → ${ttl}, the target's ${ttl < record.ttl ? 'maximum' : 'minimum'}`,
        };
  });
}
