import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectView, result, startClient, type Client } from './helpers';

describe('auth matrix', () => {
  let c: Client;
  let zoneId: string;
  let otherZoneId: string;
  beforeAll(async () => {
    c = await startClient();
    zoneId = await c.zone('auth.example');
    const foreign = c.sim.addAccount({ name: 'Someone Else' });
    otherZoneId = c.sim.addZone({ accountId: foreign.id, name: 'foreign.example' }).id;
  });
  afterAll(() => c.close());

  it('missing credentials → 400/9106', async () => {
    await c.fail(400, 9106, 'GET', '/zones', undefined, { token: null });
    await c.fail(400, 9106, 'GET', '/user/tokens/verify', undefined, { token: null });
  });

  it('malformed Authorization → 400/6003 with error_chain 6111', async () => {
    for (const h of ['Bearer', 'Bearer two words', 'Token abc', 'bearer abc', 'Bearer abc!']) {
      const a = await c.call('GET', '/zones', undefined, { token: null, headers: { Authorization: h } });
      expect(a.status).toBe(400);
      expect(a.body.errors).toEqual([
        {
          code: 6003,
          message: 'Invalid request headers',
          error_chain: [{ code: 6111, message: 'Invalid format for Authorization header' }],
        },
      ]);
    }
  });

  it('unknown token: verify 401/1000 "Invalid API Token", elsewhere 403/9109', async () => {
    const a = await c.fail(401, 1000, 'GET', '/user/tokens/verify', undefined, { token: 'doesNotExist1234567890' });
    expect((a.body.errors as Array<{ message: string }>)[0]?.message).toBe('Invalid API Token');
    await c.fail(403, 9109, 'GET', '/zones', undefined, { token: 'doesNotExist1234567890' });
    await c.fail(403, 9109, 'GET', '/accounts', undefined, { token: 'doesNotExist1234567890' });
    await c.fail(
      403,
      9109,
      'POST',
      `/zones/${zoneId}/dns_records`,
      { type: 'A', name: 'a', content: '192.0.2.1' },
      { token: 'doesNotExist1234567890' },
    );
  });

  it('user vs account-owned tokens on the two verify endpoints', async () => {
    const acct = c.sim.addToken({ kind: 'account', accountIds: [c.seed.accountId] });
    await c.fail(401, 1000, 'GET', '/user/tokens/verify', undefined, { token: acct });
    await c.fail(401, 1000, 'GET', `/accounts/${c.seed.accountId}/tokens/verify`, undefined, { token: c.seed.token });
    await c.fail(401, 1000, 'GET', `/accounts/${c.seed.accounts[1]?.id}/tokens/verify`, undefined, { token: acct });
    expect((await c.call('GET', `/accounts/${c.seed.accountId}/tokens/verify`, undefined, { token: acct })).status).toBe(200);
    // An account token works on the other endpoints of its account.
    expect((await c.call('GET', `/zones/${zoneId}/dns_records`, undefined, { token: acct })).status).toBe(200);
  });

  it('expired and disabled tokens: verify answers 200 with the status, everything else 403/9109', async () => {
    const a = await c.call('GET', '/user/tokens/verify', undefined, { token: c.seed.expiredToken });
    expect(a.status).toBe(200);
    expectView('GET /user/tokens/verify', a.body);
    expect(result<{ status: string }>(a).status).toBe('expired');
    expect(a.body.messages).toEqual([]);
    await c.fail(403, 9109, 'GET', '/accounts', undefined, { token: c.seed.expiredToken });
    const disabled = c.sim.addToken({ accountIds: [c.seed.accountId], status: 'disabled' });
    expect(result<{ status: string }>(await c.call('GET', '/user/tokens/verify', undefined, { token: disabled })).status).toBe('disabled');
    await c.fail(403, 9109, 'GET', '/zones', undefined, { token: disabled });
  });

  it('read-only token: reads work, writes 403/10000', async () => {
    const t = c.seed.readOnlyToken;
    expect((await c.call('GET', '/zones', undefined, { token: t })).status).toBe(200);
    expect((await c.call('GET', `/zones/${zoneId}/dns_records`, undefined, { token: t })).status).toBe(200);
    const a = await c.fail(
      403,
      10000,
      'POST',
      `/zones/${zoneId}/dns_records`,
      { type: 'A', name: 'a', content: '192.0.2.1' },
      { token: t },
    );
    expect((a.body.errors as Array<{ message: string }>)[0]?.message).toBe('Authentication error');
    await c.fail(403, 10000, 'POST', `/zones/${zoneId}/dns_records/batch`, { posts: [] }, { token: t });
    await c.fail(403, 10000, 'POST', '/zones', { name: 'ro.com', account: { id: c.seed.accountId } }, { token: t });
    await c.fail(403, 10000, 'DELETE', `/zones/${zoneId}`, undefined, { token: t });
  });

  it('DNS-only token cannot create zones; zone-only token cannot touch records', async () => {
    const dnsOnly = c.sim.addToken({ accountIds: [c.seed.accountId], permissions: ['dns:read', 'dns:edit'] });
    await c.fail(403, 10000, 'POST', '/zones', { name: 'dnsonly.com', account: { id: c.seed.accountId } }, { token: dnsOnly });
    expect(
      (await c.call('POST', `/zones/${zoneId}/dns_records`, { type: 'A', name: 'dnsonly', content: '192.0.2.1' }, { token: dnsOnly }))
        .status,
    ).toBe(200);
    const zoneOnly = c.sim.addToken({ accountIds: [c.seed.accountId], permissions: ['zone:read'] });
    await c.fail(403, 10000, 'GET', `/zones/${zoneId}/dns_records`, undefined, { token: zoneOnly });
  });

  it('zones of accounts the token cannot reach: hidden from lists, 403/10000 by id; unknown id 7003', async () => {
    const zones = result<Array<{ id: string }>>(await c.call('GET', '/zones?per_page=50'));
    expect(zones.map((z) => z.id)).not.toContain(otherZoneId);
    await c.fail(403, 10000, 'GET', `/zones/${otherZoneId}/dns_records`);
    await c.fail(403, 10000, 'POST', '/zones', {
      name: 'elsewhere.com',
      account: { id: c.sim.zones().find((z) => z.id === otherZoneId)?.accountId },
    });
    const a = await c.fail(400, 7003, 'GET', `/zones/${'0'.repeat(32)}/dns_records`);
    expect((a.body.errors as Array<{ message: string }>)[0]?.message).toBe(
      `Could not route to /zones/${'0'.repeat(32)}/dns_records, perhaps your object identifier is invalid?`,
    );
  });

  it('unknown routes 400/7000; the batch route can be switched off', async () => {
    await c.fail(400, 7000, 'GET', '/nowhere');
    c.sim.setBatchEnabled(false);
    await c.fail(400, 7000, 'POST', `/zones/${zoneId}/dns_records/batch`, { posts: [] });
    c.sim.setBatchEnabled(true);
    expect((await c.call('POST', `/zones/${zoneId}/dns_records/batch`, { posts: [] })).status).toBe(200);
  });

  it('every response carries Ratelimit and Ratelimit-Policy headers', async () => {
    for (const a of [await c.call('GET', '/accounts'), await c.call('GET', '/zones', undefined, { token: null })]) {
      expect(a.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
      expect(a.headers.get('ratelimit-policy')).toBe('"default";q=1200;w=300');
    }
  });
});

describe('pagination', () => {
  let c: Client;
  beforeAll(async () => {
    c = await startClient();
  });
  afterAll(() => c.close());

  it('empty zone: total_pages 1; pages past the end are an empty success', async () => {
    const zoneId = await c.zone('empty.example');
    const a = await c.call('GET', `/zones/${zoneId}/dns_records`);
    expect(a.body.result).toEqual([]);
    expect(a.body.result_info).toEqual({ page: 1, per_page: 100, count: 0, total_count: 0, total_pages: 1 });
    const b = await c.call('GET', `/zones/${zoneId}/dns_records?page=7`);
    expect(b.status).toBe(200);
    expect(b.body.success).toBe(true);
    expect(b.body.result).toEqual([]);
    expect(b.body.result_info).toMatchObject({ page: 7, count: 0, total_pages: 1 });
  });

  it('records: pages cover every record exactly once', async () => {
    const zoneId = await c.zone('pages.example');
    for (let i = 0; i < 25; i++) c.sim.addRecord(zoneId, { type: 'A', name: `h${i}`, content: `192.0.2.${i + 1}`, ttl: 300 });
    const seen = new Set<string>();
    for (let page = 1; page <= 4; page++) {
      const a = await c.call('GET', `/zones/${zoneId}/dns_records?per_page=7&page=${page}`);
      const info = a.body.result_info as Record<string, number>;
      expect(info).toMatchObject({ page, per_page: 7, total_count: 25, total_pages: 4 });
      for (const r of a.body.result as Array<{ id: string }>) seen.add(r.id);
      expect(info.count).toBe(page < 4 ? 7 : 4);
    }
    expect(seen.size).toBe(25);
    const past = await c.call('GET', `/zones/${zoneId}/dns_records?per_page=7&page=5`);
    expect(past.body.result).toEqual([]);
  });

  it('per_page bounds: records 1..5,000,000 (default 100); zones and accounts 5..50 (default 20)', async () => {
    const zoneId = await c.zone('bounds.example');
    expect((await c.call('GET', `/zones/${zoneId}/dns_records?per_page=1`)).status).toBe(200);
    expect((await c.call('GET', `/zones/${zoneId}/dns_records?per_page=5000000`)).status).toBe(200);
    for (const bad of ['0', '5000001', 'abc', '-1', '2.5']) await c.fail(400, 1001, 'GET', `/zones/${zoneId}/dns_records?per_page=${bad}`);
    await c.fail(400, 1001, 'GET', `/zones/${zoneId}/dns_records?page=0`);
    for (const path of ['/zones', '/accounts']) {
      expect((await c.call('GET', path)).body.result_info).toMatchObject({ per_page: 20 });
      expect((await c.call('GET', `${path}?per_page=5`)).status).toBe(200);
      expect((await c.call('GET', `${path}?per_page=50`)).status).toBe(200);
      await c.fail(400, 1001, 'GET', `${path}?per_page=4`);
      await c.fail(400, 1001, 'GET', `${path}?per_page=51`);
    }
  });

  it('zones: paging, name filter (exact, case-insensitive), account.id, status', async () => {
    for (let i = 0; i < 12; i++)
      c.sim.addZone({ accountId: c.seed.accountId, name: `z${String(i).padStart(2, '0')}.com`, status: i % 2 ? 'active' : 'pending' });
    c.sim.addZone({ accountId: c.seed.accounts[1]?.id ?? '', name: 'second-account.com' });
    const p1 = await c.call('GET', '/zones?per_page=5&page=1');
    const all = (p1.body.result_info as { total_count: number }).total_count;
    expect(p1.body.result_info).toMatchObject({ count: 5, total_pages: Math.ceil(all / 5) });
    const byName = result<Array<{ name: string }>>(await c.call('GET', '/zones?name=Z03.COM'));
    expect(byName.map((z) => z.name)).toEqual(['z03.com']);
    expect(result<unknown[]>(await c.call('GET', '/zones?name=z03'))).toEqual([]);
    const second = result<Array<{ name: string }>>(await c.call('GET', `/zones?account.id=${c.seed.accounts[1]?.id}`));
    expect(second.map((z) => z.name)).toEqual(['second-account.com']);
    const active = result<Array<{ status: string }>>(await c.call('GET', '/zones?status=active&per_page=50'));
    expect(active.every((z) => z.status === 'active')).toBe(true);
    await c.fail(400, 1001, 'GET', '/zones?status=bogus');
  });

  it('accounts: name filter and paging', async () => {
    const a = result<Array<{ name: string }>>(await c.call('GET', '/accounts?name=sandbox%20account'));
    expect(a.map((x) => x.name)).toEqual(['Sandbox Account']);
  });
});
