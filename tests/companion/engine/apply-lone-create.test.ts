import { describe, expect, it } from 'vitest';
import type { DnsRecord, MigrateEvent } from '@dnsferry/shared';
import { applySets, emptyUndo, LoneCreate, type PlannedSet } from '@dnsferry/companion/engine/apply';
import type { ChangeOutcome, ChangeSet, Target, TargetZone } from '@dnsferry/companion/engine/ports';
import { CLOUDFLARE_RULES } from '@dnsferry/companion/providers/cloudflare/capabilities';
import { ZoneTally } from '@dnsferry/companion/engine/zone-tally';

const ZONE: TargetZone = { id: 'z1', name: 'example.com', status: 'active', nameServers: [], created: true };
const www: DnsRecord = { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 };
const api: DnsRecord = { type: 'CNAME', name: 'api', content: 'www.example.com', ttl: 120 };

/** The same create as a plain planned set: its change set, its lists and its line. */
function plain(record: DnsRecord, index: number, note: string, replaces?: string[]): PlannedSet {
  return {
    set: { deletes: [], updates: [], creates: [record] },
    createLines: [replaces ? { index, note, replaces } : { index, note }],
    updateLines: [],
    deleteLines: [],
  };
}

/** A target that lands every set, numbering the records it creates; what it was sent is kept. */
function landingTarget(sent: ChangeSet[][]): Target {
  let id = 0;
  return {
    rules: CLOUDFLARE_RULES,
    async *applyChanges(_zone: TargetZone, sets: ChangeSet[]): AsyncIterable<ChangeOutcome> {
      sent.push(sets.map((s) => ({ deletes: [...s.deletes], updates: [...s.updates], creates: [...s.creates] })));
      for (const [index, set] of sets.entries())
        yield {
          index,
          status: 'applied',
          createdIds: set.creates.map(() => `r${++id}`),
          createdOn: set.creates.map(() => '2026-12-02T00:00:00Z'),
        };
    },
  } as unknown as Target;
}

async function run(sets: PlannedSet[], dryRun: boolean) {
  const tally = new ZoneTally('example.com');
  tally.total = 2;
  const sent: ChangeSet[][] = [];
  const undo = emptyUndo();
  const events: MigrateEvent[] = [];
  for await (const e of applySets(ZONE, sets, { tally, target: landingTarget(sent), signal: new AbortController().signal, dryRun, undo }))
    events.push(e);
  return { events, sent, undo, counts: tally.counts };
}

describe('a set of one create (LoneCreate)', () => {
  it('reads as the plain set of that create: its change set and its line', () => {
    const lone = new LoneCreate(api, 1, ' (replaces A 192.0.2.9)', ['A 192.0.2.9']);
    const same = plain(api, 1, ' (replaces A 192.0.2.9)', ['A 192.0.2.9']);
    expect([lone.set.creates, lone.set.updates, lone.set.deletes]).toEqual([same.set.creates, same.set.updates, same.set.deletes]);
    expect([lone.createLines, lone.updateLines, lone.deleteLines]).toEqual([same.createLines, same.updateLines, same.deleteLines]);
    expect(new LoneCreate(www, 0, '', undefined).createLines).toEqual([{ index: 0, note: '' }]);
    // its own change set: nothing more is made for the writes
    expect(lone.set).toBe(lone);
  });

  for (const dryRun of [false, true]) {
    it(`is written and told as the plain set is${dryRun ? ' (dry run)' : ''}: the same events, writes and undo`, async () => {
      const lone = await run([new LoneCreate(www, 0, '', undefined), new LoneCreate(api, 1, ' (proxied)', ['A 192.0.2.9'])], dryRun);
      const same = await run([plain(www, 0, ''), plain(api, 1, ' (proxied)', ['A 192.0.2.9'])], dryRun);
      expect(lone).toEqual(same);
      const told = lone.events.filter((e) => e.type === 'record');
      expect(told.map((e) => e.message)).toEqual(
        dryRun
          ? ['[1/2] A www would create → 192.0.2.1', '[2/2] CNAME api would create → www.example.com (proxied)']
          : ['[1/2] A www → 192.0.2.1', '[2/2] CNAME api → www.example.com (proxied)'],
      );
      expect(told[1]).toMatchObject({ replaces: ['A 192.0.2.9'] });
      expect(lone.counts.created).toBe(2);
    });
  }
});
