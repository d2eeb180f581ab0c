/**
 * Mirror with prune of a drifted 10,000-record zone, the undo of that run, and a second identical
 * mirror, under the latency model of ./model.ts (the companion in its own process at each K). The
 * zone is seeded in the simulator directly (not measured). Each run's outcome is checked record by
 * record before its figures are kept: a bench that measures a wrong run is worse than none.
 */
import { ENDPOINTS, type DnsRecord, type MigrateEvent, type UndoData, type ZoneResult } from '@dnsferry/shared';
import { targetTtl } from '@dnsferry/companion/providers/cloudflare/capabilities';
import type { CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { MODEL, startModelStack, streamRun } from './model';

const ZONE = 'mirror.bench.example';
const SIZE = 10_000;
/** The companion's batch size (DNSFERRY_BATCH_SIZE's default), the Free plan's limit. */
const BATCH = 200;
/** Mirror's safeguard: more than this share of a zone removed or changed needs `force`. */
const CHURN_LIMIT = 0.3;

type ARecord = Extract<DnsRecord, { type: 'A' }>;
type Drift = 'content' | 'ttl' | 'proxy';
const DRIFTS: readonly Drift[] = ['content', 'ttl', 'proxy'];

/** Documentation prefixes: public-looking, so the simulator lets them be proxied. */
const PREFIXES = ['192.0.2', '198.51.100', '203.0.113'];
const address = (i: number) => `${PREFIXES[i % 3]}.${1 + (Math.floor(i / 3) % 254)}`;

/** Every tenth RRset drifted, the kinds in turn; every twentieth of the others only at the target. */
const driftAt = (i: number): Drift | null => (i % 10 === 0 ? (DRIFTS[(i / 10) % 3] ?? null) : null);
const onlyAtTarget = (i: number) => i % 20 === 5;

const aRecord = (i: number, content: string, ttl: number, proxied: boolean): ARecord => ({
  type: 'A',
  name: `h${i}`,
  content,
  ttl,
  ...(proxied ? { proxied: true } : {}),
});

/**
 * The zone as the target holds it (some hosts proxied, with the automatic TTL, as the dashboard's
 * onboarding leaves them) and as the source says it should be.
 */
export function mirrorWorkload() {
  const target: ARecord[] = [];
  const source: ARecord[] = [];
  const drifted: Record<Drift, number> = { content: 0, ttl: 0, proxy: 0 };
  for (let i = 0; i < SIZE; i++) {
    const drift = driftAt(i);
    const proxied = drift === 'ttl' ? false : drift === 'proxy' ? Math.floor(i / 30) % 2 === 0 : i % 7 === 3;
    target.push(aRecord(i, address(i), proxied ? 1 : 300, proxied));
    if (onlyAtTarget(i)) continue;
    if (drift) drifted[drift]++;
    // the source gives its own TTL to proxied records too: the target serves them with its automatic one
    if (drift === 'content') source.push(aRecord(i, address(i + 1), 300, proxied));
    else if (drift === 'ttl') source.push(aRecord(i, address(i), 3600, false));
    else if (drift === 'proxy') source.push(aRecord(i, address(i), 300, !proxied));
    else source.push(aRecord(i, address(i), 300, proxied));
  }
  const extra = target.length - source.length;
  // a new content replaces the old record (a post and a delete); a TTL or proxy fix is one patch
  const mirror = { created: drifted.content, updated: drifted.ttl + drifted.proxy, removed: drifted.content + extra, failed: 0 };
  return {
    target,
    source,
    drifted,
    extra,
    mirror: { ...mirror, skipped: source.length - mirror.created - mirror.updated },
    // the undo deletes what the mirror created, creates again what it removed, sets back what it patched
    undo: { created: mirror.removed, updated: mirror.updated, removed: mirror.created, skipped: 0, failed: 0 },
    again: { created: 0, updated: 0, removed: 0, skipped: source.length, failed: 0 },
  };
}

/** One record as the target answers it: what "the zone equals the source" compares. */
const stateLine = (name: string, content: string, ttl: number, proxied: boolean) =>
  `A ${name} ${content} ${ttl}${proxied ? ' proxied' : ''}`;

function expectedState(records: readonly ARecord[]): string[] {
  return records
    .map((r) => {
      const proxied = r.proxied === true;
      return stateLine(`${r.name}.${ZONE}`, r.content, proxied ? 1 : targetTtl(r.ttl), proxied);
    })
    .sort();
}

function heldState(sim: CloudflareSim): string[] {
  const zone = sim.zoneByName(ZONE);
  if (!zone) return [];
  return sim
    .records(zone.id)
    .map((r) => stateLine(String(r.name), String(r.content), Number(r.ttl), r.proxied === true))
    .sort();
}

function assertState(what: string, held: string[], want: string[]): void {
  const wanted = new Set(want);
  const has = new Set(held);
  const missing = want.filter((s) => !has.has(s));
  const unexpected = held.filter((s) => !wanted.has(s));
  if (missing.length === 0 && unexpected.length === 0 && held.length === want.length) return;
  throw new Error(
    `${what}: the zone is not as it should be (${held.length} records, ${want.length} expected; ` +
      `missing ${missing.length}, e.g. ${missing.slice(0, 3).join(' | ') || '–'}; ` +
      `unexpected ${unexpected.length}, e.g. ${unexpected.slice(0, 3).join(' | ') || '–'})`,
  );
}

const COUNTS = ['created', 'updated', 'removed', 'skipped', 'failed'] as const;

function assertCounts(what: string, got: ZoneResult, want: Record<(typeof COUNTS)[number], number>, events: MigrateEvent[] = []): void {
  const off = COUNTS.filter((c) => got[c] !== want[c]);
  if (off.length === 0) return;
  // the first unexpected skip says why (a skip's message is its reason)
  const skip = got.skipped !== want.skipped ? events.find((e) => e.type === 'skip' && !e.message.includes('already exists')) : undefined;
  const why = skip && 'message' in skip ? ` — first skip: ${skip.message}` : '';
  throw new Error(`${what}: ${off.map((c) => `${c} ${got[c]}, expected ${want[c]}`).join('; ')}${why}`);
}

/** One request to the companion, measured: what the target received and what the stream said. */
export interface Leg {
  requests: number;
  /** Requests that were not reads (every write goes through the batch endpoint). */
  writes: number;
  rateLimited: number;
  peakInFlight: number;
  wallMs: number;
  /** Operations (deletes + patches + posts) of each batch that committed, in order. */
  batchSizes: number[];
  result: ZoneResult;
  undo: UndoData | undefined;
  events: MigrateEvent[];
}

export interface MirrorRun {
  k: number;
  /** Removed or changed, of the zone's records: what the safeguard weighs (from a dry run without force). */
  churn: number;
  mirror: Leg;
  undo: Leg;
  again: Leg;
}

type Stack = Awaited<ReturnType<typeof startModelStack>>;

async function leg(stack: Stack, what: string, path: string, body: object): Promise<Leg> {
  const { sim, proxy } = stack;
  stack.resetCounters();
  const committed = sim.batches.length;
  const run = await streamRun(stack.companion.url, path, JSON.stringify(body));
  const errors = run.events.filter((e): e is Extract<MigrateEvent, { type: 'error' }> => e.type === 'error');
  if (errors.length > 0) throw new Error(`${what}: ${errors.length} error events, first: ${errors[0]?.message ?? ''}`);
  const complete = run.events.find((e): e is Extract<MigrateEvent, { type: 'zone-complete' }> => e.type === 'zone-complete');
  if (!run.done || !complete) throw new Error(`${what}: the stream ended without zone-complete and done`);
  const requests = sim.counters.total;
  const reads = Object.entries(sim.counters.byRoute).reduce((n, [route, c]) => n + (route.startsWith('GET ') ? c : 0), 0);
  return {
    requests,
    writes: requests - reads,
    rateLimited: sim.counters.rejected429,
    peakInFlight: proxy.peakInFlight,
    wallMs: run.wallMs,
    batchSizes: sim.batches.slice(committed).map((b) => b.deletes.length + b.patches.length + b.puts.length + b.posts.length),
    result: complete.result,
    undo: complete.result.undo,
    events: run.events,
  };
}

/** At one K: seed the zone, check the safeguard's view, then mirror + prune, mirror again, undo. */
async function mirrorRun(k: number, work: ReturnType<typeof mirrorWorkload>): Promise<MirrorRun> {
  const stack = await startModelStack(k);
  const { sim, seed } = stack;
  try {
    const zone = sim.addZone({ accountId: seed.accountId, name: ZONE });
    for (const r of work.target) sim.addRecord(zone.id, { ...r, name: `${r.name}.${ZONE}` });
    const original = heldState(sim);
    assertState('seeding', original, expectedState(work.target));
    const credentials = { targetToken: seed.token, targetAccountId: seed.accountId };
    const migrate = { ...credentials, mode: 'mirror', prune: true, zones: [{ name: ZONE, records: work.source }] };

    // Without force, a dry run says whether the safeguard would hold this zone back.
    const dry = await streamRun(stack.companion.url, ENDPOINTS.migrate, JSON.stringify({ ...migrate, dryRun: true }));
    const held = dry.events.find((e) => e.type === 'info' && e.message.includes('leaves this zone untouched'));
    if (held && held.type === 'info') throw new Error(`mirror needs force here, unexpectedly: ${held.message}`);
    const planned = dry.events.find((e) => e.type === 'zone-complete');
    if (planned?.type !== 'zone-complete') throw new Error('dry run: no zone-complete');
    assertCounts('dry run', planned.result, work.mirror, dry.events);
    const churn = (planned.result.removed + planned.result.updated) / work.target.length;
    if (churn > CHURN_LIMIT) throw new Error(`churn ${churn} is over the safeguard's limit`);

    const mirror = await leg(stack, `mirror (K=${k})`, ENDPOINTS.migrate, { ...migrate, force: true });
    assertCounts(`mirror (K=${k})`, mirror.result, work.mirror, mirror.events);
    const mirrored = expectedState(work.source);
    assertState(`after mirror (K=${k})`, heldState(sim), mirrored);
    if (!mirror.undo) throw new Error(`mirror (K=${k}): zone-complete carries no undo data`);

    const again = await leg(stack, `second mirror (K=${k})`, ENDPOINTS.migrate, { ...migrate, force: true });
    assertCounts(`second mirror (K=${k})`, again.result, work.again, again.events);
    assertState(`after the second mirror (K=${k})`, heldState(sim), mirrored);

    const undo = await leg(stack, `undo (K=${k})`, ENDPOINTS.undo, { ...credentials, zones: [{ name: ZONE, undo: mirror.undo }] });
    assertCounts(`undo (K=${k})`, undo.result, work.undo, undo.events);
    assertState(`after undo (K=${k})`, heldState(sim), original);
    return { k, churn, mirror, undo, again };
  } finally {
    await stack.close();
  }
}

export interface MirrorBench {
  work: ReturnType<typeof mirrorWorkload>;
  runs: MirrorRun[];
}

export async function measureMirror(ks: number[]): Promise<MirrorBench> {
  const work = mirrorWorkload();
  const runs: MirrorRun[] = [];
  for (const k of ks) runs.push(await mirrorRun(k, work));
  return { work, runs };
}

const fmtS = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const fmtN = (n: number) => n.toLocaleString('en');

/** The goal: the zone lookup and one listing, then ⌈operations ÷ batch size⌉ batches, plus at most K − 1. */
function goal(operations: number, k: number): { min: number; max: number } {
  const batches = Math.ceil(operations / BATCH);
  return { min: 2 + batches, max: 2 + batches + (batches === 0 ? 0 : k - 1) };
}

/**
 * The run's time spent waiting on the model alone: the lookup and the listing one after the other,
 * then the batches as they committed, each taking the first free of K slots. The rest of a wall
 * time is the companion's and the simulator's own work (reading, comparing, reporting 10,000 records).
 */
function modelFloorMs(batchSizes: number[], k: number): number {
  const slots = Array.from({ length: Math.max(1, k) }, () => 0);
  for (const size of batchSizes) {
    const free = slots.indexOf(Math.min(...slots));
    slots[free] = (slots[free] ?? 0) + MODEL.perRequestMs + (MODEL.perRecordMs ?? 0) * size;
  }
  return 2 * MODEL.perRequestMs + Math.max(...slots);
}

export function formatMirror(bench: MirrorBench): string[] {
  const { work } = bench;
  const churn = bench.runs[0]?.churn ?? 0;
  const operations = work.mirror.created + work.mirror.updated + work.mirror.removed;
  const lines = [
    `Mirror + prune of a drifted ${fmtN(work.target.length)}-record zone, its undo, and a second mirror (latency model: ${MODEL.perRequestMs} ms per request + ${MODEL.perRecordMs} ms per batch record; rate limit on; batches of ${BATCH}):`,
    `  the source drifts ${fmtN(work.drifted.content + work.drifted.ttl + work.drifted.proxy)} RRsets (${work.drifted.content} content, ${work.drifted.ttl} TTL, ${work.drifted.proxy} proxy) and lacks ${fmtN(work.extra)} the target holds: churn ${(100 * churn).toFixed(0)} % (under the ${100 * CHURN_LIMIT} % safeguard; "force": true sent anyway)`,
    `  goal = 2 (zone lookup + listing) + ⌈operations ÷ ${BATCH}⌉ batches (${fmtN(operations)} → ${Math.ceil(operations / BATCH)}) + at most K − 1; every outcome checked record by record`,
    'run           |  K | operations | goal requests | target requests | writes | ops per batch | 429s | most in flight | wall time | model floor',
  ];
  for (const r of bench.runs) {
    for (const [label, l] of [
      ['mirror+prune', r.mirror],
      ['undo', r.undo],
      ['second mirror', r.again],
    ] as const) {
      const ops = l.result.created + l.result.updated + l.result.removed;
      const g = goal(ops, r.k);
      const verdict = l.requests <= g.max ? 'ok' : `${l.requests - g.max} over`;
      const sizes = l.batchSizes.length === 0 ? '–' : `${Math.min(...l.batchSizes)}–${Math.max(...l.batchSizes)}`;
      lines.push(
        `${label.padEnd(13)} | ${String(r.k).padStart(2)} | ${fmtN(ops).padStart(10)} | ${(g.min === g.max ? String(g.min) : `${g.min}–${g.max}`).padStart(13)} | ${`${l.requests} (${verdict})`.padStart(15)} | ${String(l.writes).padStart(6)} | ${sizes.padStart(13)} | ${String(l.rateLimited).padStart(4)} | ${String(l.peakInFlight).padStart(14)} | ${fmtS(l.wallMs).padStart(9)} | ${fmtS(modelFloorMs(l.batchSizes, r.k)).padStart(11)}`,
      );
    }
  }
  return lines;
}
