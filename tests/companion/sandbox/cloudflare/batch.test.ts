import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectView, result, startClient, type Client } from './helpers';

type Rec = { id: string; name: string; type: string; content: string; ttl: number; proxied: boolean };
type BatchResult = { deletes: Rec[]; patches: Rec[]; puts: Rec[]; posts: Rec[] };

describe('batch endpoint', () => {
  let c: Client;
  beforeAll(async () => {
    c = await startClient();
  });
  afterAll(() => c.close());
  const batch = (zoneId: string, body: unknown) => c.call('POST', `/zones/${zoneId}/dns_records/batch`, body);

  it('applies deletes → patches → puts → posts and returns full records per list', async () => {
    const zoneId = await c.zone('order.example');
    const a = c.sim.addRecord(zoneId, { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 }) as Rec;
    const b = c.sim.addRecord(zoneId, { type: 'A', name: 'api', content: '192.0.2.2', ttl: 300 }) as Rec;
    const d = c.sim.addRecord(zoneId, { type: 'TXT', name: 'txt', content: 'old', ttl: 300 }) as Rec;
    // Deleting the A record first lets a CNAME take its name in the same batch (no 81053).
    const res = await batch(zoneId, {
      posts: [{ type: 'CNAME', name: 'www', content: 'edge.example.net', ttl: 1, proxied: true }],
      puts: [{ id: d.id, type: 'TXT', name: 'txt', content: 'new', ttl: 600 }],
      patches: [{ id: b.id, content: '192.0.2.3' }],
      deletes: [{ id: a.id }],
    });
    expect(res.status).toBe(200);
    expectView('POST /zones/{zone_id}/dns_records/batch', res.body);
    const r = result<BatchResult>(res);
    expect(r.deletes.map((x) => x.id)).toEqual([a.id]);
    expect(r.deletes[0]).toMatchObject({ type: 'A', content: '192.0.2.1' });
    expect(r.patches[0]).toMatchObject({ id: b.id, content: '192.0.2.3', ttl: 300 });
    expect(r.puts[0]).toMatchObject({ id: d.id, content: 'new', ttl: 600 });
    expect(r.posts[0]).toMatchObject({ type: 'CNAME', name: 'www.order.example', proxied: true, ttl: 1 });
    expect(
      c.sim
        .records(zoneId)
        .map((x) => `${x.type} ${x.name} ${x.content}`)
        .sort(),
    ).toEqual(['A api.order.example 192.0.2.3', 'CNAME www.order.example edge.example.net', 'TXT txt.order.example new']);
  });

  it('is all-or-nothing: one bad item → nothing applied, 400 with only the first error', async () => {
    const zoneId = await c.zone('atomic.example');
    const keep = c.sim.addRecord(zoneId, { type: 'A', name: 'keep', content: '192.0.2.1', ttl: 300 }) as Rec;
    const before = JSON.stringify(c.sim.records(zoneId));
    const res = await batch(zoneId, {
      deletes: [{ id: keep.id }],
      posts: [
        { type: 'A', name: 'ok1', content: '192.0.2.10', ttl: 300 },
        { type: 'A', name: 'bad', content: 'not-an-ip', ttl: 300 },
        { type: 'A', name: 'bad2', content: '192.0.2.11', ttl: 5 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: 9005, message: 'Content for A record must be a valid IPv4 address.' }]);
    expect(res.body.result).toBeNull();
    expect(JSON.stringify(c.sim.records(zoneId))).toBe(before);
  });

  it('conflicts inside one batch are seen (second identical post fails, the first is undone)', async () => {
    const zoneId = await c.zone('inner.example');
    const res = await batch(zoneId, {
      posts: [
        { type: 'TXT', name: 'x', content: 'same', ttl: 300 },
        { type: 'TXT', name: 'x', content: 'same', ttl: 300 },
      ],
    });
    expect(res.status).toBe(400);
    expect((res.body.errors as Array<{ code: number }>)[0]?.code).toBe(81058);
    expect(c.sim.records(zoneId)).toEqual([]);
  });

  it('unknown ids in deletes/patches fail the whole batch (as 400)', async () => {
    const zoneId = await c.zone('unknown-id.example');
    c.sim.addRecord(zoneId, { type: 'A', name: 'a', content: '192.0.2.1', ttl: 300 });
    const res = await batch(zoneId, { deletes: [{ id: 'f'.repeat(32) }] });
    expect(res.status).toBe(400);
    expect((res.body.errors as Array<{ code: number }>)[0]?.code).toBe(81044);
    expect(c.sim.records(zoneId)).toHaveLength(1);
    await c.fail(400, 9207, 'POST', `/zones/${zoneId}/dns_records/batch`, { posts: 'nope' });
  });

  it('plan limit: 200 operations on Free, 3,500 on paid plans; a batch counts as one request', async () => {
    const free = await c.zone('free.example');
    const posts = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ type: 'A', name: `h${i}`, content: `10.0.${Math.floor(i / 250)}.${i % 250}`, ttl: 300 }));
    const tooMany = await batch(free, { posts: posts(201) });
    expect(tooMany.status).toBe(400);
    expect((tooMany.body.errors as Array<{ message: string }>)[0]?.message).toMatch(/201 operations.*limit.*200/);
    expect(c.sim.records(free)).toEqual([]);
    c.sim.resetCounters();
    expect((await batch(free, { posts: posts(200) })).status).toBe(200);
    expect(c.sim.counters.total).toBe(1);
    expect(c.sim.counters.byRoute['POST /zones/:id/dns_records/batch']).toBe(1);
    expect(c.sim.counters.writes).toBe(1);

    const pro = c.sim.addZone({ accountId: c.seed.accountId, name: 'paid.example', plan: 'pro' }).id;
    expect((await batch(pro, { posts: posts(3500) })).status).toBe(200);
    expect(c.sim.records(pro)).toHaveLength(3500);
    expect((await batch(pro, { posts: posts(3501) })).status).toBe(400);
  });

  it('defaultBatchLimit applies to Free zones', async () => {
    const c2 = await startClient({ defaultBatchLimit: 3 });
    try {
      const z = await c2.zone('small.example');
      const res = await c2.call('POST', `/zones/${z}/dns_records/batch`, {
        posts: [1, 2, 3, 4].map((i) => ({ type: 'TXT', name: `t${i}`, content: 'x', ttl: 300 })),
      });
      expect(res.status).toBe(400);
    } finally {
      await c2.close();
    }
  });
});
