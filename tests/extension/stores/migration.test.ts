import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MigrateEvent } from '@dnsferry/shared';
import { useMigrationStore } from '@/stores/migration';
import { createJobRunner } from '@/jobs/runtime';
import { companionFetch, lines, ndjson } from '../support/fetch';
import { pairTestCompanion } from '../support/pairing';
import { localLink } from '../support/local-link';

const zone = 'example.com';
function eventsFor(n: number): MigrateEvent[] {
  const out: MigrateEvent[] = [{ type: 'status', zone, message: `Migrating ${zone}` }];
  for (let i = 1; i <= n; i++) {
    if (i % 10 === 0)
      out.push({ type: 'error', zone, message: `[${i}/${n}] A r${i} ✗ Cloudflare 9005: bad`, index: i, total: n, code: 9005 });
    else if (i % 3 === 0) out.push({ type: 'skip', zone, message: `[${i}/${n}] A r${i} already exists`, index: i, total: n });
    else out.push({ type: 'record', zone, message: `[${i}/${n}] A r${i} → 192.0.2.1`, index: i, total: n });
  }
  const failed = Math.floor(n / 10);
  const skipped = Array.from({ length: n }, (_, k) => k + 1).filter((i) => i % 10 !== 0 && i % 3 === 0).length;
  const created = n - failed - skipped;
  out.push({
    type: 'zone-complete',
    zone,
    result: { created, updated: 0, skipped, failed, removed: 0, nameServers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'] },
  });
  out.push({ type: 'done', results: [{ zone, created, updated: 0, skipped, failed, removed: 0 }] });
  return out;
}

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion(); // credentials go only to the paired companion
  setActivePinia(createPinia());
});

describe('migration store', () => {
  it('mirrors the background run, and a popup opened later sees the same state', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const events = eventsFor(300);
    const fetch = companionFetch({ '/api/migrate': () => ndjson(lines(events), { gate, gateAfter: 120 }) });
    const runner = createJobRunner({ fetch, flushMs: 5 });

    // first popup: starts the migration
    const link1 = localLink(runner);
    const first = useMigrationStore();
    first.attach(link1);
    await flushPromises();
    first.start({ targetToken: 't', targetAccountId: 'a'.repeat(32), zones: [{ name: zone, records: [] }] });
    await expect.poll(() => first.totals?.processed ?? 0).toBeGreaterThan(0);
    expect(first.running).toBe(true);
    const midway = first.totals!.processed;
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(300);

    // the popup closes mid-run
    link1.close();
    release();
    await runner.idle();

    // a new popup: snapshot only
    setActivePinia(createPinia());
    const second = useMigrationStore();
    second.attach(localLink(runner));
    await flushPromises();
    expect(second.job?.status).toBe('done');
    expect(second.totals).toEqual({ created: 180, updated: 0, skipped: 90, failed: 30, removed: 0, processed: 300, size: 300 });
    expect(second.job?.zones[0]?.nameServers).toEqual(['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
  });

  it('applies batches to the same counts as the background', async () => {
    const events = eventsFor(97);
    const runner = createJobRunner({ fetch: companionFetch({ '/api/migrate': () => ndjson(lines(events), { delayMs: 1 }) }), flushMs: 3 });
    const store = useMigrationStore();
    store.attach(localLink(runner));
    await flushPromises();
    store.start({ targetToken: 't', targetAccountId: 'a'.repeat(32), zones: [{ name: zone, records: [] }] });
    await runner.idle();
    await flushPromises();
    const snap = runner.snapshot();
    if (snap.type !== 'snapshot') throw new Error('snapshot expected');
    expect(store.job).toEqual(snap.migration);
    expect(store.job?.log.filter((l) => l.type === 'error')).toHaveLength(9);
  });
});
