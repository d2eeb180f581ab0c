import type { DnsRecord, MigrateEvent } from '@dnsferry/shared';

/**
 * The state of one migration (or dry run), built from its stream of events by one reducer that the
 * background and the popup both run, so they always agree on the counts.
 */
export type JobStatus = 'running' | 'done' | 'failed' | 'interrupted' | 'cancelled';

export interface ZoneProgress {
  zone: string;
  /** Records the client expects (records sent, or the source's count); the stream's `total` wins when it comes. */
  expected: number | null;
  total: number | null;
  created: number;
  skipped: number;
  failed: number;
  complete: boolean;
  nameServers: string[];
  /** A failure of the zone as a whole (not of one record). */
  error: string | null;
  lastMessage: string;
  /** The zone was sent without records: the companion read it from the source (Azure). */
  fromSource: boolean;
}

export type LogType = MigrateEvent['type'] | 'client';

export interface LogEntry {
  seq: number;
  type: LogType;
  zone: string;
  message: string;
  /** 1-based position of the record in its zone, for record events. */
  index?: number;
  code?: number | string;
  /** The record a per-record event is about, as the companion read and normalised it. */
  record?: DnsRecord;
}

export interface MigrationJob {
  id: string;
  dryRun: boolean;
  status: JobStatus;
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
  zones: ZoneProgress[];
  log: LogEntry[];
  /** Log lines dropped from the front to keep memory bounded; counts are never dropped. */
  logDropped: number;
  /** Events applied so far. */
  seq: number;
  /** The source subscription of zones read from the source, if any. */
  subscriptionId?: string;
}

/** The log keeps the newest lines; counters and name servers come from their own fields. */
export const LOG_CAP = 20_000;

export function createMigrationJob(input: {
  id: string;
  dryRun: boolean;
  zones: Array<{ name: string; expected: number | null; fromSource?: boolean }>;
  now: number;
  subscriptionId?: string;
}): MigrationJob {
  return {
    id: input.id,
    dryRun: input.dryRun,
    status: 'running',
    error: null,
    startedAt: input.now,
    finishedAt: null,
    zones: input.zones.map((z) => emptyZone(z.name, z.expected, z.fromSource === true)),
    log: [],
    logDropped: 0,
    seq: 0,
    ...(input.subscriptionId ? { subscriptionId: input.subscriptionId } : {}),
  };
}

function emptyZone(zone: string, expected: number | null, fromSource = false): ZoneProgress {
  return {
    zone,
    expected,
    total: null,
    created: 0,
    skipped: 0,
    failed: 0,
    complete: false,
    nameServers: [],
    error: null,
    lastMessage: '',
    fromSource,
  };
}

function zoneOf(job: MigrationJob, name: string): ZoneProgress | null {
  if (name === '') return null;
  let z = job.zones.find((p) => p.zone === name);
  if (!z) {
    z = emptyZone(name, null);
    job.zones.push(z);
  }
  return z;
}

export function appendLog(job: MigrationJob, entry: Omit<LogEntry, 'seq'>): void {
  job.log.push({ seq: job.logDropped + job.log.length, ...entry });
  if (job.log.length > LOG_CAP) {
    const drop = job.log.length - LOG_CAP;
    job.log.splice(0, drop);
    job.logDropped += drop;
  }
}

/** Applies one event of the migrate stream (mutates `job`). */
export function applyMigrateEvent(job: MigrationJob, event: MigrateEvent): void {
  job.seq++;
  switch (event.type) {
    case 'zone-complete': {
      const z = zoneOf(job, event.zone);
      if (z) {
        z.created = event.result.created;
        z.skipped = event.result.skipped;
        z.failed = event.result.failed;
        z.nameServers = [...event.result.nameServers];
        z.complete = true;
        z.lastMessage = 'complete';
      }
      const { created, skipped, failed } = event.result;
      appendLog(job, {
        type: event.type,
        zone: event.zone,
        message: `Zone finished: ${created} created, ${skipped} skipped, ${failed} failed`,
      });
      return;
    }
    case 'done': {
      for (const r of event.results) {
        const z = zoneOf(job, r.zone);
        if (!z) continue;
        z.created = r.created;
        z.skipped = r.skipped;
        z.failed = r.failed;
        z.complete = true;
      }
      job.status = 'done';
      appendLog(job, { type: 'done', zone: '', message: 'All zones finished' });
      return;
    }
    default: {
      const z = zoneOf(job, event.zone);
      if (z) {
        if ('total' in event && typeof event.total === 'number') z.total = event.total;
        if (event.type === 'record') z.created++;
        else if (event.type === 'skip') z.skipped++;
        else if (event.type === 'error') {
          if (event.index !== undefined) z.failed++;
          else z.error = event.message;
        }
        z.lastMessage = event.message;
      } else if (event.type === 'error') {
        job.error = event.message;
      }
      appendLog(job, {
        type: event.type,
        zone: event.zone,
        message: event.message,
        ...('index' in event && event.index !== undefined ? { index: event.index } : {}),
        ...(event.type === 'error' && event.code !== undefined ? { code: event.code } : {}),
        ...('record' in event && event.record ? { record: event.record } : {}),
      });
    }
  }
}

/** Marks the end of a stream that did not finish with `done` (or a cancel). */
export function endMigrationJob(job: MigrationJob, status: Exclude<JobStatus, 'running'>, error: string | null, now: number): void {
  if (job.status === 'running') job.status = status;
  if (error && !job.error) job.error = error;
  job.finishedAt = now;
  if (error) appendLog(job, { type: 'client', zone: '', message: error });
}

export function zoneProcessed(z: ZoneProgress): number {
  return z.created + z.skipped + z.failed;
}

/** Records the zone will go through: the stream's total, else what the client expected. */
export function zoneSize(z: ZoneProgress): number | null {
  return z.total ?? z.expected;
}

export function jobTotals(job: MigrationJob): { created: number; skipped: number; failed: number; processed: number; size: number | null } {
  let created = 0;
  let skipped = 0;
  let failed = 0;
  let size: number | null = 0;
  for (const z of job.zones) {
    created += z.created;
    skipped += z.skipped;
    failed += z.failed;
    const s = zoneSize(z);
    size = size === null || s === null ? null : size + s;
  }
  return { created, skipped, failed, processed: created + skipped + failed, size };
}

/** A copy whose log holds only the newest `keep` lines: what is worth persisting. */
export function trimmedJob(job: MigrationJob, keep: number): MigrationJob {
  const drop = Math.max(0, job.log.length - keep);
  return {
    ...job,
    zones: job.zones.map((z) => ({ ...z, nameServers: [...z.nameServers] })),
    log: job.log.slice(drop),
    logDropped: job.logDropped + drop,
  };
}
