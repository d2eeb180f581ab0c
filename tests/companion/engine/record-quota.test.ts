import { describe, expect, it } from 'vitest';
import type { DnsRecord, MigrateEvent } from '@dnsferry/shared';
import { emptySet, type PlannedSet } from '@dnsferry/companion/engine/apply';
import { quotaSentence, withinQuota, type Phases } from '@dnsferry/companion/engine/record-quota';
import { ZoneTally } from '@dnsferry/companion/engine/zone-tally';
import type { RecordQuota, Target, TargetZone } from '@dnsferry/companion/engine/ports';

const a = (name: string): DnsRecord => ({ type: 'A', name, content: '192.0.2.1', ttl: 300 });
const ZONE: TargetZone = { id: 'z1', name: 'example.com', status: 'active', nameServers: [], created: false, plan: 'Free' };

/** A set creating `creates` records (indexes from `at`) and removing `deletes`. */
function set(at: number, creates: number, deletes = 0): PlannedSet {
  const p = emptySet();
  for (let i = 0; i < creates; i++) {
    p.set.creates.push(a(`c${at + i}`));
    p.createLines.push({ index: at + i, note: '' });
  }
  for (let i = 0; i < deletes; i++) {
    p.set.deletes.push({ id: `d${at}-${i}`, record: a(`d${at}-${i}`) });
    p.deleteLines.push({ note: 'not in the source' });
  }
  return p;
}

async function run(sets: PlannedSet[], quota: RecordQuota | null, partial = false) {
  const reads: Array<TargetZone | null> = [];
  const target = {
    recordQuota: (zone: TargetZone | null) => {
      reads.push(zone);
      return Promise.resolve(quota);
    },
  } as unknown as Target;
  const tally = new ZoneTally('example.com');
  tally.total = sets.reduce((n, p) => n + p.set.creates.length, 0);
  const events: MigrateEvent[] = [];
  const gen = withinQuota(ZONE, sets, {
    target,
    tally,
    partial,
    dryRun: false,
    signal: new AbortController().signal,
    subjectAt: () => undefined,
  });
  let phases: Phases;
  for (;;) {
    const step = await gen.next();
    if (step.done) {
      phases = step.value;
      break;
    }
    events.push(step.value);
  }
  return { phases, events, reads, counts: tally.counts };
}

describe('quotaSentence', () => {
  it("names the zone's, the account's or a new zone's quota, with the plan and grouped numbers", () => {
    expect(quotaSentence({ limit: 200, used: 12, scope: 'zone', plan: 'Free' }, 350)).toBe(
      'this zone may hold 200 records (Free plan); it holds 12 and the run would add 350',
    );
    expect(quotaSentence({ limit: 1_000_000, used: 999_990, scope: 'account' }, 20)).toBe(
      'this account may hold 1,000,000 records in all its zones; it holds 999,990 and the run would add 20',
    );
    expect(quotaSentence({ limit: 200, used: 0, scope: 'new-zone', plan: 'Free' }, 3500)).toBe(
      'a new zone at the target may hold 200 records (Free plan); the run would add 3,500',
    );
  });
});

describe('withinQuota', () => {
  it('reads no quota when nothing is created, and writes as planned when the target sets none', async () => {
    const removals = [set(0, 0, 3)];
    expect(await run(removals, { limit: 1, used: 1, scope: 'zone' })).toMatchObject({ phases: [removals], reads: [] });
    const sets = [set(0, 5)];
    expect(await run(sets, null)).toMatchObject({ phases: [sets], reads: [ZONE], events: [] });
  });

  it('keeps the order when the creates fit before any removal, and puts the removals first when only they make room', async () => {
    const sets = [set(0, 3), set(3, 0, 2), set(3, 2, 2)];
    // 5 creates, room for 5
    expect((await run(sets, { limit: 10, used: 5, scope: 'zone' })).phases).toEqual([sets]);
    const tight = await run(sets, { limit: 10, used: 9, scope: 'zone' });
    // net: +3, -2, 0; 9 + 1 = 10 fits only after the -2
    expect(tight.phases).toEqual([[sets[1], sets[2]], [sets[0]]]);
    expect(tight.events).toEqual([]);
  });

  it('with partial, writes the sets that fit in the order sent and stops at the first that does not', async () => {
    const sets = [set(0, 2), set(2, 3), set(5, 1)];
    const { phases, events, counts } = await run(sets, { limit: 10, used: 6, scope: 'zone', plan: 'Free' }, true);
    // room for 4: the first set (2) fits, the second (3) does not, and the third waits behind it
    expect(phases).toEqual([[], [sets[0]]]);
    expect(events[0]).toEqual({
      type: 'info',
      zone: 'example.com',
      message:
        'this zone may hold 10 records (Free plan); it holds 6 and the run would add 6: writing the 2 that fit ("partial": true); 4 are not written',
    });
    expect(events.slice(1).map((e) => e.type === 'error' && e.message)).toEqual([
      "[3/6] A c2 ✗ not written: the zone's record quota is reached (10 records)",
      "[4/6] A c3 ✗ not written: the zone's record quota is reached (10 records)",
      "[5/6] A c4 ✗ not written: the zone's record quota is reached (10 records)",
      "[6/6] A c5 ✗ not written: the zone's record quota is reached (10 records)",
    ]);
    expect(counts.failed).toBe(4);
  });
});
