import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { testClient } from '../../../support/cloudflare-client';
import { CloudflareTarget } from '@dnsferry/companion/providers/cloudflare/target';
import { FairShare } from '@dnsferry/companion/flow/fair-share';

/** Bigger than the 5,000-record pages used before: a re-run read such a zone in two or more requests. */
const RECORDS = 12_000;

describe('listing a zone at the target', () => {
  let sim: CloudflareSim;
  let target: CloudflareTarget;
  let zone: { id: string; name: string };
  let token: string;
  let accountId: string;
  beforeAll(async () => {
    sim = await startCloudflareSimulator({ rateLimit: false });
    const seed = seedCloudflareDemo(sim);
    token = seed.token;
    accountId = seed.accountId;
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

  it('reads a long listing in slices, giving way to other callers, and tells the same records', async () => {
    // a slice of 0 ms: the answer (about 3 MB) is parsed and converted giving way wherever it may
    const client = testClient(sim.url, token, { share: new FairShare(0) });
    let turns = 0;
    let running = true;
    const otherCaller = () =>
      setImmediate(() => {
        turns++;
        if (running) otherCaller();
      });
    const at = { ...zone, status: 'active', nameServers: [], created: false };
    const atOnce = await target.listRecords(at, { signal: new AbortController().signal });
    const turnsBefore = turns;
    otherCaller();
    const records = await new CloudflareTarget(client, accountId, 200).listRecords(at, { signal: new AbortController().signal });
    running = false;
    expect(records).toEqual(atOnce);
    // far more turns than one listing's request and answer take on their own
    expect(turns - turnsBefore).toBeGreaterThan(100);
  });
});
