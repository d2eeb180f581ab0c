import { afterEach, describe, expect, it } from 'vitest';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { readRecordQuota } from '@dnsferry/companion/providers/cloudflare/record-quota';
import type { TargetZone } from '@dnsferry/companion/engine/ports';
import { testClient } from '../../../support/cloudflare-client';

/**
 * The record quota as Cloudflare's API gives it: the zone's usage, else the account's. What a run does
 * with it is the engine's (tests/companion/engine/migrate-quota.test.ts).
 */
let sim: CloudflareSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const hosts = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({ type: 'A', name: `${prefix}${i}`, content: `10.0.${(i >> 8) & 255}.${i & 255}`, ttl: 300 }));
const usageReads = (s: CloudflareSim) => s.requestLog.filter((l) => l.path.endsWith('/usage'));
const zoneOf = (z: { id: string; name: string }, plan?: string): TargetZone => ({
  id: z.id,
  name: z.name,
  status: 'active',
  nameServers: [],
  created: false,
  plan,
});
const signal = () => ({ signal: new AbortController().signal });

describe("Cloudflare's record quota", () => {
  it("reads a Free zone's own quota and usage in one request", async () => {
    sim = await startCloudflareSimulator({ rateLimit: false });
    const seed = seedCloudflareDemo(sim);
    const z = sim.addZone({ accountId: seed.accountId, name: 'held.example' });
    for (const r of hosts(12, 'old')) sim.addRecord(z.id, r);
    sim.resetCounters();
    const quota = await readRecordQuota(testClient(sim.url, seed.token), seed.accountId, zoneOf(z, 'Free'), signal());
    expect(quota).toEqual({ limit: 200, used: 12, scope: 'zone', plan: 'Free' });
    expect(usageReads(sim)).toHaveLength(1);
  });

  it('gives a zone the run would create the quota of a new Free zone', async () => {
    sim = await startCloudflareSimulator({ rateLimit: false });
    const seed = seedCloudflareDemo(sim);
    const quota = await readRecordQuota(testClient(sim.url, seed.token), seed.accountId, null, signal());
    expect(quota).toEqual({ limit: 200, used: 0, scope: 'new-zone', plan: 'Free' });
  });

  it("holds a zone without its own quota to the account's", async () => {
    sim = await startCloudflareSimulator({ rateLimit: false });
    const ent = sim.addAccount({ name: 'Big Corp', type: 'enterprise' });
    const token = sim.addToken({ accountIds: [ent.id] });
    const z = sim.addZone({ accountId: ent.id, name: 'corp.example', plan: 'enterprise' });
    sim.setAccountRecordQuota(ent.id, 1000);
    for (const r of hosts(990, 'old')) sim.addRecord(z.id, r);
    const quota = await readRecordQuota(testClient(sim.url, token), ent.id, zoneOf(z, 'Enterprise'), signal());
    expect(quota).toEqual({ limit: 1000, used: 990, scope: 'account' });
  });
});
