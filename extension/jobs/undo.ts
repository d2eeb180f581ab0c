import { API, undoSteps } from '@dnsferry/shared';
import { UNDO_CHANNEL, runEventJob } from './event-job-run';
import { occupy, vacate, type JobSlot, type RunContext } from './run';
import type { Command } from './messages';
import { createMigrationJob, endMigrationJob, type MigrationJob } from './migrate-events';
import { jobTotals } from './migration-totals';
import { undoRequest } from './requests';

export const UNDO_INTERRUPTED =
  'The companion closed the stream before the end. Undoing again is safe: what is already put back, or changed since the run, is left as it is.';
export const UNDO_CANCELLED = 'Stopped on request. What was put back so far stays; undoing again goes on with the rest.';
export const UNDO_GONE = 'The undo data of this run is no longer kept in this browser, so it cannot be undone from here.';

/**
 * Puts back the zones of the run `cmd.runId`, from the undo data its migration kept. The data is
 * forgotten once the undo has finished without a failure: what it could not put back (a record
 * changed since the run) is told as a skip, and undoing again would skip it again.
 */
export async function runUndo(ctx: RunContext, slot: JobSlot<MigrationJob>, cmd: Extract<Command, { type: 'undo:start' }>): Promise<void> {
  const job = createMigrationJob({ id: ctx.newId(), dryRun: false, zones: [], now: ctx.now(), undoOf: cmd.runId });
  // The slot is taken before the data is read, so a second start meanwhile finds it busy.
  const ac = occupy(slot, job);
  const saved = await ctx.undo?.get(cmd.runId);
  if (!saved || saved.zones.length === 0 || ac.signal.aborted) {
    const [status, error] = ac.signal.aborted ? (['cancelled', UNDO_CANCELLED] as const) : (['failed', UNDO_GONE] as const);
    ctx.emit(UNDO_CHANNEL.start(structuredClone(job)));
    endMigrationJob(job, status, error, ctx.now());
    ctx.emit(UNDO_CHANNEL.end(job.id, status, error, job.finishedAt ?? ctx.now()));
    vacate(slot, ac);
    await ctx.persister.now();
    return;
  }
  job.zones = createMigrationJob({
    id: job.id,
    dryRun: false,
    zones: saved.zones.map((u) => ({ name: u.zone, expected: undoSteps(u) })),
    now: job.startedAt,
  }).zones;
  await runEventJob(ctx, slot, job, ac, {
    channel: UNDO_CHANNEL,
    companionUrl: cmd.companionUrl,
    call: { endpoint: API.undo, body: undoRequest(saved, cmd.targetToken, cmd.deleteZone) },
    interrupted: UNDO_INTERRUPTED,
    cancelled: UNDO_CANCELLED,
    what: 'undo',
  });
  if (job.status === 'done' && jobTotals(job).failed === 0 && !job.zones.some((z) => z.error)) await ctx.undo?.forget(cmd.runId);
}
