import { afterEach, describe, expect, it } from 'vitest';
import type { DnsRecord } from '@dnsferry/shared';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { CloudflareTarget } from '@dnsferry/companion/providers/cloudflare/target';
import type { ChangeOutcome, ChangeSet } from '@dnsferry/companion/engine/ports';
import { testClient } from '../../../support/cloudflare-client';

let sim: CloudflareSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const a = (name: string): DnsRecord => ({ type: 'A', name, content: '192.0.2.1', ttl: 300 });

describe('a write whose outcome stays unknown', () => {
  it('is named as such when the listing that would settle it fails too, and the writes after it go on', async () => {
    sim = await startCloudflareSimulator({ rateLimit: false });
    const seed = seedCloudflareDemo(sim);
    const z = sim.addZone({ accountId: seed.accountId, name: 'unknown.example' });
    let batches = 0;
    // The first batch lands but its answer is lost; while that is settled, every listing fails.
    const lossy: typeof fetch = async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST' && url.endsWith('/dns_records/batch') && ++batches === 1) {
        await fetch(input, init);
        throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      }
      if ((init?.method ?? 'GET') === 'GET' && url.includes('/dns_records?')) return new Response('{}', { status: 503 });
      return fetch(input, init);
    };
    const target = new CloudflareTarget(testClient(sim.url, seed.token, { fetch: lossy }), seed.accountId, 2, 1);
    const sets: ChangeSet[] = ['h1', 'h2', 'h3', 'h4'].map((n) => ({ deletes: [], updates: [], creates: [a(n)] }));
    const outcomes: ChangeOutcome[] = [];
    const zone = { id: z.id, name: z.name, status: 'active', nameServers: [], created: false };
    for await (const o of target.applyChanges(zone, sets, { signal: new AbortController().signal })) outcomes.push(o);
    expect(outcomes.map((o) => [o.index, o.status])).toEqual([
      [0, 'failed'],
      [1, 'failed'],
      [2, 'applied'],
      [3, 'applied'],
    ]);
    expect(outcomes[0]).toMatchObject({
      message: expect.stringMatching(
        /^outcome unknown: the target did not confirm this write, and listing the zone to find out failed \(Cloudflare: .*\); it may have landed — re-run the migration to settle it \(it will not create duplicates\)$/,
      ) as unknown,
    });
    // it did land: the message says it may have
    expect(sim.records(z.id)).toHaveLength(4);
  });
});
