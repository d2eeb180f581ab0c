import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CutoverEvent, MigrateRequest } from '@dnsferry/shared';
import { useCutoverStore } from '@/stores/cutover';
import { CHECK_INTERRUPTED, CHECK_INTERRUPTED_BY_RESTART, cutoverRequest } from '@/jobs/cutover';
import { createJobRunner } from '@/jobs/runtime';
import type { PersistedJobs } from '@/jobs/messages';
import { companionFetch, errorBody, lines, ndjson } from '../support/fetch';
import { localLink } from '../support/local-link';
import { pairTestCompanion } from '../support/pairing';
import { report } from '../support/cutover';

const zone = 'example.com';
const SECRET = 'cf-secret-token-value';
const migrated: MigrateRequest = {
  targetToken: SECRET,
  targetAccountId: 'a'.repeat(32),
  dryRun: false,
  zones: [{ name: zone, records: [{ type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' }] }],
};
const events = (ready: boolean): CutoverEvent[] => [
  { type: 'status', zone, message: `Checking ${zone}` },
  report(zone, ready),
  { type: 'done', results: [{ zone, ready }] },
];

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion(); // credentials go only to the paired companion
  setActivePinia(createPinia());
});

describe('cutover store', () => {
  it('sends the migration body plus requestActivation, and a popup opened later sees the report', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const saved: PersistedJobs[] = [];
    const fetch = companionFetch({ '/api/cutover/check': () => ndjson(lines(events(false)), { gate, gateAfter: 1 }) });
    const runner = createJobRunner({ fetch, persistMs: 1, persist: async (j) => void saved.push(structuredClone(j)) });

    const link1 = localLink(runner);
    const first = useCutoverStore();
    first.attach(link1);
    await flushPromises();
    first.check(cutoverRequest(migrated, [zone], false));
    await expect.poll(() => first.job?.zones[0]?.lastMessage).toBe(`Checking ${zone}`);
    expect(first.running).toBe(true);

    // the popup closes while the check runs
    link1.close();
    release();
    await runner.idle();

    expect(fetch.calls[0]?.body).toEqual({ ...migrated, requestActivation: false });
    setActivePinia(createPinia());
    const second = useCutoverStore();
    second.attach(localLink(runner));
    await flushPromises();
    expect(second.job?.status).toBe('done');
    expect(second.job?.zones[0]?.report?.parity.mismatches).toHaveLength(1);
    expect(second.ready).toBe(false);
    expect(saved.at(-1)?.cutover?.status).toBe('done');
    for (const s of saved) expect(JSON.stringify(s)).not.toContain(SECRET);
  });

  it('"Check again" asks for activation and replaces the report', async () => {
    let n = 0;
    const fetch = companionFetch({ '/api/cutover/check': () => ndjson(lines(events(n++ > 0))) });
    const runner = createJobRunner({ fetch });
    const store = useCutoverStore();
    store.attach(localLink(runner));
    await flushPromises();
    store.check(cutoverRequest(migrated, [zone], false));
    await runner.idle();
    store.check(cutoverRequest(migrated, [zone], true));
    await runner.idle();
    await flushPromises();
    expect(fetch.calls.map((c) => (c.body as { requestActivation: boolean }).requestActivation)).toEqual([false, true]);
    expect(store.job?.requestActivation).toBe(true);
    expect(store.ready).toBe(true);
  });

  it('says so when the stream ends early or the companion refuses', async () => {
    const cut = companionFetch({ '/api/cutover/check': () => ndjson(lines(events(true).slice(0, 2))) });
    const runner = createJobRunner({ fetch: cut });
    runner.handle({ type: 'cutover:start', companionUrl: 'http://127.0.0.1:8787', request: migrated });
    await runner.idle();
    expect(runner.snapshot()).toMatchObject({ cutover: { status: 'interrupted', error: CHECK_INTERRUPTED } });

    const refusing = companionFetch({
      '/api/cutover/check': () => errorBody(401, 'unauthorized', 'Cloudflare 10000: Authentication error'),
    });
    const other = createJobRunner({ fetch: refusing });
    other.handle({ type: 'cutover:start', companionUrl: 'http://127.0.0.1:8787', request: migrated });
    await other.idle();
    expect(other.snapshot()).toMatchObject({
      cutover: { status: 'failed', error: expect.stringContaining('Authentication error') as unknown },
    });
  });

  it('a restarted background calls a running check interrupted', () => {
    const runner = createJobRunner();
    const running = {
      id: 'x',
      requestActivation: false,
      status: 'running' as const,
      error: null,
      startedAt: 1,
      finishedAt: null,
      zones: [],
    };
    runner.restore({ scan: null, migration: null, cutover: running });
    expect(runner.snapshot()).toMatchObject({ cutover: { status: 'interrupted', error: CHECK_INTERRUPTED_BY_RESTART } });
  });
});
