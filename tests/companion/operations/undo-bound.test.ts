import { describe, expect, it } from 'vitest';
import type { MigrateEvent, UndoData } from '@dnsferry/shared';
import { useStack, zoneComplete } from '../../support/stack';

/**
 * That the creation times Cloudflare reports reach the undo data, and match what its listing says
 * later. What an undo does with them is the engine's: tests/companion/engine/undo-bound.test.ts.
 */
const ZONE = 'bound.example';
let t = 0;
// a clock a second further at each reading: every record and zone has a creation time of its own
const stack = useStack({ sim: { now: () => (t += 1000) }, prepare: () => (t = Date.parse('2026-03-01T00:00:00Z')) });

const a = (name: string, content: string) => ({ type: 'A' as const, name, content, ttl: 300 });
const undoOf = (events: MigrateEvent[], zone = ZONE): UndoData => {
  const undo = zoneComplete(events, zone).undo;
  if (!undo) throw new Error(`no undo data for ${zone}`);
  return undo;
};
const wire = (name: string) => {
  const { sim } = stack();
  const zone = sim.zoneByName(ZONE)!;
  const r = sim.records(zone.id).find((x) => x.name === `${name}.${ZONE}`);
  if (!r) throw new Error(`no record ${name}`);
  return { id: String(r.id), createdOn: String(r.created_on) };
};

describe('POST /api/undo: undo data bound to its run', () => {
  it('keeps the creation time the target reported for each record the run created, and for the zone', async () => {
    const run = await stack().migrate({ zones: [{ name: ZONE, records: [a('www', '192.0.2.1')] }] });
    const undo = undoOf(run.events);
    const zone = stack().sim.zoneByName(ZONE)!;
    expect(undo.created).toEqual([{ id: wire('www').id, record: a('www', '192.0.2.1'), createdOn: wire('www').createdOn }]);
    expect(undo).toMatchObject({ zoneCreated: true, zoneCreatedOn: await zoneCreatedOn(zone.id) });
    // the time the write reported is the one the listing gives: the undo takes the record back
    const back = await stack().undo({ zones: [{ name: ZONE, undo }] });
    expect(zoneComplete(back.events, ZONE)).toMatchObject({ removed: 1, skipped: 0, failed: 0 });
  });
});

async function zoneCreatedOn(id: string): Promise<string> {
  const { sim, seed } = stack();
  const res = await fetch(`${sim.url}/zones/${id}`, { headers: { authorization: `Bearer ${seed.token}` } });
  return ((await res.json()) as { result: { created_on: string } }).result.created_on;
}
