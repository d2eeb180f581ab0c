import type { CutoverJob, CutoverStart, CutoverUpdate } from './cutover';
import type { EventJobUpdate } from './event-job';
import type { MigrationJob } from './migrate-events';
import type { MigrationStart } from './migration';
import type { JobKind, RefusedUpdate } from './run';
import type { ScanJob, ScanStart, ScanUpdate } from './scan';
import type { UndoStart } from './undo';

/*
 * What the popup and the background say to each other over the port; each kind of job states its own
 * messages in its file, and this one puts them together.
 */

/** The port the popup opens to the background; the background owns every long-running stream. */
export const PORT_NAME = 'dnsferry-popup';

/** What each kind of job the background runs keeps (an undo streams the migrate grammar, so its job is a MigrationJob). */
export interface JobOf {
  scan: ScanJob;
  migration: MigrationJob;
  cutover: CutoverJob;
  undo: MigrationJob;
}

/** Popup → background. Fire and forget: the outcome comes back as state updates. */
export type Command =
  ScanStart | MigrationStart | CutoverStart | UndoStart | { type: 'cancel'; job: JobKind } | { type: 'clear'; job: JobKind };

/** Background → popup. A snapshot first, then changes; a migration's are patches of what changed, to stay cheap. */
export type Update =
  | { type: 'snapshot'; scan: ScanJob | null; migration: MigrationJob | null; cutover: CutoverJob | null; undo: MigrationJob | null }
  | ScanUpdate
  | CutoverUpdate
  | EventJobUpdate<'migration'>
  | EventJobUpdate<'undo'>
  | RefusedUpdate;

/**
 * What the background keeps in `storage.session` (no credentials: requests are never stored). Each
 * kind is optional: jobs saved by a build without the cutover check, or without undo, have none.
 */
export type PersistedJobs = { [K in JobKind]?: JobOf[K] | null };
