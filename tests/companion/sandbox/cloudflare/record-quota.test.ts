import { describe, expect, it } from 'vitest';
import { result, startClient, type Client } from './helpers';

interface Usage {
  record_quota: number | null;
  record_usage: number;
}

/**
 * The usage answers as the official SDK models them (dns/usage/zone.ts, dns/usage/account.ts): a whole
 * number or null for the quota, a whole number for the usage; the account's may add its internal zones'.
 */
function usageShape(fields: readonly string[]) {
  return {
    parse(value: unknown): Usage {
      const v = value as Record<string, unknown>;
      expect(Object.keys(v).filter((k) => !fields.includes(k))).toEqual([]);
      expect(v.record_quota === null || Number.isInteger(v.record_quota)).toBe(true);
      expect(Number.isInteger(v.record_usage)).toBe(true);
      for (const k of fields.slice(2)) if (k in v) expect(Number.isInteger(v[k])).toBe(true);
      return v as unknown as Usage;
    },
  };
}
const ZoneUsage = usageShape(['record_quota', 'record_usage']);
const AccountUsage = usageShape(['record_quota', 'record_usage', 'internal_record_quota', 'internal_record_usage']);

const a = (name: string, i: number) => ({ type: 'A', name, content: `192.0.2.${i % 250}`, ttl: 300 });

async function fill(c: Client, zoneId: string, count: number): Promise<void> {
  const posts = Array.from({ length: count }, (_, i) => a(`h${i}`, i));
  for (let i = 0; i < posts.length; i += 200)
    result(await c.call('POST', `/zones/${zoneId}/dns_records/batch`, { posts: posts.slice(i, i + 200) }));
}

describe('record quotas and usage', () => {
  it("answers a zone's quota by plan and its usage: Free 200, Pro and Business 3,500, Enterprise the account's", async () => {
    const c = await startClient();
    try {
      const created = result<{ id: string }>(
        await c.call('POST', '/zones', { name: 'quota-new.com', account: { id: c.seed.accountId } }),
      ).id;
      const plans = { free: created, pro: c.sim.addZone({ accountId: c.seed.accountId, name: 'quota-pro.com', plan: 'pro' }).id };
      const business = c.sim.addZone({ accountId: c.seed.accountId, name: 'quota-biz.com', plan: 'business' }).id;
      c.sim.addRecord(plans.pro, a('www', 1));
      const usage = async (id: string) => ZoneUsage.parse(result(await c.call('GET', `/zones/${id}/dns_records/usage`)));
      expect(await usage(plans.free)).toEqual({ record_quota: 200, record_usage: 0 });
      expect(await usage(plans.pro)).toEqual({ record_quota: 3500, record_usage: 1 });
      expect(await usage(business)).toEqual({ record_quota: 3500, record_usage: 0 });

      const ent = c.sim.addAccount({ name: 'Big Corp', type: 'enterprise' });
      const token = c.sim.addToken({ accountIds: [ent.id] });
      const entZone = c.sim.addZone({ accountId: ent.id, name: 'quota-ent.com', plan: 'enterprise' }).id;
      c.sim.addRecord(entZone, a('www', 1));
      c.sim.addRecord(entZone, a('api', 2));
      expect(ZoneUsage.parse(result(await c.call('GET', `/zones/${entZone}/dns_records/usage`, undefined, { token })))).toEqual({
        record_quota: null,
        record_usage: 2,
      });
      expect(AccountUsage.parse(result(await c.call('GET', `/accounts/${ent.id}/dns_records/usage`, undefined, { token })))).toEqual({
        record_quota: 1_000_000,
        record_usage: 2,
      });
      // a standard account leaves the quota to each zone; its usage counts every zone's records
      expect(AccountUsage.parse(result(await c.call('GET', `/accounts/${c.seed.accountId}/dns_records/usage`)))).toEqual({
        record_quota: null,
        record_usage: 1,
      });
      await c.fail(403, 10000, 'GET', `/accounts/${ent.id}/dns_records/usage`);
    } finally {
      await c.close();
    }
  });

  it('refuses the record past the quota with 81045, alone and in a batch, and applies none of that batch', async () => {
    const c = await startClient();
    try {
      const zone = result<{ id: string }>(await c.call('POST', '/zones', { name: 'quota-full.com', account: { id: c.seed.accountId } })).id;
      await fill(c, zone, 199);
      result(await c.call('POST', `/zones/${zone}/dns_records`, a('last', 7)));
      const refused = await c.fail(400, 81045, 'POST', `/zones/${zone}/dns_records`, a('over', 8));
      expect((refused.body.errors as Array<{ message: string }>)[0]?.message).toBe('Record quota exceeded.');
      expect(c.sim.records(zone)).toHaveLength(200);

      // removals first make room for as many posts
      const ids = c.sim
        .records(zone)
        .slice(0, 2)
        .map((r) => String(r.id));
      result(
        await c.call('POST', `/zones/${zone}/dns_records/batch`, { deletes: ids.map((id) => ({ id })), posts: [a('n1', 1), a('n2', 2)] }),
      );
      expect(c.sim.records(zone)).toHaveLength(200);
      // one post too many: the whole batch, its delete included, is refused
      const ids0 = () =>
        c.sim
          .records(zone)
          .map((r) => String(r.id))
          .sort();
      const before = ids0();
      const one = String(c.sim.records(zone)[0]?.id);
      await c.fail(400, 81045, 'POST', `/zones/${zone}/dns_records/batch`, { deletes: [{ id: one }], posts: [a('n3', 3), a('n4', 4)] });
      expect(ids0()).toEqual(before);

      // an older Free zone may hold 1,000
      c.sim.setZoneRecordQuota(zone, 1000);
      result(await c.call('POST', `/zones/${zone}/dns_records`, a('over', 8)));
    } finally {
      await c.close();
    }
  });

  it("holds an Enterprise zone to its account's quota, counted over all the account's zones", async () => {
    const c = await startClient();
    try {
      const ent = c.sim.addAccount({ name: 'Big Corp', type: 'enterprise' });
      const token = c.sim.addToken({ accountIds: [ent.id] });
      const one = c.sim.addZone({ accountId: ent.id, name: 'ent-one.com', plan: 'enterprise' }).id;
      const two = c.sim.addZone({ accountId: ent.id, name: 'ent-two.com', plan: 'enterprise' }).id;
      c.sim.setAccountRecordQuota(ent.id, 3);
      c.sim.addRecord(one, a('a', 1));
      c.sim.addRecord(two, a('b', 2));
      result(await c.call('POST', `/zones/${two}/dns_records`, a('c', 3), { token }));
      await c.fail(400, 81045, 'POST', `/zones/${one}/dns_records`, a('d', 4), { token });
    } finally {
      await c.close();
    }
  });

  it('sets no quota when told not to (benchmarks of large zones)', async () => {
    const c = await startClient({ recordQuotas: false });
    try {
      const zone = result<{ id: string }>(await c.call('POST', '/zones', { name: 'no-quota.com', account: { id: c.seed.accountId } })).id;
      await fill(c, zone, 400);
      expect(ZoneUsage.parse(result(await c.call('GET', `/zones/${zone}/dns_records/usage`)))).toEqual({
        record_quota: null,
        record_usage: 400,
      });
      expect(AccountUsage.parse(result(await c.call('GET', `/accounts/${c.seed.accountId}/dns_records/usage`))).record_quota).toBeNull();
    } finally {
      await c.close();
    }
  });
});
