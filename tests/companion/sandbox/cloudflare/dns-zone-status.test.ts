import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo, type CloudflareDemoSeed } from '@dnsferry/companion/sandbox/cloudflare/seed';

/** The zone status, activation check and DNSSEC endpoints of the simulator, with what the parent holds. */
let sim: CloudflareSim;
let seed: CloudflareDemoSeed;
let zoneId: string;
let nameServers: string[];

async function call(method: string, path: string, body?: unknown, token = seed.token) {
  const res = await fetch(sim.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; result: Record<string, unknown>; errors: Array<{ code: number }> },
  };
}

beforeEach(async () => {
  sim = await startCloudflareSimulator({ rateLimit: false });
  seed = seedCloudflareDemo(sim);
  const zone = sim.addZone({ accountId: seed.accountId, name: 'example.com', status: 'pending' });
  zoneId = zone.id;
  nameServers = zone.nameServers;
});
afterEach(async () => {
  await sim.close();
});

describe('activation check', () => {
  it('leaves a zone pending while the parent delegates elsewhere', async () => {
    sim.setDelegation('example.com', ['ns1.oldhost.example', 'ns2.oldhost.example']);
    const check = await call('PUT', `/zones/${zoneId}/activation_check`);
    expect(check.status).toBe(200);
    expect(check.body.result).toEqual({ id: zoneId });
    expect((await call('GET', `/zones/${zoneId}`)).body.result.status).toBe('pending');
  });

  it('activates the zone once the parent delegates to its assigned name servers (any order, case, trailing dot)', async () => {
    sim.setDelegation(
      'example.com',
      [...nameServers].reverse().map((n) => `${n.toUpperCase()}.`),
    );
    expect((await call('GET', `/zones/${zoneId}`)).body.result.status).toBe('pending');
    await call('PUT', `/zones/${zoneId}/activation_check`);
    const zone = (await call('GET', `/zones/${zoneId}`)).body.result;
    expect(zone.status).toBe('active');
    expect(typeof zone.activated_on).toBe('string');
  });

  it('needs zone edit permission', async () => {
    const res = await call('PUT', `/zones/${zoneId}/activation_check`, undefined, seed.readOnlyToken);
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });
});

describe('DNSSEC', () => {
  it('is disabled until turned on, then pending with its DS, then active once the DS is at the parent', async () => {
    const off = (await call('GET', `/zones/${zoneId}/dnssec`)).body.result;
    expect(off).toMatchObject({ status: 'disabled', ds: null, digest: null, key_tag: null });

    const on = await call('PATCH', `/zones/${zoneId}/dnssec`, { status: 'active' });
    expect(on.status).toBe(200);
    const pending = on.body.result;
    expect(pending).toMatchObject({
      status: 'pending',
      algorithm: '13',
      digest_type: '2',
      digest_algorithm: 'SHA256',
      flags: 257,
      key_type: 'ECDSAP256SHA256',
    });
    expect(pending.digest).toMatch(/^[0-9A-F]{64}$/);
    const ds = `${String(pending.key_tag)} 13 2 ${String(pending.digest)}`;
    expect(pending.ds).toBe(`example.com. 3600 IN DS ${ds}`);
    expect(sim.zoneDs(zoneId)).toBe(ds);

    sim.setParentDs('example.com', ['2371 13 2 1F987CC6583E92DF0890718C4200000000000000000000000000000000000000']);
    expect((await call('GET', `/zones/${zoneId}/dnssec`)).body.result.status).toBe('pending');
    sim.setParentDs('example.com', [ds.toLowerCase()]);
    expect((await call('GET', `/zones/${zoneId}/dnssec`)).body.result.status).toBe('active');
  });

  it('turns off as pending-disabled while the parent still holds the DS', async () => {
    await call('PATCH', `/zones/${zoneId}/dnssec`, { status: 'active' });
    sim.setParentDs('example.com', [sim.zoneDs(zoneId)]);
    const off = await call('PATCH', `/zones/${zoneId}/dnssec`, { status: 'disabled' });
    expect(off.body.result.status).toBe('pending-disabled');
    sim.setParentDs('example.com', []);
    expect((await call('GET', `/zones/${zoneId}/dnssec`)).body.result.status).toBe('disabled');
  });

  it('refuses a status other than active or disabled', async () => {
    const res = await call('PATCH', `/zones/${zoneId}/dnssec`, { status: 'on' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]?.code).toBe(1001);
  });
});
