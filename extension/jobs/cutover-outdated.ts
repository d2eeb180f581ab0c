import type { CutoverJob } from './cutover-state';
import type { Update } from './messages';
import type { MigrationJob } from './migrate-events';

/**
 * A cutover check says what the target answered when it looked: any write to one of its zones after
 * that (a migration, an undo, a later run) makes its word on that zone out of date at once. The
 * background sees every job's start and end in one order, so it marks the check there, by the order
 * of events rather than by clocks (a write and a check may start in the same millisecond).
 */

/** A write that touches zones: a real migration or an undo, as it starts or ends. */
export interface Write {
  by: 'migration' | 'undo';
  zones: string[];
}

/** The write an update tells of, if it tells of one; `jobs` are the runner's current ones (an end names only its id). */
export function writeOf(update: Update, jobs: { migration: MigrationJob | null; undo: MigrationJob | null }): Write | null {
  switch (update.type) {
    case 'migration:start':
    case 'undo:start': {
      const job = update.job;
      if (job.dryRun) return null;
      return { by: update.type === 'undo:start' ? 'undo' : 'migration', zones: job.zones.map((z) => z.zone) };
    }
    case 'migration:end':
    case 'undo:end': {
      const by = update.type === 'undo:end' ? 'undo' : 'migration';
      const job = jobs[by];
      if (!job || job.id !== update.id || job.dryRun) return null;
      return { by, zones: job.zones.map((z) => z.zone) };
    }
    default:
      return null;
  }
}

/** Marks the check's zones that `write` touches as out of date; true when one was not already. */
export function outdate(check: CutoverJob, write: Write, at: number): boolean {
  const touched = new Set(write.zones.map((z) => z.toLowerCase()));
  let changed = false;
  for (const z of check.zones) {
    if (!touched.has(z.zone.toLowerCase())) continue;
    if (!z.outdated) changed = true;
    z.outdated = { by: write.by, at };
  }
  return changed;
}
