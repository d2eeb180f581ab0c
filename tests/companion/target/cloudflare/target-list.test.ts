import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { testClient } from '../../../support/cloudflare-client';
import { CloudflareTarget } from '@dnsferry/companion/target/cloudflare/target';

/** Bigger than the 5,000-record pages used before: a re-run read such a zone in two or more requests. */
const RECORDS = 12_000;

describe('listing a zone at the target', () => {
  let sim: CloudflareSim;
  let target: CloudflareTarget;
  let zone: { id: string; name: string };
  beforeAll(async () => {
    sim = await startCloudflareSimulator({ rateLimit: false });
    const seed = seedCloudflareDemo(sim);
    zone = sim.addZone({ accountId: seed.accountId, name: 'big-list.example', plan: 'enterprise' });
    for (let i = 0; i < RECORDS; i++)
      sim.addRecord(zone.id, { type: 'A', name: `h${i}.big-list.example`, content: `10.0.${i >> 8}.${i & 255}`, ttl: 300 });
    target = new CloudflareTarget(testClient(sim.url, seed.token), seed.accountId, 200);
  });
  afterAll(() => sim.close());

  it(`reads ${RECORDS} records in one request, each record once`, async () => {
    sim.resetCounters();
    const records = await target.listRecords(
      { ...zone, status: 'active', nameServers: [], created: false },
      { signal: new AbortController().signal },
    );
    expect(records).toHaveLength(RECORDS);
    expect(new Set(records.map((r) => r.record.name)).size).toBe(RECORDS);
    expect(sim.counters.byRoute).toEqual({ 'GET /zones/:id/dns_records': 1 });
  });
});
