import { API, undoSteps, type UndoRequest } from '@dnsferry/shared';
import { endUnstarted, runEventJob, type EventJobUpdate } from './event-job';
import { createMigrationJob, type MigrationJob } from './migrate-events';
import { jobTotals } from './migration-totals';
import { occupy, vacate, type JobSlot, type RunContext } from './run';
import type { UndoRun } from './undo-keeper';

/*
 * An undo of a migration: its request, built from the undo data the migration kept (undo-keeper.ts),
 * and its run. It streams the migrate grammar, so its job is a MigrationJob with `undoOf`, reduced and
 * sent to the popup as a migration's is (event-job.ts).
 */

/** Popup → background: undo the run `runId`. */
export interface UndoStart {
  type: 'undo:start';
  companionUrl: string;
  /** The migration job whose undo data (kept in `storage.local`) is sent back. */
  runId: string;
  /** The undo's credential: held by the background for the request only, as a migration's is. */
  targetToken: string;
  /** Also delete the zones the run created, when nothing but what the target manages is left in them. */
  deleteZone: boolean;
}

export const UNDO_INTERRUPTED =
  'The companion closed the stream before the end. Undoing again is safe: what is already put back, or changed since the run, is left as it is.';
export const UNDO_CANCELLED = 'Stopped on request. What was put back so far stays; undoing again goes on with the rest.';
export const UNDO_INTERRUPTED_BY_RESTART =
  'The extension restarted while the undo was running, so its end was not seen; the counts are what it saw before. Undoing again is safe: what is already put back, or changed since the run, is left as it is.';
export const UNDO_GONE = 'The undo data of this run is no longer kept in this browser, so it cannot be undone from here.';

/** Puts back the zones of a run from the undo data it kept, into the account it wrote to. */
export function undoRequest(run: UndoRun, targetToken: string, deleteZone: boolean): UndoRequest {
  return {
    targetToken,
    targetAccountId: run.accountId,
    zones: run.zones.map((undo) => ({ name: undo.zone, undo })),
    ...(deleteZone ? { deleteZone: true } : {}),
  };
}

/**
 * Puts back the zones of the run `cmd.runId`, from the undo data its migration kept. The data is
 * forgotten once the undo has finished without a failure: what it could not put back (a record
 * changed since the run) is told as a skip, and undoing again would skip it again.
 */
export async function runUndo(ctx: RunContext<EventJobUpdate<'undo'>>, slot: JobSlot<MigrationJob>, cmd: UndoStart): Promise<void> {
  const job = createMigrationJob({ id: ctx.newId(), dryRun: false, zones: [], now: ctx.now(), undoOf: cmd.runId });
  // The slot is taken before the data is read, so a second start meanwhile finds it busy.
  const ac = occupy(slot, job);
  const saved = await ctx.undo?.get(cmd.runId);
  if (!saved || saved.zones.length === 0 || ac.signal.aborted) {
    const [status, error] = ac.signal.aborted ? (['cancelled', UNDO_CANCELLED] as const) : (['failed', UNDO_GONE] as const);
    endUnstarted(ctx, 'undo', job, status, error);
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
    kind: 'undo',
    companionUrl: cmd.companionUrl,
    call: { endpoint: API.undo, body: undoRequest(saved, cmd.targetToken, cmd.deleteZone) },
    interrupted: UNDO_INTERRUPTED,
    cancelled: UNDO_CANCELLED,
    what: 'undo',
  });
  if (job.status === 'done' && jobTotals(job).failed === 0 && !job.zones.some((z) => z.error)) await ctx.undo?.forget(cmd.runId);
}
