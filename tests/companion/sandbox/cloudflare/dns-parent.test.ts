import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { createDohClient, type DohClient } from '@dnsferry/companion/dns/doh-client';
import { startParentResolver, type ParentResolver } from '../../cutover/parent-resolver';

/** The simulator's parent-side DoH resolver (the demo's): NS and DS as set on the simulator, the rest forwarded. */
let sim: CloudflareSim;
let upstream: ParentResolver;
let doh: DohClient;
const signal = new AbortController().signal;

beforeAll(async () => {
  sim = await startCloudflareSimulator({ rateLimit: false });
  const seed = seedCloudflareDemo(sim);
  sim.addZone({ accountId: seed.accountId, name: 'example.com', status: 'pending' });
  sim.addZone({ accountId: seed.accountId, name: 'example.net', status: 'pending' });
  upstream = await startParentResolver();
  upstream.setNs('example.net', ['ns1.elsewhere.example']);
  upstream.setNs('other.example', ['ns1.other.example']);
  const parent = await sim.startParentResolver(upstream.url);
  doh = createDohClient(parent.url, { protocol: 'http1' });
});
afterAll(async () => {
  doh.close();
  await sim.close();
  await upstream.close();
});

describe('parent-side DoH of the simulator', () => {
  it('answers the delegation and the DS the simulator was given', async () => {
    sim.setDelegation('example.com', ['Ada.NS.Cloudflare.com.', 'bob.ns.cloudflare.com']);
    sim.setParentDs('example.com', ['2371 13 2 1f987cc6583e92df0890718c4200000000000000000000000000000000000000']);
    const ns = await doh.query('example.com', 'NS', signal);
    expect(ns.answers.map((a) => (a.type === 'NS' ? a.record?.content : '')).sort()).toEqual([
      'ada.ns.cloudflare.com',
      'bob.ns.cloudflare.com',
    ]);
    const ds = await doh.query('example.com', 'DS', signal);
    expect(ds.answers).toHaveLength(1);
    expect(ds.answers.map((a) => [a.type, a.record?.content])).toEqual([
      ['DS', '2371 13 2 1F987CC6583E92DF0890718C4200000000000000000000000000000000000000'],
    ]);
  });

  it('has no DS for a zone without one, and forwards what it was not told', async () => {
    const ds = await doh.query('example.net', 'DS', signal);
    expect(ds.rcode).toBe('NOERROR');
    expect(ds.answers).toEqual([]);
    const ns = await doh.query('example.net', 'NS', signal);
    expect(ns.answers.map((a) => (a.type === 'NS' ? a.record?.content : ''))).toEqual(['ns1.elsewhere.example']);
    expect((await doh.query('other.example', 'NS', signal)).answers).toHaveLength(1);
  });
});
