/**
 * `pnpm bench`: figures for the README and the closing notes. Everything runs on loopback against
 * the simulators (Cloudflare: 30 ms added latency per request, the 1,200 requests / 5 min limiter on;
 * and the latency model of ./model.ts), the DoH scan against unbound + dnsdist.
 *
 *   pnpm bench                          every section (several minutes: the model runs at K = 1 are slow by design)
 *   pnpm bench -- --only=model,scan     some sections: engine, goals, naive, model, mirror, scan, deepscan, discovery, zonefile, stall, cutover, popup
 *   pnpm bench -- --only=goals --before=<folder of an earlier companion build>   the goals beside an earlier build
 *   pnpm bench -- --k=1,4,8             the K values of the model and mirror sections (default 1,4,8)
 *   pnpm bench -- --sizes=10000,50000 --zones=100   its one-zone sizes and its number of 30-record zones
 *   DNSFERRY_BENCH_ZONES=<folder> pnpm bench -- --only=discovery   scans of real zones (./discovery.ts for its options)
 */
import os from 'node:os';
import { startCloudflareSimulator } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { spawnCompanion } from './companion-process';
import { formatMirror, measureMirror } from './mirror';
import { formatModel, hosts, measureModel } from './model';
import { naiveMigrate } from './naive';
import { readPopupFigures } from './popup';
import { benchCutover } from './cutover';
import { benchScan } from './scan';
import { discoveryOptionsFromArgs, formatDiscoveryBench, measureDiscovery } from './discovery';
import { formatScanLatency, measureScanLatency } from './scan-latency';
import { formatDeepScan, measureDeepScan } from './deep-scan';
import { benchZoneFile } from './zone-file';
import { formatStall, measureStall } from './stall';
import { formatGoals, measureGoals } from './goals';

const SECTIONS = [
  'engine',
  'goals',
  'naive',
  'model',
  'mirror',
  'scan',
  'deepscan',
  'discovery',
  'zonefile',
  'stall',
  'cutover',
  'popup',
] as const;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = new Set(arg('only')?.split(',') ?? SECTIONS);
const ks = (arg('k') ?? '1,4,8').split(',').map(Number);
const sizes = (arg('sizes') ?? '10000,50000').split(',').map(Number);
const zoneCount = Number(arg('zones') ?? 100);
for (const s of only)
  if (!(SECTIONS as readonly string[]).includes(s)) throw new Error(`unknown section ${s}: one of ${SECTIONS.join(', ')}`);

const LATENCY_MS = 30;

async function simulator() {
  let offset = 0;
  const sim = await startCloudflareSimulator({ latencyMs: LATENCY_MS, now: () => Date.now() + offset, recordQuotas: false });
  const seed = seedCloudflareDemo(sim);
  return { sim, seed, warp: (ms: number) => (offset += ms) };
}

async function engineRun(n: number) {
  const { sim, seed } = await simulator();
  const companion = await spawnCompanion({ DNSFERRY_CLOUDFLARE_API: sim.url });
  try {
    const body = JSON.stringify({
      targetToken: seed.token,
      targetAccountId: seed.accountId,
      zones: [{ name: `bench${n}.example`, records: hosts(n) }],
    });
    sim.resetCounters();
    const started = performance.now();
    const res = await fetch(`${companion.url}/api/migrate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await res.text();
    const wallMs = performance.now() - started;
    const last = JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as {
      type: string;
      results?: Array<{ created: number; failed: number }>;
    };
    const zone = sim.zoneByName(`bench${n}.example`);
    const held = zone ? sim.records(zone.id).length : 0;
    if (last.type !== 'done' || last.results?.[0]?.created !== n || held !== n)
      throw new Error(`engine run of ${n} did not land every record`);
    return {
      n,
      requests: sim.counters.total,
      rateLimited: sim.counters.rejected429,
      wallMs,
      peakRssMb: companion.peakRssMb(),
      startupMs: companion.startupMs,
      events: text.split('\n').length - 1,
    };
  } finally {
    await companion.stop();
    await sim.close();
  }
}

async function naiveRun(n: number) {
  const { sim, seed, warp } = await simulator();
  try {
    const rssBefore = process.memoryUsage().rss;
    const r = await naiveMigrate({
      apiUrl: sim.url,
      token: seed.token,
      accountId: seed.accountId,
      zone: `naive${n}.example`,
      records: hosts(n),
      warp,
    });
    const zone = sim.zoneByName(`naive${n}.example`);
    if (!zone || sim.records(zone.id).length !== n) throw new Error('naive run did not land every record');
    return { ...r, n, rssDeltaMb: (process.memoryUsage().rss - rssBefore) / 2 ** 20 };
  } finally {
    await sim.close();
  }
}

const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const out = (s = '') => process.stdout.write(`${s}\n`);

out(`dnsferry benchmark — ${new Date().toISOString()}`);
out(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
out();

if (only.has('engine')) {
  const engine: Array<Awaited<ReturnType<typeof engineRun>>> = [];
  for (const n of [1000, 10_000, 50_000]) engine.push(await engineRun(n));
  out(
    `Migration into a new zone (companion in its own process; simulated target on loopback: ${LATENCY_MS} ms per request, rate limit 1,200 requests / 5 min per token, batch limit 200, Free plan):`,
  );
  out('records  | target requests | 429s | wall time | peak RSS  | start-up');
  for (const e of engine) {
    out(
      `${String(e.n).padStart(8)} | ${String(e.requests).padStart(15)} | ${String(e.rateLimited).padStart(4)} | ${fmtS(e.wallMs).padStart(9)} | ${e.peakRssMb.toFixed(0).padStart(5)} MB  | ${e.startupMs.toFixed(0)} ms`,
    );
  }
  if (only.has('naive')) {
    const naive = await naiveRun(1000);
    out();
    out('Naive strategy (per record: look up, then create), same simulator settings, 1,000 records:');
    out(`  target requests ${naive.requests}, 429 answers ${naive.rateLimited}`);
    out(
      `  wall time ${fmtS(naive.realMs + naive.warpedWaitMs)} = ${fmtS(naive.realMs)} measured + ${fmtS(naive.warpedWaitMs)} of Retry-After waits taken on a warped limiter clock`,
    );
    const e1 = engine[0]!;
    out(
      `  engine vs naive at 1,000: ${(naive.requests / e1.requests).toFixed(0)}× fewer requests, ${((naive.realMs + naive.warpedWaitMs) / e1.wallMs).toFixed(0)}× less wall time`,
    );
    const e10 = engine[1]!;
    const naive10Requests = 2 * 10_000 + 1;
    const naive10Ms = naive10Requests * LATENCY_MS + Math.floor(naive10Requests / 1200) * 300_000;
    out(
      `  projected naive at 10,000 (not run: ${naive10Requests} requests): ≥ ${fmtS(naive10Ms)} → engine ${(naive10Requests / e10.requests).toFixed(0)}× fewer requests, ≥ ${(naive10Ms / e10.wallMs).toFixed(0)}× less time`,
    );
  }
  out();
}

if (only.has('goals')) {
  const before = arg('before');
  for (const line of formatGoals(await measureGoals(before ? { before } : {}))) out(line);
  out();
}

if (only.has('model')) {
  for (const line of formatModel(await measureModel(ks, sizes, zoneCount))) out(line);
  out();
}

if (only.has('mirror')) {
  for (const line of formatMirror(await measureMirror(ks))) out(line);
  out();
}

if (only.has('scan')) {
  try {
    out('DNS scan against the local DoH server (unbound + dnsdist), in this process:');
    const figures = await benchScan();
    for (const [k, v] of Object.entries(figures))
      out(`  ${k}: ${typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(1) : String(v)}`);
    out();
    for (const line of formatScanLatency(await measureScanLatency())) out(line);
  } catch (err) {
    out(`scan benchmark unavailable: ${(err as Error).message}`);
  }
  out();
}

if (only.has('deepscan')) {
  try {
    for (const line of formatDeepScan(await measureDeepScan())) out(line);
  } catch (err) {
    out(`deep scan benchmark unavailable: ${(err as Error).message}`);
  }
  out();
}

if (only.has('discovery')) {
  const parsed = discoveryOptionsFromArgs();
  if ('missing' in parsed) out(`discovery benchmark skipped: ${parsed.missing}`);
  else for (const line of formatDiscoveryBench(await measureDiscovery(parsed.options), parsed.options.delayMs)) out(line);
  out();
}

/** Flat figures, one per line, as the section's own module returns them. */
function flat(figures: object): void {
  for (const [k, v] of Object.entries(figures)) out(`  ${k}: ${typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(1) : String(v)}`);
}

if (only.has('zonefile')) {
  out('Zone-file reading (parseZoneFile, the popup and zoneFile both use it), a generated 100,000-line zone, next to BIND:');
  flat(benchZoneFile());
  out();
}

if (only.has('stall')) {
  for (const line of formatStall(await measureStall())) out(line);
  out();
}

if (only.has('cutover')) {
  out('Cutover check of a 1,000-record zone against the simulator on loopback:');
  flat(await benchCutover());
  out();
}

if (only.has('popup')) {
  for (const line of readPopupFigures()) out(line);
}
