/**
 * Cutover check of a 1,000-record zone against loopback servers: the Cloudflare simulator (API and
 * name servers, no added latency) and a DoH resolver stub for the parent. The zone is migrated first;
 * then POST /api/cutover/check runs RUNS times and the median wall time is reported (goal: ≤ 2 s).
 *
 *   npx tsx tests/bench/cutover.ts
 */
import { CutoverEventSchema } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { startCloudflareSimulator } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { startParentResolver } from '../companion/cutover/parent-resolver';

const RUNS = 3;
const ZONE = 'bench-cutover.example';

/** The headline figures, flat. */
export interface CutoverFigures {
  records: number;
  /** Names and types asked (one query each). */
  queries: number;
  runs: number;
  matching: number;
  medianMs: number;
  maxMs: number;
}

/** 1,000 records of the usual mix: mostly A/AAAA/CNAME, some MX, TXT and SRV, a few multi-value sets. */
export function benchRecords(count = 1000): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (let i = 0; out.length < count; i++) {
    const h = `h${i}`;
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
      case 3:
        out.push({ type: 'A', name: h, content: `10.0.${(i >> 8) & 255}.${i & 255}`, ttl: 300 });
        break;
      case 4:
        out.push({ type: 'AAAA', name: h, content: `2001:db8::${i.toString(16)}`, ttl: 300 });
        break;
      case 5:
        out.push({ type: 'CNAME', name: h, content: `h${i - 5}.${ZONE}`, ttl: 300 });
        break;
      case 6:
        out.push(
          { type: 'MX', name: h, content: `mx${i}.example.net`, priority: 10, ttl: 3600 },
          { type: 'MX', name: h, content: `mx${i}b.example.net`, priority: 20, ttl: 3600 },
        );
        break;
      case 7:
        out.push({ type: 'TXT', name: h, content: `v=spf1 ip4:10.0.${i & 255}.0/24 -all`, ttl: 300 });
        break;
      case 8:
        out.push({ type: 'SRV', name: `_sip._tcp.${h}`, content: `sip${i}.example.net`, priority: 10, weight: 5, port: 5060, ttl: 300 });
        break;
      default:
        out.push({ type: 'A', name: h, content: '192.0.2.1', ttl: 300 }, { type: 'A', name: h, content: '192.0.2.2', ttl: 300 });
    }
  }
  return out.slice(0, count);
}

export async function benchCutover(): Promise<CutoverFigures> {
  const sim = await startCloudflareSimulator({ rateLimit: false, recordQuotas: false });
  const seed = seedCloudflareDemo(sim);
  const parent = await startParentResolver();
  parent.setNs(ZONE, ['ns1.oldhost.example', 'ns2.oldhost.example']);
  const app = buildApp({
    ...DEFAULTS,
    cloudflareApi: sim.url,
    dohUrl: parent.url,
    targetNs: { host: sim.dns.host, port: sim.dns.port },
    logLevel: 'warn',
  });
  try {
    await app.ready();
    const records = benchRecords();
    const body = { targetToken: seed.token, targetAccountId: seed.accountId, zones: [{ name: ZONE, records }] };
    const migrated = await app.inject({ method: 'POST', url: '/api/migrate', payload: body });
    if (!migrated.payload.includes('"failed":0'))
      throw new Error(`the bench zone did not migrate cleanly: ${migrated.payload.slice(-300)}`);
    const times: number[] = [];
    let matching = 0;
    let queries = 0;
    for (let run = 0; run < RUNS; run++) {
      const before = sim.dns.queries;
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/cutover/check', payload: body });
      times.push(performance.now() - started);
      queries = sim.dns.queries - before;
      for (const line of res.payload.split('\n').filter(Boolean)) {
        const e = CutoverEventSchema.parse(JSON.parse(line));
        if (e.type === 'zone-report') matching = e.parity.matching;
      }
    }
    times.sort((a, b) => a - b);
    return {
      records: records.length,
      queries,
      runs: RUNS,
      matching,
      medianMs: Math.round(times[Math.floor(RUNS / 2)] ?? 0),
      maxMs: Math.round(times.at(-1) ?? 0),
    };
  } finally {
    await app.close();
    await sim.close();
    await parent.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await benchCutover();
  process.stdout.write(
    `cutover check, ${f.records} records (${f.queries} queries, ${f.matching} matching): median ${f.medianMs} ms, max ${f.maxMs} ms over ${f.runs} runs\n`,
  );
}
