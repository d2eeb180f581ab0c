/**
 * The scan as people run it: the companion (its built bundle, in its own process) asked by
 * POST /api/dns/scan, talking DNS-over-HTTPS over TLS to dnsdist, which sits `delay` ms away
 * behind a TCP delay proxy. The companion trusts the test CA through NODE_EXTRA_CA_CERTS, which
 * Node reads only at start-up: hence a process per setup, started with it.
 *
 *   npx tsx tests/bench/scan-latency.ts   (after `pnpm -C companion build`; needs unbound and dnsdist)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENDPOINTS } from '@dnsferry/shared';
import { scanDomain } from '@dnsferry/companion/scan/scanner';
import { startDohServer } from '../support/dns/doh-server';
import { spawnCompanion } from './companion-process';
import { startTcpDelayProxy } from './tcp-delay';

const RUNS = 5;
const DOMAIN = 'dnsferry.test';
export const SCAN_DELAYS_MS = [0, 20, 50] as const;

export interface ScanLatencyFigure {
  delayMs: number;
  /** Median wall time of the same scan in this process over plain HTTP/2 (h2c), with 16 queries in flight as before the adaptive window, and with it. */
  fixed16Ms: number;
  adaptiveMs: number;
  protocol: string;
  queries: number;
  records: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

interface OneScan {
  ms: number;
  queries: number;
  records: number;
  protocol: string;
}

async function scanOnce(companionUrl: string): Promise<OneScan> {
  const started = performance.now();
  const res = await fetch(`${companionUrl}${ENDPOINTS.scan}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain: DOMAIN }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  const events = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string; message?: string; total?: number });
  const failed = events.find((e) => e.type === 'error');
  const done = events.at(-1);
  if (failed || done?.type !== 'done' || !done.total)
    throw new Error(`scan through the companion failed: ${failed?.message ?? text.slice(0, 200)}`);
  // "Scan finished: … records on … names, 512 queries in 380 ms over HTTP/2"
  const summary = events.map((e) => /(\d+) queries in \d+ ms over (\S+)/.exec(e.message ?? '')).find(Boolean);
  return { ms, queries: Number(summary?.[1] ?? 0), protocol: summary?.[2] ?? '?', records: done.total };
}

/** One scan in this process (no TLS: this process does not trust the test CA), its wall time. */
async function inProcess(dohUrl: string, concurrency?: number): Promise<number> {
  const started = performance.now();
  for await (const e of scanDomain(
    { domain: DOMAIN, dohUrl },
    { signal: new AbortController().signal, ...(concurrency ? { concurrency } : {}) },
  )) {
    if (e.type === 'error') throw new Error(`scan failed: ${e.message}`);
  }
  return performance.now() - started;
}

async function medianOf(runs: number, f: () => Promise<number>): Promise<number> {
  await f();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) ms.push(await f());
  return ms.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0;
}

/** Starts the test DNS server, a delay proxy and a companion per delay; median of RUNS scans after one warm-up. */
export async function measureScanLatency(delays: readonly number[] = SCAN_DELAYS_MS): Promise<ScanLatencyFigure[]> {
  const server = await startDohServer();
  try {
    const bundle = join(server.runDir, 'extra-ca.pem');
    const previous = process.env.NODE_EXTRA_CA_CERTS;
    const kept = previous && existsSync(previous) ? `${readFileSync(previous, 'utf8').trimEnd()}\n` : '';
    writeFileSync(bundle, kept + readFileSync(server.caFile, 'utf8'));
    const dnsdist = new URL(server.httpsUrl);
    const plain = new URL(server.httpUrl);
    const figures: ScanLatencyFigure[] = [];
    for (const delayMs of delays) {
      const proxy = await startTcpDelayProxy({ host: dnsdist.hostname, port: Number(dnsdist.port) }, delayMs);
      const companion = await spawnCompanion({
        NODE_EXTRA_CA_CERTS: bundle,
        DNSFERRY_DOH_URL: `https://127.0.0.1:${proxy.port}${dnsdist.pathname}`,
      });
      try {
        await scanOnce(companion.url);
        const runs: OneScan[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await scanOnce(companion.url));
        const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
        const first = runs[0] as OneScan;
        const h2c = await startTcpDelayProxy({ host: plain.hostname, port: Number(plain.port) }, delayMs);
        const h2cUrl = `http://127.0.0.1:${h2c.port}${plain.pathname}`;
        const fixed16Ms = await medianOf(3, () => inProcess(h2cUrl, 16));
        const adaptiveMs = await medianOf(3, () => inProcess(h2cUrl));
        await h2c.close();
        figures.push({
          delayMs,
          fixed16Ms,
          adaptiveMs,
          protocol: first.protocol,
          queries: first.queries,
          records: first.records,
          medianMs: ms[Math.floor(ms.length / 2)] ?? 0,
          minMs: ms[0] ?? 0,
          maxMs: ms.at(-1) ?? 0,
        });
      } finally {
        await companion.stop();
        await proxy.close();
      }
    }
    return figures;
  } finally {
    await server.stop();
  }
}

export function formatScanLatency(figures: ScanLatencyFigure[]): string[] {
  const lines = [`DoH scan of ${DOMAIN} through the companion, TLS to dnsdist behind a delay proxy (median of ${RUNS} scans, min–max):`];
  // What the distance costs, in round trips: CPU time cancels out, so this holds on a busy machine too.
  const base = figures.find((f) => f.delayMs === 0);
  lines.push(
    'resolver away | protocol | queries | records | wall time                 | round trips the distance costs | same scan, h2c in this process: 16 in flight → adaptive',
  );
  for (const f of figures) {
    const trips = base && f.delayMs > 0 ? ((f.medianMs - base.medianMs) / f.delayMs).toFixed(1) : '–';
    lines.push(
      `${`${f.delayMs} ms`.padStart(13)} | ${f.protocol.padEnd(8)} | ${String(f.queries).padStart(7)} | ${String(f.records).padStart(7)} | ${`${f.medianMs.toFixed(0)} ms (${f.minMs.toFixed(0)}–${f.maxMs.toFixed(0)} ms)`.padEnd(25)} | ${trips.padStart(30)} | ${f.fixed16Ms.toFixed(0)} ms → ${f.adaptiveMs.toFixed(0)} ms`,
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of formatScanLatency(await measureScanLatency())) process.stdout.write(`${line}\n`);
}
