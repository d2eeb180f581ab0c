import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MigrateEvent, MigrateRequest } from '@dnsferry/shared';
import { applyPatch } from '@/jobs/event-job';
import type { PersistedJobs, Update } from '@/jobs/messages';
import type { MigrationJob } from '@/jobs/migrate-events';
import { CANCELLED, INTERRUPTED_BY_RESTART, INTERRUPTED_STREAM } from '@/jobs/migration';
import { createJobRunner } from '@/jobs/runtime';
import { companionFetch, lines, ndjson, refused } from '../support/fetch';
import { pairTestCompanion } from '../support/pairing';

// Credentials go only to the paired companion (the test doubles answer its proof).
beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
});

const URL_ = 'http://127.0.0.1:8787';
const SECRET = 'cf-secret-token-value';
const zone = 'example.com';
const request: MigrateRequest = {
  targetToken: SECRET,
  targetAccountId: 'a'.repeat(32),
  zones: [
    {
      name: zone,
      records: [
        { type: 'A', name: '@', ttl: 300, content: '192.0.2.1' },
        { type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' },
      ],
    },
  ],
};
const events: MigrateEvent[] = [
  { type: 'status', zone, message: 'Migrating example.com' },
  { type: 'record', zone, message: '[1/2] A @ → 192.0.2.1', index: 1, total: 2 },
  { type: 'skip', zone, message: '[2/2] A www already exists', index: 2, total: 2 },
  {
    type: 'zone-complete',
    zone,
    result: { created: 1, updated: 0, skipped: 1, failed: 0, removed: 0, nameServers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'] },
  },
  { type: 'done', results: [{ zone, created: 1, updated: 0, skipped: 1, failed: 0, removed: 0 }] },
];

/** Rebuilds a popup-side copy from the updates alone, as the migration store does. */
function mirror(updates: Update[]): MigrationJob | null {
  let job: MigrationJob | null = null;
  for (const u of updates) {
    if (u.type === 'migration:start') job = structuredClone(u.job);
    if ((u.type === 'migration:patch' || u.type === 'migration:end') && job) applyPatch(job, u);
  }
  return job;
}

describe('job runner: migration', () => {
  it('streams a migration, sends batched changes that rebuild the same state, and persists it without credentials', async () => {
    const saved: PersistedJobs[] = [];
    const fetch = companionFetch({ '/api/migrate': () => ndjson(lines(events), { delayMs: 5 }) });
    const runner = createJobRunner({ fetch, flushMs: 10, persistMs: 5, persist: async (j) => void saved.push(structuredClone(j)) });
    const updates: Update[] = [];
    runner.subscribe((u) => updates.push(u));
    runner.handle({ type: 'migration:start', companionUrl: URL_, request, expected: {} });
    await runner.idle();

    expect(fetch.calls[0]?.url).toBe(`${URL_}/api/migrate`);
    expect(fetch.calls[0]?.body).toMatchObject({ targetToken: SECRET, zones: [{ name: zone }] });
    const snap = runner.snapshot();
    if (snap.type !== 'snapshot') throw new Error('expected a snapshot');
    const job = snap.migration!;
    expect(job.status).toBe('done');
    expect(job.zones[0]).toMatchObject({ created: 1, skipped: 1, failed: 0, complete: true, expected: 2, total: 2 });
    expect(job.zones[0]?.nameServers).toEqual(['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);

    const copy = mirror(updates);
    expect(copy).toEqual(job);
    // every log line reached the popup once, in order, in the batches or with the end
    const sent = updates.flatMap((u) => (u.type === 'migration:patch' || u.type === 'migration:end' ? u.log : []));
    expect(sent.map((l) => l.seq)).toEqual([0, 1, 2, 3, 4]);

    expect(saved.length).toBeGreaterThan(0);
    expect(saved.at(-1)?.migration?.status).toBe('done');
    for (const s of saved) expect(JSON.stringify(s)).not.toContain(SECRET);
    expect(JSON.stringify(updates)).not.toContain(SECRET);
  });

  it('calls an early end "interrupted" and says a re-run is safe', async () => {
    const fetch = companionFetch({ '/api/migrate': () => ndjson(lines(events.slice(0, 2))) });
    const runner = createJobRunner({ fetch, flushMs: 5 });
    runner.handle({ type: 'migration:start', companionUrl: URL_, request, expected: {} });
    await runner.idle();
    const snap = runner.snapshot() as Extract<Update, { type: 'snapshot' }>;
    expect(snap.migration).toMatchObject({ status: 'interrupted', error: INTERRUPTED_STREAM });
    expect(snap.migration?.zones[0]?.created).toBe(1);
  });

  it('stops on cancel and aborts the request', async () => {
    let signal: AbortSignal | undefined;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return ndjson(lines(events), { gate, gateAfter: 2 });
    }) as typeof globalThis.fetch;
    const runner = createJobRunner({ fetch, flushMs: 5 });
    runner.handle({ type: 'migration:start', companionUrl: URL_, request, expected: {} });
    await expect.poll(() => signal).toBeDefined();
    // a second start while one runs is ignored
    runner.handle({ type: 'migration:start', companionUrl: URL_, request: { ...request, dryRun: true }, expected: {} });
    runner.handle({ type: 'cancel', job: 'migration' });
    release();
    await runner.idle();
    expect(signal?.aborted).toBe(true);
    const snap = runner.snapshot() as Extract<Update, { type: 'snapshot' }>;
    expect(snap.migration).toMatchObject({ status: 'cancelled', error: CANCELLED, dryRun: false });
  });

  it('fails with a sentence when the companion is gone', async () => {
    const runner = createJobRunner({ fetch: refused });
    runner.handle({ type: 'migration:start', companionUrl: URL_, request, expected: {} });
    await runner.idle();
    const snap = runner.snapshot() as Extract<Update, { type: 'snapshot' }>;
    expect(snap.migration?.status).toBe('failed');
    expect(snap.migration?.error).toMatch(/does not answer at http:\/\/127\.0\.0\.1:8787.*still running/);
  });

  it('takes over saved jobs after a restart; what was running is marked interrupted', async () => {
    const first = createJobRunner({ fetch: companionFetch({ '/api/migrate': () => ndjson(lines(events.slice(0, 2))) }) });
    first.handle({ type: 'migration:start', companionUrl: URL_, request, expected: {} });
    await first.idle();
    const snap = first.snapshot() as Extract<Update, { type: 'snapshot' }>;
    const saved: PersistedJobs = { scan: null, migration: { ...snap.migration!, status: 'running', error: null, finishedAt: null } };
    const second = createJobRunner();
    second.restore(saved);
    const after = second.snapshot() as Extract<Update, { type: 'snapshot' }>;
    expect(after.migration).toMatchObject({ status: 'interrupted', error: INTERRUPTED_BY_RESTART });
    expect(after.migration?.zones[0]?.created).toBe(1);
  });
});

describe('job runner: scan', () => {
  it('streams a scan and ends with its records', async () => {
    const fetch = companionFetch({
      '/api/dns/scan': () =>
        ndjson(
          lines([
            { type: 'progress', message: 'Scanning apex records' },
            { type: 'info', message: 'Found 1 apex record' },
            { type: 'done', records: [{ type: 'A', name: '@', ttl: 300, content: '192.0.2.1' }], total: 1, subdomainsFound: [] },
          ]),
        ),
    });
    const runner = createJobRunner({ fetch, flushMs: 5 });
    const updates: Update[] = [];
    runner.subscribe((u) => updates.push(u));
    runner.handle({ type: 'scan:start', companionUrl: URL_, domain: 'example.com' });
    await runner.idle();
    expect(fetch.calls[0]?.body).toEqual({ domain: 'example.com' });
    const last = updates.at(-1);
    expect(last).toMatchObject({ type: 'scan', job: { status: 'done', domain: 'example.com', total: 1 } });
    if (last?.type === 'scan') expect(last.job?.lines.map((l) => l.message)).toEqual(['Scanning apex records', 'Found 1 apex record']);
    runner.handle({ type: 'clear', job: 'scan' });
    expect(updates.at(-1)).toEqual({ type: 'scan', job: null });
  });
});
