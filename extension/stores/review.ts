import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import { isProxied, type DnsRecord } from '@dnsferry/shared';
import { outcomeOf, type Outcome } from '@/utils/record-outcome';
import type { MigrationJob } from '@/jobs/migrate-events';
import { migrateRequest, type BuiltMigrate } from '@/jobs/migration';
import { canProxy, setApartKeys, zoneOf, type ReviewGroup, type ReviewZone, type SourceRead, type ZoneModes } from '@/utils/review-zones';
import { useConnectionStore } from './connection';
import { useMigrationStore } from './migration';
import { useSourceStore } from './source';

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
  /** Zones offered by name and read by a dry run, by `scope/zone` (the run's subscription): then each record can be reviewed. */
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

  /** The chosen source's zones: their records, or (a zone offered by name) what a dry run read of it, if any. */
  const zones = computed<ReviewZone[]>(() => {
    const side = source.side;
    return side.zones.map((z): ReviewZone => {
      if (z.records) return zoneOf(z.name, z.records, z.edge);
      const named = { name: z.name, ...(z.resourceGroup ? { resourceGroup: z.resourceGroup } : {}), ...(z.read ? { read: z.read } : {}) };
      const read = sourceReads.value[`${side.scope}/${z.name}`];
      if (!read) return { ...named, groups: null, ordered: [], expected: z.expected };
      return {
        ...zoneOf(z.name, read.records),
        ...named,
        expected: read.records.length + read.problems.length,
        fromSource: { problems: read.problems },
      };
    });
  });

  // The records a scan set apart (a proxy's address) start unchecked, once each: a tick the user gives stays.
  const offeredApart = new Set<string>();
  watch(
    zones,
    (list) => {
      const fresh = list.flatMap(setApartKeys).filter((k) => !offeredApart.has(k));
      if (!fresh.length) return;
      for (const k of fresh) offeredApart.add(k);
      setExcluded(fresh, true);
    },
    { immediate: true },
  );

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
    // A zone offered by name: its records are known once a dry run has read them, in the same order.
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

  /** A zone read during the run whose size no one has said yet (a transfer, another account, before a dry run). */
  const countUnknown = computed(() => zones.value.some((z) => !z.groups && z.expected === null));
  const canMigrate = computed(() => connection.targetReady && zones.value.length > 0 && (selectedCount.value > 0 || countUnknown.value));

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
  function buildRequest(dryRun: boolean, modes: ZoneModes = {}): Omit<BuiltMigrate, 'sentKeys'> {
    const {
      request,
      expected,
      sentKeys: keys,
    } = migrateRequest({
      target: { token: connection.token, accountId: connection.accountId },
      dryRun,
      zones: zones.value,
      excluded: excluded.value,
      proxied: proxied.value,
      modes,
      source: source.side.request,
    });
    sentKeys.value = keys;
    return { request, expected };
  }

  return {
    zones,
    excluded,
    selectedCount,
    countUnknown,
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
