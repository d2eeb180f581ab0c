import type { DnsRecord, EdgeAddress, ScanEvent } from '@dnsferry/shared';
import type { JobStatus } from './migration-state';

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
    job.status = 'done';
    return;
  }
  push(job, { type: event.type, message: event.message });
}

export function endScanJob(job: ScanJob, status: Exclude<JobStatus, 'running'>, error: string | null, now: number): void {
  if (job.status === 'running') job.status = status;
  if (error && !job.error) job.error = error;
  job.finishedAt = now;
  if (error) push(job, { type: 'client', message: error });
}
