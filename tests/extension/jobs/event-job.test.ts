import { describe, expect, it } from 'vitest';
import type { MigrateEvent } from '@dnsferry/shared';
import { applyPatch, trackChanges } from '@/jobs/event-job';
import { LOG_CAP, createMigrationJob, type MigrationJob } from '@/jobs/migrate-events';

const zone = 'example.com';
const other = 'other.org';

function newJob(): MigrationJob {
  return createMigrationJob({ id: 'j', dryRun: false, zones: [{ name: zone, expected: 2 }], now: 1 });
}

/** `n` record events into `name`, numbered from 1. */
function records(name: string, n: number): MigrateEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    type: 'record' as const,
    zone: name,
    index: i + 1,
    total: n,
    message: `[${i + 1}/${n}] A r${i + 1} → 192.0.2.1`,
  }));
}

describe('trackChanges and applyPatch', () => {
  it('a copy that takes each patch is the job, though it never reduces an event', () => {
    const job = newJob();
    const copy = structuredClone(job);
    const changes = trackChanges(job);
    for (const e of records(zone, 2)) changes.apply(e);
    const first = changes.take();
    // one zone touched, its counts as the reducer left them; the two lines, numbered from 0
    expect(first.zones.map((z) => [z.at, z.zone.zone, z.zone.created])).toEqual([[0, zone, 2]]);
    expect(first.log.map((l) => l.seq)).toEqual([0, 1]);
    applyPatch(copy, first);

    // a zone the request did not name is added at the end, and `done` settles both
    changes.apply({ type: 'status', zone: other, message: `Migrating ${other}` });
    changes.apply({
      type: 'done',
      results: [
        { zone, created: 2, updated: 0, skipped: 0, failed: 0, removed: 0 },
        { zone: other, created: 0, updated: 0, skipped: 0, failed: 0, removed: 0 },
      ],
    });
    const second = changes.take();
    expect(second.zones.map((z) => z.at)).toEqual([0, 1]);
    expect(second.status).toBe('done');
    applyPatch(copy, second);
    expect(copy).toEqual(job);
    // nothing changed since: an empty patch
    expect(changes.take()).toMatchObject({ zones: [], log: [] });
  });

  it('sends copies: a later event does not change a patch already sent', () => {
    const job = newJob();
    const changes = trackChanges(job);
    changes.apply(records(zone, 2)[0]!);
    const patch = changes.take();
    changes.apply(records(zone, 2)[1]!);
    expect(patch.zones[0]?.zone.created).toBe(1);
    expect(job.zones[0]?.created).toBe(2);
  });

  it('a copy taken from a snapshot between two batches does not get the lines it holds twice', () => {
    const job = newJob();
    const changes = trackChanges(job);
    const events = records(zone, 2);
    changes.apply(events[0]!);
    // the popup opens here: its snapshot holds the first line, which the next patch carries too
    const copy = structuredClone(job);
    changes.apply(events[1]!);
    applyPatch(copy, changes.take());
    expect(copy.log.map((l) => l.message)).toEqual(['[1/2] A r1 → 192.0.2.1', '[2/2] A r2 → 192.0.2.1']);
    expect(copy).toEqual(job);
  });

  it('drops from the copy the oldest lines the job dropped past LOG_CAP, even those it never sent', () => {
    const job = newJob();
    const copy = structuredClone(job);
    const changes = trackChanges(job);
    const n = LOG_CAP + 10;
    const events = records(zone, n);
    for (const e of events.slice(0, 3)) changes.apply(e);
    applyPatch(copy, changes.take());
    for (const e of events.slice(3)) changes.apply(e);
    const patch = changes.take();
    // the copy holds lines 0..2; the job dropped 0..9, so 3..9 were never sent, and the copy keeps from 10
    expect(patch.logDropped).toBe(10);
    expect(patch.log[0]?.seq).toBe(10);
    applyPatch(copy, patch);
    expect(copy.log).toHaveLength(LOG_CAP);
    expect(copy.log[0]?.seq).toBe(10);
    expect(copy.log.at(-1)?.message).toBe(`[${n}/${n}] A r${n} → 192.0.2.1`);
    expect(copy).toEqual(job);
  });

  it('ends the job with the last patch: its status, its sentence, and the sentence as the last line', () => {
    const job = newJob();
    const copy = structuredClone(job);
    const changes = trackChanges(job);
    changes.apply(records(zone, 2)[0]!);
    changes.end('interrupted', 'cut off', 9);
    const last = changes.take();
    expect(last).toMatchObject({ status: 'interrupted', error: 'cut off', finishedAt: 9 });
    expect(last.log.map((l) => [l.type, l.message])).toEqual([
      ['record', '[1/2] A r1 → 192.0.2.1'],
      ['client', 'cut off'],
    ]);
    applyPatch(copy, last);
    expect(copy).toEqual(job);
  });
});
