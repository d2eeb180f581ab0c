/**
 * Migrations under a latency model of a remote API: every request to the simulated Cloudflare
 * waits 120 ms, plus 3 ms per record of a batch (a model, not a measurement of Cloudflare), behind
 * the latency proxy, with the real rate limit (1,200 requests / 5 min per token) on. The companion
 * runs as people run it, in its own process, with DNSFERRY_CONCURRENCY = K. The proxy counts the
 * requests in flight at once, so a companion that ignores K shows it: such a run is stopped early
 * and reported as "one in flight" rather than measured for minutes.
 */
import { ENDPOINTS, MigrateEventSchema, type MigrateEvent } from '@dnsferry/shared';
import { startCloudflareSimulator } from '@dnsferry/companion/sandbox/cloudflare/index';
import { startLatencyProxy, type LatencyModel } from '@dnsferry/companion/sandbox/cloudflare/latency';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { spawnCompanion } from './companion-process';

export const MODEL: LatencyModel = { perRequestMs: 120, perRecordMs: 3 };

export interface ModelRun {
  label: string;
  k: number;
  /** Requests the target received, and how many of them were refused with 429. */
  requests: number;
  rateLimited: number;
  peakInFlight: number;
  wallMs: number;
  /** The companion kept one request in flight although K > 1: the run was stopped. */
  serial: boolean;
  /** A second, identical migration of the same zones (a re-run): its requests by route. */
  rerun?: { requests: number; byRoute: Record<string, number>; wallMs: number; skipped: number };
}

export function hosts(n: number, prefix = 'h') {
  return Array.from({ length: n }, (_, i) => ({
    type: 'A',
    name: `${prefix}${i}`,
    content: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    ttl: 300,
  }));
}

type Done = Extract<MigrateEvent, { type: 'done' }>;

/** Requests after which a companion asked for K > 1 must have had two in flight. */
const SERIAL_PROBE = 12;

/**
 * POSTs to one of the companion's streaming endpoints (migrate, undo) and reads the stream to its
 * end, each line checked against the shared schema. `watch` returning true stops the run early.
 */
export async function streamRun(
  url: string,
  path: string,
  body: string,
  watch?: () => boolean,
): Promise<{ wallMs: number; events: MigrateEvent[]; done: Done | undefined; stopped: boolean }> {
  const ac = new AbortController();
  let stopped = false;
  const timer = watch
    ? setInterval(() => {
        if (watch()) {
          stopped = true;
          ac.abort();
        }
      }, 50)
    : undefined;
  const started = performance.now();
  try {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: ac.signal,
    });
    const text = await res.text();
    const wallMs = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 500)}`);
    const events = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => MigrateEventSchema.parse(JSON.parse(line)));
    const last = events.at(-1);
    return { wallMs, events, done: last?.type === 'done' ? last : undefined, stopped };
  } catch (err) {
    if (stopped) return { wallMs: performance.now() - started, events: [], done: undefined, stopped };
    throw err;
  } finally {
    clearInterval(timer);
  }
}

/**
 * The simulated Cloudflare (rate limit on) behind the latency proxy, and a companion in its own
 * process with DNSFERRY_CONCURRENCY = K in front of them.
 */
export async function startModelStack(k: number) {
  const sim = await startCloudflareSimulator({ recordQuotas: false });
  const seed = seedCloudflareDemo(sim);
  const proxy = await startLatencyProxy(sim.url, MODEL);
  const closeBackends = async () => {
    await proxy.close();
    await sim.close();
  };
  let companion: Awaited<ReturnType<typeof spawnCompanion>>;
  try {
    companion = await spawnCompanion({ DNSFERRY_CLOUDFLARE_API: proxy.url, DNSFERRY_CONCURRENCY: String(k) });
  } catch (err) {
    await closeBackends();
    throw err;
  }
  return {
    sim,
    seed,
    proxy,
    companion,
    /** Counts afresh at the simulator and at the proxy (requests, routes, the peak in flight). */
    resetCounters() {
      sim.resetCounters();
      proxy.resetCounters();
    },
    async close() {
      await companion.stop();
      await closeBackends();
    },
  };
}

/**
 * One migration under the model. `zones`: one zone of n records (created by the migration), or
 * `existing` zones of `perZone` records each, added at the target beforehand.
 */
export async function modelRun(opts: {
  label: string;
  k: number;
  zones: Array<{ name: string; records: ReturnType<typeof hosts> }>;
  existing?: boolean;
  rerun?: boolean;
}): Promise<ModelRun> {
  const stack = await startModelStack(opts.k);
  const { sim, seed, proxy, companion } = stack;
  try {
    if (opts.existing) for (const z of opts.zones) sim.addZone({ accountId: seed.accountId, name: z.name });
    const body = JSON.stringify({ targetToken: seed.token, targetAccountId: seed.accountId, zones: opts.zones });
    const sent = opts.zones.reduce((n, z) => n + z.records.length, 0);
    stack.resetCounters();
    const watch = opts.k > 1 ? () => proxy.requests >= SERIAL_PROBE && proxy.peakInFlight <= 1 : undefined;
    const first = await streamRun(companion.url, ENDPOINTS.migrate, body, watch);
    const run: ModelRun = {
      label: opts.label,
      k: opts.k,
      requests: sim.counters.total,
      rateLimited: sim.counters.rejected429,
      peakInFlight: proxy.peakInFlight,
      wallMs: first.wallMs,
      serial: first.stopped,
    };
    if (first.stopped) return run;
    const created = first.done?.results.reduce((n, r) => n + r.created, 0) ?? -1;
    const held = opts.zones.reduce((n, z) => n + (sim.zoneByName(z.name) ? sim.records(sim.zoneByName(z.name)!.id).length : 0), 0);
    if (first.done?.type !== 'done' || created !== sent || held !== sent)
      throw new Error(`${opts.label} (K=${opts.k}) did not land every record: created ${created}, held ${held} of ${sent}`);
    if (opts.rerun) {
      sim.resetCounters();
      const again = await streamRun(companion.url, ENDPOINTS.migrate, body);
      const skipped = again.done?.results.reduce((n, r) => n + r.skipped, 0) ?? -1;
      if (again.done?.type !== 'done' || skipped !== sent)
        throw new Error(`re-run of ${opts.label} did not skip every record (${skipped} of ${sent})`);
      run.rerun = { requests: sim.counters.total, byRoute: { ...sim.counters.byRoute }, wallMs: again.wallMs, skipped };
    }
    return run;
  } finally {
    await stack.close();
  }
}

export interface ModelBench {
  oneZone: ModelRun[];
  manyZones: ModelRun[];
}

/** 10k and 50k records into one zone, and 100 existing zones × 30 records, at each K; the re-run at 50k once. */
export async function measureModel(ks: number[], sizes: number[] = [10_000, 50_000], zoneCount = 100): Promise<ModelBench> {
  const oneZone: ModelRun[] = [];
  const manyZones: ModelRun[] = [];
  const largest = Math.max(...sizes);
  for (const n of sizes) {
    for (const k of ks) {
      // the re-run is measured once, after the first K's migration of the largest zone
      const rerun = n === largest && k === ks[0];
      oneZone.push(
        await modelRun({
          label: `${n.toLocaleString('en')} records, 1 zone`,
          k,
          zones: [{ name: `model${n}.example`, records: hosts(n) }],
          rerun,
        }),
      );
    }
  }
  const zones = Array.from({ length: zoneCount }, (_, i) => ({ name: `z${i}.model.example`, records: hosts(30) }));
  for (const k of ks) manyZones.push(await modelRun({ label: `${zoneCount} existing zones × 30 records`, k, zones, existing: true }));
  return { oneZone, manyZones };
}

const fmtS = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function formatModel(bench: ModelBench): string[] {
  const lines = [
    `Migrations under the latency model (${MODEL.perRequestMs} ms per request + ${MODEL.perRecordMs} ms per batch record; rate limit on; batches of 200):`,
  ];
  lines.push('workload                          |  K | wall time | target requests | 429s | most in flight');
  for (const r of [...bench.oneZone, ...bench.manyZones]) {
    const wall = r.serial ? 'not run' : fmtS(r.wallMs);
    const note = r.serial ? `  (companion keeps 1 in flight: K not supported; stopped after ${SERIAL_PROBE} requests)` : '';
    lines.push(
      `${r.label.padEnd(33)} | ${String(r.k).padStart(2)} | ${wall.padStart(9)} | ${String(r.serial ? '–' : r.requests).padStart(15)} | ${String(r.serial ? '–' : r.rateLimited).padStart(4)} | ${String(r.peakInFlight).padStart(14)}${note}`,
    );
  }
  const rerun = bench.oneZone.find((r) => r.rerun);
  if (rerun?.rerun) {
    const routes = Object.entries(rerun.rerun.byRoute)
      .map(([k, v]) => `${v} × ${k}`)
      .join(', ');
    lines.push(
      `Re-run of the finished ${rerun.label.replace(', 1 zone', '')} zone (K=${rerun.k}): ${rerun.rerun.requests} target requests (${routes}), ${rerun.rerun.skipped.toLocaleString('en')} skipped, ${fmtS(rerun.rerun.wallMs)}`,
    );
  }
  return lines;
}
