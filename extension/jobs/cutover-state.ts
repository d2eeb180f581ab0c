import type { CutoverEvent, CutoverZoneReport } from '@dnsferry/shared';
import type { JobStatus } from './migrate-events';

/**
 * The state of one cutover check, built from its stream by one reducer that the background and the
 * popup both run. A check says little (a few lines and one report per zone), so the whole job is
 * sent on each change, as a scan is.
 */
export interface CutoverZone {
  zone: string;
  /** The newest `status`/`info` line, shown while the zone is being checked. */
  lastMessage: string;
  report: CutoverZoneReport | null;
  /**
   * A migration or an undo wrote to the zone after this check began (jobs/cutover-outdated.ts): what
   * it said of the zone no longer holds, however ready it looked. Set by the background, at the write.
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
export function endCutoverJob(job: CutoverJob, status: Exclude<JobStatus, 'running'>, error: string | null, now: number): void {
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
