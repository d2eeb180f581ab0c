import { CutoverEventSchema, ENDPOINTS, MigrateEventSchema, ScanEventSchema, type MigrateEvent } from '@dnsferry/shared';
import { CompanionError, streamNdjson } from './companion';
import { applyCutoverEvent, createCutoverJob, endCutoverJob, type CutoverJob } from './cutover-state';
import type { Command, PersistedJobs, Update } from './messages';
import { applyMigrateEvent, createMigrationJob, endMigrationJob, trimmedJob, type MigrationJob } from './migration-state';
import { applyScanEvent, createScanJob, endScanJob, type ScanJob } from './scan-state';

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
export const INTERRUPTED_STREAM =
  'The companion closed the stream before the end. Running it again is safe: records already at Cloudflare are skipped.';
export const CHECK_INTERRUPTED = 'The companion closed the stream before the check finished. Checking again is safe: it writes nothing.';
export const CHECK_INTERRUPTED_BY_RESTART =
  'The extension restarted while the check was running. Checking again is safe: it writes nothing.';
export const CHECK_CANCELLED = 'Check stopped.';
export const CANCELLED = 'Stopped on request. Records written so far stay; running it again skips them.';

const clone = <T>(value: T): T => structuredClone(value);

function describe(err: unknown): string {
  if (err instanceof CompanionError) {
    if (err.kind === 'unreachable') return `${err.message} Is it still running?`;
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export function createJobRunner(deps: RunnerDeps = {}): JobRunner {
  const now = deps.now ?? (() => Date.now());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const flushMs = deps.flushMs ?? 100;
  const persistMs = deps.persistMs ?? 500;
  const keepLines = deps.persistLogLines ?? 2000;
  const listeners = new Set<(u: Update) => void>();

  let scan: ScanJob | null = null;
  let migration: MigrationJob | null = null;
  let cutover: CutoverJob | null = null;
  const aborts: Record<'scan' | 'migration' | 'cutover', AbortController | null> = { scan: null, migration: null, cutover: null };
  const running = new Set<Promise<void>>();
  let persistTimer: ReturnType<typeof setTimeout> | null = null;
  let keepAliveTimer: ReturnType<typeof setInterval> | null = null;

  const emit = (u: Update) => {
    for (const l of listeners) l(u);
  };

  const persistNow = async () => {
    if (persistTimer) clearTimeout(persistTimer);
    persistTimer = null;
    if (!deps.persist) return;
    await deps.persist({
      scan: scan ? clone(scan) : null,
      migration: migration ? trimmedJob(migration, keepLines) : null,
      cutover: cutover ? clone(cutover) : null,
    });
  };
  const schedulePersist = () => {
    if (persistTimer || !deps.persist) return;
    persistTimer = setTimeout(() => void persistNow(), persistMs);
  };

  const track = (p: Promise<void>) => {
    running.add(p);
    if (!keepAliveTimer && deps.keepAlive) {
      deps.keepAlive();
      keepAliveTimer = setInterval(() => deps.keepAlive?.(), 20_000);
    }
    void p.finally(() => {
      running.delete(p);
      if (running.size === 0 && keepAliveTimer) {
        clearInterval(keepAliveTimer);
        keepAliveTimer = null;
      }
    });
  };

  async function runScan(companionUrl: string, domain: string): Promise<void> {
    const job = createScanJob({ id: newId(), domain, now: now() });
    scan = job;
    const ac = new AbortController();
    aborts.scan = ac;
    let dirty = false;
    const flush = () => {
      if (!dirty || scan !== job) return;
      dirty = false;
      emit({ type: 'scan', job: clone(job) });
    };
    emit({ type: 'scan', job: clone(job) });
    const timer = setInterval(flush, flushMs);
    try {
      for await (const event of streamNdjson(companionUrl, ENDPOINTS.scan, { domain }, ScanEventSchema, {
        fetch: deps.fetch,
        signal: ac.signal,
      })) {
        applyScanEvent(job, event);
        dirty = true;
      }
      if (job.status === 'running') endScanJob(job, 'interrupted', 'The companion closed the stream before the scan finished.', now());
      else job.finishedAt = now();
    } catch (err) {
      if (ac.signal.aborted) endScanJob(job, 'cancelled', 'Scan stopped.', now());
      else endScanJob(job, 'failed', describe(err), now());
    } finally {
      clearInterval(timer);
      if (aborts.scan === ac) aborts.scan = null;
      if (scan === job) emit({ type: 'scan', job: clone(job) });
      await persistNow();
    }
  }

  async function runMigration(cmd: Extract<Command, { type: 'migration:start' }>): Promise<void> {
    const { request } = cmd;
    const job = createMigrationJob({
      id: newId(),
      dryRun: request.dryRun === true,
      zones: request.zones.map((z) => ({
        name: z.name,
        expected: z.records ? z.records.length : (cmd.expected[z.name] ?? null),
        fromSource: z.records === undefined,
      })),
      now: now(),
      ...(request.subscriptionId ? { subscriptionId: request.subscriptionId } : {}),
    });
    migration = job;
    const ac = new AbortController();
    aborts.migration = ac;
    let pending: MigrateEvent[] = [];
    const flush = () => {
      if (pending.length === 0) return;
      const events = pending;
      pending = [];
      emit({ type: 'migration:events', id: job.id, events });
    };
    const end = (status: 'done' | 'failed' | 'interrupted' | 'cancelled', error: string | null) => {
      flush();
      endMigrationJob(job, status, error, now());
      emit({ type: 'migration:end', id: job.id, status, error, finishedAt: job.finishedAt ?? now() });
    };
    emit({ type: 'migration:start', job: clone(job) });
    // Saved at once: if the browser stops this worker in the first second, the restarted one still
    // knows a migration was running and says it was cut off.
    void persistNow();
    const timer = setInterval(flush, flushMs);
    try {
      for await (const event of streamNdjson(cmd.companionUrl, ENDPOINTS.migrate, request, MigrateEventSchema, {
        fetch: deps.fetch,
        signal: ac.signal,
      })) {
        applyMigrateEvent(job, event);
        pending.push(event);
        schedulePersist();
      }
      if (job.status === 'done') end('done', null);
      else end('interrupted', INTERRUPTED_STREAM);
    } catch (err) {
      if (ac.signal.aborted) end('cancelled', CANCELLED);
      else end('failed', describe(err));
    } finally {
      clearInterval(timer);
      if (aborts.migration === ac) aborts.migration = null;
      await persistNow();
    }
  }

  async function runCutover(cmd: Extract<Command, { type: 'cutover:start' }>): Promise<void> {
    const { request } = cmd;
    const job = createCutoverJob({
      id: newId(),
      zones: request.zones.map((z) => z.name),
      requestActivation: request.requestActivation === true,
      now: now(),
    });
    cutover = job;
    const ac = new AbortController();
    aborts.cutover = ac;
    const send = () => {
      if (cutover === job) emit({ type: 'cutover', job: clone(job) });
    };
    send();
    void persistNow();
    try {
      // Few events, each worth showing at once: no batching as for a migration.
      for await (const event of streamNdjson(cmd.companionUrl, ENDPOINTS.cutoverCheck, request, CutoverEventSchema, {
        fetch: deps.fetch,
        signal: ac.signal,
      })) {
        applyCutoverEvent(job, event);
        send();
      }
      if (job.status === 'done') job.finishedAt = now();
      else endCutoverJob(job, 'interrupted', CHECK_INTERRUPTED, now());
    } catch (err) {
      if (ac.signal.aborted) endCutoverJob(job, 'cancelled', CHECK_CANCELLED, now());
      else endCutoverJob(job, 'failed', describe(err), now());
    } finally {
      if (aborts.cutover === ac) aborts.cutover = null;
      send();
      await persistNow();
    }
  }

  return {
    handle(cmd) {
      switch (cmd.type) {
        case 'scan:start':
          if (scan?.status === 'running') aborts.scan?.abort();
          track(runScan(cmd.companionUrl, cmd.domain));
          return;
        case 'migration:start':
          // One migration at a time: a second start while one runs is ignored (the popup shows the running one).
          if (migration?.status === 'running') return;
          track(runMigration(cmd));
          return;
        case 'cutover:start':
          // A new check replaces a running one: only the newest answer matters.
          if (cutover?.status === 'running') aborts.cutover?.abort();
          track(runCutover(cmd));
          return;
        case 'cancel':
          aborts[cmd.job]?.abort();
          return;
        case 'clear':
          if (cmd.job === 'scan' && scan?.status !== 'running') {
            scan = null;
            emit({ type: 'scan', job: null });
          }
          if (cmd.job === 'migration' && migration?.status !== 'running') {
            migration = null;
            emit({ type: 'migration:clear' });
          }
          if (cmd.job === 'cutover' && cutover?.status !== 'running') {
            cutover = null;
            emit({ type: 'cutover', job: null });
          }
          void persistNow();
      }
    },
    snapshot() {
      return {
        type: 'snapshot',
        scan: scan ? clone(scan) : null,
        migration: migration ? clone(migration) : null,
        cutover: cutover ? clone(cutover) : null,
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore(saved) {
      if (!saved) return;
      if (saved.scan && !scan) {
        scan = saved.scan;
        if (scan.status === 'running') endScanJob(scan, 'interrupted', INTERRUPTED_BY_RESTART, now());
      }
      if (saved.migration && !migration) {
        migration = saved.migration;
        if (migration.status === 'running') endMigrationJob(migration, 'interrupted', INTERRUPTED_BY_RESTART, now());
      }
      if (saved.cutover && !cutover) {
        cutover = saved.cutover;
        if (cutover.status === 'running') endCutoverJob(cutover, 'interrupted', CHECK_INTERRUPTED_BY_RESTART, now());
      }
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
