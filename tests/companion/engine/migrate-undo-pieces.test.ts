import { beforeEach, describe, expect, it } from 'vitest';
import { mergeUndo, undoSteps, type MigrateEvent, type UndoData, type UndoPiece } from '@dnsferry/shared';
import { sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { MemoryTarget, addOnboardedZone } from '../support/memory-target';
import { runMigrate, runUndo, zoneComplete } from '../support/engine-run';

let target: MemoryTarget;
const ZONE = 'onboarded.example';
beforeEach(() => {
  target = new MemoryTarget();
  addOnboardedZone(target, ZONE);
});

const piecesOf = (events: MigrateEvent[], zone = ZONE): UndoPiece[] =>
  events.flatMap((e) =>
    (e.type === 'success' || e.type === 'record' || e.type === 'remove') && e.zone === zone && e.undo ? [e.undo] : [],
  );
const zoneIdOf = (events: MigrateEvent[], zone = ZONE) => {
  const success = events.find((e) => e.type === 'success' && e.zone === zone);
  return success?.type === 'success' ? (success.zoneId ?? '') : '';
};
/** The entries of undo data as a set (order is the stream's, which a set's outcome may reorder). */
const entries = (u: UndoData) => ({
  created: u.created.map((c) => JSON.stringify(c)).sort(),
  removed: u.removed.map((c) => JSON.stringify(c)).sort(),
  updated: u.updated.map((c) => JSON.stringify(c)).sort(),
});

describe('migrate: each landed write carries its undo', () => {
  it('on the event that reports it, one entry each: together they are the undo zone-complete gives', async () => {
    const before = target.lines(ZONE);
    const run = await runMigrate(target, { mode: 'mirror', zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE) }] });
    const writes = run.filter((e) => e.type === 'record' || e.type === 'remove');
    // every landed write has its piece: one entry of one list, of the kind its event reports
    for (const e of writes) {
      const piece = (e as { undo?: UndoPiece }).undo;
      const kinds = Object.entries(piece ?? {}).map(([k, v]) => [k, (v as unknown[]).length]);
      const kind = e.type === 'remove' ? 'removed' : e.type === 'record' && e.change === 'update' ? 'updated' : 'created';
      expect(kinds).toEqual([[kind, 1]]);
    }
    const whole = zoneComplete(run, ZONE).undo!;
    const merged = mergeUndo(ZONE, zoneIdOf(run), piecesOf(run));
    expect(entries(merged)).toEqual(entries(whole));
    expect(merged).toMatchObject({ version: 1, zone: ZONE, zoneId: whole.zoneId, zoneCreated: false });
    expect(undoSteps(merged)).toBe(8);

    // the merged pieces, sent back as one undo (and again beside the whole: an entry kept twice counts once)
    const back = await runUndo(target, { zones: [{ name: ZONE, undo: { ...merged, created: [...merged.created, ...whole.created] } }] });
    expect(zoneComplete(back, ZONE)).toMatchObject({ created: 2, updated: 4, removed: 2, skipped: 0, failed: 0 });
    expect(target.lines(ZONE)).toEqual(before);
  });

  it("starts a created zone's undo on its success event, and a dry run carries none", async () => {
    const records = [{ type: 'A', name: 'www', content: '192.0.2.9', ttl: 300 }];
    const dry = await runMigrate(target, { dryRun: true, zones: [{ name: 'new.example', records }] });
    expect(dry.filter((e) => 'undo' in e && e.undo !== undefined)).toEqual([]);
    const run = await runMigrate(target, { zones: [{ name: 'new.example', records }] });
    const success = run.find((e) => e.type === 'success');
    const whole = zoneComplete(run, 'new.example').undo!;
    expect(whole.zoneCreatedOn).toEqual(expect.any(String));
    expect(success).toMatchObject({ undo: { zoneCreated: true, zoneCreatedOn: whole.zoneCreatedOn } });
    expect(mergeUndo('new.example', zoneIdOf(run, 'new.example'), piecesOf(run, 'new.example'))).toEqual(whole);
  });
});
