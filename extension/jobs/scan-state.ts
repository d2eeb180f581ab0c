import type { DnsRecord, EdgeAddress, ScanCoverage, ScanEvent } from '@dnsferry/shared';
import type { JobStatus } from './migrate-events';

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

/** A scan says little; keep its newest lines only. */
export const SCAN_LINES_CAP = 300;

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

export function endScanJob(job: ScanJob, status: Exclude<JobStatus, 'running'>, error: string | null, now: number): void {
  if (job.status === 'running') job.status = status;
  if (error && !job.error) job.error = error;
  job.finishedAt = now;
  if (error) push(job, { type: 'client', message: error });
}
