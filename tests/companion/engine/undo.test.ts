import { describe, expect, it } from 'vitest';
import type { DnsRecord, MigrateEvent, UndoData } from '@dnsferry/shared';
import { undo } from '@dnsferry/companion/engine/undo';
import { FairShare, type Slice } from '@dnsferry/companion/flow/fair-share';
import type { ChangeOutcome, HeldRecord, Target, TargetZone } from '@dnsferry/companion/engine/ports';
import { CLOUDFLARE_RULES } from '@dnsferry/companion/providers/cloudflare/capabilities';

const ZONE: TargetZone = { id: 'z1', name: 'example.com', status: 'active', nameServers: ['ns.example'], created: false };

/** A target that holds what a run created and answers a dry run; it writes nothing. */
function heldTarget(held: HeldRecord[]): Target {
  return {
    rules: CLOUDFLARE_RULES,
    findOrCreateZone: () => Promise.resolve(ZONE),
    listRecords: () => Promise.resolve(held),
    deleteZone: () => Promise.resolve(),
    // eslint-disable-next-line require-yield -- a dry run never writes
    async *applyChanges(): AsyncIterable<ChangeOutcome> {
      throw new Error('a dry run wrote');
    },
  };
}

const A = (name: string, content: string): DnsRecord => ({ type: 'A', name, content, ttl: 300 });

async function run(held: HeldRecord[], data: UndoData, slice?: Slice): Promise<MigrateEvent[]> {
  const events: MigrateEvent[] = [];
  const deps = { target: heldTarget(held), ...(slice ? { slice } : {}) };
  for await (const e of undo({ zones: [{ name: data.zone, undo: data }], dryRun: true, deleteZone: false }, deps, {
    signal: new AbortController().signal,
  }))
    events.push(e);
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
