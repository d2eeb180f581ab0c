import { afterEach, describe, expect, it } from 'vitest';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { batchOperations, modelDelayMs, startLatencyProxy, type LatencyProxy } from '@dnsferry/companion/sandbox/cloudflare/latency';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';

const body = (v: unknown) => Buffer.from(JSON.stringify(v));

describe('latency model', () => {
  it('charges every operation of a batch, and nothing per record elsewhere', () => {
    const model = { perRequestMs: 120, perRecordMs: 3 };
    const batch = body({ posts: [{}, {}, {}], deletes: [{ id: 'a' }], patches: [], puts: [{ id: 'b' }] });
    expect(batchOperations(batch)).toBe(5);
    expect(modelDelayMs(model, 'POST', '/client/v4/zones/z/dns_records/batch', batch)).toBe(120 + 5 * 3);
    // the same body elsewhere is one request
    expect(modelDelayMs(model, 'POST', '/client/v4/zones/z/dns_records', batch)).toBe(120);
    expect(modelDelayMs(model, 'GET', '/client/v4/zones/z/dns_records', Buffer.alloc(0))).toBe(120);
    expect(modelDelayMs({ perRequestMs: 7 }, 'POST', '/client/v4/zones/z/dns_records/batch', batch)).toBe(7);
  });

  it('counts a body that is not a batch as no operations', () => {
    expect(batchOperations(Buffer.from('{not json'))).toBe(0);
    expect(batchOperations(body([1, 2]))).toBe(0);
    expect(batchOperations(body({ posts: 'x' }))).toBe(0);
  });
});

describe('latency proxy', () => {
  let sim: CloudflareSim | undefined;
  let proxy: LatencyProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    await sim?.close();
    proxy = sim = undefined;
  });

  it('forwards requests and answers unchanged, and counts the requests waiting side by side', async () => {
    sim = await startCloudflareSimulator({ rateLimit: false });
    const seed = seedCloudflareDemo(sim);
    const zone = sim.addZone({ accountId: seed.accountId, name: 'latency.example' });
    // held long enough that the four lists below overlap even when a busy machine starts them late
    proxy = await startLatencyProxy(sim.url, { perRequestMs: 1500, perRecordMs: 1 });
    const headers = { authorization: `Bearer ${seed.token}`, 'content-type': 'application/json' };
    const posts = [1, 2, 3].map((i) => ({ type: 'A', name: `h${i}.latency.example`, content: `192.0.2.${i}`, ttl: 300 }));
    const res = await fetch(`${proxy.url}/zones/${zone.id}/dns_records/batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ posts }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { posts: unknown[] } }).result.posts).toHaveLength(3);
    expect(sim.records(zone.id)).toHaveLength(3);

    proxy.resetCounters();
    const lists = await Promise.all([0, 1, 2, 3].map(() => fetch(`${proxy!.url}/zones/${zone.id}/dns_records`, { headers })));
    expect(lists.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(lists.map((r) => r.headers.get('ratelimit-policy'))).toEqual(Array(4).fill('"default";q=1200;w=300'));
    expect(proxy.requests).toBe(4);
    expect(proxy.peakInFlight).toBe(4);
    expect(proxy.inFlight).toBe(0);
  });

  it('passes the API errors through with their status', async () => {
    sim = await startCloudflareSimulator({ rateLimit: false });
    seedCloudflareDemo(sim);
    proxy = await startLatencyProxy(sim.url, { perRequestMs: 0 });
    const res = await fetch(`${proxy.url}/zones/nope/dns_records`, {
      headers: { authorization: 'Bearer sandboxDemoToken000000000000000000000001' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ code: number }> }).errors[0]?.code).toBe(7003);
  });
});
