import { markRaw, ref } from 'vue';
import type { Update } from './messages';
import { applyMigrateEvent, endMigrationJob, type MigrationJob } from './migrate-events';

/**
 * The popup's copy of a job of migrate events that runs in the background (a migration, or an undo):
 * a snapshot when the popup opens, then the same events the background applies, through the same reducer.
 */
export function useEventJobMirror(kind: 'migration' | 'undo') {
  const job = ref<MigrationJob | null>(null);
  /**
   * The log can hold tens of thousands of lines: it is kept out of Vue's reactivity (markRaw) and
   * this counter moves whenever it grows, once per batch.
   */
  const version = ref(0);
  const mine = (type: Update['type']) => type.startsWith(`${kind}:`);

  function adopt(next: MigrationJob | null): void {
    if (next) next.log = markRaw(next.log);
    job.value = next;
    version.value++;
  }

  function apply(update: Update): void {
    switch (update.type) {
      case 'snapshot':
        adopt(update[kind]);
        return;
      case 'migration:start':
      case 'undo:start':
        if (mine(update.type)) adopt(update.job);
        return;
      case 'migration:clear':
      case 'undo:clear':
        if (mine(update.type)) adopt(null);
        return;
      case 'migration:events':
      case 'undo:events':
        if (!mine(update.type) || !job.value || job.value.id !== update.id) return;
        for (const e of update.events) applyMigrateEvent(job.value, e);
        version.value++;
        return;
      case 'migration:end':
      case 'undo:end':
        if (!mine(update.type) || !job.value || job.value.id !== update.id) return;
        endMigrationJob(job.value, update.status, update.error, update.finishedAt);
        version.value++;
        return;
    }
  }

  return { job, version, apply };
}
