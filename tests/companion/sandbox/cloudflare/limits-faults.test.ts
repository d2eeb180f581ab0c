import { describe, expect, it } from 'vitest';
import { ERROR_VIEW, expectView, result, startClient } from './helpers';

describe('rate limiter (injected clock)', () => {
  it('blocks for a whole window once the limit is exceeded, with Retry-After and code 971, then recovers', async () => {
    let t = 1_000_000;
    const c = await startClient({ rateLimit: { limit: 5, windowMs: 10_000 }, now: () => t });
    try {
      for (let i = 0; i < 5; i++) {
        const a = await c.call('GET', '/accounts');
        expect(a.status).toBe(200);
        expect(a.headers.get('ratelimit')).toBe(`"default";r=${4 - i};t=10`);
        expect(a.headers.get('ratelimit-policy')).toBe('"default";q=5;w=10');
        t += 100;
      }
      const blocked = await c.fail(429, 971, 'GET', '/accounts');
      expect(blocked.headers.get('retry-after')).toBe('10');
      expect((blocked.body.errors as Array<{ message: string }>)[0]?.message).toBe(
        'Please wait and consider throttling your request speed',
      );
      expect(blocked.headers.get('ratelimit')).toBe('"default";r=0;t=10');
      // Still blocked half-way through, although the first requests have left the window by then.
      t += 9_500;
      const still = await c.fail(429, 971, 'GET', '/zones');
      expect(still.headers.get('retry-after')).toBe('1');
      // Another token has its own budget.
      const other = c.sim.addToken({ accountIds: [c.seed.accountId] });
      expect((await c.call('GET', '/accounts', undefined, { token: other })).status).toBe(200);
      t += 600;
      expect((await c.call('GET', '/accounts')).status).toBe(200);
      expect(c.sim.counters.rejected429).toBe(2);
    } finally {
      await c.close();
    }
  });

  it('is a sliding window: requests leave it one by one', async () => {
    let t = 0;
    const c = await startClient({ rateLimit: { limit: 3, windowMs: 10_000 }, now: () => t });
    try {
      for (const at of [0, 4_000, 8_000]) {
        t = at;
        expect((await c.call('GET', '/accounts')).status).toBe(200);
      }
      t = 10_001; // the request at 0 has left the window
      const a = await c.call('GET', '/accounts');
      expect(a.status).toBe(200);
      expect(a.headers.get('ratelimit')).toBe('"default";r=0;t=4');
    } finally {
      await c.close();
    }
  });

  it('defaults to 1,200 per 300 s; a batch counts once', async () => {
    const c = await startClient({ rateLimit: undefined });
    try {
      const a = await c.call('GET', '/accounts');
      expect(a.headers.get('ratelimit')).toBe('"default";r=1199;t=300');
      const z = await c.zone('rl.example');
      const b = await c.call('POST', `/zones/${z}/dns_records/batch`, {
        posts: Array.from({ length: 50 }, (_, i) => ({ type: 'TXT', name: `t${i}`, content: 'x', ttl: 300 })),
      });
      expect(b.headers.get('ratelimit')).toBe('"default";r=1198;t=300');
    } finally {
      await c.close();
    }
  });
});

describe('fault injection', () => {
  it('429 with Retry-After and code 971', async () => {
    const c = await startClient({ seed: 7 });
    try {
      c.sim.setFaults({ rate429: 1, retryAfterSeconds: 3 });
      const a = await c.fail(429, 971, 'GET', '/zones');
      expect(a.headers.get('retry-after')).toBe('3');
      expect(c.sim.counters).toMatchObject({ rejected429: 1, faultsInjected: 1 });
    } finally {
      await c.close();
    }
  });

  it('5xx, spurious 403 and the HTML 502 page', async () => {
    const c = await startClient({ seed: 7 });
    try {
      c.sim.setFaults({ rate5xx: 1 });
      for (let i = 0; i < 6; i++) {
        const a = await c.call('GET', '/zones');
        expect([500, 502, 503]).toContain(a.status);
        expectView(ERROR_VIEW, a.body);
      }
      c.sim.setFaults({ spurious403: 1 });
      await c.fail(403, 10000, 'GET', '/zones');
      c.sim.setFaults({ html502: 1 });
      const res = await fetch(`${c.sim.url}/zones`, { headers: { Authorization: `Bearer ${c.seed.token}` } });
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<!DOCTYPE html>');
      c.sim.setFaults({});
      expect((await c.call('GET', '/zones')).status).toBe(200);
    } finally {
      await c.close();
    }
  });

  it('reset destroys the connection; nothing is applied', async () => {
    const c = await startClient();
    try {
      const z = await c.zone('reset.example');
      c.sim.setFaults({ rateReset: 1 });
      await expect(c.call('POST', `/zones/${z}/dns_records`, { type: 'A', name: 'a', content: '192.0.2.1', ttl: 300 })).rejects.toThrow();
      expect(c.sim.records(z)).toEqual([]);
      expect(c.sim.requestLog.at(-1)).toMatchObject({ method: 'POST', status: 0 });
    } finally {
      await c.close();
    }
  });

  it('timeout holds the socket until the client gives up, and close() does not leak it', async () => {
    const c = await startClient();
    c.sim.setFaults({ rateTimeout: 1 });
    const started = Date.now();
    await expect(
      fetch(`${c.sim.url}/zones`, { headers: { Authorization: `Bearer ${c.seed.token}` }, signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // A second held request is still open when the simulator closes.
    const pending = fetch(`${c.sim.url}/zones`, { headers: { Authorization: `Bearer ${c.seed.token}` } }).then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((r) => setTimeout(r, 50));
    const closeStarted = Date.now();
    await c.close();
    expect(Date.now() - closeStarted).toBeLessThan(2_000);
    expect(await pending).toBe('failed');
  });

  it('commit-then-fail applies the write, then answers 502 or resets (writes only)', async () => {
    const c = await startClient({ seed: 3 });
    try {
      const z = await c.zone('commit.example');
      c.sim.setFaults({ rateCommitThenFail: 1 });
      expect((await c.call('GET', `/zones/${z}/dns_records`)).status).toBe(200);
      const outcomes: string[] = [];
      for (let i = 0; i < 8; i++) {
        const o = await c.call('POST', `/zones/${z}/dns_records`, { type: 'A', name: `h${i}`, content: '192.0.2.1', ttl: 300 }).then(
          (a) => String(a.status),
          () => 'reset',
        );
        outcomes.push(o);
      }
      expect(new Set(outcomes)).toEqual(new Set(['502', 'reset']));
      expect(c.sim.records(z)).toHaveLength(8);
      expect(c.sim.counters.writes).toBe(8);
      // A retry of a committed write meets the duplicate.
      c.sim.setFaults({});
      await c.fail(400, 81058, 'POST', `/zones/${z}/dns_records`, { type: 'A', name: 'h0', content: '192.0.2.1', ttl: 300 });
      // Batches too: the whole batch was committed.
      c.sim.setFaults({ rateCommitThenFail: 1 });
      await c
        .call('POST', `/zones/${z}/dns_records/batch`, { posts: [{ type: 'TXT', name: 'b', content: 'x', ttl: 300 }] })
        .catch(() => undefined);
      expect(c.sim.records(z)).toHaveLength(9);
    } finally {
      await c.close();
    }
  });

  it('only: reads / writes restricts the faults', async () => {
    const c = await startClient();
    try {
      const z = await c.zone('only.example');
      c.sim.setFaults({ rate5xx: 1, only: 'reads' });
      expect((await c.call('POST', `/zones/${z}/dns_records`, { type: 'A', name: 'a', content: '192.0.2.1', ttl: 300 })).status).toBe(200);
      expect((await c.call('GET', `/zones/${z}/dns_records`)).status).toBeGreaterThanOrEqual(500);
      c.sim.setFaults({ rate5xx: 1, only: 'writes' });
      expect((await c.call('GET', `/zones/${z}/dns_records`)).status).toBe(200);
      expect(
        (await c.call('POST', `/zones/${z}/dns_records`, { type: 'A', name: 'b', content: '192.0.2.1', ttl: 300 })).status,
      ).toBeGreaterThanOrEqual(500);
      expect(c.sim.records(z)).toHaveLength(1);
    } finally {
      await c.close();
    }
  });

  it('is deterministic for a seed', async () => {
    const run = async (seed: number) => {
      const c = await startClient({ seed });
      try {
        c.sim.setFaults({ rate5xx: 0.5 });
        const statuses: number[] = [];
        for (let i = 0; i < 20; i++) statuses.push((await c.call('GET', '/zones')).status);
        return statuses;
      } finally {
        await c.close();
      }
    };
    const a = await run(42);
    expect(await run(42)).toEqual(a);
    expect(a.some((s) => s === 200) && a.some((s) => s >= 500)).toBe(true);
  });

  it('latencyMs delays every answer', async () => {
    const c = await startClient({ latencyMs: 80 });
    try {
      const t0 = Date.now();
      await c.call('GET', '/accounts');
      expect(Date.now() - t0).toBeGreaterThanOrEqual(75);
    } finally {
      await c.close();
    }
  });
});

describe('held writes', () => {
  it('lets the first writes through, holds the rest unapplied while reads go on, and applies them on release', async () => {
    const c = await startClient();
    try {
      const z = await c.zone('held.example');
      const release = c.sim.holdWrites(1);
      const add = (name: string) => c.call('POST', `/zones/${z}/dns_records`, { type: 'A', name, content: '192.0.2.1', ttl: 300 });
      expect((await add('first')).status).toBe(200);
      let settled = false;
      const second = add('second').finally(() => (settled = true));
      // the request has reached the simulator once it is counted
      while (c.sim.counters.byRoute['POST /zones/:id/dns_records'] !== 2) await new Promise((r) => setImmediate(r));
      expect((await c.call('GET', `/zones/${z}/dns_records`)).status).toBe(200);
      expect(settled).toBe(false);
      expect(c.sim.records(z).map((r) => r.name)).toEqual(['first.held.example']);
      release();
      expect((await second).status).toBe(200);
      expect(
        c.sim
          .records(z)
          .map((r) => r.name)
          .sort(),
      ).toEqual(['first.held.example', 'second.held.example']);
      // released for good: the next write is not held
      expect((await add('third')).status).toBe(200);
    } finally {
      await c.close();
    }
  });

  it('close() answers nothing to a held write and does not hang', async () => {
    const c = await startClient();
    const z = await c.zone('held-close.example');
    c.sim.holdWrites();
    const pending = c.call('POST', `/zones/${z}/dns_records`, { type: 'A', name: 'a', content: '192.0.2.1', ttl: 300 }).then(
      () => 'answered',
      () => 'failed',
    );
    while (c.sim.counters.total < 1) await new Promise((r) => setImmediate(r));
    await c.close();
    expect(await pending).toBe('failed');
    expect(c.sim.records(z)).toEqual([]);
  });
});

describe('scale', () => {
  // how fast is the bench's question (tests/bench); a time limit here failed whenever the machine was busy
  it('50,000 records: batch import, paging, name lookups', async () => {
    const c = await startClient();
    try {
      const z = c.sim.addZone({ accountId: c.seed.accountId, name: 'big.example', plan: 'enterprise' }).id;
      for (let b = 0; b < 50_000 / 3500 + 1; b++) {
        const posts = [];
        for (let i = b * 3500; i < Math.min(50_000, (b + 1) * 3500); i++)
          posts.push({ type: 'A', name: `host${i}`, content: `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, ttl: 300 });
        if (posts.length === 0) break;
        expect((await c.call('POST', `/zones/${z}/dns_records/batch`, { posts })).status).toBe(200);
      }
      const seen = new Set<string>();
      for (let page = 1; ; page++) {
        const a = await c.call('GET', `/zones/${z}/dns_records?per_page=5000&page=${page}`);
        const rows = a.body.result as Array<{ id: string }>;
        if (rows.length === 0) break;
        for (const r of rows) seen.add(r.id);
      }
      expect(seen.size).toBe(50_000);
      for (let i = 0; i < 300; i++) {
        const hit = result<Array<{ content: string }>>(
          await c.call('GET', `/zones/${z}/dns_records?name.exact=host${i * 97}.big.example&type=A`),
        );
        expect(hit).toHaveLength(1);
      }
      // Small pages over the whole zone reuse the sorted order instead of re-sorting per request.
      for (let page = 1; page <= 100; page++) expect((await c.call('GET', `/zones/${z}/dns_records?page=${page}`)).status).toBe(200);
    } finally {
      await c.close();
    }
  });
});
