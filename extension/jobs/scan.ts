import {
  API,
  type DnsRecord,
  type EdgeAddress,
  type ScanCoverage,
  type ScanDepth,
  type ScanEvent,
  type ScanRequest,
} from '@dnsferry/shared';
import { streamNdjson } from '@/utils/companion';
import { followStream, occupy, vacate, type EndStatus, type JobSlot, type JobStatus, type RunContext } from './run';

/*
 * The scan of a live domain: its request, its state and reducer, and its run. A scan says little, so
 * the background sends the popup the whole job, at most once per `flushMs`.
 */

export interface ScanLine {
  type: 'progress' | 'info' | 'error' | 'client';
  message: string;
}

export interface ScanJob {
  id: string;
  domain: string;
  status: JobStatus;
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
  lines: ScanLine[];
  records: DnsRecord[];
  total: number;
  subdomainsFound: string[];
  /** Records whose address is an edge network's; the set-apart ones are not in `records`. (A job an earlier build kept has none.) */
  edge?: EdgeAddress[];
  /** What the scan could and could not see (a job an earlier build kept, or a scan that got no answer, has none). */
  coverage?: ScanCoverage;
  /** A deep scan's latest counts: names tried and found, questions asked, where it is. */
  counts?: { tried: number; found: number; questions: number; at: string };
}

/** Popup → background: scan `domain`; `transfer`: ask its own name servers for a zone transfer first. */
export interface ScanStart {
  type: 'scan:start';
  companionUrl: string;
  domain: string;
  transfer?: boolean;
  depth?: ScanDepth;
  names?: string[];
}

/** Background → popup: the whole job on each change (null: cleared). */
export interface ScanUpdate {
  type: 'scan';
  job: ScanJob | null;
}

export const SCAN_INTERRUPTED = 'The companion closed the stream before the scan finished.';
export const SCAN_CANCELLED = 'Scan stopped.';

/** A scan says little; keep its newest lines only. */
export const SCAN_LINES_CAP = 300;

/** How to scan: `transfer` asks the domain's own name servers for a zone transfer first; `names` are asked besides the guesses. */
export interface ScanOptions {
  transfer?: boolean;
  depth?: ScanDepth;
  names?: readonly string[];
}

export function scanRequest(domain: string, options: ScanOptions = {}): ScanRequest {
  return {
    domain,
    ...(options.transfer ? { transfer: true } : {}),
    ...(options.depth ? { depth: options.depth } : {}),
    ...(options.names && options.names.length > 0 ? { names: [...options.names] } : {}),
  };
}

export function createScanJob(input: { id: string; domain: string; now: number }): ScanJob {
  return {
    id: input.id,
    domain: input.domain,
    status: 'running',
    error: null,
    startedAt: input.now,
    finishedAt: null,
    lines: [],
    records: [],
    total: 0,
    subdomainsFound: [],
    edge: [],
  };
}

function push(job: ScanJob, line: ScanLine): void {
  job.lines.push(line);
  if (job.lines.length > SCAN_LINES_CAP) job.lines.splice(0, job.lines.length - SCAN_LINES_CAP);
}

export function applyScanEvent(job: ScanJob, event: ScanEvent): void {
  if (event.type === 'done') {
    job.records = event.records;
    job.total = event.total;
    job.subdomainsFound = event.subdomainsFound;
    job.edge = event.edge ?? [];
    if (event.coverage) job.coverage = event.coverage;
    job.status = 'done';
    return;
  }
  if (event.type === 'progress' && event.questions !== undefined) {
    job.counts = { tried: event.tried ?? 0, found: event.found ?? 0, questions: event.questions, at: event.at ?? '' };
  }
  push(job, { type: event.type, message: event.message });
}

export function endScanJob(job: ScanJob, status: EndStatus, error: string | null, now: number): void {
  if (job.status === 'running') job.status = status;
  if (error && !job.error) job.error = error;
  job.finishedAt = now;
  if (error) push(job, { type: 'client', message: error });
}

/** Runs one scan in `slot`: the popup gets the whole job at most once per `flushMs`, and once more at the end. */
export async function runScan(
  ctx: RunContext<ScanUpdate>,
  slot: JobSlot<ScanJob>,
  companionUrl: string,
  domain: string,
  options: ScanOptions = {},
): Promise<void> {
  const job = createScanJob({ id: ctx.newId(), domain, now: ctx.now() });
  const ac = occupy(slot, job);
  let dirty = false;
  const flush = () => {
    if (!dirty || slot.job !== job) return;
    dirty = false;
    ctx.emit({ type: 'scan', job: structuredClone(job) });
  };
  ctx.emit({ type: 'scan', job: structuredClone(job) });
  const timer = setInterval(flush, ctx.flushMs);
  try {
    const events = streamNdjson(companionUrl, API.scan, scanRequest(domain, options), { fetch: ctx.fetch, signal: ac.signal });
    await followStream(events, ac.signal, {
      event(event) {
        applyScanEvent(job, event);
        dirty = true;
      },
      closed() {
        if (job.status === 'running') endScanJob(job, 'interrupted', SCAN_INTERRUPTED, ctx.now());
        else job.finishedAt = ctx.now();
      },
      cancelled: () => endScanJob(job, 'cancelled', SCAN_CANCELLED, ctx.now()),
      failed: (error) => endScanJob(job, 'failed', error, ctx.now()),
    });
  } finally {
    clearInterval(timer);
    vacate(slot, ac);
    if (slot.job === job) ctx.emit({ type: 'scan', job: structuredClone(job) });
    await ctx.persister.now();
  }
}
