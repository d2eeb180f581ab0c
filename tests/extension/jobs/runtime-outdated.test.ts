import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CutoverEvent, CutoverRequest, MigrateEvent } from '@dnsferry/shared';
import { allReady } from '@/jobs/cutover';
import { createMigrationJob } from '@/jobs/migrate-events';
import { createJobRunner, writeOf } from '@/jobs/runtime';
import type { PersistedJobs, Update } from '@/jobs/messages';
import { companionFetch, lines, ndjson } from '../support/fetch';
import { report } from '../support/cutover';
import { gate } from '../support/run-context';
import { pairTestCompanion } from '../support/pairing';

/**
 * The background orders every job's start and end, so it is where a check is made out of date: a
 * write to a checked zone that starts or ends after the check began (even while it runs) marks it,
 * and a check begun after the write's end stands.
 */
beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
});

const URL_ = 'http://127.0.0.1:8787';
const zone = 'example.com';
const base = { targetToken: 'tok', targetAccountId: 'a'.repeat(32), zones: [{ name: zone, records: [] }] };
const check: CutoverRequest = { ...base, requestActivation: false };
const result = { created: 0, updated: 0, skipped: 0, failed: 0, removed: 0 };
const migrateEvents: MigrateEvent[] = [
  { type: 'zone-complete', zone, result: { ...result, nameServers: [] } },
  { type: 'done', results: [{ zone, ...result }] },
];
const checkEvents: CutoverEvent[] = [report(zone, true), { type: 'done', results: [{ zone, ready: true }] }];

const job = (id: string, dryRun: boolean, zones: string[]) =>
  createMigrationJob({ id, dryRun, zones: zones.map((name) => ({ name, expected: 1 })), now: 0 });

describe('writeOf', () => {
  it('tells a real migration or an undo as it starts and ends, never a dry run', () => {
    const run = job('m1', false, ['example.com', 'example.org']);
    const dry = job('d1', true, ['example.com']);
    const undo = { ...job('u1', false, ['example.com']), undoOf: 'm1' };
    const none = { migration: null, undo: null };
    expect(writeOf({ type: 'migration:start', job: run }, none)).toEqual({ by: 'migration', zones: ['example.com', 'example.org'] });
    expect(writeOf({ type: 'migration:start', job: dry }, none)).toBeNull();
    expect(writeOf({ type: 'undo:start', job: undo }, none)).toEqual({ by: 'undo', zones: ['example.com'] });
    // an end names its job by id: the runner's current job of that kind says which zones
    const end = { status: 'done' as const, error: null, finishedAt: 5, seq: 2, logDropped: 0, zones: [], log: [] };
    expect(writeOf({ type: 'undo:end', id: 'u1', ...end }, { migration: null, undo })).toEqual({ by: 'undo', zones: ['example.com'] });
    expect(writeOf({ type: 'migration:end', id: 'd1', ...end }, { migration: dry, undo: null })).toBeNull();
    expect(writeOf({ type: 'migration:end', id: 'other', ...end }, { migration: run, undo: null })).toBeNull();
    expect(
      writeOf({ type: 'migration:patch', id: 'm1', ...end, status: 'running', finishedAt: null }, { migration: run, undo: null }),
    ).toBeNull();
  });
});

describe('job runner: a write makes a check out of date', () => {
  it('marks a check a migration overtakes, tells the popup and saves it; a check after the write stands', async () => {
    const held = gate();
    let checks = 0;
    const fetch = companionFetch({
      '/api/cutover/check': () => ndjson(lines(checkEvents), checks++ === 0 ? { gate: held.promise } : {}),
      '/api/migrate': () => ndjson(lines(migrateEvents)),
    });
    const saved: PersistedJobs[] = [];
    const runner = createJobRunner({ fetch, flushMs: 5, persistMs: 5, persist: async (j) => void saved.push(structuredClone(j)) });
    const updates: Update[] = [];
    runner.subscribe((u) => updates.push(u));

    // the check is under way (its answer held back) when a migration of its zone starts and ends
    runner.handle({ type: 'cutover:start', companionUrl: URL_, request: check });
    runner.handle({ type: 'migration:start', companionUrl: URL_, request: base, expected: {} });
    await vi.waitFor(() => expect(updates.some((u) => u.type === 'migration:end')).toBe(true), { timeout: 30_000 });
    held.open();
    await runner.idle();

    const snap = runner.snapshot();
    if (snap.type !== 'snapshot' || !snap.cutover) throw new Error('expected a check');
    // the report arrived after the write began: what it says is older than the write
    expect(snap.cutover.zones[0]?.report?.ready).toBe(true);
    expect(snap.cutover.zones[0]?.outdated).toMatchObject({ by: 'migration' });
    expect(allReady(snap.cutover)).toBe(false);
    const told = updates.findIndex((u) => u.type === 'cutover' && u.job?.zones[0]?.outdated !== undefined);
    expect(told).toBeGreaterThan(updates.findIndex((u) => u.type === 'migration:start' && !u.job.dryRun));
    expect(saved.at(-1)?.cutover?.zones[0]?.outdated).toMatchObject({ by: 'migration' });

    runner.handle({ type: 'cutover:start', companionUrl: URL_, request: check });
    await runner.idle();
    const again = runner.snapshot();
    if (again.type !== 'snapshot' || !again.cutover) throw new Error('expected a check');
    expect(again.cutover.zones[0]?.outdated).toBeUndefined();
    expect(allReady(again.cutover)).toBe(true);
  });
});
