/**
 * Does one caller stall the companion for the others? While a heavy request runs, two probes go on,
 * each one request after the other: a one-line request to another endpoint, and a 10-record
 * migration into a new zone with another token (its first event and its `done`). Their p50/p99 are
 * printed per load, next to the same figures with no load, with the companion's peak RSS under it
 * (each load gets a fresh companion, so the peak is that load's). The simulator runs in its own
 * process (./simulator-process.ts), so a load on it does not slow the bench's clock.
 *
 *   pnpm bench -- --only=stall
 *   npx tsx tests/bench/stall.ts [--dist=<folder of a companion build>]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { root, spawnCompanion } from './companion-process';
import { hosts } from './model';

/** The simulator's added latency per request: loopback, but not free. */
const LATENCY_MS = 10;
/** Tokens of the flood (one migration each), plus the probe's own. */
const FLOOD = 50;
const FLOOD_RECORDS = 2_000;
const BODY_LIMIT = 16 * 1024 * 1024;
const IDLE_MS = 3_000;

export interface Percentiles {
  n: number;
  p50: number;
  p99: number;
}

export interface StallRow {
  load: string;
  /** How long the load itself took, in seconds. */
  loadSeconds: number;
  /** What the heavy request answered (its status, or its last event). */
  outcome: string;
  ping: Percentiles;
  /** Probes that got no answer (a dropped connection). */
  failed: number;
  firstEvent: Percentiles;
  done: Percentiles;
  peakRssMb: number;
}

export interface Sim {
  url: string;
  accountId: string;
  tokens: string[];
  /** Requests the simulator received since it started or since this was last asked. */
  requests(): Promise<number>;
  stop(): Promise<void>;
}

/** The simulator in its own process, with `tokens` tokens of one account, `latencyMs` added to each request. */
export async function startSim(tokens: number, latencyMs = LATENCY_MS): Promise<Sim> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/simulator-process.ts', String(tokens), String(latencyMs)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`simulator exited with ${code}`));
      child.once('exit', exited);
      lines.once('line', (line) => {
        child.off('exit', exited);
        resolve(line);
      });
    });
  const info = JSON.parse(await next()) as { url: string; accountId: string; tokens: string[] };
  return {
    ...info,
    async requests() {
      const answer = next();
      child.stdin.write('counters\n');
      return (JSON.parse(await answer) as { total: number }).total;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

function percentiles(xs: number[]): Percentiles {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
  return { n: s.length, p50: at(0.5), p99: at(0.99) };
}

const post = (url: string, body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

/** A migration's stream read to its end: when its first line came, and its last line. */
export async function migrateTimed(
  url: string,
  body: string,
  /** Texts the stream shows in this order (each the first of its kind): `seen(i)` is called as text `i` arrives. */
  watch?: { texts: string[]; seen: (i: number) => void },
): Promise<{ firstMs: number; doneMs: number; last: string; status: number }> {
  const started = performance.now();
  const res = await post(`${url}/api/migrate`, body);
  let firstMs = NaN;
  let text = '';
  let watched = 0;
  const decoder = new TextDecoder();
  const reader = res.body?.getReader();
  for (let r = await reader?.read(); r && !r.done; r = await reader?.read()) {
    text += decoder.decode(r.value, { stream: true });
    while (watch && watched < watch.texts.length && text.includes(watch.texts[watched] as string)) watch.seen(watched++);
    if (Number.isNaN(firstMs) && text.includes('\n')) firstMs = performance.now() - started;
    // only the last line matters: what came before is let go
    const nl = text.lastIndexOf('\n', text.length - 2);
    if (nl > 0) text = text.slice(nl + 1);
  }
  const doneMs = performance.now() - started;
  if (Number.isNaN(firstMs)) firstMs = doneMs;
  return { firstMs, doneMs, last: text.trim(), status: res.status };
}

/** The probes, one request after the other, until `until` settles. */
async function probe(url: string, sim: Sim, token: string, until: Promise<unknown>) {
  let over = false;
  const end = () => (over = true);
  until.then(end, end);
  const ping: number[] = [];
  const first: number[] = [];
  const done: number[] = [];
  let zone = 0;
  let failed = 0;
  const pings = (async () => {
    while (!over || ping.length < 5) {
      const t = performance.now();
      try {
        const res = await post(`${url}/api/target/validate`, '{}');
        await res.arrayBuffer();
      } catch {
        failed++; // counted, and its time too: a dropped request is the worst answer
      }
      ping.push(performance.now() - t);
    }
  })();
  const migrations = (async () => {
    while (!over || done.length < 5) {
      const body = JSON.stringify({
        targetToken: token,
        targetAccountId: sim.accountId,
        zones: [{ name: `probe${zone++}-${Math.random().toString(36).slice(2, 8)}.example`, records: hosts(10) }],
      });
      const t = performance.now();
      try {
        const r = await migrateTimed(url, body);
        if (!r.last.includes('"done"')) throw new Error(`the probe migration did not finish: ${r.last.slice(0, 200)}`);
        first.push(r.firstMs);
        done.push(r.doneMs);
      } catch {
        failed++;
        first.push(performance.now() - t);
        done.push(performance.now() - t);
      }
    }
  })();
  await Promise.all([pings, migrations]);
  return { ping: percentiles(ping), firstEvent: percentiles(first), done: percentiles(done), failed };
}

type Load = (url: string, sim: Sim) => Promise<string>;

function zoneFileBody(token: string, accountId: string, text: string): string {
  return JSON.stringify({
    targetToken: token,
    targetAccountId: accountId,
    dryRun: true,
    zones: [{ name: 'heavy.example', zoneFile: text }],
  });
}

/** `unit` repeated, behind `head`, as long as the JSON body stays within the companion's body limit. */
function fill(head: string, unit: string): string {
  const escaped = JSON.stringify(unit).length - 2;
  const n = Math.floor((BODY_LIMIT - 2048 - JSON.stringify(head).length) / escaped);
  return head + unit.repeat(n);
}

/** 16 MB zone files of the worst shapes found: each costs the reader something else. */
export const ZONE_SHAPES: Record<string, () => string> = {
  'tiny strings (@ TXT "" "" …, one line)': () => fill('@ 300 IN TXT', ' ""'),
  'tiny strings, 20,000 per line': () => fill('', `@ 300 IN TXT${' ""'.repeat(20_000)}\n`),
  '\\DDD flood (255-byte strings, 64 a record)': () => fill('', `@ 300 IN TXT${` "${'\\065'.repeat(255)}"`.repeat(64)}\n`),
  'deep parentheses (( on one line)': () => fill('@ 300 IN TXT ', '('),
  'deep parentheses ((\\n: one entry of 8 M lines)': () => fill('@ 300 IN TXT ', '(\n'),
  'long words (200,000-character fields)': () => fill('', `@ 300 IN TXT ${'a'.repeat(200_000)}\n`),
  'many short lines (a A 192.0.2.1)': () => fill('$TTL 300\n', 'a A 192.0.2.1\n'),
  '$GENERATE 1-65535 over and over': () => fill('$TTL 300\n', '$GENERATE 1-65535 h$ A 192.0.2.1\n'),
};

const zoneFileLoad =
  (shape: () => string): Load =>
  async (url, sim) => {
    const res = await post(`${url}/api/migrate`, zoneFileBody(sim.tokens[0] ?? '', sim.accountId, shape()));
    const text = await res.text();
    return `${res.status}: ${text.trim().split('\n').at(-1)?.slice(0, 90) ?? ''}`;
  };

const LOADS: Record<string, Load> = {
  'dry run of 100,000 records': async (url, sim) => {
    const body = JSON.stringify({
      targetToken: sim.tokens[0],
      targetAccountId: sim.accountId,
      dryRun: true,
      zones: [{ name: 'dry.example', records: hosts(100_000) }],
    });
    const r = await migrateTimed(url, body);
    return `${r.status}: ${r.last.slice(0, 90)}`;
  },
  [`${FLOOD} migrations at once, ${FLOOD} tokens, ${FLOOD_RECORDS.toLocaleString('en')} records each`]: async (url, sim) => {
    const runs = sim.tokens.slice(0, FLOOD).map((token, i) =>
      migrateTimed(
        url,
        JSON.stringify({
          targetToken: token,
          targetAccountId: sim.accountId,
          zones: [{ name: `flood${i}.example`, records: hosts(FLOOD_RECORDS) }],
        }),
      ),
    );
    const all = await Promise.all(runs);
    const landed = all.filter((r) => r.last.includes(`"created":${FLOOD_RECORDS}`)).length;
    return `${landed} of ${FLOOD} landed every record`;
  },
  ...Object.fromEntries(Object.entries(ZONE_SHAPES).map(([name, shape]) => [`16 MB zone file: ${name}`, zoneFileLoad(shape)])),
};

async function measure(load: string, run: Load | null, dist: string | undefined): Promise<StallRow> {
  const sim = await startSim(FLOOD + 1);
  const companion = await spawnCompanion({ DNSFERRY_CLOUDFLARE_API: sim.url }, dist);
  try {
    const probeToken = sim.tokens[FLOOD] ?? '';
    // warm-up: the first request of a process compiles its code paths
    await probe(companion.url, sim, probeToken, Promise.resolve());
    const started = performance.now();
    const work = run ? run(companion.url, sim) : new Promise<string>((r) => setTimeout(() => r('-'), IDLE_MS));
    const figures = await probe(companion.url, sim, probeToken, work);
    const outcome = await work.catch((err: unknown) => `failed: ${(err as Error).message}`);
    return { load, loadSeconds: (performance.now() - started) / 1000, outcome, ...figures, peakRssMb: companion.peakRssMb() };
  } finally {
    await companion.stop();
    await sim.stop();
  }
}

export async function measureStall(opts: { only?: string; dist?: string } = {}): Promise<StallRow[]> {
  const rows: StallRow[] = [];
  for (const [load, run] of [['no load', null] as const, ...Object.entries(LOADS)]) {
    if (opts.only && load !== 'no load' && !load.includes(opts.only)) continue;
    const row = await measure(load, run, opts.dist);
    process.stderr.write(`${JSON.stringify(row)}\n`); // progress: a long run's rows survive a later failure
    rows.push(row);
  }
  return rows;
}

const ms = (n: number) => `${n.toFixed(0).padStart(5)}`;

export function formatStall(rows: StallRow[]): string[] {
  return [
    `Latency of other callers while one load runs (companion in its own process; simulator in another, ${LATENCY_MS} ms per request):`,
    '  ping = a one-line request to /api/target/validate; 10-record migration with another token: first event, done. p50 / p99 in ms.',
    'load                                                          |   load | ping p50   p99 | first p50   p99 | done p50   p99 | peak RSS',
    ...rows.map(
      (r) =>
        `${r.load.padEnd(61).slice(0, 61)} | ${r.loadSeconds.toFixed(1).padStart(5)}s | ${ms(r.ping.p50)} ${ms(r.ping.p99)} |  ${ms(r.firstEvent.p50)} ${ms(r.firstEvent.p99)} | ${ms(r.done.p50)} ${ms(r.done.p99)} | ${r.peakRssMb.toFixed(0).padStart(4)} MB`,
    ),
    ...rows
      .filter((r) => r.load !== 'no load')
      .map((r) => `  ${r.load}: ${r.outcome}${r.failed > 0 ? ` (${r.failed} probes got no answer)` : ''}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = arg('load');
  const dist = arg('dist');
  for (const line of formatStall(await measureStall({ ...(only ? { only } : {}), ...(dist ? { dist } : {}) })))
    process.stdout.write(`${line}\n`);
}
