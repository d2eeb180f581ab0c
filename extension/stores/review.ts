import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { DnsRecord, MigrateRequest, RecordType } from '@dnsferry/shared';
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
  expected: number | null;
  resourceGroup?: string;
}

export type Outcome = { kind: 'create' | 'exists' | 'error'; message: string };

export function recordKey(zone: string, r: DnsRecord): string {
  const extra = 'priority' in r ? `|${r.priority}` : '';
  const srv = r.type === 'SRV' ? `|${r.weight}|${r.port}` : '';
  return `${zone}|${r.type}|${r.name}|${r.content}${extra}${srv}|${r.ttl}`;
}

const TYPE_ORDER: RecordType[] = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS', 'PTR', 'SOA'];

export function groupRecords(zone: string, records: DnsRecord[]): ReviewGroup[] {
  const byType = new Map<RecordType, ReviewRecord[]>();
  const seen = new Set<string>();
  for (const record of records) {
    let key = recordKey(zone, record);
    // The same record twice keeps two distinct keys.
    for (let n = 2; seen.has(key); n++) key = `${recordKey(zone, record)}#${n}`;
    seen.add(key);
    const list = byType.get(record.type) ?? [];
    list.push({ key, record });
    byType.set(record.type, list);
  }
  return TYPE_ORDER.filter((t) => byType.has(t)).map((type) => ({ type, records: byType.get(type) ?? [] }));
}

/** What will be migrated: the source's zones and records, minus what the user deselected. */
export const useReviewStore = defineStore('review', () => {
  const source = useSourceStore();
  const scan = useScanStore();
  const connection = useConnectionStore();
  const migration = useMigrationStore();
  const excluded = ref<Set<string>>(new Set());
  /** Keys of the records sent by the latest run, in order: record events name them by position. */
  const sentKeys = ref<Record<string, string[]>>({});

  const zones = computed<ReviewZone[]>(() => {
    if (source.kind === 'scan') {
      const job = scan.job;
      if (!job || job.status !== 'done') return [];
      return [{ name: job.domain, groups: groupRecords(job.domain, job.records), expected: job.records.length }];
    }
    if (source.kind === 'manual') {
      const name = source.manualZoneName;
      if (!name || source.manualRecords.length === 0) return [];
      return [{ name, groups: groupRecords(name, source.manualRecords), expected: source.manualRecords.length }];
    }
    return source.zones
      .filter((z) => source.selectedZones.includes(z.name))
      .map((z) => ({ name: z.name, groups: null, expected: z.recordCount, resourceGroup: z.resourceGroup }));
  });

  const selectedCount = computed(() => {
    let n = 0;
    for (const z of zones.value) {
      if (!z.groups) n += z.expected ?? 0;
      else for (const g of z.groups) n += g.records.filter((r) => !excluded.value.has(r.key)).length;
    }
    return n;
  });

  /** What the latest run (dry or real) said about each record. */
  const outcomes = computed(() => {
    const map = new Map<string, Outcome>();
    void migration.version; // the log grows in place
    const job = migration.job;
    if (!job) return map;
    for (const e of job.log) {
      if (e.index === undefined || (e.type !== 'record' && e.type !== 'skip' && e.type !== 'error')) continue;
      const key = sentKeys.value[e.zone]?.[e.index - 1];
      if (key) map.set(key, { kind: e.type === 'record' ? 'create' : e.type === 'skip' ? 'exists' : 'error', message: e.message });
    }
    return map;
  });

  const canMigrate = computed(() => connection.targetReady && zones.value.length > 0 && selectedCount.value > 0);

  function isSelected(key: string): boolean {
    return !excluded.value.has(key);
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
  function selectAll(): void {
    excluded.value = new Set();
  }

  function buildRequest(dryRun: boolean): { request: MigrateRequest; expected: Record<string, number | null> } {
    const expected: Record<string, number | null> = {};
    const keys: Record<string, string[]> = {};
    const request: MigrateRequest = {
      targetToken: connection.token.trim(),
      targetAccountId: connection.accountId,
      dryRun,
      zones: zones.value
        .map((z) => {
          expected[z.name] = z.expected;
          if (!z.groups) return { name: z.name, ...(z.resourceGroup ? { resourceGroup: z.resourceGroup } : {}) };
          const chosen = z.groups.flatMap((g) => g.records.filter((r) => !excluded.value.has(r.key)));
          keys[z.name] = chosen.map((r) => r.key);
          return { name: z.name, records: chosen.map((r) => r.record) };
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

  return { zones, excluded, selectedCount, outcomes, canMigrate, isSelected, toggle, toggleGroup, selectAll, buildRequest };
});
