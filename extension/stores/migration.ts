import { defineStore } from 'pinia';
import { computed, markRaw, ref } from 'vue';
import type { MigrateRequest } from '@dnsferry/shared';
import type { BackgroundLink } from '@/utils/background-link';
import type { Update } from '@/utils/messages';
import { applyMigrateEvent, endMigrationJob, type MigrationJob } from '@/utils/migration-state';
import { jobTotals } from '@/utils/migration-totals';
import { useSettingsStore } from './settings';

/**
 * A mirror of the migration (or dry run) that runs in the background: a snapshot when the popup
 * opens, then the same events the background applies, through the same reducer.
 */
export const useMigrationStore = defineStore('migration', () => {
  const settings = useSettingsStore();
  const job = ref<MigrationJob | null>(null);
  /**
   * The log can hold tens of thousands of lines: it is kept out of Vue's reactivity (markRaw) and
   * this counter moves whenever it grows, once per batch.
   */
  const version = ref(0);
  let link: BackgroundLink | null = null;

  const running = computed(() => job.value?.status === 'running');
  const totals = computed(() => (job.value ? jobTotals(job.value) : null));

  function adopt(next: MigrationJob | null): void {
    if (next) next.log = markRaw(next.log);
    job.value = next;
    version.value++;
  }

  function apply(update: Update): void {
    switch (update.type) {
      case 'snapshot':
        adopt(update.migration);
        return;
      case 'migration:start':
        adopt(update.job);
        return;
      case 'migration:clear':
        adopt(null);
        return;
      case 'migration:events':
        if (!job.value || job.value.id !== update.id) return;
        for (const e of update.events) applyMigrateEvent(job.value, e);
        version.value++;
        return;
      case 'migration:end':
        if (!job.value || job.value.id !== update.id) return;
        endMigrationJob(job.value, update.status, update.error, update.finishedAt);
        version.value++;
        return;
    }
  }

  function attach(l: BackgroundLink): () => void {
    link = l;
    return l.onUpdate(apply);
  }

  function start(request: MigrateRequest, expected: Record<string, number | null> = {}): void {
    // Plain data only: the request is built from reactive state, and messages are cloned.
    const plain = JSON.parse(JSON.stringify({ request, expected })) as { request: MigrateRequest; expected: Record<string, number | null> };
    link?.send({ type: 'migration:start', companionUrl: settings.companionUrl, ...plain });
  }
  function cancel(): void {
    link?.send({ type: 'cancel', job: 'migration' });
  }
  function clear(): void {
    link?.send({ type: 'clear', job: 'migration' });
  }

  return { job, version, running, totals, apply, attach, start, cancel, clear };
});
