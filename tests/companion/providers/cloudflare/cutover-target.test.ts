import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '@dnsferry/companion/config';
import { cloudflare } from '@dnsferry/companion/providers/cloudflare/index';
import type { CutoverTarget } from '@dnsferry/companion/engine/ports';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';

/** The adapter's cutover calls against the simulator, with the requests it sent. */
let sim: CloudflareSim;
let target: CutoverTarget;
let token: string;
const opts = { signal: new AbortController().signal };

beforeEach(async () => {
  sim = await startCloudflareSimulator({ rateLimit: false });
  const seed = seedCloudflareDemo(sim);
  token = seed.token;
  sim.addZone({ accountId: seed.accountId, name: 'example.com', status: 'pending' });
  target = cloudflare.target.cutover(
    { config: { ...DEFAULTS, cloudflareApi: sim.url, retryBaseMs: 5 }, fetch },
    { token: seed.token, accountId: seed.accountId },
  );
  sim.resetCounters();
});
afterEach(async () => {
  await sim.close();
});

describe('CloudflareCutoverTarget', () => {
  it('looks a zone up without creating one', async () => {
    expect(await target.lookupZone('example.net', opts)).toBeNull();
    const zone = await target.lookupZone('example.com', opts);
    expect(zone).toMatchObject({ name: 'example.com', status: 'pending', created: false });
    expect(sim.zones().map((z) => z.name)).toEqual(['example.com']);
    expect(sim.requestLog.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /zones', 'GET /zones']);
  });

  it('reads the status, asks for an activation check, and reads it again', async () => {
    const zone = await target.lookupZone('example.com', opts);
    if (!zone) throw new Error('zone missing');
    sim.setDelegation('example.com', zone.nameServers);
    sim.resetCounters();
    expect(await target.zoneStatus(zone, opts)).toBe('pending');
    await target.requestActivationCheck(zone, opts);
    expect(await target.zoneStatus(zone, opts)).toBe('active');
    expect(sim.requestLog.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /zones/${zone.id}`,
      `PUT /zones/${zone.id}/activation_check`,
      `GET /zones/${zone.id}`,
    ]);
  });

  it('reads DNSSEC: no DS while disabled, the canonical DS once on', async () => {
    const zone = await target.lookupZone('example.com', opts);
    if (!zone) throw new Error('zone missing');
    expect(await target.dnssec(zone, opts)).toEqual({ status: 'disabled', ds: null });
    await fetch(`${sim.url}/zones/${zone.id}/dnssec`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"status":"active"}',
    });
    expect(await target.dnssec(zone, opts)).toEqual({ status: 'pending', ds: sim.zoneDs(zone.id) });
  });
});
