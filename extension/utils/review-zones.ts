import {
  RECORD_TYPES,
  isProxiable,
  type DnsRecord,
  type EdgeAddress,
  type MigrateMode,
  type RRsetChoice,
  type RecordType,
} from '@dnsferry/shared';
import type { ZoneRead } from './source-side';

/** One record as the review shows it, with a key stable across re-renders. */
export interface ReviewRecord {
  key: string;
  record: DnsRecord;
  /** Its address is an edge network's (a scan says so): set apart = a proxy's, offered unchecked. */
  edge?: { network: string; setApart: boolean; message: string };
}
export interface ReviewGroup {
  type: RecordType;
  records: ReviewRecord[];
}
export interface ReviewZone {
  name: string;
  /** null: the records are read from the source during the migration, so only the zone can be chosen. */
  groups: ReviewGroup[] | null;
  /** The same records in source order: the order they are sent in, and the order of the stream's indexes. */
  ordered: ReviewRecord[];
  expected: number | null;
  resourceGroup?: string;
  /** How the companion reads the zone, when the zone says so itself (a transfer, another account). */
  read?: ZoneRead;
  /** A zone read by name: a dry run read its records; `problems` are record sets that cannot be migrated. */
  fromSource?: { problems: string[] };
}

/** A zone read by name as a dry run read it: its records in the source's order, and what could not be mapped. */
export interface SourceRead {
  records: DnsRecord[];
  problems: string[];
}

/** How a zone is sent when it is not plain add mode: its mode, and the RRsets chosen otherwise (stores/conflicts.ts). */
export type ZoneModes = Record<string, { mode?: MigrateMode; prune?: boolean; force?: boolean; rrsets?: RRsetChoice[] }>;

export function recordKey(zone: string, r: DnsRecord): string {
  const extra = 'priority' in r ? `|${r.priority}` : '';
  const srv = r.type === 'SRV' ? `|${r.weight}|${r.port}` : '';
  return `${zone}|${r.type}|${r.name}|${r.content}${extra}${srv}|${r.ttl}`;
}

/** Groups in the registry's order, so every type the contract knows has its place. */
const TYPE_ORDER: readonly RecordType[] = RECORD_TYPES;

/** Whether the target can serve this record through its proxy (A, AAAA, CNAME). */
export const canProxy = (r: DnsRecord): boolean => isProxiable(r);

/** Gives each record a key; the same record twice keeps two distinct keys. */
export function keyRecords(zone: string, records: DnsRecord[]): ReviewRecord[] {
  const seen = new Set<string>();
  return records.map((record) => {
    let key = recordKey(zone, record);
    for (let n = 2; seen.has(key); n++) key = `${recordKey(zone, record)}#${n}`;
    seen.add(key);
    return { key, record };
  });
}

export function groupRecords(keyed: ReviewRecord[]): ReviewGroup[] {
  const byType = new Map<RecordType, ReviewRecord[]>();
  for (const r of keyed) {
    const list = byType.get(r.record.type) ?? [];
    list.push(r);
    byType.set(r.record.type, list);
  }
  return TYPE_ORDER.filter((t) => byType.has(t)).map((type) => ({ type, records: byType.get(type) ?? [] }));
}

/** A zone whose records the review holds; `edge` marks those whose address is an edge network's. */
export function zoneOf(name: string, records: DnsRecord[], edge: readonly EdgeAddress[] = []): ReviewZone {
  let ordered = keyRecords(name, records);
  if (edge.length) {
    const byKey = new Map(edge.map((e) => [recordKey(name, e.record), e]));
    ordered = ordered.map((r) => {
      const e = byKey.get(recordKey(name, r.record));
      return e ? { ...r, edge: { network: e.network, setApart: e.setApart, message: e.message } } : r;
    });
  }
  return { name, groups: groupRecords(ordered), ordered, expected: records.length };
}

/** Keys of the records a scan set apart (a proxy's address): the review offers them unchecked. */
export function setApartKeys(zone: ReviewZone): string[] {
  return zone.ordered.filter((r) => r.edge?.setApart).map((r) => r.key);
}
