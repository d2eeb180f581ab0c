import type { Conflict, DnsRecord, MigrateEvent, MigrateMode, UndoData, UndoPiece, ZoneResult } from '@dnsferry/shared';
import type { EndStatus, JobStatus } from './run';

/*
 * The state of a job of migrate events (a migration, a dry run, or an undo, which streams the same
 * grammar) and its reducer. The reducer runs once per event, in the background; the popup's copy
 * follows the patches migrate-patch.ts makes of what it changed, so the two always agree on the counts.
 */

export interface ZoneProgress {
  zone: string;
  /** Records the client expects (records sent, or the source's count); the stream's `total` wins when it comes. */
  expected: number | null;
  total: number | null;
  created: number;
  /** Mirror: records whose TTL or proxy were set as the source says (an undo: set back). */
  updated: number;
  skipped: number;
  failed: number;
  /** Records taken from the target (mirror; an undo's deletions of what the run created). */
  removed: number;
  /** Removals that were among the records sent (an undo's steps): they count toward the zone's progress. */
  removedSteps: number;
  complete: boolean;
  nameServers: string[];
  /** A failure of the zone as a whole (not of one record). */
  error: string | null;
  lastMessage: string;
  /** The zone was sent without records: the companion read it from the source (Azure). */
  fromSource: boolean;
  /** How the zone was sent: `add` keeps what the target holds; `mirror` makes it answer as the source (`prune`: and drops the rest). */
  mode: MigrateMode;
  prune: boolean;
  /** RRsets that will not answer as the source says after this run, as the companion told them. */
  conflicts: ReportedConflict[];
  /** Records the target holds in RRsets the source does not have (what prune removes); 0 when not told. */
  targetOnly: number;
  /** What an undo of this zone would put back, once the run wrote something (the data itself is kept in `storage.local`). */
  undoable: UndoCounts | null;
}

/** A conflict and the companion's sentence about it. */
export type ReportedConflict = Conflict & { message: string };

/** What one zone's (or one run's) undo puts back. */
export interface UndoCounts {
  /** Records the run created: deleted by the undo. */
  created: number;
  /** Records the run removed: created again. */
  removed: number;
  /** Records the run changed: set back. */
  updated: number;
  /** Zones the run created. */
  zonesCreated: number;
}

export function undoCounts(u: Pick<UndoData, 'created' | 'removed' | 'updated' | 'zoneCreated'>): UndoCounts {
  return { created: u.created.length, removed: u.removed.length, updated: u.updated.length, zonesCreated: u.zoneCreated ? 1 : 0 };
}

/** `counts` with one landed write's undo added (a run cut short can still be undone for what landed). */
function withPiece(counts: UndoCounts | null, piece: UndoPiece): UndoCounts {
  const c = counts ?? { created: 0, removed: 0, updated: 0, zonesCreated: 0 };
  return {
    created: c.created + (piece.created?.length ?? 0),
    removed: c.removed + (piece.removed?.length ?? 0),
    updated: c.updated + (piece.updated?.length ?? 0),
    zonesCreated: piece.zoneCreated ? 1 : c.zonesCreated,
  };
}

export type LogType = MigrateEvent['type'] | 'client';
type RecordEvent = Extract<MigrateEvent, { type: 'record' }>;
type SkipEvent = Extract<MigrateEvent, { type: 'skip' }>;

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
  /** A record event's: `update` when the record's TTL or proxy were set in place; a create otherwise. */
  change?: RecordEvent['change'];
  /** A create's: the records of its RRset (or name) it takes the place of, as they read. */
  replaces?: RecordEvent['replaces'];
  /** A skip's: the record is there but its TTL or proxy differ (`proxied at the target, DNS only in the source`). */
  drift?: SkipEvent['drift'];
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
  /** What the zones read from the source were read from, if any: `readScope` (source-side.ts), an Azure subscription's id for Azure. */
  subscriptionId?: string;
  /** An undo: the id of the run it puts back. Its removals are steps, as records are in a migration. */
  undoOf?: string;
}

/** The log keeps the newest lines; counters and name servers come from their own fields. */
export const LOG_CAP = 20_000;

export function createMigrationJob(input: {
  id: string;
  dryRun: boolean;
  zones: Array<{ name: string; expected: number | null; fromSource?: boolean; mode?: MigrateMode; prune?: boolean }>;
  now: number;
  subscriptionId?: string;
  undoOf?: string;
}): MigrationJob {
  return {
    id: input.id,
    dryRun: input.dryRun,
    status: 'running',
    error: null,
    startedAt: input.now,
    finishedAt: null,
    zones: input.zones.map((z) => ({
      ...emptyZone(z.name, z.expected, z.fromSource === true),
      mode: z.mode ?? 'add',
      prune: z.prune === true,
    })),
    log: [],
    logDropped: 0,
    seq: 0,
    ...(input.subscriptionId ? { subscriptionId: input.subscriptionId } : {}),
    ...(input.undoOf ? { undoOf: input.undoOf } : {}),
  };
}

function emptyZone(zone: string, expected: number | null, fromSource = false): ZoneProgress {
  return {
    zone,
    expected,
    total: null,
    created: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    removed: 0,
    removedSteps: 0,
    complete: false,
    nameServers: [],
    error: null,
    lastMessage: '',
    fromSource,
    mode: 'add',
    prune: false,
    conflicts: [],
    targetOnly: 0,
    undoable: null,
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
        settle(job, z, event.result);
        z.nameServers = [...event.result.nameServers];
        z.lastMessage = 'complete';
        if (event.result.undo) z.undoable = undoCounts(event.result.undo);
      }
      appendLog(job, { type: event.type, zone: event.zone, message: `Zone finished: ${finished(event.result)}` });
      return;
    }
    case 'done': {
      for (const r of event.results) {
        const z = zoneOf(job, r.zone);
        if (z) settle(job, z, r);
      }
      job.status = 'done';
      appendLog(job, { type: 'done', zone: '', message: 'All zones finished' });
      return;
    }
    default: {
      const z = zoneOf(job, event.zone);
      if (z) {
        if ('total' in event && typeof event.total === 'number') z.total = event.total;
        if (event.type === 'record') {
          if (event.change === 'update') z.updated++;
          else z.created++;
        } else if (event.type === 'remove') {
          z.removed++;
          if (event.index !== undefined) z.removedSteps++;
        } else if (event.type === 'info') {
          if (event.conflict) z.conflicts.push({ ...event.conflict, message: event.message });
          if (event.targetOnly !== undefined) z.targetOnly = event.targetOnly;
        } else if (event.type === 'skip') z.skipped++;
        else if (event.type === 'error') {
          if (event.index !== undefined) z.failed++;
          else z.error = event.message;
        }
        if ((event.type === 'record' || event.type === 'remove' || event.type === 'success') && event.undo && !z.complete)
          z.undoable = withPiece(z.undoable, event.undo);
        z.lastMessage = event.message;
      } else if (event.type === 'error') {
        job.error = event.message;
      }
      appendLog(job, { type: event.type, zone: event.zone, message: event.message, ...perRecord(event) });
    }
  }
}

/** What a log entry keeps of a per-record event: its place, its record and what became of it. */
function perRecord(event: MigrateEvent): Pick<LogEntry, 'index' | 'code' | 'record' | 'change' | 'replaces' | 'drift'> {
  return {
    ...('index' in event && event.index !== undefined ? { index: event.index } : {}),
    ...(event.type === 'error' && event.code !== undefined ? { code: event.code } : {}),
    ...('record' in event && event.record ? { record: event.record } : {}),
    ...(event.type === 'record' && event.change ? { change: event.change } : {}),
    ...(event.type === 'record' && event.replaces ? { replaces: event.replaces } : {}),
    ...(event.type === 'skip' && event.drift ? { drift: event.drift } : {}),
  };
}

/** The counts a zone ends with, as the companion states them. */
function settle(job: MigrationJob, z: ZoneProgress, r: ZoneResult): void {
  z.created = r.created;
  z.updated = r.updated;
  z.skipped = r.skipped;
  z.failed = r.failed;
  z.removed = r.removed;
  // an undo's removals are its steps; a migration's are beyond the records sent
  z.removedSteps = job.undoOf !== undefined ? r.removed : 0;
  z.complete = true;
}

function finished(r: ZoneResult): string {
  const parts = [`${r.created} created`];
  if (r.updated) parts.push(`${r.updated} updated`);
  if (r.removed) parts.push(`${r.removed} removed`);
  parts.push(`${r.skipped} skipped`, `${r.failed} failed`);
  return parts.join(', ');
}

/** Marks the end of a stream that did not finish with `done` (or a cancel). */
export function endMigrationJob(job: MigrationJob, status: EndStatus, error: string | null, now: number): void {
  if (job.status === 'running') job.status = status;
  if (error && !job.error) job.error = error;
  job.finishedAt = now;
  if (error) appendLog(job, { type: 'client', zone: '', message: error });
}

/** A copy whose log holds only the newest `keep` lines: what is worth persisting. */
export function trimmedJob(job: MigrationJob, keep: number): MigrationJob {
  const drop = Math.max(0, job.log.length - keep);
  return {
    ...job,
    zones: job.zones.map((z) => structuredClone(z)),
    log: job.log.slice(drop),
    logDropped: job.logDropped + drop,
  };
}
