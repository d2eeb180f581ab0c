import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MigrateEvent, UndoData } from '@dnsferry/shared';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { heldLines, startStack, zoneComplete, type Stack } from '../../support/stack';

let stack: Stack;
const ZONE = 'onboarded.example';
beforeEach(async () => {
  stack = await startStack();
  seedOnboardedZone(stack.sim, { accountId: stack.seed.accountId, name: ZONE });
});
afterEach(async () => {
  await stack.close();
});

const held = (zone = ZONE) => heldLines(stack.sim, zone);

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
    const run = await stack.migrate({ mode: 'mirror', zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE) }] });
    expect(held()).not.toEqual(before);
    const undo = undoOf(run.events);
    expect(undo).toMatchObject({ version: 1, zone: ZONE, zoneCreated: false });
    expect([undo.created.length, undo.removed.length, undo.updated.length]).toEqual([2, 2, 4]);

    const back = await stack.undo({ zones: [{ name: ZONE, undo }] });
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

  it('takes back a proxied record the run created, whose TTL the target made automatic', async () => {
    const before = held();
    const run = await stack.migrate({
      mode: 'mirror',
      zones: [{ name: ZONE, records: [{ type: 'A', name: 'www', content: '192.0.2.2', ttl: 300, proxied: true }] }],
    });
    expect(held()).toContain('A www.onboarded.example 192.0.2.2 1 proxied');
    const undo = undoOf(run.events);
    expect(undo.created).toMatchObject([{ record: { content: '192.0.2.2', ttl: 1, proxied: true } }]);
    const back = await stack.undo({ zones: [{ name: ZONE, undo }] });
    expect(zoneComplete(back.events, ZONE)).toMatchObject({ removed: 1, created: 1, skipped: 0, failed: 0 });
    expect(held()).toEqual(before);
  });

  it('never overwrites a later edit: a record changed since the run is a skip that says so', async () => {
    const run = await stack.migrate({ zones: [{ name: ZONE, records: [{ type: 'A', name: 'api', content: '192.0.2.50', ttl: 300 }] }] });
    const undo = undoOf(run.events);
    // someone proxies the new record after the run
    const z = stack.sim.zoneByName(ZONE)!;
    const api = stack.sim.records(z.id).find((r) => r.name === `api.${ZONE}`)!;
    const res = await fetch(`${stack.sim.url}/zones/${z.id}/dns_records/${String(api.id)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${stack.seed.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ttl: 600 }),
    });
    expect(res.status).toBe(200);
    const back = await stack.undo({ zones: [{ name: ZONE, undo }] });
    expect(messages(back.events, 'skip')).toEqual([
      '[1/1] A api changed at the target since the run (now 192.0.2.50, TTL 600, DNS only); left as it is',
    ]);
    expect(held()).toContain('A api.onboarded.example 192.0.2.50 600');
  });

  it('a dry run writes nothing; a second undo finds everything already back', async () => {
    const run = await stack.migrate({ mode: 'mirror', zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE) }] });
    const undo = undoOf(run.events);
    const after = held();
    stack.sim.resetCounters();
    const dry = await stack.undo({ dryRun: true, zones: [{ name: ZONE, undo }] });
    expect(stack.sim.counters.writes).toBe(0);
    expect(held()).toEqual(after);
    expect(messages(dry.events, 'remove')).toContainEqual(
      expect.stringMatching(/^\[\d\/8\] A www → 192\.0\.2\.1 would be removed \(the run created it\)$/),
    );
    await stack.undo({ zones: [{ name: ZONE, undo }] });
    stack.sim.resetCounters();
    const again = await stack.undo({ zones: [{ name: ZONE, undo }] });
    expect(stack.sim.counters.writes).toBe(0);
    expect(zoneComplete(again.events, ZONE)).toMatchObject({ skipped: 8, created: 0, removed: 0, updated: 0 });
  });

  it('deletes a zone the run created only when asked and when nothing else is in it', async () => {
    const run = await stack.migrate({
      zones: [{ name: 'fresh.example', records: [{ type: 'A', name: 'www', content: '192.0.2.9', ttl: 300 }] }],
    });
    const undo = undoOf(run.events, 'fresh.example');
    expect(undo.zoneCreated).toBe(true);
    const kept = await stack.undo({ zones: [{ name: 'fresh.example', undo }] });
    expect(messages(kept.events, 'info')).toContain(
      'The run created fresh.example; it stays (an undo that also deletes the zones the run created removes it, once it holds nothing else)',
    );
    expect(stack.sim.zoneByName('fresh.example')).toBeDefined();

    const z = stack.sim.zoneByName('fresh.example')!;
    stack.sim.addRecord(z.id, { type: 'TXT', name: 'later.fresh.example', content: '"added by hand"', ttl: 300 });
    const refused = await stack.undo({ deleteZone: true, zones: [{ name: 'fresh.example', undo }] });
    expect(messages(refused.events, 'info')).toContain('fresh.example still holds 1 record the run did not write; the zone stays');
    expect(stack.sim.zoneByName('fresh.example')).toBeDefined();

    const third = await stack.migrate({
      zones: [{ name: 'other.example', records: [{ type: 'A', name: 'www', content: '192.0.2.9', ttl: 300 }] }],
    });
    const gone = await stack.undo({ deleteZone: true, zones: [{ name: 'other.example', undo: undoOf(third.events, 'other.example') }] });
    expect(messages(gone.events, 'info')).toContain('Zone other.example deleted (the run had created it)');
    expect(stack.sim.zoneByName('other.example')).toBeUndefined();
  });

  it('refuses undo data of another zone, or of another zone under the same name', async () => {
    const run = await stack.migrate({ zones: [{ name: ZONE, records: [{ type: 'A', name: 'api', content: '192.0.2.50', ttl: 300 }] }] });
    const undo = undoOf(run.events);
    const mismatch = await stack.undo({ zones: [{ name: 'other.example', undo }] });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({
      error: { field: 'zones.0.undo.zone', message: `zones.0.undo.zone: this undo data is for ${ZONE}, not other.example` },
    });
    const stale = await stack.undo({ zones: [{ name: ZONE, undo: { ...undo, zoneId: 'f'.repeat(32) } }] });
    expect(messages(stale.events, 'error')[0]).toMatch(/^Nothing undone: onboarded\.example at the target is another zone now/);
    expect(zoneComplete(stale.events, ZONE)).toMatchObject({ failed: 1 });
  });
});
