import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { testClient } from '../../../support/cloudflare-client';
import { CloudflareTarget } from '@dnsferry/companion/providers/cloudflare/target';

const signal = new AbortController().signal;

describe('finding the zones of a request', () => {
  let sim: CloudflareSim;
  let seed: ReturnType<typeof seedCloudflareDemo>;
  let target: CloudflareTarget;
  beforeEach(async () => {
    sim = await startCloudflareSimulator({ rateLimit: false });
    seed = seedCloudflareDemo(sim);
    target = new CloudflareTarget(testClient(sim.url, seed.token), seed.accountId, 200, 4);
  });
  afterEach(() => sim.close());

  const addZones = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => sim.addZone({ accountId: seed.accountId, name: `${prefix}${i}.example` }));

  it('reads the account once (one request per 50 zones) when that is fewer requests than a lookup per zone', async () => {
    const held = addZones(120, 'held');
    const names = [...held.slice(0, 100).map((z) => z.name), 'absent.example'];
    target.expectZones(names);
    sim.resetCounters();
    const found = await Promise.all(names.map((n) => target.findOrCreateZone(n, { signal, dryRun: true })));
    expect(found.slice(0, 100).map((z) => z?.id)).toEqual(held.slice(0, 100).map((z) => z.id));
    expect(found.every((z, i) => i === 100 || z?.created === false)).toBe(true);
    expect(found[100]).toBeNull(); // not in the account: a dry run would create it
    const zonesInAccount = sim.counters.byRoute['GET /zones'] ?? 0;
    expect(zonesInAccount).toBe(Math.ceil(zonesOf(sim, seed.accountId) / 50));
    expect(zonesInAccount).toBeLessThan(names.length / 10);
    expect(sim.counters.total).toBe(zonesInAccount);
  });

  it('looks each zone up by name when the account holds more pages than the request has zones', async () => {
    addZones(160, 'many');
    const names = ['many3.example', 'many150.example', 'absent.example'];
    target.expectZones(names);
    sim.resetCounters();
    const found = await Promise.all(names.map((n) => target.findOrCreateZone(n, { signal, dryRun: true })));
    expect(found.map((z) => z?.name ?? null)).toEqual(['many3.example', 'many150.example', null]);
    // the first page, then at most one lookup per zone it did not answer
    expect(sim.counters.total).toBeLessThanOrEqual(1 + names.length);
  });

  it('creates a zone the listing did not have, and reuses one added after the listing', async () => {
    addZones(3, 'few');
    target.expectZones(['few0.example', 'new.example', 'late.example']);
    expect((await target.findOrCreateZone('few0.example', { signal, dryRun: false }))?.created).toBe(false);
    // added by someone else after the directory was read: the create's "already exists" is asked by name
    const late = sim.addZone({ accountId: seed.accountId, name: 'late.example' });
    const reused = await target.findOrCreateZone('late.example', { signal, dryRun: false });
    expect(reused).toMatchObject({ id: late.id, created: false });
    const created = await target.findOrCreateZone('new.example', { signal, dryRun: false });
    expect(created?.created).toBe(true);
    expect(sim.zoneByName('new.example')?.id).toBe(created?.id);
  });
});

/** Zones the account holds (the demo seed's and the test's). */
function zonesOf(sim: CloudflareSim, accountId: string): number {
  return sim.zones().filter((z) => z.accountId === accountId).length;
}
