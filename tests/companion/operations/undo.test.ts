import { describe, expect, it } from 'vitest';
import type { MigrateEvent, UndoData } from '@dnsferry/shared';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { heldLines, useStack, zoneComplete } from '../../support/stack';

/**
 * An undo as the HTTP app takes it and as it reaches Cloudflare's wire. What an undo decides (later
 * edits, dry runs, zones it created, another zone under the name) is the engine's:
 * tests/companion/engine/undo.test.ts and undo-bound.test.ts.
 */
const ZONE = 'onboarded.example';
const stack = useStack({ prepare: (s) => seedOnboardedZone(s.sim, { accountId: s.seed.accountId, name: ZONE }) });

const held = (zone = ZONE) => heldLines(stack().sim, zone);

function undoOf(events: MigrateEvent[], zone = ZONE): UndoData {
  const undo = zoneComplete(events, zone).undo;
  if (!undo) throw new Error(`no undo data for ${zone}`);
  return undo;
}

const messages = (events: MigrateEvent[], type: MigrateEvent['type']) =>
  events.filter((e) => e.type === type).map((e) => ('message' in e ? e.message : ''));

describe('POST /api/undo', () => {
  it('puts a mirrored zone back exactly as it was: content, TTL and proxy', async () => {
    const before = held();
    const run = await stack().migrate({ mode: 'mirror', zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE) }] });
    expect(held()).not.toEqual(before);
    const undo = undoOf(run.events);
    expect(undo).toMatchObject({ version: 1, zone: ZONE, zoneCreated: false });
    expect([undo.created.length, undo.removed.length, undo.updated.length]).toEqual([2, 2, 4]);

    const back = await stack().undo({ zones: [{ name: ZONE, undo }] });
    expect(back.status).toBe(200);
    expect(held()).toEqual(before);
    const result = zoneComplete(back.events, ZONE);
    expect(result).toMatchObject({ created: 2, updated: 4, removed: 2, skipped: 0, failed: 0 });
    expect(result.created + result.updated + result.removed + result.skipped + result.failed).toBe(8);
    expect(messages(back.events, 'remove')).toContainEqual(
      expect.stringMatching(/^\[\d\/8\] A www → 192\.0\.2\.1 removed \(the run created it\)$/),
    );
    expect(messages(back.events, 'record')).toContainEqual(
      expect.stringMatching(/^\[\d\/8\] A www → 203\.0\.113\.9 \(restored: the run removed it\)$/),
    );
    expect(back.events.at(-1)).toMatchObject({ type: 'done', results: [{ zone: ZONE, created: 2, updated: 4, removed: 2 }] });
  });

  it('refuses undo data of another zone', async () => {
    const run = await stack().migrate({ zones: [{ name: ZONE, records: [{ type: 'A', name: 'api', content: '192.0.2.50', ttl: 300 }] }] });
    const undo = undoOf(run.events);
    const mismatch = await stack().undo({ zones: [{ name: 'other.example', undo }] });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({
      error: { field: 'zones.0.undo.zone', message: `zones.0.undo.zone: this undo data is for ${ZONE}, not other.example` },
    });
  });
});
