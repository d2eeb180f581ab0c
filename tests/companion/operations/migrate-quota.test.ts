import { afterEach, describe, expect, it } from 'vitest';
import type { MigrateEvent } from '@dnsferry/shared';
import { startStack, zoneComplete, type Stack } from '../../support/stack';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const hosts = (n: number, prefix = 'h') =>
  Array.from({ length: n }, (_, i) => ({ type: 'A', name: `${prefix}${i}`, content: `10.0.${(i >> 8) & 255}.${i & 255}`, ttl: 300 }));
const names = (s: Stack, zone: string) => {
  const z = s.sim.zoneByName(zone);
  return z ? (s.sim.records(z.id) as Array<{ name: string }>).map((r) => r.name.replace(`.${zone}`, '')).sort() : [];
};
const errors = (events: MigrateEvent[]) => events.filter((e) => e.type === 'error');
const infos = (events: MigrateEvent[]) => events.flatMap((e) => (e.type === 'info' ? [e.message] : []));

describe('POST /api/migrate within the record quota', () => {
  it('fails a zone that would pass its quota before writing anything, with the numbers', async () => {
    stack = await startStack();
    const { events } = await stack.migrate({ zones: [{ name: 'big.example', records: hosts(350) }] });
    const [first, ...rest] = errors(events);
    expect(first?.message).toBe(
      'Zone left untouched: this zone may hold 200 records (Free plan); it holds 0 and the run would add 350. Send "partial": true to write the records that fit',
    );
    expect(rest).toHaveLength(350);
    expect(rest[0]?.message).toBe("[1/350] A h0 ✗ not migrated: over the zone's record quota (200 records)");
    const r = zoneComplete(events, 'big.example');
    expect(r).toMatchObject({ created: 0, failed: 350 });
    expect(names(stack, 'big.example')).toEqual([]);
    // the run created the zone, empty: its undo deletes it
    expect(r.undo).toMatchObject({ zoneCreated: true, created: [], removed: [], updated: [] });
    // nothing was sent that the target refused
    expect(stack.sim.requestLog.filter((l) => l.path.endsWith('/dns_records/batch') || l.status === 400)).toEqual([]);
  });

  it('counts what the zone holds already, and the dry run says the same', async () => {
    stack = await startStack();
    const zone = stack.sim.addZone({ accountId: stack.seed.accountId, name: 'held.example' });
    for (const r of hosts(12, 'old')) stack.sim.addRecord(zone.id, r);
    const sentence = 'this zone may hold 200 records (Free plan); it holds 12 and the run would add 350';
    const dry = await stack.migrate({ dryRun: true, zones: [{ name: 'held.example', records: hosts(350) }] });
    expect(errors(dry.events)[0]?.message).toBe(
      `A real run would leave this zone untouched: ${sentence}. Send "partial": true to write the records that fit`,
    );
    expect(zoneComplete(dry.events, 'held.example')).toMatchObject({ created: 0, failed: 350 });
    const real = await stack.migrate({ zones: [{ name: 'held.example', records: hosts(350) }] });
    expect(errors(real.events)[0]?.message).toBe(`Zone left untouched: ${sentence}. Send "partial": true to write the records that fit`);
    expect(names(stack, 'held.example')).toHaveLength(12);
  });

  it('says what a new zone may hold in a dry run of a zone not at the target yet', async () => {
    stack = await startStack();
    const { events } = await stack.migrate({ dryRun: true, zones: [{ name: 'later.example', records: hosts(350) }] });
    expect(errors(events)[0]?.message).toBe(
      'A real run would leave this zone untouched: a new zone at the target may hold 200 records (Free plan); the run would add 350. Send "partial": true to write the records that fit',
    );
  });

  it('with "partial": true writes the records that fit, in the order sent, and fails the others without sending them', async () => {
    stack = await startStack();
    const zone = stack.sim.addZone({ accountId: stack.seed.accountId, name: 'part.example' });
    for (const r of hosts(12, 'old')) stack.sim.addRecord(zone.id, r);
    const records = hosts(350);
    const { events } = await stack.migrate({ partial: true, zones: [{ name: 'part.example', records }] });
    expect(infos(events)).toContain(
      'this zone may hold 200 records (Free plan); it holds 12 and the run would add 350: writing the 188 that fit ("partial": true); 162 are not written',
    );
    expect(zoneComplete(events, 'part.example')).toMatchObject({ created: 188, failed: 162 });
    const failed = errors(events);
    expect(failed).toHaveLength(162);
    expect(failed[0]?.message).toBe("[189/350] A h188 ✗ not written: the zone's record quota is reached (200 records)");
    expect(failed.some((e) => e.code === 81045)).toBe(false);
    const expected = [...hosts(12, 'old'), ...records.slice(0, 188)].map((r) => r.name).sort();
    expect(names(stack, 'part.example')).toEqual(expected);
  });

  it('takes removals first when only they make room: a full zone mirrored with prune never passes its quota', async () => {
    // batches of 20: the creates and the removals go in separate requests, several at once
    stack = await startStack({ config: { batchSize: 20 } });
    const zone = stack.sim.addZone({ accountId: stack.seed.accountId, name: 'full.example' });
    // 200 records (full): 150 the source keeps, 50 it no longer has; the source adds 50 new ones
    for (const r of [...hosts(150, 'keep'), ...hosts(50, 'gone')]) stack.sim.addRecord(zone.id, r);
    const source = [...hosts(150, 'keep'), ...hosts(50, 'new')];
    const { events } = await stack.migrate({
      mode: 'mirror',
      prune: true,
      force: true,
      zones: [{ name: 'full.example', records: source }],
    });
    expect(errors(events)).toEqual([]);
    expect(zoneComplete(events, 'full.example')).toMatchObject({ created: 50, skipped: 150, failed: 0, removed: 50 });
    expect(names(stack, 'full.example')).toEqual(source.map((r) => r.name).sort());
    // every removal was told before the first create
    const firstCreate = events.findIndex((e) => e.type === 'record');
    const lastRemove = events.map((e) => e.type).lastIndexOf('remove');
    expect(lastRemove).toBeLessThan(firstCreate);
  });

  it("holds a zone without its own quota to the account's", async () => {
    stack = await startStack();
    const ent = stack.sim.addAccount({ name: 'Big Corp', type: 'enterprise' });
    const token = stack.sim.addToken({ accountIds: [ent.id] });
    const zone = stack.sim.addZone({ accountId: ent.id, name: 'corp.example', plan: 'enterprise' });
    stack.sim.setAccountRecordQuota(ent.id, 1000);
    for (const r of hosts(990, 'old')) stack.sim.addRecord(zone.id, r);
    const { events } = await stack.migrate({
      targetToken: token,
      targetAccountId: ent.id,
      zones: [{ name: 'corp.example', records: hosts(20) }],
    });
    expect(errors(events)[0]?.message).toBe(
      'Zone left untouched: this account may hold 1,000 records in all its zones; it holds 990 and the run would add 20. Send "partial": true to write the records that fit',
    );
  });

  it('reads no quota when the run creates nothing, and writes as before when the records fit', async () => {
    stack = await startStack();
    const first = await stack.migrate({ zones: [{ name: 'fits.example', records: hosts(150) }] });
    expect(zoneComplete(first.events, 'fits.example')).toMatchObject({ created: 150, failed: 0 });
    expect(stack.sim.requestLog.filter((l) => l.path.endsWith('/usage'))).toHaveLength(1);
    stack.sim.resetCounters();
    const again = await stack.migrate({ zones: [{ name: 'fits.example', records: hosts(150) }] });
    expect(zoneComplete(again.events, 'fits.example')).toMatchObject({ created: 0, skipped: 150 });
    expect(stack.sim.requestLog.filter((l) => l.path.endsWith('/usage'))).toEqual([]);
  });
});
