/**
 * Figures of the DNS-over-HTTPS scan: a full scan of the test zone (dnsferry.test) against the
 * local unbound + dnsdist, at the default concurrency and at concurrency 1, in the same run.
 * Each figure is the median of RUNS scans (min–max beside it), after one warm-up scan.
 *
 *   npx tsx tests/bench/scan.ts        (needs unbound and dnsdist: apt-get install unbound dnsdist)
 */
import { scanDomain, SCAN_DEFAULTS, type ScanOptions, type ScanStats } from '@dnsferry/companion/scan/scanner';
import { startDohServer } from '../support/dns/doh-server';

const RUNS = 5;
const DOMAIN = 'dnsferry.test';

export interface ScanFigure {
  label: string;
  /** Queries in flight: fixed, or `adaptive` (the scanner's AIMD window). */
  concurrency: number | string;
  protocol: string;
  queries: number;
  records: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  queriesPerSecond: number;
}

export interface ScanBench {
  domain: string;
  runs: number;
  figures: ScanFigure[];
}

/** The headline figures, flat (what `pnpm bench` prints): default concurrency, then concurrency 1. */
export interface ScanFigures {
  domain: string;
  resolver: string;
  protocol: string;
  concurrency: number | string;
  queries: number;
  records: number;
  wallMs: number;
  concurrency1WallMs: number;
  http1WallMs: number;
  runs: number;
}

async function once(dohUrl: string, options: Partial<ScanOptions>): Promise<ScanStats & { records: number }> {
  let stats: ScanStats | undefined;
  let records = -1;
  const started = performance.now();
  for await (const event of scanDomain(
    { domain: DOMAIN, dohUrl },
    { signal: new AbortController().signal, ...options },
    (s) => (stats = s),
  )) {
    if (event.type === 'done') records = event.total;
    if (event.type === 'error') throw new Error(`scan failed: ${event.message}`);
  }
  if (!stats || records <= 0) throw new Error('the scan ended without records');
  // wall time as the caller sees it, from the first query to `done`
  return { ...stats, ms: performance.now() - started, records };
}

async function measure(label: string, dohUrl: string, options: Partial<ScanOptions>): Promise<ScanFigure> {
  await once(dohUrl, options);
  const runs: Array<ScanStats & { records: number }> = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(dohUrl, options));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)] ?? 0;
  const first = runs[0]!;
  return {
    label,
    concurrency: options.concurrency ?? `${SCAN_DEFAULTS.window.initial}→${SCAN_DEFAULTS.window.max}`,
    protocol: first.protocol,
    queries: first.queries,
    records: first.records,
    medianMs: median,
    minMs: ms[0] ?? 0,
    maxMs: ms.at(-1) ?? 0,
    queriesPerSecond: first.queries / (median / 1000),
  };
}

/** Starts the test DNS server, measures, stops it; the figures `pnpm bench` prints. */
export async function benchScan(): Promise<ScanFigures> {
  const bench = await measureScans();
  const [main, serial, http1] = bench.figures as [ScanFigure, ScanFigure, ScanFigure];
  return {
    domain: bench.domain,
    resolver: main.label.replace(/^.*\((.*)\)$/, '$1'),
    protocol: main.protocol,
    concurrency: main.concurrency,
    queries: main.queries,
    records: main.records,
    wallMs: main.medianMs,
    concurrency1WallMs: serial.medianMs,
    http1WallMs: http1.medianMs,
    runs: bench.runs,
  };
}

/** Every setup measured, with medians and spreads. */
export async function measureScans(): Promise<ScanBench> {
  const server = await startDohServer();
  // Node trusts the test CA only through NODE_EXTRA_CA_CERTS, read at start-up: TLS is measured
  // when this process was started with it (as the test runner's workers are), plain HTTP otherwise.
  const tls = await trusted(server.httpsUrl);
  const url = tls ? server.httpsUrl : server.httpUrl;
  const via = tls ? 'dnsdist, TLS' : 'dnsdist, plain HTTP';
  try {
    const figures = [
      await measure(`default concurrency (${via})`, url, {}),
      await measure(`concurrency 1 (${via})`, url, { concurrency: 1 }),
      await measure(`HTTP/1.1 through fetch (${via})`, url, { protocol: 'http1' }),
    ];
    if (tls) figures.push(await measure('unbound DoH directly (TLS)', server.h2OnlyUrl, {}));
    return { domain: DOMAIN, runs: RUNS, figures };
  } finally {
    await server.stop();
  }
}

async function trusted(httpsUrl: string): Promise<boolean> {
  try {
    await fetch(httpsUrl, { method: 'HEAD' });
    return true;
  } catch (err) {
    if (err instanceof TypeError) return false; // fetch failed: the certificate is not trusted here
    throw err;
  }
}

export function formatScanBench(bench: ScanBench): string[] {
  const lines = [`DoH scan of ${bench.domain} on loopback (median of ${bench.runs} scans, min–max):`];
  lines.push('setup                                          | conc. | protocol | queries | records | wall time               | queries/s');
  for (const f of bench.figures) {
    lines.push(
      `${f.label.padEnd(46)} | ${String(f.concurrency).padStart(5)} | ${f.protocol.padEnd(8)} | ${String(f.queries).padStart(7)} | ${String(f.records).padStart(7)} | ${f.medianMs.toFixed(0).padStart(5)} ms (${f.minMs.toFixed(0)}–${f.maxMs.toFixed(0)} ms)`.padEnd(
        118,
      ) + ` | ${f.queriesPerSecond.toFixed(0).padStart(9)}`,
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bench = await measureScans();
  for (const line of formatScanBench(bench)) process.stdout.write(`${line}\n`);
}
