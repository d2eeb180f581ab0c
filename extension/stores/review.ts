import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import { setApartKeys, zoneOf, type ReviewGroup, type ReviewZone } from '@/utils/review-zones';
import { useSourceStore } from './source';
import { useSourceReadsStore } from './source-reads';
import { useTargetStore } from './target';

/**
 * What will be migrated: the source's zones and records, minus what the user deselected. Which of
 * them are proxied is stores/proxying.ts; the request built from them, stores/request.ts.
 */
export const useReviewStore = defineStore('review', () => {
  const source = useSourceStore();
  const sourceReads = useSourceReadsStore();
  const target = useTargetStore();
  // The state below is replaced whole on every change, never mutated, so it is held in shallow refs:
  // a deep ref would wrap each of 10,000 records in a proxy and track every key a count looks up,
  // which made opening the review of a 10,000-record zone one long task.
  const excluded = shallowRef<Set<string>>(new Set());

  /** The chosen source's zones: their records, or (a zone offered by name) what a dry run read of it, if any. */
  const zones = computed<ReviewZone[]>(() => {
    const side = source.side;
    return side.zones.map((z): ReviewZone => {
      if (z.records) return zoneOf(z.name, z.records, z.edge);
      const named = { name: z.name, ...(z.resourceGroup ? { resourceGroup: z.resourceGroup } : {}), ...(z.read ? { read: z.read } : {}) };
      const read = sourceReads.reads[`${side.scope}/${z.name}`];
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

  /** A zone read during the run whose size no one has said yet (a transfer, another account, before a dry run). */
  const countUnknown = computed(() => zones.value.some((z) => !z.groups && z.expected === null));
  const canMigrate = computed(() => target.targetReady && zones.value.length > 0 && (selectedCount.value > 0 || countUnknown.value));

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

  return { zones, excluded, selectedCount, countUnknown, canMigrate, toggle, setExcluded, toggleGroup };
});
