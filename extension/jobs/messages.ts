import type { CutoverRequest, MigrateEvent, MigrateRequest, ScanDepth } from '@dnsferry/shared';
import type { CutoverJob } from './cutover-state';
import type { Refusal } from '@/utils/pairing';
import type { JobStatus, MigrationJob } from './migrate-events';
import type { ScanJob } from './scan-state';

/** The port the popup opens to the background; the background owns every long-running stream. */
export const PORT_NAME = 'dnsferry-popup';

/** What each kind of job the background runs keeps (an undo streams the migrate grammar, so its job is a MigrationJob). */
export interface JobOf {
  scan: ScanJob;
  migration: MigrationJob;
  cutover: CutoverJob;
  undo: MigrationJob;
}
export type JobKind = keyof JobOf;

/** Popup → background. Fire and forget: the outcome comes back as state updates. */
export type Command =
  | { type: 'scan:start'; companionUrl: string; domain: string; transfer?: boolean; depth?: ScanDepth; names?: string[] }
  | {
      type: 'migration:start';
      companionUrl: string;
      request: MigrateRequest;
      /** Records expected per zone when the request does not carry them (read from the source). */
      expected: Record<string, number | null>;
    }
  | { type: 'cutover:start'; companionUrl: string; request: CutoverRequest }
  | {
      type: 'undo:start';
      companionUrl: string;
      /** The migration job whose undo data (kept in `storage.local`) is sent back. */
      runId: string;
      /** The undo's credential: held by the background for the request only, as a migration's is. */
      targetToken: string;
      /** Also delete the zones the run created, when nothing but what the target manages is left in them. */
      deleteZone: boolean;
    }
  | { type: 'cancel'; job: JobKind }
  | { type: 'clear'; job: JobKind };

/** Background → popup. A snapshot first, then changes; migration events are sent, not states, to stay cheap. */
export type Update =
  | { type: 'snapshot'; scan: ScanJob | null; migration: MigrationJob | null; cutover: CutoverJob | null; undo: MigrationJob | null }
  | { type: 'scan'; job: ScanJob | null }
  | { type: 'cutover'; job: CutoverJob | null }
  | { type: 'migration:start'; job: MigrationJob }
  | { type: 'migration:events'; id: string; events: MigrateEvent[] }
  | { type: 'migration:end'; id: string; status: Exclude<JobStatus, 'running'>; error: string | null; finishedAt: number }
  | { type: 'migration:clear' }
  /** An undo streams the migrate grammar: its job is a MigrationJob with `undoOf`, sent the same way. */
  | { type: 'undo:start'; job: MigrationJob }
  | { type: 'undo:events'; id: string; events: MigrateEvent[] }
  | { type: 'undo:end'; id: string; status: Exclude<JobStatus, 'running'>; error: string | null; finishedAt: number }
  | { type: 'undo:clear' }
  /** A job's request was not sent: the companion did not prove itself (or this browser is not paired). `what`: "dry run", "migration"… */
  | { type: 'companion:refused'; what: RefusedAction; refusal: Refusal };

/** What a refusal stopped, as the popup's header names it. */
export type RefusedAction = 'dry run' | 'migration' | 'undo' | 'switch check' | 'Cloudflare token' | 'Azure credentials' | 'Route 53 keys';

/**
 * What the background keeps in `storage.session` (no credentials: requests are never stored). Each
 * kind is optional: jobs saved by a build without the cutover check, or without undo, have none.
 */
export type PersistedJobs = { [K in JobKind]?: JobOf[K] | null };
