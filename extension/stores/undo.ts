import { defineStore } from 'pinia';
import { computed } from 'vue';
import { useEventJobCopy, type BackgroundLink } from '@/jobs/link';
import { undoCounts, type UndoCounts } from '@/jobs/migrate-events';
import { sumUndo } from '@/jobs/migration-totals';
import { createUndoKeeper } from '@/jobs/undo-keeper';
import { useTargetStore } from './target';
import { useSettingsStore } from './settings';

/**
 * Undo of a migration: a mirror of the undo that runs in the background (it survives the popup
 * closing, as a migration does), and what an undo would put back, read from the undo data the
 * background keeps in `storage.local`.
 */
export const useUndoStore = defineStore('undo', () => {
  const settings = useSettingsStore();
  const target = useTargetStore();
  const { job, version, apply } = useEventJobCopy('undo');
  const keeper = createUndoKeeper();
  let link: BackgroundLink | null = null;

  const running = computed(() => job.value?.status === 'running');

  function attach(l: BackgroundLink): () => void {
    link = l;
    return l.onUpdate(apply);
  }

  /** What undoing the run `runId` would put back, as its kept data says; null when nothing is kept for it. */
  async function kept(runId: string): Promise<UndoCounts | null> {
    const run = await keeper.get(runId);
    return run ? sumUndo(run.zones.map(undoCounts)) : null;
  }

  /** Undoes the run `runId` in the background, with the token of this session. */
  function start(runId: string, deleteZone = false): void {
    link?.send({ type: 'undo:start', companionUrl: settings.companionUrl, runId, targetToken: target.token.trim(), deleteZone });
  }
  function cancel(): void {
    link?.send({ type: 'cancel', job: 'undo' });
  }
  function clear(): void {
    link?.send({ type: 'clear', job: 'undo' });
  }

  return { job, version, running, apply, attach, kept, start, cancel, clear };
});
