import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MigrateEvent, MigrateRequest } from '@dnsferry/shared';
import { runMigration } from '@/jobs/migration';
import type { MigrationJob } from '@/jobs/migrate-events';
import { createUndoKeeper } from '@/jobs/undo-keeper';
import { REASONS } from '@/utils/pairing';
import { companionFetch, errorBody, lines, ndjson } from '../support/fetch';
import { pairTestCompanion } from '../support/pairing';
import { emptySlot, gate, runContext } from '../support/run-context';
import { memoryArea, undoData } from '../support/undo';

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
});

const URL_ = 'http://127.0.0.1:8787';
const zone = 'example.com';
const request: MigrateRequest = {
  targetToken: 'cf-secret-token-value',
  targetAccountId: 'a'.repeat(32),
  zones: [{ name: zone, records: [{ type: 'A', name: '@', ttl: 300, content: '192.0.2.1' }] }, { name: 'example.org' }],
};
const events: MigrateEvent[] = [
  { type: 'status', zone, message: `Migrating ${zone}` },
  { type: 'record', zone, message: '[1/1] A @ → 192.0.2.1', index: 1, total: 1 },
  { type: 'zone-complete', zone, result: { created: 1, updated: 0, skipped: 0, failed: 0, removed: 0, nameServers: [] } },
  { type: 'done', results: [{ zone, created: 1, updated: 0, skipped: 0, failed: 0, removed: 0 }] },
];
const cmd = { type: 'migration:start' as const, companionUrl: URL_, request, expected: { 'example.org': 7 } };

describe('runMigration', () => {
  it('is saved as running before its first event, so a restart knows it was cut off', async () => {
    const held = gate();
    const fetch = companionFetch({ '/api/migrate': () => ndjson(lines(events), { gate: held.promise }) });
    const { ctx, updates, saves } = runContext(fetch);
    const slot = emptySlot<MigrationJob>();
    const run = runMigration(ctx, slot, cmd);
    expect(updates).toEqual([{ type: 'migration:start', job: slot.job }]);
    expect(saves).toEqual([{ at: 1, how: 'now' }]);
    expect(slot.job?.zones.map((z) => [z.zone, z.expected, z.fromSource])).toEqual([
      [zone, 1, false],
      ['example.org', 7, true],
    ]);
    held.open();
    await run;
    expect(saves.at(-1)).toEqual({ at: updates.length, how: 'now' });
  });

  it('sends what the events changed in batches, every log line once by the end, and asks for a save after each event', async () => {
    const held = gate();
    const fetch = companionFetch({ '/api/migrate': () => ndjson(lines(events), { gate: held.promise, gateAfter: 2 }) });
    const { ctx, updates, saves } = runContext(fetch, 5);
    const run = runMigration(ctx, emptySlot(), cmd);
    await expect.poll(() => updates.filter((u) => u.type === 'migration:patch').length).toBe(1);
    const first = updates.find((u) => u.type === 'migration:patch');
    // the two events before the gate: the zone they touched, whole, and their two log lines
    expect(first).toMatchObject({ zones: [{ at: 0, zone: { zone, total: 1, created: 1 } }] });
    expect(first?.type === 'migration:patch' && first.log.map((l) => l.message)).toEqual([`Migrating ${zone}`, '[1/1] A @ → 192.0.2.1']);
    held.open();
    await run;
    const sent = updates.flatMap((u) => (u.type === 'migration:patch' || u.type === 'migration:end' ? u.log : []));
    expect(sent.map((l) => l.message)).toEqual([
      `Migrating ${zone}`,
      '[1/1] A @ → 192.0.2.1',
      'Zone finished: 1 created, 0 skipped, 0 failed',
      'All zones finished',
    ]);
    expect(updates.at(-1)).toMatchObject({ type: 'migration:end', id: 'job-1', status: 'done', error: null });
    expect(saves.filter((s) => s.how === 'soon')).toHaveLength(events.length);
  });

  it.each([
    [true, 'dry run'],
    [false, 'migration'],
  ] as const)('tells the popup what a refusal held back (dryRun %s: the %s), before the job ends', async (dryRun, what) => {
    const fetch = companionFetch({
      '/api/pair/proof': () => errorBody(403, 'forbidden', 'this browser extension is not paired with this companion'),
      '/api/migrate': () => ndjson(lines(events)),
    });
    const { ctx, updates } = runContext(fetch);
    await runMigration(ctx, emptySlot(), { ...cmd, request: { ...request, dryRun } });
    expect(updates.map((u) => u.type)).toEqual(['migration:start', 'companion:refused', 'migration:end']);
    expect(updates[1]).toEqual({ type: 'companion:refused', what, refusal: { state: 'impostor', reason: REASONS.refused(403) } });
    expect(updates[2]).toMatchObject({
      status: 'failed',
      error: `This is not your dnsferry companion: ${REASONS.refused(403)}. Nothing was sent to it.`,
    });
    expect(fetch.calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/pair/proof']);
  });

  it("keeps each landed write's undo as it comes: a stream cut off mid-run (the companion killed) can still be undone for what landed", async () => {
    const whole = undoData(zone, true);
    const landed: MigrateEvent[] = [
      { type: 'status', zone, message: `Migrating ${zone}` },
      { type: 'success', zone, zoneId: whole.zoneId, message: 'Zone created', undo: { zoneCreated: true } },
      { type: 'record', zone, message: '[1/3] A www', index: 1, total: 3, undo: { created: whole.created } },
      { type: 'remove', zone, message: 'A www removed', undo: { removed: whole.removed } },
      { type: 'record', zone, message: '[2/3] A mail (updated)', index: 2, total: 3, change: 'update', undo: { updated: whole.updated } },
    ];
    // the stream breaks after these, as it does when the companion's process is killed
    let i = 0;
    const chunks = lines(landed);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[i++];
        if (chunk === undefined) controller.error(new TypeError('terminated'));
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    const fetch = companionFetch({ '/api/migrate': () => new Response(body, { headers: { 'content-type': 'application/x-ndjson' } }) });
    const { ctx } = runContext(fetch);
    const area = memoryArea();
    ctx.undo = createUndoKeeper(area);
    const slot = emptySlot<MigrationJob>();
    await runMigration(ctx, slot, { ...cmd, request: { ...request, zones: [request.zones[0]!] } });
    expect(slot.job?.status).not.toBe('running');
    // what the popup offers to undo, and what the undo would send: everything that landed
    expect(slot.job?.zones[0]?.undoable).toEqual({ created: 1, removed: 1, updated: 1, zonesCreated: 1 });
    expect((await ctx.undo.get(slot.job!.id))?.zones).toEqual([whole]);
  });
});
