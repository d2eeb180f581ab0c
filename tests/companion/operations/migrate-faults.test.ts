import { afterEach, describe, expect, it } from 'vitest';
import { mergeUndo, type UndoData } from '@dnsferry/shared';
import { startStack, listen, zoneComplete, type Stack } from '../../support/stack';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const hosts = (n: number, prefix = 'h') =>
  Array.from({ length: n }, (_, i) => ({
    type: 'A',
    name: `${prefix}${i}`,
    content: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    ttl: 300,
  }));

/** No record twice, and exactly the names we sent. */
function expectExactly(s: Stack, zoneName: string, names: string[]) {
  const zone = s.sim.zoneByName(zoneName);
  expect(zone).toBeDefined();
  const wire = s.sim.records(zone!.id) as Array<{ name: string }>;
  const got = wire.map((r) => r.name).sort();
  expect(new Set(got).size).toBe(got.length);
  expect(got).toEqual(names.map((n) => `${n}.${zoneName}`).sort());
}

// These zones hold more than the 200 records a new Free zone may hold: the quota is not what they test
// (migrate-quota.test.ts is), so the simulator sets none.
const NO_QUOTA = { recordQuotas: false } as const;

describe('migrate under faults', () => {
  it('tells what the target holds when more answers are lost than it writes again for', async () => {
    stack = await startStack({ config: { batchSize: 25 }, sim: { seed: 3, ...NO_QUOTA } });
    // every write lands, most answers are lost: far more than the 10 writes the adapter reconciles by writing again
    stack.sim.setFaults({ rateCommitThenFail: 0.8, only: 'writes' });
    const records = hosts(600);
    const { events } = await stack.migrate({ zones: [{ name: 'lost.example', records }] });
    expect(stack.sim.counters.faultsInjected).toBeGreaterThan(10);
    const r = zoneComplete(events, 'lost.example');
    expect(r).toMatchObject({ created: 600, skipped: 0, failed: 0 });
    expect(r.undo?.created).toHaveLength(600);
    expectExactly(
      stack,
      'lost.example',
      records.map((x) => x.name),
    );
  });

  it('waits out 429 + Retry-After and still lands every record', async () => {
    stack = await startStack({ config: { batchSize: 50 }, sim: NO_QUOTA });
    stack.sim.setFaults({ rate429: 0.4, retryAfterSeconds: 1, only: 'writes' });
    const records = hosts(300);
    const { events } = await stack.migrate({ zones: [{ name: 'limited.example', records }] });
    const r = zoneComplete(events, 'limited.example');
    expect(r).toMatchObject({ created: 300, skipped: 0, failed: 0 });
    expect(stack.sim.counters.rejected429).toBeGreaterThan(0);
    // the pause is told in the zone's stream, once per pause rather than once per slot that met it
    const told = events.filter((e) => e.type === 'info' && e.message.includes('rate limit for this token is spent'));
    expect(told.length).toBeGreaterThan(0);
    expect(told.length).toBeLessThanOrEqual(stack.sim.counters.rejected429);
    expect(told[0]).toMatchObject({
      zone: 'limited.example',
      message: expect.stringMatching(/waiting \d+ s before writing more of limited\.example/),
    });
    expectExactly(
      stack,
      'limited.example',
      records.map((x) => x.name),
    );
  });

  it('mirror through 5xx, resets and lost answers: every name replaced once, an undo restores it all', async () => {
    stack = await startStack({ config: { batchSize: 40 }, sim: { seed: 11, ...NO_QUOTA } });
    const old = hosts(300);
    await stack.migrate({ zones: [{ name: 'flaky.example', records: old }] });
    const zone = stack.sim.zoneByName('flaky.example')!;
    const before = stack.sim
      .records(zone.id)
      .map((w) => `${String(w.name)} ${String(w.content)}`)
      .sort();
    // every host moves: each name loses its record and gains another, in one set
    const moved = old.map((r, i) => ({ ...r, content: `198.51.100.${(i % 250) + 1}` }));
    stack.sim.setFaults({ rate5xx: 0.15, rateReset: 0.1, rateCommitThenFail: 0.2 });
    const run = await stack.migrate({ mode: 'mirror', force: true, zones: [{ name: 'flaky.example', records: moved }] });
    expect(stack.sim.counters.faultsInjected).toBeGreaterThan(0);
    const r = zoneComplete(run.events, 'flaky.example');
    expect(r.created + r.updated + r.skipped + r.failed).toBe(300);
    // a name is never left with neither record nor with both: each set landed whole or not at all
    const now = stack.sim.records(zone.id) as Array<{ name: string; content: string }>;
    const perName = new Map<string, string[]>();
    for (const w of now) perName.set(w.name, [...(perName.get(w.name) ?? []), w.content]);
    expect(perName.size).toBe(300);
    for (const contents of perName.values()) expect(contents).toHaveLength(1);
    expect(now.filter((w) => w.content.startsWith('198.51.100.'))).toHaveLength(r.created);
    expect(r.removed).toBe(r.created);

    stack.sim.setFaults({});
    const undo = zoneComplete(run.events, 'flaky.example').undo!;
    // Writes whose answer was lost were settled by listing the zone; each got its undo on the event
    // that told it then, so the pieces a client kept hold every entry the whole undo holds.
    const ids = (u: UndoData) => [u.created, u.removed, u.updated].map((l) => l.map((e) => e.id).sort());
    const pieces = run.events.flatMap((e) => ('undo' in e && e.undo ? [e.undo] : []));
    expect(ids(mergeUndo('flaky.example', zone.id, pieces))).toEqual(ids(undo));
    expect(undo.created).toHaveLength(r.created);
    const back = await stack.undo({ zones: [{ name: 'flaky.example', undo }] });
    expect(zoneComplete(back.events, 'flaky.example')).toMatchObject({ failed: 0, skipped: 0 });
    expect(
      stack.sim
        .records(zone.id)
        .map((w) => `${String(w.name)} ${String(w.content)}`)
        .sort(),
    ).toEqual(before);
  });

  it('survives 5xx, resets and lost answers to committed writes without creating duplicates', async () => {
    stack = await startStack({ config: { batchSize: 40 }, sim: { seed: 7, ...NO_QUOTA } });
    stack.sim.setFaults({ rate5xx: 0.15, rateReset: 0.1, rateCommitThenFail: 0.2 });
    const records = hosts(400);
    const { events } = await stack.migrate({ zones: [{ name: 'flaky.example', records }] });
    const r = zoneComplete(events, 'flaky.example');
    expect(r.created + r.skipped + r.failed).toBe(400);
    expect(stack.sim.counters.faultsInjected).toBeGreaterThan(0);
    // what is reported created is exactly what the target holds
    const zone = stack.sim.zoneByName('flaky.example')!;
    const held = new Set((stack.sim.records(zone.id) as Array<{ name: string }>).map((w) => w.name));
    expect(held.size).toBe((stack.sim.records(zone.id) as unknown[]).length);
    const created = events.filter((e) => e.type === 'record').map((e) => ('message' in e ? e.message.split(' ')[2] : ''));
    expect(created.length).toBe(r.created);
    for (const n of created) expect(held.has(`${n}.flaky.example`)).toBe(true);

    // a clean re-run finishes the job exactly
    stack.sim.setFaults({});
    const again = await stack.migrate({ zones: [{ name: 'flaky.example', records }] });
    const r2 = zoneComplete(again.events, 'flaky.example');
    expect(r2.failed).toBe(0);
    expect(r2.created).toBe(r.failed);
    expectExactly(
      stack,
      'flaky.example',
      records.map((x) => x.name),
    );
  });

  it('paces itself under the target rate limiter (one request per record)', async () => {
    // batches of 5, each sent one record at a time: 4 requests in flight
    stack = await startStack({ sim: { rateLimit: { limit: 15, windowMs: 1000 } }, config: { batchSize: 5, concurrency: 4 } });
    stack.sim.setBatchEnabled(false);
    // more requests than one window allows, so the run has to wait for the next one
    const records = hosts(20);
    const { events } = await stack.migrate({ zones: [{ name: 'paced.example', records }] });
    expect(zoneComplete(events, 'paced.example')).toMatchObject({ created: 20, failed: 0 });
    // with 4 in flight it still never goes over: one request too many blocks the token for a whole window
    expect(stack.sim.counters.rejected429).toBe(0);
    expectExactly(
      stack,
      'paced.example',
      records.map((x) => x.name),
    );
  });

  it("waits out the account's limit on zone additions, says so, and fails no zone", async () => {
    // the documented 25 per 10 minutes, scaled down: 3 per 4 s (long enough that even a loaded machine
    // adds the fourth zone inside the first window: the 4 zones at once are asked for together)
    stack = await startStack({ sim: { zoneAdditionLimit: { zones: 3, windowMs: 4000 } }, config: { concurrency: 4 } });
    const zones = Array.from({ length: 7 }, (_, i) => ({ name: `added${i}.example`, records: hosts(5) }));
    const { events } = await stack.migrate({ zones });
    expect(stack.sim.counters.rejected429).toBeGreaterThan(0);
    for (const z of zones) {
      expect(zoneComplete(events, z.name)).toMatchObject({ created: 5, failed: 0 });
      expectExactly(
        stack,
        z.name,
        z.records.map((r) => r.name),
      );
    }
    const waited = events.flatMap((e) =>
      e.type === 'info' && /limits how fast an account adds zones; waiting \d+ s before adding/.test(e.message) ? [e.zone] : [],
    );
    // every zone beyond the first window waited, and each said so in its own part of the stream
    expect(new Set(waited).size).toBeGreaterThanOrEqual(4);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('migrates an agency-sized request (three dozen new zones) through the zone-addition limit with no zone failed', async () => {
    // the documented 25 per 10 minutes, scaled down to 12 per 2 s: 36 zones need three windows
    stack = await startStack({ sim: { zoneAdditionLimit: { zones: 12, windowMs: 2000 } }, config: { concurrency: 4 } });
    const zones = Array.from({ length: 36 }, (_, i) => ({ name: `client${i}.example`, records: hosts(5) }));
    const { events } = await stack.migrate({ zones });
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    const done = events.at(-1);
    expect(done?.type === 'done' && done.results.map((r) => [r.zone, r.created, r.failed])).toEqual(zones.map((z) => [z.name, 5, 0]));
    for (const z of zones)
      expectExactly(
        stack,
        z.name,
        z.records.map((r) => r.name),
      );
  });

  it('stops writing when the client goes away, and a re-run ends in the exact state', async () => {
    // One write per record, each answered after 5 ms: the abort lands early in a run of 1.5 s or more.
    stack = await startStack({ sim: { latencyMs: 5, ...NO_QUOTA } });
    stack.sim.setBatchEnabled(false);
    const url = await listen(stack.app);
    const records = hosts(300);
    const ac = new AbortController();
    const res = await fetch(`${url}/api/migrate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        targetToken: stack.seed.token,
        targetAccountId: stack.seed.accountId,
        zones: [{ name: 'abort.example', records }],
      }),
      signal: ac.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const reader = res.body!.getReader();
    let seen = 0;
    let text = '';
    while (seen < 10) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
      seen = text.split('\n').filter((l) => l.includes('"type":"record"')).length;
    }
    ac.abort();
    const zone = stack.sim.zoneByName('abort.example')!;
    const count = () => (stack!.sim.records(zone.id) as unknown[]).length;
    // the write in flight may still land; after that, nothing more
    let afterAbort = count();
    for (let i = 0; i < 30; i++) {
      await new Promise((r) => setTimeout(r, 100));
      if (count() === afterAbort) break;
      afterAbort = count();
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(count()).toBe(afterAbort);
    expect(afterAbort).toBeLessThan(100);

    const again = await stack.migrate({ zones: [{ name: 'abort.example', records }] });
    const r = zoneComplete(again.events, 'abort.example');
    expect(r).toMatchObject({ created: 300 - afterAbort, skipped: afterAbort, failed: 0 });
    expectExactly(
      stack,
      'abort.example',
      records.map((x) => x.name),
    );
  });
});
