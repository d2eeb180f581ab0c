import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { startCloudflareSimulator } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { parseNdjson } from '../../support/stack';
import { captureLogs, recordSecrets } from '../../support/leak-watch';

let sim: Awaited<ReturnType<typeof startCloudflareSimulator>>;
let seed: ReturnType<typeof seedCloudflareDemo>;
let app: ReturnType<typeof buildApp>;
/** Requests to the target in flight at once, as the companion sends them (each held 15 ms). */
const inFlight = { now: 0, max: 0, total: 0 };
const K = 3;

beforeAll(async () => {
  sim = await startCloudflareSimulator({ rateLimit: false });
  seed = seedCloudflareDemo(sim);
  recordSecrets(seed.token);
  const slowFetch: typeof fetch = async (input, init) => {
    inFlight.now++;
    inFlight.total++;
    inFlight.max = Math.max(inFlight.max, inFlight.now);
    try {
      await new Promise((r) => setTimeout(r, 15));
      return await fetch(input, init);
    } finally {
      inFlight.now--;
    }
  };
  app = buildApp(
    { ...DEFAULTS, cloudflareApi: sim.url, retryBaseMs: 5, batchSize: 5, concurrency: K, logLevel: 'warn' },
    { fetch: slowFetch, logStream: captureLogs().logStream },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await sim.close();
});

const zone = (name: string, n: number) => ({
  name,
  records: Array.from({ length: n }, (_, i) => ({ type: 'A', name: `h${i}`, content: `192.0.2.${i + 1}`, ttl: 300 })),
});

describe('POST /api/migrate: zones side by side', () => {
  it('interleaves zones, keeps each zone in order, shares K request slots, and ends with done in request order', async () => {
    const zones = [zone('side-a.com', 20), zone('side-b.com', 3), zone('side-c.com', 12), zone('side-d.com', 7)];
    const res = await app.inject({
      method: 'POST',
      url: '/api/migrate',
      payload: { targetToken: seed.token, targetAccountId: seed.accountId, zones },
    });
    const events = parseNdjson(res.payload);
    // every zone's own record events keep their order, and its zone-complete comes after its last record
    for (const z of zones) {
      const own = events.map((e, i) => ({ e, i })).filter(({ e }) => e.type !== 'done' && e.zone === z.name);
      const indexes = own.flatMap(({ e }) => (e.type === 'record' && e.index !== undefined ? [e.index] : []));
      expect(indexes).toEqual(Array.from({ length: z.records.length }, (_, i) => i + 1));
      expect(own.at(-1)?.e.type).toBe('zone-complete');
    }
    // the zones really ran side by side: a later zone finished before the first one did
    const completeAt = (name: string) => events.findIndex((e) => e.type === 'zone-complete' && e.zone === name);
    expect(completeAt('side-b.com')).toBeLessThan(completeAt('side-a.com'));
    // never more than K requests at the target at once, though up to K zones × K batches could have asked
    expect(inFlight.max).toBeLessThanOrEqual(K);
    expect(inFlight.max).toBeGreaterThan(1);
    expect(events.at(-1)).toEqual({
      type: 'done',
      results: zones.map((z) => ({ zone: z.name, created: z.records.length, updated: 0, skipped: 0, failed: 0, removed: 0 })),
    });
    for (const z of zones) expect(sim.records(sim.zoneByName(z.name)?.id ?? '')).toHaveLength(z.records.length);
  });
});
