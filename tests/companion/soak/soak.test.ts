import { afterEach, describe, expect, it } from 'vitest';
import { ScanEventSchema } from '@dnsferry/shared';
import { dohEndpoints } from '../../support/dns/endpoints';
import { listen, startStack, zoneComplete, type Stack } from '../../support/stack';

// Zones of thousands of records, far past a new Free zone's 200: the quota is not what a soak tests
// (routes/migrate-quota.test.ts is), so the simulator sets none.
const NO_QUOTA = { recordQuotas: false } as const;

/**
 * Nothing lost under faults and load: 5,000 records while the simulator injects 429 + Retry-After,
 * 5xx, connection resets, time-outs and lost answers to committed writes.
 */
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const ZONES = ['soak-a.example', 'soak-b.example', 'soak-c.example', 'soak-d.example', 'soak-e.example'];
const PER_ZONE = 1000;
const mixed = (zone: number) =>
  Array.from({ length: PER_ZONE }, (_, i) => {
    const n = `r${i}`;
    switch (i % 5) {
      case 0:
        return { type: 'A', name: n, content: `10.${zone}.${i >> 8}.${i & 255}`, ttl: 300 };
      case 1:
        return { type: 'TXT', name: n, content: `v=soak${zone}; id=${i}; "quoted"`, ttl: 300 };
      case 2:
        return { type: 'MX', name: n, content: `mx${i}.mail.example`, priority: i % 50, ttl: 3600 };
      case 3:
        return { type: 'AAAA', name: n, content: `2001:db8:${zone}::${i.toString(16)}`, ttl: 300 };
      default:
        return { type: 'CNAME', name: n, content: `target${i}.example.net`, ttl: 300 };
    }
  });
const request = () => ({ zones: ZONES.map((name, z) => ({ name, records: mixed(z) })) });
const FAULTS = { rate429: 0.05, retryAfterSeconds: 1, rate5xx: 0.05, rateReset: 0.04, rateTimeout: 0.02, rateCommitThenFail: 0.05 };

/** Every zone holds exactly one copy of each record sent. */
function expectExact(s: Stack) {
  for (const [z, name] of ZONES.entries()) {
    const zone = s.sim.zoneByName(name);
    expect(zone, name).toBeDefined();
    const wire = s.sim.records(zone!.id) as Array<{ type: string; name: string }>;
    const keys = wire.map((r) => `${r.type} ${r.name}`);
    expect(new Set(keys).size, `${name}: a record exists twice`).toBe(keys.length);
    expect(keys.sort()).toEqual(
      mixed(z)
        .map((r) => `${r.type} ${r.name}.${name}`)
        .sort(),
    );
  }
}

describe('soak', () => {
  it('5,000 records through every kind of fault: counts add up, nothing twice, a re-run finishes the job and then creates nothing', async () => {
    // The injected time-outs hold the socket until this limit. It is far above a batch's time on a busy
    // machine: a write that timed out because the machine was slow may land after the check that follows
    // it, and the stream would call failed what the target holds.
    stack = await startStack({ sim: { seed: 99, ...NO_QUOTA }, config: { batchSize: 100, upstreamTimeoutMs: 5000 } });
    stack.sim.setFaults(FAULTS);
    const first = await stack.migrate(request());
    expect(first.events.at(-1)?.type).toBe('done');
    for (const name of ZONES) {
      const r = zoneComplete(first.events, name);
      expect(r.created + r.skipped + r.failed, name).toBe(PER_ZONE);
      const zone = stack.sim.zoneByName(name)!;
      // what the stream called created is exactly what the target holds
      expect((stack.sim.records(zone.id) as unknown[]).length, name).toBe(r.created);
    }
    expect(stack.sim.counters.faultsInjected).toBeGreaterThan(10);

    // still under faults: re-runs converge to the exact state
    for (let run = 0; run < 4; run++) {
      const again = await stack.migrate(request());
      if (ZONES.every((name) => zoneComplete(again.events, name).failed === 0)) break;
    }
    expectExact(stack);
    stack.sim.setFaults({});
    stack.sim.resetCounters();
    const last = await stack.migrate(request());
    for (const name of ZONES)
      expect(zoneComplete(last.events, name)).toMatchObject({ created: 0, updated: 0, skipped: PER_ZONE, failed: 0, removed: 0 });
    expect(stack.sim.counters.writes).toBe(0);
  }, 240_000);

  it('a client that leaves mid-run, under faults, then a re-run: the same exact end state', async () => {
    stack = await startStack({ sim: { seed: 5, latencyMs: 5, ...NO_QUOTA }, config: { batchSize: 50, upstreamTimeoutMs: 600 } });
    stack.sim.setFaults(FAULTS);
    const url = await listen(stack.app);
    const ac = new AbortController();
    const res = await fetch(`${url}/api/migrate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ targetToken: stack.seed.token, targetAccountId: stack.seed.accountId, ...request() }),
      signal: ac.signal,
    });
    const reader = res.body!.getReader();
    let text = '';
    while ((text.match(/"type":"record"/g) ?? []).length < 1500) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    ac.abort();
    await new Promise((r) => setTimeout(r, 1000));
    for (let run = 0; run < 5; run++) {
      const again = await stack.migrate(request());
      if (ZONES.every((name) => zoneComplete(again.events, name).failed === 0)) break;
    }
    expectExact(stack);
  }, 240_000);

  it('ten migrations and scans at once on one companion all complete correctly', async () => {
    const doh = dohEndpoints();
    stack = await startStack({ sim: { latencyMs: 5, ...NO_QUOTA }, config: { dohUrl: doh.httpUrl } });
    const url = await listen(stack.app);
    const post = (path: string, body: unknown) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
        r.text(),
      );
    const migrations = ZONES.map((name, z) =>
      post('/api/migrate', {
        targetToken: stack!.seed.token,
        targetAccountId: stack!.seed.accountId,
        zones: [{ name, records: mixed(z).slice(0, 400) }],
      }),
    );
    const scans = Array.from({ length: 5 }, () => post('/api/dns/scan', { domain: 'dnsferry.test' }));
    const [m, s] = await Promise.all([Promise.all(migrations), Promise.all(scans)]);
    for (const [z, text] of m.entries()) {
      const last = JSON.parse(text.trim().split('\n').at(-1)!);
      expect(last).toEqual({ type: 'done', results: [{ zone: ZONES[z], created: 400, updated: 0, skipped: 0, failed: 0, removed: 0 }] });
    }
    const scanned = s.map((text) => {
      const events = text
        .trim()
        .split('\n')
        .map((line) => ScanEventSchema.parse(JSON.parse(line)));
      const done = events.at(-1);
      expect(done?.type).toBe('done');
      // The scan's limits are its own (3 s a query, 20 s a scan): on a loaded machine a scan may reach
      // them, and then it must say so. One that says nothing of the kind ran to its end.
      const cutShort = events.some((e) => e.type === 'info' && /^(no answer for |The scan stopped at its time limit)/.test(e.message));
      return { records: done?.type === 'done' ? JSON.stringify(done.records) : '', cutShort };
    });
    // every concurrent scan that ran to its end found the same records
    const whole = scanned.filter((x) => !x.cutShort).map((x) => x.records);
    expect(new Set(whole).size).toBeLessThanOrEqual(1);
    for (const records of whole) expect(records.length).toBeGreaterThan(100);
  }, 120_000);
});
