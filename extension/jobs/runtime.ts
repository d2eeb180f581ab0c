import { endCutoverJob } from './cutover-state';
import { outdate, writeOf } from './cutover-outdated';
import { runCutover } from './cutover';
import { createJobPersister } from './job-persister';
import type { JobSlot, RunContext } from './run';
import { createJobTracker } from './job-tracker';
import type { Command, JobKind, JobOf, PersistedJobs, Update } from './messages';
import { runMigration } from './migration';
import { endMigrationJob } from './migrate-events';
import { runScan } from './scan';
import { endScanJob } from './scan-state';
import { createUndoKeeper, type UndoKeeper } from './undo-keeper';
import { runUndo } from './undo';

export { CANCELLED, INTERRUPTED_STREAM } from './migration';
export { CHECK_CANCELLED, CHECK_INTERRUPTED } from './cutover';
export { UNDO_CANCELLED, UNDO_GONE, UNDO_INTERRUPTED } from './undo';

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

type StartOf<K extends JobKind> = Extract<Command, { type: `${K}:start` }>;
type Slots = { [K in JobKind]: JobSlot<JobOf[K]> };

/** How the runner treats one kind of job. */
interface KindRules<K extends JobKind> {
  run(ctx: RunContext, slot: JobSlot<JobOf[K]>, cmd: StartOf<K>): Promise<void>;
  /**
   * A start while a job runs: `replace` stops a running one of this kind (only the newest answer
   * matters); a list names the kinds during which a start is ignored (the popup shows the running one).
   */
  busy: 'replace' | readonly JobKind[];
  /** What tells the popup the kind's slot is empty. */
  cleared: Update;
  /** Ends a job a restarted background found running: its end was not seen. */
  interrupt(job: JobOf[K], now: number): void;
}

/** One row per kind of job. */
const KINDS: { [K in JobKind]: KindRules<K> } = {
  scan: {
    run: (ctx, slot, cmd) =>
      runScan(ctx, slot, cmd.companionUrl, cmd.domain, {
        transfer: cmd.transfer === true,
        ...(cmd.depth ? { depth: cmd.depth } : {}),
        names: cmd.names ?? [],
      }),
    busy: 'replace',
    cleared: { type: 'scan', job: null },
    interrupt: (job, now) => endScanJob(job, 'interrupted', INTERRUPTED_BY_RESTART, now),
  },
  // One migration at a time, and none while an undo runs (nor an undo during a migration).
  migration: {
    run: runMigration,
    busy: ['migration', 'undo'],
    cleared: { type: 'migration:clear' },
    interrupt: (job, now) => endMigrationJob(job, 'interrupted', INTERRUPTED_BY_RESTART, now),
  },
  cutover: {
    run: runCutover,
    busy: 'replace',
    cleared: { type: 'cutover', job: null },
    interrupt: (job, now) => endCutoverJob(job, 'interrupted', CHECK_INTERRUPTED_BY_RESTART, now),
  },
  undo: {
    run: runUndo,
    busy: ['undo', 'migration'],
    cleared: { type: 'undo:clear' },
    interrupt: (job, now) => endMigrationJob(job, 'interrupted', UNDO_INTERRUPTED_BY_RESTART, now),
  },
};
const JOB_KINDS = Object.keys(KINDS) as JobKind[];

/** Owns the background's jobs, one of each kind: starts, stops and clears them, and tells listeners what changed. */
export function createJobRunner(deps: RunnerDeps = {}): JobRunner {
  const listeners = new Set<(u: Update) => void>();
  const slots: Slots = {
    scan: { job: null, abort: null },
    migration: { job: null, abort: null },
    cutover: { job: null, abort: null },
    undo: { job: null, abort: null },
  };
  const clock = deps.now ?? (() => Date.now());
  const emit = (u: Update) => {
    for (const l of listeners) l(u);
    // A write to a checked zone makes the check's word on it out of date, told right after the write's own update.
    const write = writeOf(u, { migration: slots.migration.job, undo: slots.undo.job });
    const check = slots.cutover.job;
    if (write && check && outdate(check, write, clock())) {
      const update: Update = { type: 'cutover', job: structuredClone(check) };
      for (const l of listeners) l(update);
      void persister.now();
    }
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
    now: clock,
    newId: deps.newId ?? (() => crypto.randomUUID()),
    flushMs: deps.flushMs ?? 100,
    emit,
    persister,
    undo: deps.undo ?? createUndoKeeper(),
  };
  const running = (kind: JobKind) => slots[kind].job?.status === 'running';

  function start<K extends JobKind>(kind: K, cmd: StartOf<K>): void {
    const rules: KindRules<K> = KINDS[kind];
    if (rules.busy === 'replace') {
      if (running(kind)) slots[kind].abort?.abort();
    } else if (rules.busy.some(running)) return;
    tracker.track(rules.run(ctx, slots[kind], cmd));
  }

  function clear(kind: JobKind): void {
    if (running(kind)) return;
    slots[kind].job = null;
    emit(KINDS[kind].cleared);
  }

  function adopt<K extends JobKind>(kind: K, job: JobOf[K] | null | undefined): void {
    if (!job || slots[kind].job) return;
    slots[kind].job = job;
    if (job.status === 'running') KINDS[kind].interrupt(job, ctx.now());
  }

  return {
    handle(cmd) {
      switch (cmd.type) {
        case 'scan:start':
          return start('scan', cmd);
        case 'migration:start':
          return start('migration', cmd);
        case 'undo:start':
          return start('undo', cmd);
        case 'cutover:start':
          return start('cutover', cmd);
        case 'cancel':
          slots[cmd.job].abort?.abort();
          return;
        case 'clear':
          clear(cmd.job);
          void persister.now();
      }
    },
    snapshot() {
      const copy = <J>(slot: JobSlot<J>): J | null => (slot.job ? structuredClone(slot.job) : null);
      return {
        type: 'snapshot',
        scan: copy(slots.scan),
        migration: copy(slots.migration),
        cutover: copy(slots.cutover),
        undo: copy(slots.undo),
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore(saved) {
      if (!saved) return;
      const each = <K extends JobKind>(kind: K) => adopt(kind, saved[kind]);
      JOB_KINDS.forEach(each);
    },
    idle: () => tracker.idle(),
  };
}
