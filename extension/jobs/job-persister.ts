import type { PersistedJobs } from './messages';
import { trimmedJob } from './migrate-events';

/**
 * Saves the jobs so a restarted background can still show them. A migration sends events faster than
 * storage should be written, so while it runs a save waits `delayMs` and takes every change made meanwhile;
 * at a job's start and end the save happens at once.
 */
export interface JobPersister {
  /** Saves the jobs as they are now; a save that was waiting is no longer needed. */
  now(): Promise<void>;
  /** Saves within `delayMs`, together with any save already waiting. */
  soon(): void;
}

export function createJobPersister(opts: {
  persist?: ((jobs: PersistedJobs) => Promise<void>) | undefined;
  delayMs: number;
  /** Log lines of a migration (or an undo) kept in a save (its counts are always kept). */
  logLines: number;
  /** The live jobs; a save holds copies, so later events do not change what was saved. */
  jobs: () => Required<PersistedJobs>;
}): JobPersister {
  let timer: ReturnType<typeof setTimeout> | null = null;

  const now = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!opts.persist) return;
    const { scan, migration, cutover, undo } = opts.jobs();
    await opts.persist({
      scan: scan ? structuredClone(scan) : null,
      migration: migration ? trimmedJob(migration, opts.logLines) : null,
      cutover: cutover ? structuredClone(cutover) : null,
      undo: undo ? trimmedJob(undo, opts.logLines) : null,
    });
  };

  return {
    now,
    soon() {
      if (timer || !opts.persist) return;
      timer = setTimeout(() => void now(), opts.delayMs);
    },
  };
}
