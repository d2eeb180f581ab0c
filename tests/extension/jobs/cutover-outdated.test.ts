import { describe, expect, it } from 'vitest';
import { outdate, writeOf } from '@/jobs/cutover-outdated';
import { allReady, applyCutoverEvent, createCutoverJob } from '@/jobs/cutover-state';
import { createMigrationJob } from '@/jobs/migrate-events';
import { report } from '../support/cutover';

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
    const end = { status: 'done' as const, error: null, finishedAt: 5 };
    expect(writeOf({ type: 'undo:end', id: 'u1', ...end }, { migration: null, undo })).toEqual({ by: 'undo', zones: ['example.com'] });
    expect(writeOf({ type: 'migration:end', id: 'd1', ...end }, { migration: dry, undo: null })).toBeNull();
    expect(writeOf({ type: 'migration:end', id: 'other', ...end }, { migration: run, undo: null })).toBeNull();
    expect(writeOf({ type: 'migration:events', id: 'm1', events: [] }, { migration: run, undo: null })).toBeNull();
  });
});

describe('outdate', () => {
  it('marks only the checked zones the write touched, once, and a ready check is no longer ready', () => {
    const check = createCutoverJob({ id: 'c', zones: ['example.com', 'example.org'], requestActivation: false, now: 0 });
    for (const z of ['example.com', 'example.org']) applyCutoverEvent(check, report(z, true));
    applyCutoverEvent(check, { type: 'done', results: [] });
    expect(allReady(check)).toBe(true);

    expect(outdate(check, { by: 'undo', zones: ['Example.COM'] }, 7)).toBe(true);
    expect(check.zones.map((z) => z.outdated ?? null)).toEqual([{ by: 'undo', at: 7 }, null]);
    expect(allReady(check)).toBe(false);
    // told once: the same write's end changes nothing more to tell
    expect(outdate(check, { by: 'undo', zones: ['example.com'] }, 9)).toBe(false);
    expect(outdate(check, { by: 'migration', zones: ['example.net'] }, 9)).toBe(false);
  });
});
