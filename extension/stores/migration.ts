import { defineStore } from 'pinia';
import { computed } from 'vue';
import type { MigrateRequest } from '@dnsferry/shared';
import { useEventJobCopy, type BackgroundLink } from '@/jobs/link';
import { jobTotals } from '@/jobs/migration-totals';
import { useSettingsStore } from './settings';

/** A mirror of the migration (or dry run) that runs in the background. */
export const useMigrationStore = defineStore('migration', () => {
  const settings = useSettingsStore();
  const { job, version, apply } = useEventJobCopy('migration');
  let link: BackgroundLink | null = null;

  const running = computed(() => job.value?.status === 'running');
  const totals = computed(() => (job.value ? jobTotals(job.value) : null));

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
