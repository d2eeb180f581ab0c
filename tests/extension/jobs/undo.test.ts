import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MigrateEvent, MigrateRequest, UndoRequest } from '@dnsferry/shared';
import { createJobRunner } from '@/jobs/runtime';
import { UNDO_GONE, UNDO_INTERRUPTED_BY_RESTART } from '@/jobs/undo';
import type { PersistedJobs, Update } from '@/jobs/messages';
import { createMigrationJob } from '@/jobs/migrate-events';
import { createUndoKeeper } from '@/jobs/undo-keeper';
import { companionFetch, lines, ndjson } from '../support/fetch';
import { pairTestCompanion } from '../support/pairing';
import { gate } from '../support/run-context';
import { memoryArea, undoData } from '../support/undo';

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
});

const URL_ = 'http://127.0.0.1:8787';
const SECRET = 'cf-secret-token-value';
const ACCOUNT = 'a'.repeat(32);
const zone = 'example.com';
const request: MigrateRequest = {
  targetToken: SECRET,
  targetAccountId: ACCOUNT,
  mode: 'mirror',
  zones: [{ name: zone, records: [{ type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' }] }],
};
const migrated: MigrateEvent[] = [
  { type: 'status', zone, message: 'Migrating example.com, mirroring the source' },
  { type: 'remove', zone, message: 'A www → 203.0.113.9 removed (replaced by the source’s A www)' },
  {
    type: 'record',
    zone,
    index: 1,
    total: 1,
    message: '[1/1] A www → 192.0.2.1 (replaces 203.0.113.9)',
    change: 'create',
    replaces: ['203.0.113.9'],
  },
  {
    type: 'zone-complete',
    zone,
    result: { created: 1, updated: 0, skipped: 0, failed: 0, removed: 1, nameServers: ['ada.ns.cloudflare.com'], undo: undoData() },
  },
  { type: 'done', results: [{ zone, created: 1, updated: 0, skipped: 0, failed: 0, removed: 1 }] },
];
/** The companion's answer to the undo: the created record deleted, the removed one back, the updated one changed since. */
const undone = (failed = 0): MigrateEvent[] => [
  { type: 'status', zone, message: 'Undoing example.com' },
  { type: 'remove', zone, index: 1, total: 3, message: '[1/3] A www → 192.0.2.1 removed' },
  { type: 'record', zone, index: 2, total: 3, message: '[2/3] A www → 203.0.113.9 (proxied)', change: 'create' },
  failed
    ? { type: 'error', zone, index: 3, total: 3, message: '[3/3] A mail ✗ Cloudflare 9109: unauthorized', code: 9109 }
    : { type: 'skip', zone, index: 3, total: 3, message: '[3/3] A mail changed at the target since the run; left as it is' },
  {
    type: 'zone-complete',
    zone,
    result: { created: 1, updated: 0, skipped: 1 - failed, failed, removed: 1, nameServers: ['ada.ns.cloudflare.com'] },
  },
  { type: 'done', results: [{ zone, created: 1, updated: 0, skipped: 1 - failed, failed, removed: 1 }] },
];

const snapshot = (runner: ReturnType<typeof createJobRunner>) => runner.snapshot() as Extract<Update, { type: 'snapshot' }>;

describe('job runner: undo', () => {
  it('keeps the undo data a run hands out in storage.local, and puts the zone back from it', async () => {
    const fetch = companionFetch({ '/api/migrate': () => ndjson(lines(migrated)), '/api/undo': () => ndjson(lines(undone())) });
    const saved: PersistedJobs[] = [];
    const runner = createJobRunner({ fetch, flushMs: 5, persistMs: 1, persist: async (j) => void saved.push(structuredClone(j)) });
    const updates: Update[] = [];
    runner.subscribe((u) => updates.push(u));
    runner.handle({ type: 'migration:start', companionUrl: URL_, request, expected: {} });
    await runner.idle();
    const run = snapshot(runner).migration!;
    expect(run.zones[0]?.undoable).toEqual({ created: 1, removed: 1, updated: 1, zonesCreated: 0 });
    const local = await fakeBrowser.storage.local.get(null);
    expect(JSON.stringify(local)).toContain('203.0.113.9');
    expect(JSON.stringify(local)).not.toContain(SECRET);

    runner.handle({ type: 'undo:start', companionUrl: URL_, runId: run.id, targetToken: SECRET, deleteZone: false });
    await runner.idle();
    const body = fetch.calls.find((c) => c.url.endsWith('/api/undo'))?.body as UndoRequest;
    expect(body).toEqual({ targetToken: SECRET, targetAccountId: ACCOUNT, zones: [{ name: zone, undo: undoData() }] });
    const undo = snapshot(runner).undo!;
    expect(undo).toMatchObject({ undoOf: run.id, status: 'done', dryRun: false });
    expect(undo.zones[0]).toMatchObject({ expected: 3, created: 1, removed: 1, skipped: 1, complete: true });
    expect(undo.log.find((l) => l.type === 'skip')?.message).toMatch(/changed at the target since the run/);
    // done without a failure: the data is no longer needed
    expect(await createUndoKeeper().get(run.id)).toBeNull();
    // the undo's own updates reach the popup under their own names, and nothing saved holds the token
    expect(updates.some((u) => u.type === 'undo:end')).toBe(true);
    expect(saved.at(-1)?.undo?.status).toBe('done');
    for (const s of saved) expect(JSON.stringify(s)).not.toContain(SECRET);
  });

  it('asks to delete zones the run created only when told, and keeps the data when something failed', async () => {
    const keeper = createUndoKeeper(memoryArea());
    await keeper.keep({ id: 'run-1', accountId: ACCOUNT, startedAt: 1 }, undoData(zone, true));
    const fetch = companionFetch({ '/api/undo': () => ndjson(lines(undone(1))) });
    const runner = createJobRunner({ fetch, undo: keeper });
    runner.handle({ type: 'undo:start', companionUrl: URL_, runId: 'run-1', targetToken: SECRET, deleteZone: true });
    await runner.idle();
    expect(fetch.calls[0]?.body).toMatchObject({ deleteZone: true });
    expect(snapshot(runner).undo?.zones[0]?.failed).toBe(1);
    expect(await keeper.get('run-1')).not.toBeNull();
  });

  it('fails with a sentence, and sends nothing, when the data is no longer kept', async () => {
    const fetch = companionFetch({});
    const runner = createJobRunner({ fetch, undo: createUndoKeeper(memoryArea()) });
    runner.handle({ type: 'undo:start', companionUrl: URL_, runId: 'gone', targetToken: SECRET, deleteZone: false });
    await runner.idle();
    expect(snapshot(runner).undo).toMatchObject({ status: 'failed', error: UNDO_GONE, undoOf: 'gone' });
    expect(fetch.calls).toHaveLength(0);
  });

  it('runs neither an undo during a migration nor a migration during an undo', async () => {
    const keeper = createUndoKeeper(memoryArea());
    await keeper.keep({ id: 'run-1', accountId: ACCOUNT, startedAt: 1 }, undoData());
    const held = gate();
    const fetch = companionFetch({
      '/api/undo': () => ndjson(lines(undone()), { gate: held.promise, gateAfter: 1 }),
      '/api/migrate': () => ndjson(lines(migrated)),
    });
    const runner = createJobRunner({ fetch, undo: keeper });
    runner.handle({ type: 'undo:start', companionUrl: URL_, runId: 'run-1', targetToken: SECRET, deleteZone: false });
    runner.handle({ type: 'migration:start', companionUrl: URL_, request, expected: {} });
    runner.handle({ type: 'undo:start', companionUrl: URL_, runId: 'run-1', targetToken: SECRET, deleteZone: false });
    held.open();
    await runner.idle();
    expect(fetch.calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/undo']);
    expect(snapshot(runner).migration).toBeNull();
  });

  it('an undo that was running when the background restarted is told as cut off', () => {
    const runner = createJobRunner({ undo: createUndoKeeper(memoryArea()) });
    const undo = createMigrationJob({ id: 'u1', dryRun: false, zones: [{ name: zone, expected: 3 }], now: 1, undoOf: 'run-1' });
    runner.restore({ scan: null, migration: null, undo });
    expect(snapshot(runner).undo).toMatchObject({ status: 'interrupted', error: UNDO_INTERRUPTED_BY_RESTART, undoOf: 'run-1' });
  });
});
