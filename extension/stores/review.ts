import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import {
  RECORD_TYPES,
  isProxiable,
  isProxied,
  type DnsRecord,
  type MigrateMode,
  type MigrateRequest,
  type RecordType,
} from '@dnsferry/shared';
import { outcomeOf, type Outcome } from '@/utils/record-outcome';
import type { MigrationJob } from '@/utils/migration-state';
import { useConnectionStore } from './connection';
import { useMigrationStore } from './migration';
import { useScanStore } from './scan';
import { useSourceStore } from './source';

/** One record as the review shows it, with a key stable across re-renders. */
export interface ReviewRecord {
  key: string;
  record: DnsRecord;
}
export interface ReviewGroup {
  type: RecordType;
  records: ReviewRecord[];
}
export interface ReviewZone {
  name: string;
  /** null: the records are read from Azure during the migration, so only the zone can be chosen. */
  groups: ReviewGroup[] | null;
  /** The same records in source order: the order they are sent in, and the order of the stream's indexes. */
  ordered: ReviewRecord[];
  expected: number | null;
  resourceGroup?: string;
  /** Azure zones: the records were read by a dry run; `problems` are record sets that cannot be migrated. */
  fromSource?: { problems: string[] };
}

/** An Azure zone as a dry run read it: its records in the source's order, and what could not be mapped. */
export interface SourceRead {
  records: DnsRecord[];
  problems: string[];
}

/** How a zone is sent when it is not in add mode (the default): see stores/conflicts.ts. */
export type ZoneModes = Record<string, { mode: MigrateMode; prune?: boolean; force?: boolean }>;

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

function zoneOf(name: string, records: DnsRecord[]): ReviewZone {
  const ordered = keyRecords(name, records);
  return { name, groups: groupRecords(ordered), ordered, expected: records.length };
}

/**
 * The records a finished dry run read from the source, per zone read whole: every index of the zone
 * must be in the log (a trimmed log gives nothing rather than a partial zone).
 */
export function sourceReadsOf(job: MigrationJob): Record<string, SourceRead> {
  const reads: Record<string, SourceRead> = {};
  if (!job.dryRun || job.status !== 'done') return reads;
  for (const z of job.zones) {
    if (!z.fromSource || !z.complete || z.error !== null || z.total === null) continue;
    const slots: Array<{ record?: DnsRecord; message: string } | undefined> = Array.from({ length: z.total }, () => undefined);
    for (const e of job.log) {
      if (e.zone !== z.zone || e.index === undefined || e.index < 1 || e.index > z.total) continue;
      if (e.type !== 'record' && e.type !== 'skip' && e.type !== 'error') continue;
      slots[e.index - 1] = { ...(e.record ? { record: e.record } : {}), message: e.message };
    }
    if (slots.some((s) => s === undefined)) continue;
    const records: DnsRecord[] = [];
    const problems: string[] = [];
    for (const s of slots) {
      if (s?.record) records.push(s.record);
      else if (s) problems.push(s.message);
    }
    reads[z.zone] = { records, problems };
  }
  return reads;
}

/** What will be migrated: the source's zones and records, minus what the user deselected. */
export const useReviewStore = defineStore('review', () => {
  const source = useSourceStore();
  const scan = useScanStore();
  const connection = useConnectionStore();
  const migration = useMigrationStore();
  // The state below is replaced whole on every change, never mutated, so it is held in shallow refs:
  // a deep ref would wrap each of 10,000 records in a proxy and track every key a count looks up,
  // which made opening the review of a 10,000-record zone one long task.
  const excluded = shallowRef<Set<string>>(new Set());
  /** Proxying the user chose, by record key; a record not in it keeps what the source said (absent = DNS only). */
  const proxyChoice = shallowRef<Map<string, boolean>>(new Map());
  /** Keys of the records sent by the latest run, in order: record events name them by position. */
  const sentKeys = shallowRef<Record<string, string[]>>({});
  /** Azure zones read by a dry run, by `subscription/zone`: then each record can be reviewed. */
  const sourceReads = shallowRef<Record<string, SourceRead>>({});
  let readJob: string | null = null;
  watch(
    () => [migration.job, migration.job?.status] as const,
    ([job]) => {
      if (!job || job.id === readJob || !job.dryRun || job.status !== 'done') return;
      readJob = job.id;
      const reads = sourceReadsOf(job);
      const next = { ...sourceReads.value };
      for (const [zone, read] of Object.entries(reads)) next[`${job.subscriptionId ?? ''}/${zone}`] = read;
      sourceReads.value = next;
    },
    { immediate: true },
  );

  const zones = computed<ReviewZone[]>(() => {
    if (source.kind === 'scan') {
      const job = scan.job;
      if (!job || job.status !== 'done') return [];
      return [zoneOf(job.domain, job.records)];
    }
    if (source.kind === 'manual') {
      const name = source.manualZoneName;
      if (!name || source.manualRecords.length === 0) return [];
      return [zoneOf(name, source.manualRecords)];
    }
    return source.zones
      .filter((z) => source.selectedZones.includes(z.name))
      .map((z) => {
        const read = sourceReads.value[`${source.subscriptionId}/${z.name}`];
        if (!read) return { name: z.name, groups: null, ordered: [], expected: z.recordCount, resourceGroup: z.resourceGroup };
        const zone = zoneOf(z.name, read.records);
        return {
          ...zone,
          expected: read.records.length + read.problems.length,
          resourceGroup: z.resourceGroup,
          fromSource: { problems: read.problems },
        };
      });
  });

  // Loops over the records read each ref once, before the loop: a read of `.value` is a tracked
  // call, and 10,000 of them are a noticeable part of opening the review.
  const selectedCount = computed(() => {
    const off = excluded.value;
    let n = 0;
    for (const z of zones.value) {
      if (!z.groups) n += z.expected ?? 0;
      else for (const g of z.groups) for (const r of g.records) if (!off.has(r.key)) n++;
    }
    return n;
  });

  /** What the latest run (dry or real) said about each record. */
  const outcomes = computed(() => {
    const map = new Map<string, Outcome>();
    void migration.version; // the log grows in place
    const job = migration.job;
    if (!job) return map;
    // A zone read from Azure by name: its records are known once a dry run has read them, in the same order.
    const readKeys = new Map(zones.value.filter((z) => z.fromSource).map((z) => [z.name, z.ordered.map((r) => r.key)]));
    const sent = sentKeys.value;
    for (const e of job.log) {
      if (e.index === undefined) continue;
      const outcome = outcomeOf(e);
      const key = outcome && (sent[e.zone] ?? readKeys.get(e.zone))?.[e.index - 1];
      if (key) map.set(key, outcome);
    }
    return map;
  });

  /** Keys of the records that will be proxied. */
  const proxied = computed(() => {
    const chosen = proxyChoice.value;
    const on = new Set<string>();
    for (const z of zones.value) {
      for (const r of z.ordered) if (canProxy(r.record) && (chosen.get(r.key) ?? isProxied(r.record))) on.add(r.key);
    }
    return on;
  });
  function withProxying(r: ReviewRecord, proxiedKeys: Set<string>): DnsRecord {
    if (!canProxy(r.record)) return r.record;
    const on = proxiedKeys.has(r.key);
    if (on === isProxied(r.record)) return r.record;
    const { proxied: _, ...rest } = r.record as DnsRecord & { proxied?: boolean };
    return (on ? { ...rest, proxied: true } : rest) as DnsRecord;
  }
  function toggleProxied(key: string): void {
    const next = new Map(proxyChoice.value);
    next.set(key, !proxied.value.has(key));
    proxyChoice.value = next;
  }
  /** Proxies every A, AAAA and CNAME record of a zone, or none. */
  function setZoneProxied(zone: string, on: boolean): void {
    const next = new Map(proxyChoice.value);
    for (const r of zones.value.find((z) => z.name === zone)?.ordered ?? []) if (canProxy(r.record)) next.set(r.key, on);
    proxyChoice.value = next;
  }

  const canMigrate = computed(() => connection.targetReady && zones.value.length > 0 && selectedCount.value > 0);

  /** Deselects the records `keys` (`off`), or selects them again. */
  function setExcluded(keys: readonly string[], off: boolean): void {
    const next = new Set(excluded.value);
    for (const k of keys) {
      if (off) next.add(k);
      else next.delete(k);
    }
    excluded.value = next;
  }
  function toggle(key: string): void {
    const next = new Set(excluded.value);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    excluded.value = next;
  }
  /** Selects a whole group, or deselects it when all of it is selected. */
  function toggleGroup(group: ReviewGroup): void {
    const next = new Set(excluded.value);
    const allOn = group.records.every((r) => !next.has(r.key));
    for (const r of group.records) {
      if (allOn) next.add(r.key);
      else next.delete(r.key);
    }
    excluded.value = next;
  }
  /** The request for the review as it stands; `modes` names the zones sent in mirror mode (stores/conflicts.ts). */
  function buildRequest(dryRun: boolean, modes: ZoneModes = {}): { request: MigrateRequest; expected: Record<string, number | null> } {
    const off = excluded.value;
    const proxiedKeys = proxied.value;
    const expected: Record<string, number | null> = {};
    const keys: Record<string, string[]> = {};
    const request: MigrateRequest = {
      targetToken: connection.token.trim(),
      targetAccountId: connection.accountId,
      dryRun,
      zones: zones.value
        .map((z) => {
          expected[z.name] = z.expected;
          const byName = { name: z.name, ...(z.resourceGroup ? { resourceGroup: z.resourceGroup } : {}), ...modes[z.name] };
          if (!z.groups) return byName;
          const chosen = z.ordered.filter((r) => !off.has(r.key));
          keys[z.name] = chosen.map((r) => r.key);
          // An Azure zone with nothing deselected is read afresh (same order, so the same keys);
          // once the user leaves records out, exactly the chosen ones are sent.
          const sent = chosen.map((r) => withProxying(r, proxiedKeys));
          if (z.fromSource && chosen.length === z.ordered.length && sent.every((r, i) => r === chosen[i]?.record)) return byName;
          return { name: z.name, records: sent, ...modes[z.name] };
        })
        .filter((z) => !('records' in z) || (z.records?.length ?? 0) > 0),
    };
    if (source.kind === 'azure') {
      const c = source.credentials;
      Object.assign(request, { subscriptionId: source.subscriptionId, ...c });
    }
    sentKeys.value = keys;
    return { request, expected };
  }

  return {
    zones,
    excluded,
    selectedCount,
    sourceReads,
    outcomes,
    proxied,
    canMigrate,
    toggle,
    setExcluded,
    toggleGroup,
    toggleProxied,
    setZoneProxied,
    buildRequest,
  };
});
