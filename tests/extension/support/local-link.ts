import type { BackgroundLink } from '@/utils/background-link';
import type { JobRunner } from '@/utils/job-runner';
import type { Update } from '@/utils/messages';

/**
 * Connects a popup store to a job runner in the same process, the way the runtime port does:
 * a snapshot on connect, then every update, structured-cloned as a port would.
 */
export function localLink(runner: JobRunner): BackgroundLink & { sent: unknown[] } {
  const listeners = new Set<(u: Update) => void>();
  const sent: unknown[] = [];
  const unsubscribe = runner.subscribe((u) => {
    for (const l of listeners) l(structuredClone(u));
  });
  return {
    sent,
    send(cmd) {
      sent.push(cmd);
      runner.handle(structuredClone(cmd));
    },
    onUpdate(listener) {
      listeners.add(listener);
      queueMicrotask(() => listener(structuredClone(runner.snapshot())));
      return () => listeners.delete(listener);
    },
    close() {
      unsubscribe();
    },
  };
}
