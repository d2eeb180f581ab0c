import { API, type CutoverEvent, type CutoverRequest, type CutoverZoneReport, type MigrateRequest } from '@dnsferry/shared';
import { streamNdjson } from '@/utils/companion';
import { followStream, occupy, vacate, type EndStatus, type JobSlot, type JobStatus, type RunContext } from './run';

/*
 * The cutover check: is each migrated zone ready to have its name servers switched? Its request, its
 * state and reducer, what a later write does to it, and its run. A check says little (a few lines and
 * one report per zone), so the whole job is sent to the popup on each change, as a scan's is.
 */

export interface CutoverZone {
  zone: string;
  /** The newest `status`/`info` line, shown while the zone is being checked. */
  lastMessage: string;
  report: CutoverZoneReport | null;
  /**
   * A migration or an undo wrote to the zone after this check began (`outdate` below): what it said
   * of the zone no longer holds, however ready it looked. Set by the background, at the write.
   */
  outdated?: { by: 'migration' | 'undo'; at: number };
}

export interface CutoverJob {
  id: string;
  /** This check asked the target to look at the delegation again ("Check again"). */
  requestActivation: boolean;
  status: JobStatus;
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
  zones: CutoverZone[];
}

/** Popup → background: check the zones of `request`. */
export interface CutoverStart {
  type: 'cutover:start';
  companionUrl: string;
  request: CutoverRequest;
}

/** Background → popup: the whole job on each change (null: cleared). */
export interface CutoverUpdate {
  type: 'cutover';
  job: CutoverJob | null;
}

export const CHECK_INTERRUPTED = 'The companion closed the stream before the check finished. Checking again is safe: it writes nothing.';
export const CHECK_CANCELLED = 'Check stopped.';
export const CHECK_INTERRUPTED_BY_RESTART =
  'The extension restarted while the check was running. Checking again is safe: it writes nothing.';

/**
 * The cutover check of the zones `migrated`: the migration's own body, so the records expected are
 * the ones that were sent (or read from the source again); by name when the review no longer has
 * them (a new session), so they are checked against what the target holds.
 */
export function cutoverRequest(built: MigrateRequest, migrated: readonly string[], requestActivation: boolean): CutoverRequest {
  const zones = built.zones.filter((z) => migrated.includes(z.name));
  if (zones.length) return { ...built, zones, requestActivation };
  return {
    targetToken: built.targetToken,
    targetAccountId: built.targetAccountId,
    zones: migrated.map((name) => ({ name })),
    requestActivation,
  };
}

export function createCutoverJob(input: { id: string; zones: string[]; requestActivation: boolean; now: number }): CutoverJob {
  return {
    id: input.id,
    requestActivation: input.requestActivation,
    status: 'running',
    error: null,
    startedAt: input.now,
    finishedAt: null,
    zones: input.zones.map((zone) => ({ zone, lastMessage: '', report: null })),
  };
}

function zoneOf(job: CutoverJob, name: string): CutoverZone {
  let z = job.zones.find((c) => c.zone === name);
  if (!z) {
    z = { zone: name, lastMessage: '', report: null };
    job.zones.push(z);
  }
  return z;
}

/** Applies one event of the cutover stream (mutates `job`). */
export function applyCutoverEvent(job: CutoverJob, event: CutoverEvent): void {
  switch (event.type) {
    case 'status':
    case 'info':
      zoneOf(job, event.zone).lastMessage = event.message;
      return;
    case 'zone-report': {
      const z = zoneOf(job, event.zone);
      z.report = event;
      z.lastMessage = event.message;
      return;
    }
    case 'done':
      job.status = 'done';
      return;
  }
}

/** Marks the end of a stream that did not finish with `done` (or a cancel). */
export function endCutoverJob(job: CutoverJob, status: EndStatus, error: string | null, now: number): void {
  if (job.status === 'running') job.status = status;
  if (error && !job.error) job.error = error;
  job.finishedAt = now;
}

/** Every zone was checked, is ready to switch, and nothing was written to it since. */
export function allReady(job: CutoverJob): boolean {
  return job.status === 'done' && job.zones.length > 0 && job.zones.every((z) => z.report?.ready === true && !z.outdated);
}

/** The zones whose check a later write made out of date. */
export function outdatedZones(job: CutoverJob | null): CutoverZone[] {
  return job ? job.zones.filter((z) => z.outdated) : [];
}

/**
 * A check says what the target answered when it looked: any write to one of its zones after that (a
 * migration, an undo, a later run) makes its word on that zone out of date at once. The background
 * sees every job's start and end in one order (runtime.ts), so it marks the check there, by the order
 * of events rather than by clocks (a write and a check may start in the same millisecond).
 */
export interface Write {
  by: 'migration' | 'undo';
  zones: string[];
}

/** Marks the check's zones that `write` touches as out of date; true when one was not already. */
export function outdate(check: CutoverJob, write: Write, at: number): boolean {
  const touched = new Set(write.zones.map((z) => z.toLowerCase()));
  let changed = false;
  for (const z of check.zones) {
    if (!touched.has(z.zone.toLowerCase())) continue;
    if (!z.outdated) changed = true;
    z.outdated = { by: write.by, at };
  }
  return changed;
}

/** Runs one cutover check in `slot`. Few events, each worth showing at once: no batching as for a migration. */
export async function runCutover(ctx: RunContext<CutoverUpdate>, slot: JobSlot<CutoverJob>, cmd: CutoverStart): Promise<void> {
  const { request } = cmd;
  const job = createCutoverJob({
    id: ctx.newId(),
    zones: request.zones.map((z) => z.name),
    requestActivation: request.requestActivation === true,
    now: ctx.now(),
  });
  const ac = occupy(slot, job);
  const send = () => {
    if (slot.job === job) ctx.emit({ type: 'cutover', job: structuredClone(job) });
  };
  send();
  void ctx.persister.now();
  try {
    const events = streamNdjson(cmd.companionUrl, API.cutoverCheck, request, { fetch: ctx.fetch, signal: ac.signal });
    await followStream(events, ac.signal, {
      event(event) {
        applyCutoverEvent(job, event);
        send();
      },
      closed() {
        if (job.status === 'done') job.finishedAt = ctx.now();
        else endCutoverJob(job, 'interrupted', CHECK_INTERRUPTED, ctx.now());
      },
      cancelled: () => endCutoverJob(job, 'cancelled', CHECK_CANCELLED, ctx.now()),
      failed: (error) => endCutoverJob(job, 'failed', error, ctx.now()),
      refused: (refusal) => ctx.emit({ type: 'companion:refused', what: 'switch check', refusal }),
    });
  } finally {
    vacate(slot, ac);
    send();
    await ctx.persister.now();
  }
}
