/**
 * The strategy most scripts use: for each record, ask whether it exists, then create it — two
 * requests per record, no batching. Honours 429 + Retry-After. To keep the benchmark short, its
 * waits are taken on a warped clock: instead of sleeping, it moves the simulator's clock forward and
 * adds the wait to the reported time (so "wall time" = real time + warped waits).
 */
export interface NaiveResult {
  requests: number;
  rateLimited: number;
  realMs: number;
  warpedWaitMs: number;
}

export async function naiveMigrate(opts: {
  apiUrl: string;
  token: string;
  accountId: string;
  zone: string;
  records: Array<{ type: string; name: string; content: string; ttl: number }>;
  warp: (ms: number) => void;
}): Promise<NaiveResult> {
  const started = performance.now();
  let requests = 0;
  let rateLimited = 0;
  let warpedWaitMs = 0;
  const call = async (method: string, path: string, body?: unknown): Promise<{ result: unknown }> => {
    for (;;) {
      requests++;
      const res = await fetch(opts.apiUrl + path, {
        method,
        headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { result: unknown };
      if (res.status === 429) {
        rateLimited++;
        const wait = Number(res.headers.get('retry-after') ?? '1') * 1000;
        warpedWaitMs += wait;
        opts.warp(wait);
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
      return json;
    }
  };
  const zone = (await call('POST', '/zones', { name: opts.zone, account: { id: opts.accountId }, type: 'full' })).result as { id: string };
  for (const r of opts.records) {
    const name = r.name === '@' ? opts.zone : `${r.name}.${opts.zone}`;
    const q = new URLSearchParams({ type: r.type, name, content: r.content });
    const found = (await call('GET', `/zones/${zone.id}/dns_records?${q}`)).result as unknown[];
    if (found.length === 0) await call('POST', `/zones/${zone.id}/dns_records`, { ...r, name });
  }
  return { requests, rateLimited, realMs: performance.now() - started, warpedWaitMs };
}
