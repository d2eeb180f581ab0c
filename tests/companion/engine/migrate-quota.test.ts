import { describe, expect, it } from 'vitest';
import type { MigrateEvent } from '@dnsferry/shared';
import { MemoryTarget } from '../support/memory-target';
import { runMigrate, zoneComplete } from '../support/engine-run';

/**
 * A run held to the zone's record quota at the target (engine/record-quota.ts in a migration): the
 * quota is read before the first write, only when the run creates records. How Cloudflare's quota is
 * read: tests/companion/providers/cloudflare/record-quota.test.ts.
 */

const hosts = (n: number, prefix = 'h') =>
  Array.from({ length: n }, (_, i) => ({ type: 'A', name: `${prefix}${i}`, content: `10.0.${(i >> 8) & 255}.${i & 255}`, ttl: 300 }));
const names = (t: MemoryTarget, zone: string) => (t.zones.get(zone)?.records ?? []).map((h) => h.record.name).sort();
const errors = (events: MigrateEvent[]) => events.filter((e) => e.type === 'error');
const infos = (events: MigrateEvent[]) => events.flatMap((e) => (e.type === 'info' ? [e.message] : []));
/** A new zone's quota as a Free zone has it. */
const free = () => new MemoryTarget({ quota: { limit: 200, scope: 'zone', plan: 'Free' } });
const quotaReads = (t: MemoryTarget) => t.calls.filter((c) => c === 'recordQuota').length;

describe('migrate within the record quota', () => {
  it('fails a zone that would pass its quota before writing anything, with the numbers', async () => {
    const target = free();
    const events = await runMigrate(target, { zones: [{ name: 'big.example', records: hosts(350) }] });
    const [first, ...rest] = errors(events);
    expect(first?.message).toBe(
      'Zone left untouched: this zone may hold 200 records (Free plan); it holds 0 and the run would add 350. Send "partial": true to write the records that fit',
    );
    expect(rest).toHaveLength(350);
    expect(rest[0]?.message).toBe("[1/350] A h0 ✗ not migrated: over the zone's record quota (200 records)");
    const r = zoneComplete(events, 'big.example');
    expect(r).toMatchObject({ created: 0, failed: 350 });
    expect(names(target, 'big.example')).toEqual([]);
    // the run created the zone, empty: its undo deletes it
    expect(r.undo).toMatchObject({ zoneCreated: true, created: [], removed: [], updated: [] });
    // nothing was sent to the target to write
    expect(target.calls).not.toContain('applyChanges');
  });

  it('counts what the zone holds already, and the dry run says the same', async () => {
    const target = free();
    target.addZone('held.example', hosts(12, 'old'));
    const sentence = 'this zone may hold 200 records (Free plan); it holds 12 and the run would add 350';
    const dry = await runMigrate(target, { dryRun: true, zones: [{ name: 'held.example', records: hosts(350) }] });
    expect(errors(dry)[0]?.message).toBe(
      `A real run would leave this zone untouched: ${sentence}. Send "partial": true to write the records that fit`,
    );
    expect(zoneComplete(dry, 'held.example')).toMatchObject({ created: 0, failed: 350 });
    const real = await runMigrate(target, { zones: [{ name: 'held.example', records: hosts(350) }] });
    expect(errors(real)[0]?.message).toBe(`Zone left untouched: ${sentence}. Send "partial": true to write the records that fit`);
    expect(names(target, 'held.example')).toHaveLength(12);
  });

  it('says what a new zone may hold in a dry run of a zone not at the target yet', async () => {
    const events = await runMigrate(free(), { dryRun: true, zones: [{ name: 'later.example', records: hosts(350) }] });
    expect(errors(events)[0]?.message).toBe(
      'A real run would leave this zone untouched: a new zone at the target may hold 200 records (Free plan); the run would add 350. Send "partial": true to write the records that fit',
    );
  });

  it('with "partial": true writes the records that fit, in the order sent, and fails the others without sending them', async () => {
    const target = free();
    target.addZone('part.example', hosts(12, 'old'));
    const records = hosts(350);
    const events = await runMigrate(target, { partial: true, zones: [{ name: 'part.example', records }] });
    expect(infos(events)).toContain(
      'this zone may hold 200 records (Free plan); it holds 12 and the run would add 350: writing the 188 that fit ("partial": true); 162 are not written',
    );
    expect(zoneComplete(events, 'part.example')).toMatchObject({ created: 188, failed: 162 });
    const failed = errors(events);
    expect(failed).toHaveLength(162);
    expect(failed[0]?.message).toBe("[189/350] A h188 ✗ not written: the zone's record quota is reached (200 records)");
    // none of the 162 was sent: the target refused nothing
    expect(failed.some((e) => e.code !== undefined)).toBe(false);
    expect(target.sets).toHaveLength(188);
    const expected = [...hosts(12, 'old'), ...records.slice(0, 188)].map((r) => r.name).sort();
    expect(names(target, 'part.example')).toEqual(expected);
  });

  it('takes removals first when only they make room: a full zone mirrored with prune never passes its quota', async () => {
    const target = free();
    // 200 records (full): 150 the source keeps, 50 it no longer has; the source adds 50 new ones
    target.addZone('full.example', [...hosts(150, 'keep'), ...hosts(50, 'gone')]);
    const source = [...hosts(150, 'keep'), ...hosts(50, 'new')];
    const events = await runMigrate(target, {
      mode: 'mirror',
      prune: true,
      force: true,
      zones: [{ name: 'full.example', records: source }],
    });
    // the target enforces its quota on every set: a create sent before the removals would have failed
    expect(errors(events)).toEqual([]);
    expect(zoneComplete(events, 'full.example')).toMatchObject({ created: 50, skipped: 150, failed: 0, removed: 50 });
    expect(names(target, 'full.example')).toEqual(source.map((r) => r.name).sort());
    // every removal was told before the first create
    const firstCreate = events.findIndex((e) => e.type === 'record');
    const lastRemove = events.map((e) => e.type).lastIndexOf('remove');
    expect(lastRemove).toBeLessThan(firstCreate);
    // the removals went to the target in a call of their own, settled before the creates were handed over
    expect(target.calledWith.map((sets) => [sets.some((x) => x.deletes.length > 0), sets.some((x) => x.creates.length > 0)])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it("holds a zone without its own quota to the account's", async () => {
    const target = new MemoryTarget({ quota: { limit: 1000, scope: 'account' } });
    target.addZone('corp.example', hosts(990, 'old'));
    const events = await runMigrate(target, { zones: [{ name: 'corp.example', records: hosts(20) }] });
    expect(errors(events)[0]?.message).toBe(
      'Zone left untouched: this account may hold 1,000 records in all its zones; it holds 990 and the run would add 20. Send "partial": true to write the records that fit',
    );
  });

  it('reads no quota when the run creates nothing, and writes as before when the records fit', async () => {
    const target = free();
    const first = await runMigrate(target, { zones: [{ name: 'fits.example', records: hosts(150) }] });
    expect(zoneComplete(first, 'fits.example')).toMatchObject({ created: 150, failed: 0 });
    expect(quotaReads(target)).toBe(1);
    const again = await runMigrate(target, { zones: [{ name: 'fits.example', records: hosts(150) }] });
    expect(zoneComplete(again, 'fits.example')).toMatchObject({ created: 0, skipped: 150 });
    expect(quotaReads(target)).toBe(1);
  });
});
