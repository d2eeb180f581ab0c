/** Counts over a migration's zones: the progress bars, the totals, and what an undo would put back. */
import type { MigrationJob, UndoCounts, ZoneProgress } from './migrate-events';

/** Steps of the zone done: each record sent (an undo: each entry of its data) counts once. */
export function zoneProcessed(z: ZoneProgress): number {
  return z.created + z.updated + z.skipped + z.failed + z.removedSteps;
}

/** Records the zone will go through: the stream's total, else what the client expected. */
export function zoneSize(z: ZoneProgress): number | null {
  return z.total ?? z.expected;
}

export interface JobTotals {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  removed: number;
  processed: number;
  size: number | null;
}

export function jobTotals(job: MigrationJob): JobTotals {
  const t: JobTotals = { created: 0, updated: 0, skipped: 0, failed: 0, removed: 0, processed: 0, size: 0 };
  for (const z of job.zones) {
    t.created += z.created;
    t.updated += z.updated;
    t.skipped += z.skipped;
    t.failed += z.failed;
    t.removed += z.removed;
    t.processed += zoneProcessed(z);
    const s = zoneSize(z);
    t.size = t.size === null || s === null ? null : t.size + s;
  }
  return t;
}

/** The counts of several zones' undos together; null when there are none. */
export function sumUndo(list: Iterable<UndoCounts>): UndoCounts | null {
  let sum: UndoCounts | null = null;
  for (const u of list) {
    sum ??= { created: 0, removed: 0, updated: 0, zonesCreated: 0 };
    sum.created += u.created;
    sum.removed += u.removed;
    sum.updated += u.updated;
    sum.zonesCreated += u.zonesCreated;
  }
  return sum;
}

/** What an undo of the whole run would put back, or null when it wrote nothing that can be undone. */
export function jobUndoable(job: MigrationJob): UndoCounts | null {
  return sumUndo(job.zones.flatMap((z) => (z.undoable ? [z.undoable] : [])));
}
