import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ScanEvent } from '@dnsferry/shared';
import type { Update } from '@/jobs/messages';
import { runScan, SCAN_CANCELLED, SCAN_INTERRUPTED, type ScanJob } from '@/jobs/scan';
import { companionFetch, lines, ndjson, refused } from '../support/fetch';
import { pairTestCompanion } from '../support/pairing';
import { emptySlot, gate, runContext } from '../support/run-context';

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
});

const URL_ = 'http://127.0.0.1:8787';
const domain = 'example.com';
const events: ScanEvent[] = [
  { type: 'progress', message: 'Scanning apex records' },
  { type: 'info', message: 'Found 1 apex record' },
  { type: 'done', records: [{ type: 'A', name: '@', ttl: 300, content: '192.0.2.1' }], total: 1, subdomainsFound: [] },
];
const jobsOf = (updates: Update[]) => updates.flatMap((u) => (u.type === 'scan' && u.job ? [u.job] : []));

describe('runScan', () => {
  it('sends the job whole while its stream runs, only when it changed, and ends with the records', async () => {
    const held = gate();
    const fetch = companionFetch({ '/api/dns/scan': () => ndjson(lines(events), { gate: held.promise, gateAfter: 2 }) });
    const { ctx, updates, saves } = runContext(fetch, 5);
    const slot = emptySlot<ScanJob>();
    const run = runScan(ctx, slot, URL_, domain);
    expect(slot.job).toMatchObject({ id: 'job-1', status: 'running', domain });
    expect(slot.abort?.signal.aborted).toBe(false);

    await expect.poll(() => jobsOf(updates).at(-1)?.lines.length).toBe(2);
    const sent = updates.length;
    // nothing new while the stream waits: six flush intervals pass without an update
    await new Promise((r) => setTimeout(r, 30));
    expect(updates).toHaveLength(sent);

    held.open();
    await run;
    expect(jobsOf(updates)[0]).toMatchObject({ status: 'running', lines: [] });
    expect(jobsOf(updates).at(-1)).toMatchObject({ status: 'done', error: null, total: 1, finishedAt: expect.any(Number) as unknown });
    expect(slot.abort).toBeNull();
    expect(saves).toEqual([{ at: updates.length, how: 'now' }]);
  });

  it('calls a stream that closes before done interrupted, and says so in its lines', async () => {
    const fetch = companionFetch({ '/api/dns/scan': () => ndjson(lines(events.slice(0, 2))) });
    const { ctx, updates } = runContext(fetch);
    await runScan(ctx, emptySlot(), URL_, domain);
    const last = jobsOf(updates).at(-1);
    expect(last).toMatchObject({ status: 'interrupted', error: SCAN_INTERRUPTED });
    expect(last?.lines.at(-1)).toEqual({ type: 'client', message: SCAN_INTERRUPTED });
  });

  it('stops when its slot is aborted, and fails with a sentence when the companion is gone', async () => {
    const held = gate();
    const fetch = companionFetch({ '/api/dns/scan': () => ndjson(lines(events), { gate: held.promise, gateAfter: 1 }) });
    const { ctx, updates } = runContext(fetch);
    const slot = emptySlot<ScanJob>();
    const run = runScan(ctx, slot, URL_, domain);
    await expect.poll(() => jobsOf(updates).at(-1)?.lines.length).toBe(1);
    slot.abort?.abort();
    held.open();
    await run;
    expect(slot.job).toMatchObject({ status: 'cancelled', error: SCAN_CANCELLED });

    const gone = runContext(refused);
    await runScan(gone.ctx, emptySlot(), URL_, domain);
    expect(jobsOf(gone.updates).at(-1)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/does not answer.*still running/) as unknown,
    });
  });

  it('says nothing more once a newer scan took its slot', async () => {
    const held = gate();
    const fetch = companionFetch({
      '/api/dns/scan': (body) =>
        (body as { domain: string }).domain === 'old.example'
          ? ndjson(lines(events), { gate: held.promise, gateAfter: 1 })
          : ndjson(lines(events)),
    });
    const { ctx, updates } = runContext(fetch);
    const slot = emptySlot<ScanJob>();
    const old = runScan(ctx, slot, URL_, 'old.example');
    await expect.poll(() => jobsOf(updates).at(-1)?.lines.length).toBe(1);
    const oldAbort = slot.abort;
    oldAbort?.abort();
    const newer = runScan(ctx, slot, URL_, domain);
    const newerAbort = slot.abort;
    const before = updates.length;
    held.open();
    await old;
    expect(updates.slice(before).filter((u) => u.type === 'scan' && u.job?.id === 'job-1')).toEqual([]);
    expect(slot.abort).toBe(newerAbort);
    await newer;
    expect(slot.job).toMatchObject({ id: 'job-2', status: 'done', domain });
  });

  it("asks for a zone transfer when told to, shows the name servers' answer and keeps the edge addresses", async () => {
    const edge = [
      {
        record: { type: 'A' as const, name: '@', ttl: 300, content: '104.16.1.1' },
        network: 'Cloudflare',
        setApart: true,
        message: "this is Cloudflare's proxy address, not your server",
      },
    ];
    const said: ScanEvent[] = [
      { type: 'info', message: 'No zone transfer: ns1.example.com refused it' },
      { type: 'done', records: [], total: 1, subdomainsFound: [], edge },
    ];
    const fetch = companionFetch({ '/api/dns/scan': () => ndjson(lines(said)) });
    const { ctx, updates } = runContext(fetch);
    await runScan(ctx, emptySlot(), URL_, domain, { transfer: true });
    expect(fetch.calls.find((c) => c.url.endsWith('/api/dns/scan'))?.body).toEqual({ domain, transfer: true });
    const last = jobsOf(updates).at(-1);
    expect(last?.lines).toEqual([{ type: 'info', message: 'No zone transfer: ns1.example.com refused it' }]);
    expect(last?.edge).toEqual(edge);
  });
});
