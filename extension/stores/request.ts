import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import { migrateRequest, type BuiltMigrate } from '@/jobs/migration';
import { outcomeOf, type Outcome } from '@/utils/record-outcome';
import type { ZoneModes } from '@/utils/review-zones';
import { useMigrationStore } from './migration';
import { useProxyingStore } from './proxying';
import { useReviewStore } from './review';
import { useSourceStore } from './source';
import { useTargetStore } from './target';

/**
 * The migrate request for the review as it stands, and what the latest run (dry or real) said of each
 * record it sent: its events name the records by their position in the request.
 */
export const useRequestStore = defineStore('request', () => {
  const review = useReviewStore();
  const proxying = useProxyingStore();
  const source = useSourceStore();
  const target = useTargetStore();
  const migration = useMigrationStore();
  /** Keys of the records sent by the latest run, in order. */
  const sentKeys = shallowRef<Record<string, string[]>>({});

  /** The request for the review as it stands; `modes` names the zones sent in mirror mode (stores/conflicts.ts). */
  function buildRequest(dryRun: boolean, modes: ZoneModes = {}): Omit<BuiltMigrate, 'sentKeys'> {
    const built = migrateRequest({
      target: { token: target.token, accountId: target.accountId },
      dryRun,
      zones: review.zones,
      excluded: review.excluded,
      proxied: proxying.proxied,
      modes,
      source: source.side.request,
    });
    sentKeys.value = built.sentKeys;
    return { request: built.request, expected: built.expected };
  }

  /** What the latest run (dry or real) said about each record. */
  const outcomes = computed(() => {
    const map = new Map<string, Outcome>();
    void migration.version; // the log grows in place
    const job = migration.job;
    if (!job) return map;
    // A zone offered by name: its records are known once a dry run has read them, in the same order.
    const readKeys = new Map(review.zones.filter((z) => z.fromSource).map((z) => [z.name, z.ordered.map((r) => r.key)]));
    const sent = sentKeys.value;
    for (const e of job.log) {
      if (e.index === undefined) continue;
      const outcome = outcomeOf(e);
      const key = outcome && (sent[e.zone] ?? readKeys.get(e.zone))?.[e.index - 1];
      if (key) map.set(key, outcome);
    }
    return map;
  });

  return { buildRequest, outcomes };
});
