import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import type { CutoverRequest } from '@dnsferry/shared';
import type { BackgroundLink } from '@/jobs/link';
import { allReady, type CutoverJob } from '@/jobs/cutover';
import type { Update } from '@/jobs/messages';
import { useSettingsStore } from './settings';

/**
 * A mirror of the cutover check that runs in the background: is each migrated zone ready to have its
 * name servers switched? The background sends the whole job on each change.
 */
export const useCutoverStore = defineStore('cutover', () => {
  const settings = useSettingsStore();
  const job = shallowRef<CutoverJob | null>(null);
  let link: BackgroundLink | null = null;

  const running = computed(() => job.value?.status === 'running');
  const ready = computed(() => (job.value ? allReady(job.value) : false));

  function apply(update: Update): void {
    if (update.type === 'snapshot') job.value = update.cutover;
    else if (update.type === 'cutover') job.value = update.job;
  }

  function attach(l: BackgroundLink): () => void {
    link = l;
    return l.onUpdate(apply);
  }

  /** Checks the zones of `request` (jobs/requests.ts builds it from the migration's own body). */
  function check(request: CutoverRequest): void {
    // Plain data only: the request is built from reactive state, and messages are cloned.
    const plain = JSON.parse(JSON.stringify(request)) as CutoverRequest;
    link?.send({ type: 'cutover:start', companionUrl: settings.companionUrl, request: plain });
  }
  function cancel(): void {
    link?.send({ type: 'cancel', job: 'cutover' });
  }
  function clear(): void {
    link?.send({ type: 'clear', job: 'cutover' });
  }

  return { job, running, ready, apply, attach, check, cancel, clear };
});
