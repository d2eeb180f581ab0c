import { defineStore } from 'pinia';
import { computed, shallowRef, triggerRef } from 'vue';
import type { MigrateRequest } from '@dnsferry/shared';
import type { BackgroundLink } from '@/utils/background-link';
import type { Update } from '@/utils/messages';
import { applyMigrateEvent, endMigrationJob, jobTotals, type MigrationJob } from '@/utils/migration-state';
import { useSettingsStore } from './settings';

/**
 * A mirror of the migration (or dry run) that runs in the background: a snapshot when the popup
 * opens, then the same events the background applies, through the same reducer.
 */
export const useMigrationStore = defineStore('migration', () => {
  const settings = useSettingsStore();
  // Thousands of log lines: one shallow ref, mutated in place and triggered once per batch.
  const job = shallowRef<MigrationJob | null>(null);
  let link: BackgroundLink | null = null;

  const running = computed(() => job.value?.status === 'running');
  const totals = computed(() => (job.value ? jobTotals(job.value) : null));

  function apply(update: Update): void {
    switch (update.type) {
      case 'snapshot':
        job.value = update.migration;
        return;
      case 'migration:start':
        job.value = update.job;
        return;
      case 'migration:clear':
        job.value = null;
        return;
      case 'migration:events':
        if (!job.value || job.value.id !== update.id) return;
        for (const e of update.events) applyMigrateEvent(job.value, e);
        triggerRef(job);
        return;
      case 'migration:end':
        if (!job.value || job.value.id !== update.id) return;
        endMigrationJob(job.value, update.status, update.error, update.finishedAt);
        triggerRef(job);
        return;
    }
  }

  function attach(l: BackgroundLink): () => void {
    link = l;
    return l.onUpdate(apply);
  }

  function start(request: MigrateRequest, expected: Record<string, number | null> = {}): void {
    link?.send({ type: 'migration:start', companionUrl: settings.companionUrl, request, expected });
  }
  function cancel(): void {
    link?.send({ type: 'cancel', job: 'migration' });
  }
  function clear(): void {
    link?.send({ type: 'clear', job: 'migration' });
  }

  return { job, running, totals, apply, attach, start, cancel, clear };
});
