import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import { resolveName } from '@dnsferry/shared';
import type { MigrationJob, ReportedConflict } from '@/jobs/migrate-events';
import type { ReviewZone } from '@/utils/review-zones';
import { useMigrationStore } from './migration';
import { useReviewStore } from './review';
import { useTargetStore } from './target';

/** What the dry runs said about a zone; a later report replaces an earlier one as `take` says. */
export interface Reported {
  conflicts: ReportedConflict[];
  /** Records the target holds in RRsets the source does not have (what prune removes); null when not told. */
  targetOnly: number | null;
}

/** `zone|name|type`: an RRset. */
export const setKey = (zone: string, name: string, type: string) => `${zone}|${name.toLowerCase()}|${type}`;

/** The review rows of each RRset of a zone, by `setKey`. */
function rowsBySet(z: ReviewZone): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const r of z.ordered) {
    const key = setKey(z.name, resolveName(r.record.name, z.name) ?? r.record.name, r.record.type);
    const list = map.get(key);
    if (list) list.push(r.key);
    else map.set(key, [r.key]);
  }
  return map;
}

/**
 * The review's RRsets: the rows of each, whether the user left all of them out (the target's are
 * kept), and what the dry runs reported about them: the RRsets that will not answer as the source says,
 * and what only the target holds. How each zone is to end, given these, is stores/conflicts.ts.
 */
export const useRRsetsStore = defineStore('rrsets', () => {
  const review = useReviewStore();
  const migration = useMigrationStore();
  const target = useTargetStore();
  const reported = shallowRef<Record<string, Reported>>({});

  // What the target holds is another account's after a switch: nothing reported stands. (The first
  // account, restored when the popup opens, is no switch: what the background's dry run said stays.)
  watch(
    () => target.accountId,
    (_, before) => {
      if (before) reported.value = {};
    },
  );

  /** The rows of every RRset, per zone, computed once per change of the review's zones. */
  const rows = computed(() => new Map(review.zones.map((z) => [z.name, rowsBySet(z)])));
  /** Every source record of the RRset is left out: the target's records of it are kept. */
  const keptByTarget = (zone: string, key: string): boolean => {
    const list = rows.value.get(zone)?.get(key) ?? [];
    const off = review.excluded;
    return list.length > 0 && list.every((k) => off.has(k));
  };

  /**
   * A finished dry run replaces what is known of each zone it planned. A conflict it did not report
   * stays when the run could not have reported it: mirror mode makes the RRsets it replaces answer
   * as the source (so they are no conflict of that run), and an RRset whose target records are kept
   * was not sent. Prune's count stays from the last run that did not prune (a pruning run removes them).
   */
  function take(job: MigrationJob): void {
    const next = { ...reported.value };
    for (const z of job.zones) {
      if (!z.complete || z.error !== null) continue;
      const before = next[z.zone];
      const told = new Set(z.conflicts.map((c) => setKey(z.zone, c.name, c.type)));
      const kept = (before?.conflicts ?? []).filter((c) => {
        const key = setKey(z.zone, c.name, c.type);
        return !told.has(key) && (z.mode === 'mirror' || keptByTarget(z.zone, key));
      });
      next[z.zone] = {
        conflicts: [...kept, ...z.conflicts],
        targetOnly: z.mode === 'mirror' && z.prune ? (before?.targetOnly ?? null) : z.targetOnly,
      };
    }
    reported.value = next;
  }
  let taken: string | null = null;
  watch(
    () => [migration.job, migration.job?.status] as const,
    ([job]) => {
      if (!job || job.id === taken || !job.dryRun || job.status !== 'done') return;
      taken = job.id;
      take(job);
    },
    { immediate: true },
  );

  return { reported, rows, keptByTarget };
});
