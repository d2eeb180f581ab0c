import type { BackgroundLink } from '@/jobs/link';
import type { JobRunner } from '@/jobs/runtime';
import type { Update } from '@/jobs/messages';

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
