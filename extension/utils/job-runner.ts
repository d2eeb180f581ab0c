import { endCutoverJob, type CutoverJob } from './cutover-state';
import { runCutover } from './cutover-run';
import { createJobPersister } from './job-persister';
import type { JobSlot, RunContext } from './job-run';
import { createJobTracker } from './job-tracker';
import type { Command, JobKind, PersistedJobs, Update } from './messages';
import { runMigration } from './migration-run';
import { endMigrationJob, type MigrationJob } from './migration-state';
import { runScan } from './scan-run';
import { endScanJob, type ScanJob } from './scan-state';
import { createUndoKeeper, type UndoKeeper } from './undo-keeper';
import { runUndo } from './undo-run';

export { CANCELLED, INTERRUPTED_STREAM } from './migration-run';
export { CHECK_CANCELLED, CHECK_INTERRUPTED } from './cutover-run';
export { UNDO_CANCELLED, UNDO_GONE, UNDO_INTERRUPTED } from './undo-run';

export interface RunnerDeps {
  fetch?: typeof fetch;
  now?: () => number;
  newId?: () => string;
  /** Saves the jobs (without credentials) so a restarted background can still show them. */
  persist?: (jobs: PersistedJobs) => Promise<void>;
  /** Called now and then while a job runs; the background uses it to keep its service worker awake. */
  keepAlive?: () => void;
  flushMs?: number;
  persistMs?: number;
  /** Log lines kept when persisting (all counts are always kept). */
  persistLogLines?: number;
  /** Where runs keep their undo data: `storage.local` unless a test gives its own. */
  undo?: UndoKeeper;
}

export interface JobRunner {
  handle(cmd: Command): void;
  snapshot(): Update;
  subscribe(listener: (update: Update) => void): () => void;
  /** Takes over jobs saved by an earlier background; what was running then did not finish. */
  restore(saved: PersistedJobs | undefined): void;
  /** Resolves when no job is running (tests and shutdown). */
  idle(): Promise<void>;
}

export const INTERRUPTED_BY_RESTART =
  'The extension restarted while this was running, so its end was not seen; the counts are what it saw before, and more may have landed. Running it again is safe: records already at Cloudflare are skipped.';
export const UNDO_INTERRUPTED_BY_RESTART =
  'The extension restarted while the undo was running, so its end was not seen; the counts are what it saw before. Undoing again is safe: what is already put back, or changed since the run, is left as it is.';
export const CHECK_INTERRUPTED_BY_RESTART =
  'The extension restarted while the check was running. Checking again is safe: it writes nothing.';

interface Slots {
  scan: JobSlot<ScanJob>;
  migration: JobSlot<MigrationJob>;
  cutover: JobSlot<CutoverJob>;
  undo: JobSlot<MigrationJob>;
}

/** Owns the background's jobs, one of each kind: starts, stops and clears them, and tells listeners what changed. */
export function createJobRunner(deps: RunnerDeps = {}): JobRunner {
  const listeners = new Set<(u: Update) => void>();
  const slots: Slots = {
    scan: { job: null, abort: null },
    migration: { job: null, abort: null },
    cutover: { job: null, abort: null },
    undo: { job: null, abort: null },
  };
  const emit = (u: Update) => {
    for (const l of listeners) l(u);
  };
  const persister = createJobPersister({
    persist: deps.persist,
    delayMs: deps.persistMs ?? 500,
    logLines: deps.persistLogLines ?? 2000,
    jobs: () => ({ scan: slots.scan.job, migration: slots.migration.job, cutover: slots.cutover.job, undo: slots.undo.job }),
  });
  const tracker = createJobTracker(deps.keepAlive);
  const ctx: RunContext = {
    fetch: deps.fetch,
    now: deps.now ?? (() => Date.now()),
    newId: deps.newId ?? (() => crypto.randomUUID()),
    flushMs: deps.flushMs ?? 100,
    emit,
    persister,
    undo: deps.undo ?? createUndoKeeper(),
  };
  const running = (kind: JobKind) => slots[kind].job?.status === 'running';

  return {
    handle(cmd) {
      switch (cmd.type) {
        case 'scan:start':
          if (running('scan')) slots.scan.abort?.abort();
          tracker.track(runScan(ctx, slots.scan, cmd.companionUrl, cmd.domain));
          return;
        case 'migration:start':
          // One migration at a time, and none while an undo runs: a start meanwhile is ignored (the popup shows the running one).
          if (running('migration') || running('undo')) return;
          tracker.track(runMigration(ctx, slots.migration, cmd));
          return;
        case 'undo:start':
          if (running('undo') || running('migration')) return;
          tracker.track(runUndo(ctx, slots.undo, cmd));
          return;
        case 'cutover:start':
          // A new check replaces a running one: only the newest answer matters.
          if (running('cutover')) slots.cutover.abort?.abort();
          tracker.track(runCutover(ctx, slots.cutover, cmd));
          return;
        case 'cancel':
          slots[cmd.job].abort?.abort();
          return;
        case 'clear':
          if (cmd.job === 'scan' && !running('scan')) {
            slots.scan.job = null;
            emit({ type: 'scan', job: null });
          }
          if (cmd.job === 'migration' && !running('migration')) {
            slots.migration.job = null;
            emit({ type: 'migration:clear' });
          }
          if (cmd.job === 'cutover' && !running('cutover')) {
            slots.cutover.job = null;
            emit({ type: 'cutover', job: null });
          }
          if (cmd.job === 'undo' && !running('undo')) {
            slots.undo.job = null;
            emit({ type: 'undo:clear' });
          }
          void persister.now();
      }
    },
    snapshot() {
      const { scan, migration, cutover, undo } = slots;
      return {
        type: 'snapshot',
        scan: scan.job ? structuredClone(scan.job) : null,
        migration: migration.job ? structuredClone(migration.job) : null,
        cutover: cutover.job ? structuredClone(cutover.job) : null,
        undo: undo.job ? structuredClone(undo.job) : null,
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore(saved) {
      if (!saved) return;
      if (saved.scan && !slots.scan.job) {
        slots.scan.job = saved.scan;
        if (saved.scan.status === 'running') endScanJob(saved.scan, 'interrupted', INTERRUPTED_BY_RESTART, ctx.now());
      }
      if (saved.migration && !slots.migration.job) {
        slots.migration.job = saved.migration;
        if (saved.migration.status === 'running') endMigrationJob(saved.migration, 'interrupted', INTERRUPTED_BY_RESTART, ctx.now());
      }
      if (saved.cutover && !slots.cutover.job) {
        slots.cutover.job = saved.cutover;
        if (saved.cutover.status === 'running') endCutoverJob(saved.cutover, 'interrupted', CHECK_INTERRUPTED_BY_RESTART, ctx.now());
      }
      if (saved.undo && !slots.undo.job) {
        slots.undo.job = saved.undo;
        if (saved.undo.status === 'running') endMigrationJob(saved.undo, 'interrupted', UNDO_INTERRUPTED_BY_RESTART, ctx.now());
      }
    },
    idle: () => tracker.idle(),
  };
}
