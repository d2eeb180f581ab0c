import { describe, expect, it } from 'vitest';
import { MemoryTarget } from '../support/memory-target';
import { runMigrate, zoneComplete } from '../support/engine-run';
import { EVERY_TYPE } from '../support/every-type';

/** A dry run: the same events and counts as a run, nothing written, and records a client can send back. */

const records = EVERY_TYPE;

describe('migrate: dry run', () => {
  it('same events and counts as the run, nothing written, no zone made', async () => {
    const target = new MemoryTarget();
    const dry = await runMigrate(target, { dryRun: true, zones: [{ name: 'example.com', records }] });
    expect(zoneComplete(dry, 'example.com')).toMatchObject({ created: 16, updated: 0, skipped: 2, failed: 0, removed: 0 });
    expect(dry.filter((e) => e.type === 'record').every((e) => e.type === 'record' && / would create → /.test(e.message))).toBe(true);
    expect(target.sets).toEqual([]);
    expect(target.zones.has('example.com')).toBe(false);
    // the run tells the same records in the same places, without "would"
    const run = await runMigrate(target, { zones: [{ name: 'example.com', records }] });
    const told = (events: typeof dry) => events.flatMap((e) => (e.type === 'record' ? [e.message.replace(' would create →', ' →')] : []));
    expect(told(run)).toEqual(told(dry));
    expect(zoneComplete(run, 'example.com')).toMatchObject({ created: 16, skipped: 2 });
  });

  it('dry-run events carry each record, and those records can be sent back as they are', async () => {
    const target = new MemoryTarget();
    const dry = await runMigrate(target, { dryRun: true, zones: [{ name: 'example.com', records }] });
    const planned = dry.flatMap((e) => (e.type === 'record' && e.record ? [e.record] : []));
    expect(planned).toHaveLength(16);
    expect(planned.find((r) => r.type === 'MX' && r.priority === 10)).toMatchObject({ name: '@', content: 'mail.example.com', ttl: 3600 });
    const events = await runMigrate(target, { zones: [{ name: 'example.com', records: planned }] });
    expect(zoneComplete(events, 'example.com')).toMatchObject({ created: 16, updated: 0, skipped: 0, failed: 0, removed: 0 });
    const again = await runMigrate(target, { zones: [{ name: 'example.com', records }] });
    expect(zoneComplete(again, 'example.com')).toMatchObject({ created: 0, skipped: 18 });
  });
});
