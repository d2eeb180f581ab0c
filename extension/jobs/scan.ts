import { API } from '@dnsferry/shared';
import { streamNdjson } from '@/utils/companion';
import { scanRequest, type ScanOptions } from './requests';
import { followStream, occupy, vacate, type JobSlot, type RunContext } from './run';
import { applyScanEvent, createScanJob, endScanJob, type ScanJob } from './scan-state';

export const SCAN_INTERRUPTED = 'The companion closed the stream before the scan finished.';
export const SCAN_CANCELLED = 'Scan stopped.';

/** Runs one scan in `slot`: the popup gets the whole job at most once per `flushMs`, and once more at the end. */
export async function runScan(
  ctx: RunContext,
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
