import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MigrateEvent, UndoData } from '@dnsferry/shared';
import { heldLines, startStack, zoneComplete, type Stack } from '../../support/stack';

let stack: Stack;
const ZONE = 'bound.example';
beforeEach(async () => {
  // a clock a second further at each reading: every record and zone has a creation time of its own
  let t = Date.parse('2026-03-01T00:00:00Z');
  stack = await startStack({ sim: { now: () => (t += 1000) } });
});
afterEach(async () => {
  await stack.close();
});

const a = (name: string, content: string) => ({ type: 'A' as const, name, content, ttl: 300 });
const undoOf = (events: MigrateEvent[], zone = ZONE): UndoData => {
  const undo = zoneComplete(events, zone).undo;
  if (!undo) throw new Error(`no undo data for ${zone}`);
  return undo;
};
const lines = (events: MigrateEvent[], type: MigrateEvent['type']) =>
  events.filter((e) => e.type === type).map((e) => ('message' in e ? e.message : ''));
const wire = (name: string) => {
  const zone = stack.sim.zoneByName(ZONE)!;
  const r = stack.sim.records(zone.id).find((x) => x.name === `${name}.${ZONE}`);
  if (!r) throw new Error(`no record ${name}`);
  return { id: String(r.id), createdOn: String(r.created_on) };
};

describe('POST /api/undo: undo data bound to its run', () => {
  it('keeps the creation time the target reported for each record the run created, and for the zone', async () => {
    const run = await stack.migrate({ zones: [{ name: ZONE, records: [a('www', '192.0.2.1')] }] });
    const undo = undoOf(run.events);
    const zone = stack.sim.zoneByName(ZONE)!;
    expect(undo.created).toEqual([{ id: wire('www').id, record: a('www', '192.0.2.1'), createdOn: wire('www').createdOn }]);
    expect(undo).toMatchObject({ zoneCreated: true, zoneCreatedOn: await zoneCreatedOn(zone.id) });
  });

  it('removes no record the run did not create: another id, another creation time, or none given', async () => {
    const zone = stack.sim.addZone({ accountId: stack.seed.accountId, name: ZONE });
    stack.sim.addRecord(zone.id, a('before', '192.0.2.7'));
    const run = await stack.migrate({ zones: [{ name: ZONE, records: [a('www', '192.0.2.1'), a('api', '192.0.2.2')] }] });
    const undo = undoOf(run.events);
    const [www, api] = undo.created;
    const before = wire('before');
    // an undo file mixed up with another: its first entry names the record that was there before, with the run's time
    const edited: UndoData = {
      ...undo,
      created: [
        { id: before.id, record: a('before', '192.0.2.7'), createdOn: www!.createdOn },
        { id: www!.id, record: www!.record },
        { ...api!, createdOn: '2020-01-01T00:00:00.000Z' },
      ],
    };
    const { events } = await stack.undo({ zones: [{ name: ZONE, undo: edited }] });
    expect(lines(events, 'skip')).toEqual([
      `[1/3] A before not the record the run created: the target created ${before.id} at ${before.createdOn}, the run's at ${www!.createdOn}; left as it is`,
      '[2/3] A www the undo data does not say when the target created it, so nothing shows the run did; left as it is',
      `[3/3] A api not the record the run created: the target created ${api!.id} at ${api!.createdOn}, the run's at 2020-01-01T00:00:00.000Z; left as it is`,
    ]);
    expect(zoneComplete(events, ZONE)).toMatchObject({ removed: 0, skipped: 3 });
    expect(heldLines(stack.sim, ZONE)).toHaveLength(3);
    // the undo data as the run gave it still takes back what the run wrote, and only that
    const real = await stack.undo({ zones: [{ name: ZONE, undo }] });
    expect(zoneComplete(real.events, ZONE)).toMatchObject({ removed: 2, skipped: 0 });
    expect(heldLines(stack.sim, ZONE)).toEqual([`A before.${ZONE} 192.0.2.7 300`]);
  });

  it('counts an entry listed many times once', async () => {
    const run = await stack.migrate({ zones: [{ name: ZONE, records: [a('www', '192.0.2.1')] }] });
    const undo = undoOf(run.events);
    const repeated: UndoData = { ...undo, created: Array.from({ length: 500 }, () => undo.created[0]!) };
    const { events } = await stack.undo({ zones: [{ name: ZONE, undo: repeated }] });
    expect(lines(events, 'info')).toContain('The undo data lists 499 entries more than once; each counts once');
    expect(zoneComplete(events, ZONE)).toMatchObject({ removed: 1, skipped: 0, failed: 0 });
    expect(lines(events, 'remove')).toEqual([`[1/1] A www → 192.0.2.1 removed (the run created it)`]);
  });

  it('deletes no zone the run did not create: a claim without its creation time, or with another', async () => {
    const zone = stack.sim.addZone({ accountId: stack.seed.accountId, name: ZONE });
    const run = await stack.migrate({ zones: [{ name: ZONE, records: [a('www', '192.0.2.1')] }] });
    const undo = undoOf(run.events);
    expect(undo.zoneCreated).toBe(false);
    const claimed = await stack.undo({ deleteZone: true, zones: [{ name: ZONE, undo: { ...undo, zoneCreated: true } }] });
    expect(lines(claimed.events, 'info')).toContain(
      `The undo data does not say when the target created ${ZONE}, so nothing shows the run did; the zone stays`,
    );
    const dated = { ...undo, zoneCreated: true, zoneCreatedOn: '2020-01-01T00:00:00.000Z' };
    const again = await stack.undo({ deleteZone: true, zones: [{ name: ZONE, undo: dated }] });
    const createdOn = await zoneCreatedOn(zone.id);
    expect(lines(again.events, 'info')).toContain(
      `${ZONE} is not the zone the run created: the target created it at ${createdOn}, the run's at 2020-01-01T00:00:00.000Z; it stays`,
    );
    expect(stack.sim.zoneByName(ZONE)?.id).toBe(zone.id);
  });
});

async function zoneCreatedOn(id: string): Promise<string> {
  const res = await fetch(`${stack.sim.url}/zones/${id}`, { headers: { authorization: `Bearer ${stack.seed.token}` } });
  return ((await res.json()) as { result: { created_on: string } }).result.created_on;
}
