import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJobPersister } from '@/jobs/runtime';
import type { PersistedJobs } from '@/jobs/messages';
import { appendLog, createMigrationJob, type MigrationJob } from '@/jobs/migrate-events';
import { createScanJob, type ScanJob } from '@/jobs/scan';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function live() {
  const jobs: { scan: ScanJob | null; migration: MigrationJob | null } = {
    scan: createScanJob({ id: 's', domain: 'example.com', now: 1 }),
    migration: createMigrationJob({ id: 'm', dryRun: false, zones: [{ name: 'example.com', expected: 3, fromSource: false }], now: 1 }),
  };
  return jobs;
}

describe('job persister', () => {
  it('gathers the saves asked for within delayMs into one, taken when the delay ends', async () => {
    const jobs = live();
    const saved: PersistedJobs[] = [];
    const persister = createJobPersister({
      persist: async (j) => void saved.push(j),
      delayMs: 500,
      logLines: 100,
      jobs: () => ({ ...jobs, cutover: null, undo: null }),
    });
    persister.soon();
    jobs.scan!.total = 1;
    await vi.advanceTimersByTimeAsync(300);
    persister.soon();
    jobs.scan!.total = 2;
    expect(saved).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(saved.map((s) => s.scan?.total)).toEqual([2]);
    // the next request starts a new delay
    persister.soon();
    await vi.advanceTimersByTimeAsync(499);
    expect(saved).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toHaveLength(2);
  });

  it('saves at once on now(), and a waiting save is then dropped', async () => {
    const saved: PersistedJobs[] = [];
    const persister = createJobPersister({
      persist: async (j) => void saved.push(j),
      delayMs: 500,
      logLines: 100,
      jobs: () => ({ ...live(), cutover: null, undo: null }),
    });
    persister.soon();
    await persister.now();
    expect(saved).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toHaveLength(1);
  });

  it('saves copies: events after a save do not change it, and the migration log keeps its newest lines', async () => {
    const jobs = live();
    for (let i = 1; i <= 5; i++) appendLog(jobs.migration!, { type: 'record', zone: 'example.com', message: `line ${i}` });
    const saved: PersistedJobs[] = [];
    const persister = createJobPersister({
      persist: async (j) => void saved.push(j),
      delayMs: 500,
      logLines: 2,
      jobs: () => ({ ...jobs, cutover: null, undo: null }),
    });
    await persister.now();
    jobs.scan!.lines.push({ type: 'info', message: 'later' });
    jobs.migration!.zones[0]!.created = 9;
    appendLog(jobs.migration!, { type: 'record', zone: 'example.com', message: 'line 6' });

    const [first] = saved;
    expect(first?.scan?.lines).toEqual([]);
    expect(first?.migration?.zones[0]?.created).toBe(0);
    expect(first?.migration?.log.map((l) => l.message)).toEqual(['line 4', 'line 5']);
    expect(first?.migration?.logDropped).toBe(3);
    expect(jobs.migration!.log).toHaveLength(6);
  });

  it('does nothing without a persist function', async () => {
    const jobs = vi.fn(() => ({ ...live(), cutover: null, undo: null }));
    const persister = createJobPersister({ delayMs: 5, logLines: 2, jobs });
    persister.soon();
    await persister.now();
    await vi.advanceTimersByTimeAsync(10);
    expect(jobs).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
