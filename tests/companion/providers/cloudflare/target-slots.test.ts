import { afterEach, describe, expect, it } from 'vitest';
import type { DnsRecord } from '@dnsferry/shared';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { startLatencyProxy, type LatencyProxy } from '@dnsferry/companion/sandbox/cloudflare/latency';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { testClient } from '../../../support/cloudflare-client';
import { CloudflareTarget, batchCount } from '@dnsferry/companion/providers/cloudflare/target';
import type { ChangeOutcome, ChangeSet } from '@dnsferry/companion/engine/ports';

const hosts = (n: number): DnsRecord[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'A', name: `h${i}`, content: `192.0.2.${i % 250}`, ttl: 300 }));
/** One create per set, as add mode writes. */
const creates = (records: DnsRecord[]): ChangeSet[] => records.map((r) => ({ deletes: [], updates: [], creates: [r] }));

let sim: CloudflareSim | undefined;
let proxy: LatencyProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await sim?.close();
  sim = proxy = undefined;
});

async function setup(slots: number, perRequestMs = 30) {
  sim = await startCloudflareSimulator({ rateLimit: false });
  const seed = seedCloudflareDemo(sim);
  const z = sim.addZone({ accountId: seed.accountId, name: 'slots.example' });
  proxy = await startLatencyProxy(sim.url, { perRequestMs });
  const target = new CloudflareTarget(testClient(proxy.url, seed.token), seed.accountId, 10, slots);
  return { target, zone: { id: z.id, name: z.name, status: 'active', nameServers: [], created: false }, sim, proxy };
}

describe('batches of a zone side by side', () => {
  it('keeps up to K batch requests in flight and reports every record once, in record order', async () => {
    const { target, zone, sim, proxy } = await setup(4);
    const outcomes: ChangeOutcome[] = [];
    for await (const o of target.applyChanges(zone, creates(hosts(100)), { signal: new AbortController().signal })) outcomes.push(o);
    expect(outcomes.map((o) => o.index)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(outcomes.every((o) => o.status === 'applied')).toBe(true);
    expect(sim.records(zone.id)).toHaveLength(100);
    // 10 batches of 10 would leave the last round one batch alone: 12 of 8–9 fill three rounds
    expect(sim.counters.byRoute['POST /zones/:id/dns_records/batch']).toBe(12);
    expect(proxy.peakInFlight).toBeGreaterThan(1);
    expect(proxy.peakInFlight).toBeLessThanOrEqual(4);
  });

  it('K = 1 is one request after another', async () => {
    const { target, zone, proxy } = await setup(1);
    for await (const _ of target.applyChanges(zone, creates(hosts(40)), { signal: new AbortController().signal }));
    expect(proxy.peakInFlight).toBe(1);
  });

  it('lets go of each set once it is in a batch, the sets not yet in one still held by the list', async () => {
    const { target, zone } = await setup(1);
    const sets: Array<ChangeSet | undefined> = creates(hosts(40));
    let atFirst: boolean[] | undefined;
    for await (const _ of target.applyChanges(zone, sets, { signal: new AbortController().signal }))
      atFirst ??= sets.map((s) => s !== undefined);
    // 4 batches of 10: when the first lands, the second has not been made yet
    expect(atFirst?.slice(0, 10).some(Boolean)).toBe(false);
    expect(atFirst?.slice(20).every(Boolean)).toBe(true);
    expect(sets.every((s) => s === undefined)).toBe(true);
  });

  it('still splits a refused batch to find the failing record, while the others land', async () => {
    const { target, zone, sim } = await setup(4);
    sim.addRecord(zone.id, { type: 'CNAME', name: 'h37.slots.example', content: 'elsewhere.example', ttl: 300 });
    const outcomes: ChangeOutcome[] = [];
    for await (const o of target.applyChanges(zone, creates(hosts(60)), { signal: new AbortController().signal })) outcomes.push(o);
    expect(outcomes.map((o) => o.index)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(outcomes.filter((o) => o.status !== 'applied').map((o) => o.index)).toEqual([37]);
    expect(sim.records(zone.id).filter((r) => r.type === 'A')).toHaveLength(59);
  });

  it('after an abort starts no new batch; what it reports created is exactly what landed', async () => {
    const { target, zone, sim } = await setup(3, 60);
    const ac = new AbortController();
    const outcomes: ChangeOutcome[] = [];
    for await (const o of target.applyChanges(zone, creates(hosts(200)), { signal: ac.signal })) {
      outcomes.push(o);
      ac.abort();
    }
    const batches = sim.counters.byRoute['POST /zones/:id/dns_records/batch'] ?? 0;
    await new Promise((r) => setTimeout(r, 300));
    expect(sim.counters.byRoute['POST /zones/:id/dns_records/batch']).toBe(batches);
    // the ones in flight when the first outcomes reached us, and no more
    expect(batches).toBeLessThan(10);
    expect(outcomes.length).toBeLessThanOrEqual(Math.ceil(200 / batchCount(200, 10, 3)) * batches);
    expect(sim.records(zone.id)).toHaveLength(outcomes.length);
  });
});

describe('batch sizes', () => {
  it('fill every round of slots when that makes each batch a tenth smaller, never above the limit', () => {
    expect(batchCount(1_000, 200, 4)).toBe(8); // two full rounds of 125, not 4 + 1 of 200
    expect(batchCount(2_000, 200, 4)).toBe(12); // 167 a batch, not 200
    expect(batchCount(10_000, 200, 4)).toBe(50); // 52 would be 192 a batch: 4 % smaller, two requests more
    expect(batchCount(50_000, 200, 4)).toBe(250);
    expect(batchCount(800, 200, 4)).toBe(4); // exactly one round
    expect(batchCount(30, 200, 4)).toBe(1); // one small batch stays one request
    expect(batchCount(10_000, 200, 1)).toBe(50);
    for (const [n, limit, k] of [
      [10_001, 200, 4],
      [999, 100, 8],
      [5, 1, 3],
      [12_345, 3500, 6],
    ] as const) {
      const batches = batchCount(n, limit, k);
      expect(Math.ceil(n / batches)).toBeLessThanOrEqual(limit);
      expect(batches - Math.ceil(n / limit)).toBeLessThan(k);
      // more batches than the fewest only to fill rounds, and only for batches a tenth smaller
      if (batches > Math.ceil(n / limit)) {
        expect(batches % k === 0 || batches === n).toBe(true);
        expect(Math.ceil(n / batches)).toBeLessThanOrEqual(0.9 * Math.ceil(n / Math.ceil(n / limit)));
      }
      expect(batches).toBeLessThanOrEqual(n); // never an empty batch
    }
  });
});

describe('one budget per token', () => {
  it('two requests with the same token share its K slots; another token has its own', async () => {
    sim = await startCloudflareSimulator({ rateLimit: false });
    const seed = seedCloudflareDemo(sim);
    proxy = await startLatencyProxy(sim.url, { perRequestMs: 30 });
    const target = (token: string, zone: string) => {
      const z = sim!.addZone({ accountId: seed.accountId, name: zone });
      const client = testClient(proxy!.url, token, { maxInFlight: 2 });
      return {
        target: new CloudflareTarget(client, seed.accountId, 10, 4),
        zone: { id: z.id, name: z.name, status: 'active', nameServers: [], created: false },
      };
    };
    const drain = async ({ target: t, zone }: ReturnType<typeof target>) => {
      for await (const _ of t.applyChanges(zone, creates(hosts(80)), { signal: new AbortController().signal }));
    };
    await Promise.all([drain(target(seed.token, 'one.example')), drain(target(seed.token, 'two.example'))]);
    expect(sim.records(sim.zoneByName('one.example')!.id)).toHaveLength(80);
    expect(sim.records(sim.zoneByName('two.example')!.id)).toHaveLength(80);
    expect(proxy.peakInFlight).toBe(2);

    const other = sim.addToken({ accountIds: [seed.accountId] });
    proxy.resetCounters();
    await Promise.all([drain(target(seed.token, 'three.example')), drain(target(other, 'four.example'))]);
    expect(proxy.peakInFlight).toBeGreaterThan(2);
  });
});
