import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, recordKey, zonesFrom, type DnsRecord, type MigrateEvent, type MigrateZone } from '@dnsferry/shared';
import { migrate } from '@dnsferry/companion/engine/migrate';
import { FairShare, type Slice } from '@dnsferry/companion/flow/fair-share';
import type { Source, SourceZoneContent, Target } from '@dnsferry/companion/engine/ports';
import { MemoryTarget } from '../support/memory-target';

/**
 * The engine against an in-memory Target and Source: no HTTP, no simulator. What it must keep is the
 * stream's grammar and the invariant created + skipped + failed = records sent, whatever the target does.
 */
class FakeTarget extends MemoryTarget {
  /** Decides each set's outcome by its first record; by default every set lands. */
  outcome: (r: DnsRecord, index: number) => 'applied' | 'exists' | 'failed' | 'skip-report' | 'throw' = () => 'applied';

  constructor() {
    super();
    this.fault = (set, index) => {
      const first = set.creates[0] ?? set.updates[0]?.after ?? set.deletes[0]?.record;
      const what = first ? this.outcome(first, index) : 'applied';
      if (what === 'failed') return { code: 81053, message: 'taken' };
      if (what === 'skip-report') return 'unsettled'; // the target says nothing about this one
      return what === 'applied' ? undefined : what;
    };
  }
}

const rec = (r: Record<string, unknown>) => DnsRecordSchema.parse({ ttl: 300, ...r });
const A = (name: string, ip: string) => ({ type: 'A', name, content: ip, ttl: 300 });

async function run(
  zones: MigrateZone[],
  target: Target,
  opts: { dryRun?: boolean; source?: Source; signal?: AbortSignal; slice?: Slice } = {},
) {
  const events: MigrateEvent[] = [];
  // each zone as the request's forms give it, with its `from` as the operation hands it over
  const input = { zones: zonesFrom({ zones }), dryRun: opts.dryRun ?? false };
  for await (const e of migrate(
    input,
    { target, ...(opts.source ? { source: opts.source } : {}), ...(opts.slice ? { slice: opts.slice } : {}) },
    { signal: opts.signal ?? new AbortController().signal },
  ))
    events.push(e);
  return events;
}

function complete(events: MigrateEvent[], zone: string) {
  const e = events.find((x) => x.type === 'zone-complete' && x.zone === zone);
  if (e?.type !== 'zone-complete') throw new Error(`no zone-complete for ${zone}`);
  return e.result;
}

function perRecord(events: MigrateEvent[], zone: string) {
  return events.filter((e) => (e.type === 'record' || e.type === 'skip' || e.type === 'error') && e.zone === zone && e.index !== undefined);
}

describe('engine: migrate', () => {
  it('creates, skips and fails records with one event each, and the counts add up', async () => {
    const target = new FakeTarget();
    target.outcome = (r) => (r.name === 'taken' ? 'failed' : r.name === 'dup' ? 'exists' : 'applied');
    const records = [
      A('@', '192.0.2.1'),
      A('taken', '192.0.2.2'),
      A('dup', '192.0.2.3'),
      A('bad', '999.1.1.1'),
      { type: 'SOA', name: '@', content: 'x', ttl: 1 },
    ];
    const events = await run([{ name: 'example.com', records }], target);
    expect(complete(events, 'example.com')).toMatchObject({
      created: 1,
      updated: 0,
      skipped: 2,
      failed: 2,
      removed: 0,
      nameServers: ['ada.ns.example', 'bob.ns.example'],
    });
    const indexes = perRecord(events, 'example.com').map((e) => ('index' in e ? e.index : 0));
    expect([...indexes].sort()).toEqual([1, 2, 3, 4, 5]); // each record exactly once
    expect(events[0]?.type).toBe('status');
    expect(events.at(-1)).toEqual({
      type: 'done',
      results: [{ zone: 'example.com', created: 1, updated: 0, skipped: 2, failed: 2, removed: 0 }],
    });
    expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
  });

  it('converges: a second run over the same target creates nothing and writes nothing', async () => {
    const target = new FakeTarget();
    const records = [
      A('@', '192.0.2.1'),
      { type: 'TXT', name: '@', content: 'v=spf1 -all', ttl: 300 },
      { type: 'MX', name: '@', content: 'mx.example.com', priority: 10, ttl: 300 },
    ];
    await run([{ name: 'example.com', records }], target);
    const writes = target.sets.length;
    const again = await run([{ name: 'example.com', records: [...records] }], target);
    expect(complete(again, 'example.com')).toMatchObject({ created: 0, skipped: 3, failed: 0 });
    expect(target.sets.length).toBe(writes);
  });

  it('a dry run writes nothing, even for a zone the target does not have', async () => {
    const target = new FakeTarget();
    const events = await run([{ name: 'example.com', records: [A('@', '192.0.2.1')] }], target, { dryRun: true });
    expect(target.zones.size).toBe(0);
    expect(target.sets.length).toBe(0);
    expect(perRecord(events, 'example.com').map((e) => ('message' in e ? e.message : ''))).toEqual(['[1/1] A @ would create → 192.0.2.1']);
  });

  it('gives way to other callers while it reads, plans and streams, and tells the same as when it does not', async () => {
    const zoneFile = Array.from({ length: 600 }, (_, i) => `h${i} 300 A 192.0.2.${i % 250}`).join('\n');
    const records = Array.from({ length: 600 }, (_, i) => A(`r${i}`, '192.0.2.1'));
    const zones = (): MigrateZone[] => [
      { name: 'file.example', zoneFile },
      { name: 'list.example', records: [...records] },
    ];
    const alone = await run(zones(), new FakeTarget(), { dryRun: true });

    // a slice of 0 ms: it gives way wherever it may, and other callers' turns come in between
    const share = new FairShare(0);
    let turns = 0;
    let turnsBeforeDone = -1;
    let other = true;
    const otherCaller = () =>
      setImmediate(() => {
        turns++;
        if (other) otherCaller();
      });
    otherCaller();
    const events: MigrateEvent[] = [];
    for await (const e of migrate(
      { zones: zonesFrom({ zones: zones() }), dryRun: true },
      { target: new FakeTarget(), slice: share.slice('a') },
      { signal: new AbortController().signal },
    )) {
      if (e.type === 'done') turnsBeforeDone = turns;
      events.push(e);
    }
    other = false;
    expect(events).toEqual(alone);
    // the loop turned again and again before the end (run alone, a dry run never lets it turn)
    expect(turnsBeforeDone).toBeGreaterThan(10);
  });

  it('records the target never accounted for are failed as not written', async () => {
    const target = new FakeTarget();
    target.outcome = (_r, i) => (i === 1 ? 'skip-report' : 'applied');
    const events = await run([{ name: 'example.com', records: [A('a', '192.0.2.1'), A('b', '192.0.2.2'), A('c', '192.0.2.3')] }], target);
    expect(complete(events, 'example.com')).toMatchObject({ created: 2, failed: 1 });
    expect(perRecord(events, 'example.com').find((e) => e.type === 'error')).toMatchObject({
      index: 2,
      message: '[2/3] A b ✗ not written',
    });
  });

  it('a zone that fails midway accounts for every record not yet counted, and the next zone still runs', async () => {
    const target = new FakeTarget();
    target.outcome = (r) => (r.name === 'boom' ? 'throw' : 'applied');
    const events = await run(
      [
        { name: 'example.com', records: [A('a', '192.0.2.1'), A('boom', '192.0.2.2'), A('c', '192.0.2.3')] },
        { name: 'example.org', records: [A('a', '192.0.2.9')] },
      ],
      target,
    );
    const first = complete(events, 'example.com');
    expect(first.created + first.skipped + first.failed).toBe(3);
    expect(first).toMatchObject({ created: 1, failed: 2 });
    expect(
      events.some(
        (e) => e.type === 'error' && e.zone === 'example.com' && e.index === undefined && e.message === 'Zone failed: target exploded',
      ),
    ).toBe(true);
    expect(complete(events, 'example.org')).toMatchObject({ created: 1 });
  });

  it('a zone that fails midway names the records it did not write as they were sent', async () => {
    const target = new FakeTarget();
    target.outcome = (r) => (r.name === 'boom' ? 'throw' : 'applied');
    // written in full and with a final dot: the plan holds them relative to the zone
    const sent = [A('a.example.com.', '192.0.2.1'), A('boom.example.com.', '192.0.2.2'), A('C.Example.com', '192.0.2.3')];
    const events = await run([{ name: 'example.com', records: sent }], target);
    expect(perRecord(events, 'example.com').map((e) => ('message' in e ? e.message : ''))).toEqual([
      '[1/3] A a → 192.0.2.1',
      '[2/3] A boom.example.com. ✗ not migrated: the zone failed',
      '[3/3] A C.Example.com ✗ not migrated: the zone failed',
    ]);
  });

  it('reads a zone its from names a provider for from the source; its problems fail and its progress is told', async () => {
    const target = new FakeTarget();
    const source: Source = {
      readZone: (_zone, opts): Promise<SourceZoneContent> => {
        opts.progress?.('Read page 1 from Azure: 2 so far');
        return Promise.resolve({
          records: [rec(A('@', '192.0.2.1'))],
          problems: [{ name: 'cdn', type: 'CNAME', message: 'alias to a CDN endpoint; not migrated' }],
          notes: ['SOA not copied'],
        });
      },
    };
    const events = await run([{ name: 'example.com', axfr: { server: 'ns1.example.net' } }], target, { source });
    const infos = events.filter((e) => e.type === 'info').map((e) => ('message' in e ? e.message : ''));
    expect(infos).toEqual(expect.arrayContaining(['Read page 1 from Azure: 2 so far', 'SOA not copied']));
    expect(complete(events, 'example.com')).toMatchObject({ created: 1, failed: 1 });
    expect(target.zones.get('example.com')?.records.map((h) => recordKey(h.record))).toEqual([recordKey(rec(A('@', '192.0.2.1')))]);
  });

  it('stops writing when the client goes away: the rest of the zone and later zones are not started', async () => {
    const target = new FakeTarget();
    const controller = new AbortController();
    target.outcome = (r) => {
      if (r.name === 'b') controller.abort();
      return 'applied';
    };
    const events = await run(
      [
        { name: 'example.com', records: [A('a', '192.0.2.1'), A('b', '192.0.2.2'), A('c', '192.0.2.3')] },
        { name: 'example.org', records: [A('a', '192.0.2.9')] },
      ],
      target,
      { signal: controller.signal },
    );
    expect(target.zones.get('example.com')?.records.map((h) => h.record.name)).toEqual(['a', 'b']);
    expect(target.zones.has('example.org')).toBe(false);
    expect(events.some((e) => e.type === 'done')).toBe(false);
  });
});
