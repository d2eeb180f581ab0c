import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MigrateEvent } from '@dnsferry/shared';
import { useTargetStore } from '@/stores/target';
import { useMigrationStore } from '@/stores/migration';
import { useUndoStore } from '@/stores/undo';
import { createJobRunner } from '@/jobs/runtime';
import { createUndoKeeper } from '@/jobs/undo-keeper';
import { companionFetch, lines, ndjson } from '../support/fetch';
import { localLink } from '../support/local-link';
import { pairTestCompanion } from '../support/pairing';
import { gate } from '../support/run-context';
import { undoData } from '../support/undo';

const zone = 'example.com';
const SECRET = 'cf-secret-token-value';
const ACCOUNT = 'a'.repeat(32);
const undone: MigrateEvent[] = [
  { type: 'status', zone, message: 'Undoing example.com' },
  { type: 'remove', zone, index: 1, total: 3, message: '[1/3] A www → 192.0.2.1 removed' },
  { type: 'record', zone, index: 2, total: 3, message: '[2/3] A www → 203.0.113.9 (proxied)' },
  { type: 'skip', zone, index: 3, total: 3, message: '[3/3] A mail changed at the target since the run; left as it is' },
  { type: 'zone-complete', zone, result: { created: 1, updated: 0, skipped: 1, failed: 0, removed: 1, nameServers: [] } },
  { type: 'done', results: [{ zone, created: 1, updated: 0, skipped: 1, failed: 0, removed: 1 }] },
];

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
  setActivePinia(createPinia());
});

describe('undo store', () => {
  it('reads what an undo would put back from the kept data, and nothing for a run without any', async () => {
    await createUndoKeeper().keep({ id: 'run-1', accountId: ACCOUNT, startedAt: 1 }, undoData('a.com', true));
    await createUndoKeeper().keep({ id: 'run-1', accountId: ACCOUNT, startedAt: 1 }, undoData('b.com'));
    const undo = useUndoStore();
    expect(await undo.kept('run-1')).toEqual({ created: 2, removed: 2, updated: 2, zonesCreated: 1 });
    expect(await undo.kept('run-2')).toBeNull();
  });

  it('runs in the background with the session token; a popup opened later sees how it went', async () => {
    await createUndoKeeper().keep({ id: 'run-1', accountId: ACCOUNT, startedAt: 1 }, undoData());
    const held = gate();
    const fetch = companionFetch({ '/api/undo': () => ndjson(lines(undone), { gate: held.promise, gateAfter: 2 }) });
    const runner = createJobRunner({ fetch, flushMs: 5 });
    useTargetStore().token = ` ${SECRET} `;
    const link = localLink(runner);
    const first = useUndoStore();
    first.attach(link);
    useMigrationStore().attach(link);
    await flushPromises();
    first.start('run-1');
    await expect.poll(() => first.job?.zones[0]?.removed).toBe(1);
    expect(first.running).toBe(true);
    // an undo is not the migration: the migration view keeps its own job
    expect(useMigrationStore().job).toBeNull();

    link.close();
    held.open();
    await runner.idle();
    expect(fetch.calls[0]?.body).toMatchObject({ targetToken: SECRET, targetAccountId: ACCOUNT, zones: [{ name: zone }] });

    setActivePinia(createPinia());
    const second = useUndoStore();
    second.attach(localLink(runner));
    await flushPromises();
    expect(second.job).toMatchObject({ status: 'done', undoOf: 'run-1' });
    expect(second.job?.zones[0]).toMatchObject({ created: 1, removed: 1, skipped: 1, complete: true });
    second.clear();
    await flushPromises();
    expect(second.job).toBeNull();
  });
});
