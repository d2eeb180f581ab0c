import { beforeEach, describe, expect, it } from 'vitest';
import type { MigrateEvent, UndoData } from '@dnsferry/shared';
import { MemoryTarget } from '../support/memory-target';
import { messages, runMigrate, runUndo, zoneComplete } from '../support/engine-run';

/**
 * Undo data bound to its run: a record or a zone is taken back only when the target's creation time
 * says the run made it. (That Cloudflare's creation times reach the undo data:
 * tests/companion/operations/undo-bound.test.ts.)
 */
let target: MemoryTarget;
const ZONE = 'bound.example';
beforeEach(() => {
  // each record and zone gets a creation time of its own, a second after the one before
  target = new MemoryTarget();
});

const a = (name: string, content: string) => ({ type: 'A' as const, name, content, ttl: 300 });
const undoOf = (events: MigrateEvent[], zone = ZONE): UndoData => {
  const undo = zoneComplete(events, zone).undo;
  if (!undo) throw new Error(`no undo data for ${zone}`);
  return undo;
};
const heldAt = (name: string) => {
  const r = target.zones.get(ZONE)?.records.find((h) => h.record.name === name);
  if (!r?.createdOn) throw new Error(`no record ${name}`);
  return { id: r.id, createdOn: r.createdOn };
};

describe('undo data bound to its run', () => {
  it('keeps the creation time the target reported for each record the run created, and for the zone', async () => {
    const run = await runMigrate(target, { zones: [{ name: ZONE, records: [a('www', '192.0.2.1')] }] });
    const undo = undoOf(run);
    expect(undo.created).toEqual([{ id: heldAt('www').id, record: a('www', '192.0.2.1'), createdOn: heldAt('www').createdOn }]);
    expect(undo).toMatchObject({ zoneCreated: true, zoneCreatedOn: target.zones.get(ZONE)?.zone.createdOn });
  });

  it('removes no record the run did not create: another id, another creation time, or none given', async () => {
    target.addZone(ZONE, [a('before', '192.0.2.7')]);
    const run = await runMigrate(target, { zones: [{ name: ZONE, records: [a('www', '192.0.2.1'), a('api', '192.0.2.2')] }] });
    const undo = undoOf(run);
    const [www, api] = undo.created;
    const before = heldAt('before');
    // an undo file mixed up with another: its first entry names the record that was there before, with the run's time
    const edited: UndoData = {
      ...undo,
      created: [
        { id: before.id, record: a('before', '192.0.2.7'), createdOn: www!.createdOn },
        { id: www!.id, record: www!.record },
        { ...api!, createdOn: '2020-01-01T00:00:00.000Z' },
      ],
    };
    const events = await runUndo(target, { zones: [{ name: ZONE, undo: edited }] });
    expect(messages(events, 'skip')).toEqual([
      `[1/3] A before not the record the run created: the target created ${before.id} at ${before.createdOn}, the run's at ${www!.createdOn}; left as it is`,
      '[2/3] A www the undo data does not say when the target created it, so nothing shows the run did; left as it is',
      `[3/3] A api not the record the run created: the target created ${api!.id} at ${api!.createdOn}, the run's at 2020-01-01T00:00:00.000Z; left as it is`,
    ]);
    expect(zoneComplete(events, ZONE)).toMatchObject({ removed: 0, skipped: 3 });
    expect(target.lines(ZONE)).toHaveLength(3);
    // the undo data as the run gave it still takes back what the run wrote, and only that
    const real = await runUndo(target, { zones: [{ name: ZONE, undo }] });
    expect(zoneComplete(real, ZONE)).toMatchObject({ removed: 2, skipped: 0 });
    expect(target.lines(ZONE)).toEqual([`A before.${ZONE} 192.0.2.7 300`]);
  });

  it('counts an entry listed many times once', async () => {
    const run = await runMigrate(target, { zones: [{ name: ZONE, records: [a('www', '192.0.2.1')] }] });
    const undo = undoOf(run);
    const repeated: UndoData = { ...undo, created: Array.from({ length: 500 }, () => undo.created[0]!) };
    const events = await runUndo(target, { zones: [{ name: ZONE, undo: repeated }] });
    expect(messages(events, 'info')).toContain('The undo data lists 499 entries more than once; each counts once');
    expect(zoneComplete(events, ZONE)).toMatchObject({ removed: 1, skipped: 0, failed: 0 });
    expect(messages(events, 'remove')).toEqual([`[1/1] A www → 192.0.2.1 removed (the run created it)`]);
  });

  it('deletes no zone the run did not create: a claim without its creation time, or with another', async () => {
    const { zone } = target.addZone(ZONE);
    const run = await runMigrate(target, { zones: [{ name: ZONE, records: [a('www', '192.0.2.1')] }] });
    const undo = undoOf(run);
    expect(undo.zoneCreated).toBe(false);
    const claimed = await runUndo(target, { deleteZone: true, zones: [{ name: ZONE, undo: { ...undo, zoneCreated: true } }] });
    expect(messages(claimed, 'info')).toContain(
      `The undo data does not say when the target created ${ZONE}, so nothing shows the run did; the zone stays`,
    );
    const dated = { ...undo, zoneCreated: true, zoneCreatedOn: '2020-01-01T00:00:00.000Z' };
    const again = await runUndo(target, { deleteZone: true, zones: [{ name: ZONE, undo: dated }] });
    expect(messages(again, 'info')).toContain(
      `${ZONE} is not the zone the run created: the target created it at ${zone.createdOn}, the run's at 2020-01-01T00:00:00.000Z; it stays`,
    );
    expect(target.zones.get(ZONE)?.zone.id).toBe(zone.id);
    expect(target.calls).not.toContain('deleteZone');
  });
});
