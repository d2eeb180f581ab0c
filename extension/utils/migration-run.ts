import { ENDPOINTS, MigrateEventSchema, type MigrateEvent } from '@dnsferry/shared';
import { streamNdjson } from './companion';
import { followStream, occupy, vacate, type JobSlot, type RunContext } from './job-run';
import type { Command } from './messages';
import { applyMigrateEvent, createMigrationJob, endMigrationJob, type JobStatus, type MigrationJob } from './migration-state';

export const INTERRUPTED_STREAM =
  'The companion closed the stream before the end. Running it again is safe: records already at Cloudflare are skipped.';
export const CANCELLED = 'Stopped on request. Records written so far stay; running it again skips them.';

/**
 * Runs one migration in `slot`. A migration can stream thousands of events, so the popup gets them in
 * batches once per `flushMs`, and rebuilds the job from them, rather than a copy of the job each time.
 */
export async function runMigration(
  ctx: RunContext,
  slot: JobSlot<MigrationJob>,
  cmd: Extract<Command, { type: 'migration:start' }>,
): Promise<void> {
  const { request } = cmd;
  const job = createMigrationJob({
    id: ctx.newId(),
    dryRun: request.dryRun === true,
    zones: request.zones.map((z) => ({
      name: z.name,
      expected: z.records ? z.records.length : (cmd.expected[z.name] ?? null),
      fromSource: z.records === undefined,
    })),
    now: ctx.now(),
    ...(request.subscriptionId ? { subscriptionId: request.subscriptionId } : {}),
  });
  const ac = occupy(slot, job);
  let pending: MigrateEvent[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const events = pending;
    pending = [];
    ctx.emit({ type: 'migration:events', id: job.id, events });
  };
  const end = (status: Exclude<JobStatus, 'running'>, error: string | null) => {
    flush();
    endMigrationJob(job, status, error, ctx.now());
    ctx.emit({ type: 'migration:end', id: job.id, status, error, finishedAt: job.finishedAt ?? ctx.now() });
  };
  ctx.emit({ type: 'migration:start', job: structuredClone(job) });
  // Saved at once: if the browser stops this worker in the first second, the restarted one still
  // knows a migration was running and says it was cut off.
  void ctx.persister.now();
  const timer = setInterval(flush, ctx.flushMs);
  try {
    const events = streamNdjson(cmd.companionUrl, ENDPOINTS.migrate, request, MigrateEventSchema, { fetch: ctx.fetch, signal: ac.signal });
    await followStream(events, ac.signal, {
      event(event) {
        applyMigrateEvent(job, event);
        pending.push(event);
        ctx.persister.soon();
      },
      closed() {
        if (job.status === 'done') end('done', null);
        else end('interrupted', INTERRUPTED_STREAM);
      },
      cancelled: () => end('cancelled', CANCELLED),
      failed: (error) => end('failed', error),
    });
  } finally {
    clearInterval(timer);
    vacate(slot, ac);
    await ctx.persister.now();
  }
}
