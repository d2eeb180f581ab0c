import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CutoverEvent, CutoverRequest } from '@dnsferry/shared';
import { CHECK_CANCELLED, CHECK_INTERRUPTED, runCutover, type CutoverJob } from '@/jobs/cutover';
import type { Update } from '@/jobs/messages';
import { REASONS } from '@/utils/pairing';
import { report } from '../support/cutover';
import { companionFetch, lines, ndjson } from '../support/fetch';
import { pairTestCompanion } from '../support/pairing';
import { emptySlot, gate, runContext } from '../support/run-context';

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
});

const URL_ = 'http://127.0.0.1:8787';
const zone = 'example.com';
const request: CutoverRequest = {
  targetToken: 'cf-secret-token-value',
  targetAccountId: 'a'.repeat(32),
  zones: [{ name: zone, records: [{ type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' }] }],
};
const events: CutoverEvent[] = [
  { type: 'status', zone, message: `Checking ${zone}` },
  report(zone, true),
  { type: 'done', results: [{ zone, ready: true }] },
];
const cmd = { type: 'cutover:start' as const, companionUrl: URL_, request };
const jobsOf = (updates: Update[]) => updates.flatMap((u) => (u.type === 'cutover' && u.job ? [u.job] : []));

describe('runCutover', () => {
  it('sends the job after every event, and is saved when it starts and when it ends', async () => {
    const fetch = companionFetch({ '/api/cutover/check': () => ndjson(lines(events)) });
    const { ctx, updates, saves } = runContext(fetch);
    const slot = emptySlot<CutoverJob>();
    await runCutover(ctx, slot, cmd);
    const jobs = jobsOf(updates);
    // the start, one per event, the end
    expect(jobs.map((j) => [j.status, j.zones[0]?.lastMessage])).toEqual([
      ['running', ''],
      ['running', `Checking ${zone}`],
      ['running', 'Ready to switch.'],
      ['done', 'Ready to switch.'],
      ['done', 'Ready to switch.'],
    ]);
    expect(jobs.at(-1)).toMatchObject({ id: 'job-1', error: null, requestActivation: false, finishedAt: expect.any(Number) as unknown });
    expect(jobs.at(-2)?.finishedAt).toBeNull();
    expect(saves).toEqual([
      { at: 1, how: 'now' },
      { at: 5, how: 'now' },
    ]);
    expect(slot.abort).toBeNull();
  });

  it('calls an early end interrupted, and an aborted slot a stopped check', async () => {
    const cut = runContext(companionFetch({ '/api/cutover/check': () => ndjson(lines(events.slice(0, 2))) }));
    await runCutover(cut.ctx, emptySlot(), cmd);
    expect(jobsOf(cut.updates).at(-1)).toMatchObject({ status: 'interrupted', error: CHECK_INTERRUPTED });

    const held = gate();
    const stopped = runContext(companionFetch({ '/api/cutover/check': () => ndjson(lines(events), { gate: held.promise, gateAfter: 1 }) }));
    const slot = emptySlot<CutoverJob>();
    const run = runCutover(stopped.ctx, slot, cmd);
    await expect.poll(() => jobsOf(stopped.updates).length).toBe(2);
    slot.abort?.abort();
    held.open();
    await run;
    expect(jobsOf(stopped.updates).at(-1)).toMatchObject({ status: 'cancelled', error: CHECK_CANCELLED });
  });

  it('says nothing more once a newer check took its slot', async () => {
    const held = gate();
    let n = 0;
    const fetch = companionFetch({
      '/api/cutover/check': () => (n++ === 0 ? ndjson(lines(events), { gate: held.promise, gateAfter: 1 }) : ndjson(lines(events))),
    });
    const { ctx, updates } = runContext(fetch);
    const slot = emptySlot<CutoverJob>();
    const old = runCutover(ctx, slot, cmd);
    await expect.poll(() => jobsOf(updates).length).toBe(2);
    slot.abort?.abort();
    const newer = runCutover(ctx, slot, { ...cmd, request: { ...request, requestActivation: true } });
    const before = updates.length;
    held.open();
    await Promise.all([old, newer]);
    expect(jobsOf(updates.slice(before)).map((j) => j.id)).toEqual(['job-2', 'job-2', 'job-2', 'job-2']);
    expect(slot.job).toMatchObject({ id: 'job-2', status: 'done', requestActivation: true });
  });

  it('tells the popup that a refused check was not sent, and ends the job with why', async () => {
    const fetch = companionFetch({
      '/api/pair/proof': () => new Response('<h1>It works!</h1>', { status: 200 }),
      '/api/cutover/check': () => ndjson(lines(events)),
    });
    const { ctx, updates } = runContext(fetch);
    await runCutover(ctx, emptySlot<CutoverJob>(), cmd);
    expect(updates.filter((u) => u.type === 'companion:refused')).toEqual([
      { type: 'companion:refused', what: 'switch check', refusal: { state: 'impostor', reason: REASONS.noProtocol } },
    ]);
    expect(jobsOf(updates).at(-1)).toMatchObject({
      status: 'failed',
      error: `This is not your dnsferry companion: ${REASONS.noProtocol}. Nothing was sent to it.`,
    });
    expect(fetch.calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/pair/proof']);
  });
});
