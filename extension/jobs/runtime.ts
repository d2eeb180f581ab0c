import { browser, type Browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { CHECK_INTERRUPTED_BY_RESTART, endCutoverJob, outdate, runCutover, type Write } from './cutover';
import { createJobTracker } from './keep-alive';
import { endMigrationJob, trimmedJob, type MigrationJob } from './migrate-events';
import { PORT_NAME, type Command, type JobOf, type PersistedJobs, type Update } from './messages';
import { INTERRUPTED_BY_RESTART, runMigration } from './migration';
import type { JobKind, JobPersister, JobSlot, RunContext } from './run';
import { endScanJob, runScan } from './scan';
import { UNDO_INTERRUPTED_BY_RESTART, runUndo } from './undo';
import { createUndoKeeper, type UndoKeeper } from './undo-keeper';

/*
 * The background's runtime: the runner that owns the jobs (one of each kind; keep-alive.ts holds the
 * service worker awake while one runs), the persistence that lets a restarted worker show them, and
 * the port the popup connects to. A new kind of job is one file (as scan.ts) and one row in KINDS.
 */

type StartOf<K extends JobKind> = Extract<Command, { type: `${K}:start` }>;

/** How the runner treats one kind of job. */
interface KindRules<K extends JobKind> {
  run(ctx: RunContext<Update>, slot: JobSlot<JobOf[K]>, cmd: StartOf<K>): Promise<void>;
  /**
   * A start while a job runs: `replace` stops a running one of this kind (only the newest answer
   * matters); a list names the kinds during which a start is ignored (the popup shows the running one).
   */
  busy: 'replace' | readonly JobKind[];
  /** What tells the popup the kind's slot is empty. */
  cleared: Update;
  /** Ends a job a restarted background found running: its end was not seen. */
  interrupt(job: JobOf[K], now: number): void;
  /** What is saved of a job: a copy, with only the newest log lines of a long one. */
  saved(job: JobOf[K], logLines: number): JobOf[K];
}

const copy = <J>(job: J): J => structuredClone(job);
const copyOf = <J>(slot: JobSlot<J>): J | null => (slot.job ? copy(slot.job) : null);

/** One row per kind of job. */
const KINDS: { [K in JobKind]: KindRules<K> } = {
  // a scan cut off by a restart says what a migration's does
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
    saved: copy,
  },
  // One migration at a time, and none while an undo runs (nor an undo during a migration).
  migration: {
    run: runMigration,
    busy: ['migration', 'undo'],
    cleared: { type: 'migration:clear' },
    interrupt: (job, now) => endMigrationJob(job, 'interrupted', INTERRUPTED_BY_RESTART, now),
    saved: trimmedJob,
  },
  cutover: {
    run: runCutover,
    busy: 'replace',
    cleared: { type: 'cutover', job: null },
    interrupt: (job, now) => endCutoverJob(job, 'interrupted', CHECK_INTERRUPTED_BY_RESTART, now),
    saved: copy,
  },
  undo: {
    run: runUndo,
    busy: ['undo', 'migration'],
    cleared: { type: 'undo:clear' },
    interrupt: (job, now) => endMigrationJob(job, 'interrupted', UNDO_INTERRUPTED_BY_RESTART, now),
    saved: trimmedJob,
  },
};
const JOB_KINDS = Object.keys(KINDS) as JobKind[];

/**
 * The write an update tells of, if it tells of one: a real migration or an undo, as it starts or ends
 * (cutover.ts, `outdate`). `jobs` are the runner's current ones: an end names only its id.
 */
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

type Slots = { [K in JobKind]: JobSlot<JobOf[K]> };

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
  const ctx: RunContext<Update> = {
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
      const { scan, migration, cutover, undo } = slots;
      return { type: 'snapshot', scan: copyOf(scan), migration: copyOf(migration), cutover: copyOf(cutover), undo: copyOf(undo) };
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

// ---- Persistence ----

/** The background's jobs, without credentials, so a restarted service worker can still show them. */
export const jobsItem = storage.defineItem<PersistedJobs>('session:dnsferry:jobs');

/**
 * Saves the jobs so a restarted background can still show them. A migration sends events faster than
 * storage should be written, so while it runs a save waits `delayMs` and takes every change made meanwhile;
 * at a job's start and end the save happens at once.
 */
export function createJobPersister(opts: {
  persist?: ((jobs: PersistedJobs) => Promise<void>) | undefined;
  delayMs: number;
  /** Log lines of a migration (or an undo) kept in a save (its counts are always kept). */
  logLines: number;
  /** The live jobs; a save holds copies (KINDS' `saved`), so later events do not change what was saved. */
  jobs: () => { [K in JobKind]: JobOf[K] | null };
}): JobPersister {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const now = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!opts.persist) return;
    const live = opts.jobs();
    const saved = <K extends JobKind>(kind: K): JobOf[K] | null => {
      const job = live[kind];
      return job ? KINDS[kind].saved(job, opts.logLines) : null;
    };
    await opts.persist({ scan: saved('scan'), migration: saved('migration'), cutover: saved('cutover'), undo: saved('undo') });
  };

  return {
    now,
    soon() {
      if (timer || !opts.persist) return;
      timer = setTimeout(() => void now(), opts.delayMs);
    },
  };
}

// ---- The port ----

/**
 * Starts the background's jobs: the saved ones are taken over, and each popup that connects gets a
 * snapshot, then every update. Commands that arrive before the saved jobs are read wait for them.
 */
export function startJobRuntime(): JobRunner {
  const runner = createJobRunner({
    persist: (jobs) => jobsItem.setValue(jobs),
    // Any extension API call resets the service worker's idle timer while a stream is open.
    keepAlive: () => void browser.runtime.getPlatformInfo(),
  });
  const restored = jobsItem
    .getValue()
    .then((saved) => runner.restore(saved ?? undefined))
    .catch((err: unknown) => console.warn('dnsferry: could not read the saved jobs', err));

  browser.runtime.onConnect.addListener((port: Browser.runtime.Port) => {
    if (port.name !== PORT_NAME) return;
    let ready = false;
    const queue: Command[] = [];
    const unsubscribe = runner.subscribe((update) => {
      if (ready) port.postMessage(update);
    });
    port.onMessage.addListener((message: unknown) => {
      const cmd = message as Command;
      if (ready) runner.handle(cmd);
      else queue.push(cmd);
    });
    port.onDisconnect.addListener(() => unsubscribe());
    void restored.then(() => {
      port.postMessage(runner.snapshot());
      ready = true;
      for (const cmd of queue.splice(0)) runner.handle(cmd);
    });
  });
  return runner;
}
