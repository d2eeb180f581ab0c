import type { API, MigrateEvent, MigrateRequest, UndoRequest } from '@dnsferry/shared';
import { streamNdjson } from '@/utils/companion';
import { followStream, vacate, type JobSlot, type RunContext } from './run';
import type { RefusedAction, Update } from './messages';
import { applyMigrateEvent, endMigrationJob, type JobStatus, type MigrationJob } from './migrate-events';

/** The updates a job of migrate events sends: a migration's, or an undo's (the same grammar). */
export interface EventChannel {
  start(job: MigrationJob): Update;
  events(id: string, events: MigrateEvent[]): Update;
  end(id: string, status: Exclude<JobStatus, 'running'>, error: string | null, finishedAt: number): Update;
}

export const MIGRATION_CHANNEL: EventChannel = {
  start: (job) => ({ type: 'migration:start', job }),
  events: (id, events) => ({ type: 'migration:events', id, events }),
  end: (id, status, error, finishedAt) => ({ type: 'migration:end', id, status, error, finishedAt }),
};
export const UNDO_CHANNEL: EventChannel = {
  start: (job) => ({ type: 'undo:start', job }),
  events: (id, events) => ({ type: 'undo:events', id, events }),
  end: (id, status, error, finishedAt) => ({ type: 'undo:end', id, status, error, finishedAt }),
};

export interface EventJobOptions {
  channel: EventChannel;
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

/**
 * Streams a job of migrate events; the caller has put it in `slot` (`occupy`), and `ac` stops it. A job can stream thousands of events, so the popup gets
 * them in batches once per `flushMs`, and rebuilds the job from them, rather than a copy of the job each time.
 */
export async function runEventJob(
  ctx: RunContext,
  slot: JobSlot<MigrationJob>,
  job: MigrationJob,
  ac: AbortController,
  opts: EventJobOptions,
): Promise<void> {
  let pending: MigrateEvent[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const events = pending;
    pending = [];
    ctx.emit(opts.channel.events(job.id, events));
  };
  const end = (status: Exclude<JobStatus, 'running'>, error: string | null) => {
    flush();
    endMigrationJob(job, status, error, ctx.now());
    ctx.emit(opts.channel.end(job.id, status, error, job.finishedAt ?? ctx.now()));
  };
  ctx.emit(opts.channel.start(structuredClone(job)));
  // Saved at once: if the browser stops this worker in the first second, the restarted one still
  // knows a job was running and says it was cut off.
  void ctx.persister.now();
  const timer = setInterval(flush, ctx.flushMs);
  try {
    const events = streamNdjson(opts.companionUrl, opts.call.endpoint, opts.call.body, { fetch: ctx.fetch, signal: ac.signal });
    await followStream(events, ac.signal, {
      event(event) {
        applyMigrateEvent(job, event);
        pending.push(event);
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
