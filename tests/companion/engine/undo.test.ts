import { beforeEach, describe, expect, it } from 'vitest';
import type { DnsRecord, MigrateEvent, UndoData } from '@dnsferry/shared';
import { undo } from '@dnsferry/companion/engine/undo';
import { FairShare, type Slice } from '@dnsferry/companion/flow/fair-share';
import type { HeldRecord, TargetZone } from '@dnsferry/companion/engine/ports';
import { sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { MemoryTarget, addOnboardedZone } from '../support/memory-target';
import { messages, runMigrate, runUndo, zoneComplete } from '../support/engine-run';

const ZONE: TargetZone = { id: 'z1', name: 'example.com', status: 'active', nameServers: ['ns.example'], created: false };

/** A target that holds what a run created, under the ids the undo data names. */
function heldTarget(held: HeldRecord[]): MemoryTarget {
  const target = new MemoryTarget();
  target.zones.set(ZONE.name, { zone: ZONE, records: held });
  return target;
}

const A = (name: string, content: string): DnsRecord => ({ type: 'A', name, content, ttl: 300 });

async function run(held: HeldRecord[], data: UndoData, slice?: Slice): Promise<MigrateEvent[]> {
  const events: MigrateEvent[] = [];
  const target = heldTarget(held);
  const deps = { target, ...(slice ? { slice } : {}) };
  for await (const e of undo({ zones: [{ name: data.zone, undo: data }], dryRun: true, deleteZone: false }, deps, {
    signal: new AbortController().signal,
  }))
    events.push(e);
  expect(target.sets, 'a dry run wrote').toEqual([]);
  return events;
}

describe('undo', () => {
  it('gives way to other callers while it plans and streams a large undo, and tells the same as when it does not', async () => {
    const createdOn = '2026-01-01T00:00:00.000Z';
    const created = Array.from({ length: 3000 }, (_, i) => ({ id: `r${i}`, record: A(`h${i}`, '192.0.2.1'), createdOn }));
    // a third changed at the target since the run: skipped, the rest would be removed
    const held = created.map((c, i) => (i % 3 === 0 ? { ...c, record: A(c.record.name, '192.0.2.9') } : c));
    const data: UndoData = { version: 1, zone: 'example.com', zoneId: ZONE.id, zoneCreated: false, created, removed: [], updated: [] };
    const alone = await run(held, data);
    expect(alone.at(-1)).toMatchObject({ type: 'done', results: [{ zone: 'example.com', removed: 2000, skipped: 1000 }] });

    // a slice of 0 ms: it gives way wherever it may, and other callers' turns come in between
    let turns = 0;
    let running = true;
    const otherCaller = () =>
      setImmediate(() => {
        turns++;
        if (running) otherCaller();
      });
    otherCaller();
    const shared = await run(held, data, new FairShare(0).slice('a'));
    const turnsBeforeEnd = turns;
    running = false;
    expect(shared).toEqual(alone);
    expect(turnsBeforeEnd).toBeGreaterThan(10);
  });
});

describe('undo of a run, at an in-memory target', () => {
  let target: MemoryTarget;
  const ZONE = 'onboarded.example';
  beforeEach(() => {
    target = new MemoryTarget();
    addOnboardedZone(target, ZONE);
  });
  const held = (zone = ZONE) => target.lines(zone);
  const undoOf = (events: MigrateEvent[], zone = ZONE): UndoData => {
    const data = zoneComplete(events, zone).undo;
    if (!data) throw new Error(`no undo data for ${zone}`);
    return data;
  };

  it('puts a mirrored zone back exactly as it was: content, TTL and proxy', async () => {
    const before = held();
    const run = await runMigrate(target, { mode: 'mirror', zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE) }] });
    expect(held()).not.toEqual(before);
    const data = undoOf(run);
    expect(data).toMatchObject({ version: 1, zone: ZONE, zoneCreated: false });
    expect([data.created.length, data.removed.length, data.updated.length]).toEqual([2, 2, 4]);

    const back = await runUndo(target, { zones: [{ name: ZONE, undo: data }] });
    expect(held()).toEqual(before);
    const result = zoneComplete(back, ZONE);
    expect(result).toMatchObject({ created: 2, updated: 4, removed: 2, skipped: 0, failed: 0 });
    expect(result.created + result.updated + result.removed + result.skipped + result.failed).toBe(8);
    expect(messages(back, 'remove')).toContainEqual(
      expect.stringMatching(/^\[\d\/8\] A www → 192\.0\.2\.1 removed \(the run created it\)$/),
    );
    expect(messages(back, 'record')).toContainEqual(
      expect.stringMatching(/^\[\d\/8\] A www → 203\.0\.113\.9 \(restored: the run removed it\)$/),
    );
    expect(back.at(-1)).toMatchObject({ type: 'done', results: [{ zone: ZONE, created: 2, updated: 4, removed: 2 }] });
  });

  it('takes back a proxied record the run created, whose TTL the target made automatic', async () => {
    const before = held();
    const run = await runMigrate(target, {
      mode: 'mirror',
      zones: [{ name: ZONE, records: [{ type: 'A', name: 'www', content: '192.0.2.2', ttl: 300, proxied: true }] }],
    });
    expect(held()).toContain('A www.onboarded.example 192.0.2.2 1 proxied');
    const data = undoOf(run);
    expect(data.created).toMatchObject([{ record: { content: '192.0.2.2', ttl: 1, proxied: true } }]);
    const back = await runUndo(target, { zones: [{ name: ZONE, undo: data }] });
    expect(zoneComplete(back, ZONE)).toMatchObject({ removed: 1, created: 1, skipped: 0, failed: 0 });
    expect(held()).toEqual(before);
  });

  it('never overwrites a later edit: a record changed since the run is a skip that says so', async () => {
    const run = await runMigrate(target, {
      zones: [{ name: ZONE, records: [{ type: 'A', name: 'api', content: '192.0.2.50', ttl: 300 }] }],
    });
    const data = undoOf(run);
    // someone sets the new record's TTL after the run
    const api = target.zones.get(ZONE)?.records.find((h) => h.record.name === 'api');
    if (!api) throw new Error('api not held');
    api.record = { ...api.record, ttl: 600 };
    const back = await runUndo(target, { zones: [{ name: ZONE, undo: data }] });
    expect(messages(back, 'skip')).toEqual([
      '[1/1] A api changed at the target since the run (now 192.0.2.50, TTL 600, DNS only); left as it is',
    ]);
    expect(held()).toContain('A api.onboarded.example 192.0.2.50 600');
  });

  it('a dry run writes nothing; a second undo finds everything already back', async () => {
    const run = await runMigrate(target, { mode: 'mirror', zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE) }] });
    const data = undoOf(run);
    const after = held();
    const sets = target.sets.length;
    const dry = await runUndo(target, { dryRun: true, zones: [{ name: ZONE, undo: data }] });
    expect(target.sets).toHaveLength(sets);
    expect(held()).toEqual(after);
    expect(messages(dry, 'remove')).toContainEqual(
      expect.stringMatching(/^\[\d\/8\] A www → 192\.0\.2\.1 would be removed \(the run created it\)$/),
    );
    await runUndo(target, { zones: [{ name: ZONE, undo: data }] });
    const undone = target.sets.length;
    const again = await runUndo(target, { zones: [{ name: ZONE, undo: data }] });
    expect(target.sets).toHaveLength(undone);
    expect(zoneComplete(again, ZONE)).toMatchObject({ skipped: 8, created: 0, removed: 0, updated: 0 });
  });

  it('deletes a zone the run created only when asked and when nothing else is in it', async () => {
    const run = await runMigrate(target, {
      zones: [{ name: 'fresh.example', records: [{ type: 'A', name: 'www', content: '192.0.2.9', ttl: 300 }] }],
    });
    const data = undoOf(run, 'fresh.example');
    expect(data.zoneCreated).toBe(true);
    const kept = await runUndo(target, { zones: [{ name: 'fresh.example', undo: data }] });
    expect(messages(kept, 'info')).toContain(
      'The run created fresh.example; it stays (an undo that also deletes the zones the run created removes it, once it holds nothing else)',
    );
    expect(target.zones.has('fresh.example')).toBe(true);

    target.addRecord('fresh.example', { type: 'TXT', name: 'later.fresh.example', content: '"added by hand"', ttl: 300 });
    const refused = await runUndo(target, { deleteZone: true, zones: [{ name: 'fresh.example', undo: data }] });
    expect(messages(refused, 'info')).toContain('fresh.example still holds 1 record the run did not write; the zone stays');
    expect(target.zones.has('fresh.example')).toBe(true);
    expect(target.calls).not.toContain('deleteZone');

    const third = await runMigrate(target, {
      zones: [{ name: 'other.example', records: [{ type: 'A', name: 'www', content: '192.0.2.9', ttl: 300 }] }],
    });
    const gone = await runUndo(target, { deleteZone: true, zones: [{ name: 'other.example', undo: undoOf(third, 'other.example') }] });
    expect(messages(gone, 'info')).toContain('Zone other.example deleted (the run had created it)');
    expect(target.zones.has('other.example')).toBe(false);
  });

  it('undoes nothing at another zone under the same name', async () => {
    const run = await runMigrate(target, {
      zones: [{ name: ZONE, records: [{ type: 'A', name: 'api', content: '192.0.2.50', ttl: 300 }] }],
    });
    const data = undoOf(run);
    const stale = await runUndo(target, { zones: [{ name: ZONE, undo: { ...data, zoneId: 'f'.repeat(32) } }] });
    expect(messages(stale, 'error')[0]).toMatch(/^Nothing undone: onboarded\.example at the target is another zone now/);
    expect(zoneComplete(stale, ZONE)).toMatchObject({ failed: 1 });
    expect(held()).toContain('A api.onboarded.example 192.0.2.50 300');
  });
});
