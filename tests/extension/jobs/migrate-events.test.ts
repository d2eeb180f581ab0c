import { describe, expect, it } from 'vitest';
import type { MigrateEvent } from '@dnsferry/shared';
import { LOG_CAP, applyMigrateEvent, createMigrationJob, endMigrationJob, trimmedJob } from '@/jobs/migrate-events';
import { jobTotals } from '@/jobs/migration-totals';

const zone = 'example.com';
function run(events: MigrateEvent[]) {
  const job = createMigrationJob({
    id: 'j',
    dryRun: false,
    zones: [
      { name: zone, expected: 3 },
      { name: 'other.org', expected: null },
    ],
    now: 1,
  });
  for (const e of events) applyMigrateEvent(job, e);
  return job;
}

describe('applyMigrateEvent', () => {
  it('follows zones that run side by side, their events interleaved', () => {
    const other = 'other.org';
    const job = run([
      { type: 'status', zone, message: 'Migrating example.com' },
      { type: 'status', zone: other, message: 'Migrating other.org' },
      { type: 'record', zone: other, message: '[1/2] A a → 192.0.2.9', index: 1, total: 2 },
      { type: 'record', zone, message: '[1/3] A @ → 192.0.2.1', index: 1, total: 3 },
      { type: 'record', zone: other, message: '[2/2] A b → 192.0.2.10', index: 2, total: 2 },
      {
        type: 'zone-complete',
        zone: other,
        result: { created: 2, updated: 0, skipped: 0, failed: 0, removed: 0, nameServers: ['ada.ns.cloudflare.com'] },
      },
      { type: 'skip', zone, message: '[2/3] MX @ already exists', index: 2, total: 3 },
    ]);
    const [first, second] = job.zones;
    expect([first?.created, first?.skipped, first?.complete]).toEqual([1, 1, false]);
    expect([second?.created, second?.total, second?.complete]).toEqual([2, 2, true]);
    expect(jobTotals(job)).toMatchObject({ created: 3, skipped: 1, processed: 4 });
  });

  it('counts records as they land and takes name servers from zone-complete', () => {
    const job = run([
      { type: 'status', zone, message: 'Migrating example.com' },
      { type: 'success', zone, message: 'Zone created', zoneId: 'z1' },
      { type: 'record', zone, message: '[1/3] A @ → 192.0.2.1', index: 1, total: 3 },
      { type: 'skip', zone, message: '[2/3] MX @ already exists', index: 2, total: 3 },
    ]);
    const z = job.zones[0]!;
    expect([z.created, z.skipped, z.failed, z.total, z.complete]).toEqual([1, 1, 0, 3, false]);
    applyMigrateEvent(job, { type: 'error', zone, message: '[3/3] TXT @ ✗ Cloudflare 9005: bad content', index: 3, total: 3, code: 9005 });
    applyMigrateEvent(job, {
      type: 'zone-complete',
      zone,
      result: {
        created: 1,
        updated: 0,
        skipped: 1,
        failed: 1,
        removed: 0,
        nameServers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
      },
    });
    expect(z).toMatchObject({ failed: 1, complete: true, nameServers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'] });
    expect(job.log.at(-2)).toMatchObject({ type: 'error', code: 9005, index: 3 });
    expect(jobTotals(job)).toEqual({ created: 1, updated: 0, skipped: 1, failed: 1, removed: 0, processed: 3, size: null });
  });

  it('keeps a zone-level failure apart from record failures, and done settles the counts', () => {
    const job = run([
      { type: 'error', zone: 'other.org', message: 'Zone failed: Azure 404' },
      {
        type: 'done',
        results: [
          { zone, created: 2, updated: 0, skipped: 0, failed: 0, removed: 0 },
          { zone: 'other.org', created: 0, updated: 0, skipped: 0, failed: 0, removed: 0 },
        ],
      },
    ]);
    expect(job.zones[1]).toMatchObject({ error: 'Zone failed: Azure 404', failed: 0, complete: true });
    expect(job.zones[0]).toMatchObject({ created: 2 });
    expect(job.status).toBe('done');
    endMigrationJob(job, 'interrupted', null, 5);
    expect(job.status).toBe('done');
    expect(job.finishedAt).toBe(5);
  });

  it('marks a stream without done as interrupted with the reason in the log', () => {
    const job = run([{ type: 'status', zone, message: 'Migrating' }]);
    endMigrationJob(job, 'interrupted', 'cut off', 9);
    expect(job.status).toBe('interrupted');
    expect(job.error).toBe('cut off');
    expect(job.log.at(-1)).toMatchObject({ type: 'client', message: 'cut off' });
  });

  it('caps the log but never the counts', () => {
    const total = LOG_CAP + 500;
    const events: MigrateEvent[] = [];
    for (let i = 1; i <= total; i++) events.push({ type: 'record', zone, message: `[${i}/${total}] A r${i} → 192.0.2.1`, index: i, total });
    const job = run(events);
    expect(job.log).toHaveLength(LOG_CAP);
    expect(job.logDropped).toBe(500);
    expect(job.log[0]?.seq).toBe(500);
    expect(job.zones[0]?.created).toBe(total);
    const small = trimmedJob(job, 100);
    expect(small.log).toHaveLength(100);
    expect(small.logDropped).toBe(total - 100);
    expect(small.zones[0]?.created).toBe(total);
    expect(job.log).toHaveLength(LOG_CAP);
  });
});
