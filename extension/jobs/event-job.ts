import type { API, MigrateEvent, MigrateRequest, UndoRequest } from '@dnsferry/shared';
import { streamNdjson } from '@/utils/companion';
import { applyMigrateEvent, endMigrationJob, type LogEntry, type MigrationJob, type ZoneProgress } from './migrate-events';
import { followStream, vacate, type EndStatus, type JobSlot, type JobStatus, type RefusedAction, type RunContext } from './run';

/*
 * A job of migrate events (a migration, or an undo: the same grammar), run in the background and
 * followed by the popup. One reduction, two copies: the background reduces each event once; a job can
 * stream thousands of events and hold tens of thousands of log lines, so the popup gets neither the
 * events (it would reduce them again) nor the whole job each time, but what the reducer changed.
 */

export type EventJobKind = 'migration' | 'undo';

/** What the reducer changed in a job since the last patch: what the popup's copy needs to be the same. */
export interface JobPatch {
  status: JobStatus;
  error: string | null;
  finishedAt: number | null;
  seq: number;
  logDropped: number;
  /** The zones that changed, whole, with their place (a zone keeps its place: zones are only added). */
  zones: Array<{ at: number; zone: ZoneProgress }>;
  /** The log lines added since the last patch, those the job still holds. */
  log: LogEntry[];
}

/** The reduction of a job's events, noting what each event touched until `take` says it, once per batch. */
export interface JobChanges {
  /** Reduces one event into the job and notes what it touched. */
  apply(event: MigrateEvent): void;
  /** Ends the job (`endMigrationJob`). */
  end(status: EndStatus, error: string | null, now: number): void;
  /** What changed since the last call: copies of the zones, and the new log lines (never changed once written). */
  take(): JobPatch;
}

export function trackChanges(job: MigrationJob): JobChanges {
  let logFrom = job.logDropped + job.log.length;
  const touched = new Set<string>();
  return {
    apply(event) {
      applyMigrateEvent(job, event);
      if (event.type === 'done') for (const r of event.results) touched.add(r.zone);
      else touched.add(event.zone);
    },
    end(status, error, now) {
      endMigrationJob(job, status, error, now);
    },
    take() {
      const zones: JobPatch['zones'] = [];
      job.zones.forEach((zone, at) => {
        if (touched.has(zone.zone)) zones.push({ at, zone: structuredClone(zone) });
      });
      touched.clear();
      const log = job.log.slice(Math.max(0, logFrom - job.logDropped));
      logFrom = job.logDropped + job.log.length;
      const { status, error, finishedAt, seq, logDropped } = job;
      return { status, error, finishedAt, seq, logDropped, zones, log };
    },
  };
}

/**
 * Brings a copy of a job (the popup's) up to a patch of the same job, without reducing anything again.
 * A copy taken from a snapshot may already hold part of the next patch (what changed between the last
 * batch and the snapshot): zones are replaced whole, and log lines it holds are not added twice.
 */
export function applyPatch(job: MigrationJob, patch: JobPatch): void {
  job.status = patch.status;
  job.error = patch.error;
  job.finishedAt = patch.finishedAt;
  job.seq = patch.seq;
  for (const { at, zone } of patch.zones) job.zones[at] = zone;
  const next = job.logDropped + job.log.length;
  for (const entry of patch.log) if (entry.seq >= next) job.log.push(entry);
  // the job dropped its oldest lines past LOG_CAP: the copy drops the same ones
  const kept = job.log.findIndex((e) => e.seq >= patch.logDropped);
  job.log.splice(0, kept === -1 ? job.log.length : kept);
  job.logDropped = patch.logDropped;
}

/** Background → popup: the job as it starts, what changed once per batch, the last change as it ends, a clear. */
export type EventJobUpdate<K extends EventJobKind> =
  | { type: `${K}:start`; job: MigrationJob }
  | ({ type: `${K}:patch`; id: string } & JobPatch)
  | ({ type: `${K}:end`; id: string } & JobPatch)
  | { type: `${K}:clear` };

export interface EventJobOptions<K extends EventJobKind> {
  kind: K;
  companionUrl: string;
  /** The endpoints that stream migrate events, with their bodies. */
  call: { endpoint: typeof API.migrate; body: MigrateRequest } | { endpoint: typeof API.undo; body: UndoRequest };
  /** The sentence for a stream that closed before its `done`, and for one stopped on request. */
  interrupted: string;
  cancelled: string;
  /** What the request is, for the popup's header when it is refused before it is sent. */
  what: RefusedAction;
  /** Sees each event after the job has applied it. */
  onEvent?: (event: MigrateEvent) => void;
}

/** Tells the popup that a job that never streamed has started and ended (an undo with nothing to put back). */
export function endUnstarted<K extends EventJobKind>(
  ctx: RunContext<EventJobUpdate<K>>,
  kind: K,
  job: MigrationJob,
  status: EndStatus,
  error: string | null,
): void {
  const changes = trackChanges(job);
  ctx.emit({ type: `${kind}:start`, job: structuredClone(job) });
  changes.end(status, error, ctx.now());
  ctx.emit({ type: `${kind}:end`, id: job.id, ...changes.take() });
}

/**
 * Streams a job of migrate events; the caller has put it in `slot` (`occupy`), and `ac` stops it. The
 * popup gets what changed once per `flushMs`, and the last change with the end.
 */
export async function runEventJob<K extends EventJobKind>(
  ctx: RunContext<EventJobUpdate<K>>,
  slot: JobSlot<MigrationJob>,
  job: MigrationJob,
  ac: AbortController,
  opts: EventJobOptions<K>,
): Promise<void> {
  const { kind } = opts;
  const changes = trackChanges(job);
  let pending = false;
  const flush = () => {
    if (!pending) return;
    pending = false;
    ctx.emit({ type: `${kind}:patch`, id: job.id, ...changes.take() });
  };
  const end = (status: EndStatus, error: string | null) => {
    changes.end(status, error, ctx.now());
    pending = false;
    ctx.emit({ type: `${kind}:end`, id: job.id, ...changes.take() });
  };
  ctx.emit({ type: `${kind}:start`, job: structuredClone(job) });
  // Saved at once: if the browser stops this worker in the first second, the restarted one still
  // knows a job was running and says it was cut off.
  void ctx.persister.now();
  const timer = setInterval(flush, ctx.flushMs);
  try {
    const events = streamNdjson(opts.companionUrl, opts.call.endpoint, opts.call.body, { fetch: ctx.fetch, signal: ac.signal });
    await followStream(events, ac.signal, {
      event(event) {
        changes.apply(event);
        pending = true;
        opts.onEvent?.(event);
        ctx.persister.soon();
      },
      closed() {
        if (job.status === 'done') end('done', null);
        else end('interrupted', opts.interrupted);
      },
      cancelled: () => end('cancelled', opts.cancelled),
      failed: (error) => end('failed', error),
      refused: (refusal) => ctx.emit({ type: 'companion:refused', what: opts.what, refusal }),
    });
  } finally {
    clearInterval(timer);
    vacate(slot, ac);
    await ctx.persister.now();
  }
}
