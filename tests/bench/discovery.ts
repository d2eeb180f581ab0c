/**
 * How much of a real zone a scan finds. Every zone of a folder of BIND zone files is served as the
 * scan tests serve theirs: unbound answers from the zone behind dnsdist (DNS-over-HTTPS, TLS), and
 * BIND's named serves the same zones and refuses their transfer. The companion (its built bundle, in
 * its own process) scans each zone through POST /api/dns/scan with `transfer: true`, so it meets the
 * refusal first, as it would at a real host; then the findings are compared with the zone (see
 * ./discovery-measure.ts). Quick scans always; deep scans too when the scan contract accepts
 * `depth: "deep"`. A second pass serves NSEC-signed copies of some zones and one NSEC3 copy.
 *
 *   DNSFERRY_BENCH_ZONES=<folder> pnpm bench -- --only=discovery
 *   DNSFERRY_BENCH_ZONES=<folder> npx tsx tests/bench/discovery.ts [--delay=20] [--only-zones=a.org,b.net] [--modes=quick]
 *     [--nsec=a.org --nsec3=b.net] [--verbose] [--dump=<folder>]   (after `pnpm -C companion build`)
 *
 * The zone files are not part of the repository: docs/performance.md names the public repositories
 * the corpus was drawn from. Needs unbound, dnsdist and bind9 (named, named-compilezone, dnssec-signzone).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINTS, ScanEventSchema, ScanRequestSchema, type DnsRecord, type ScanEvent } from '@dnsferry/shared';
import { startDohServer } from '@dnsferry/companion/sandbox/doh/server';
import { startNamed } from '../support/dns/named';
import { spawnCompanion } from './companion-process';
import { startTcpDelayProxy } from './tcp-delay';
import { acceptedDepths, compareScan, formatDiscovery, type DiscoveryRow } from './discovery-measure';
import { defaultSigned, loadZoneDir, signZone, type BenchZone } from './discovery-zones';

export const ZONES_ENV = 'DNSFERRY_BENCH_ZONES';
/** A deep scan is bounded by its own limits; this only keeps a hung scan from holding the bench. */
const SCAN_DEADLINE_MS = 15 * 60_000;

export type ScanMode = 'quick' | 'deep';

export interface DiscoveryOptions {
  zoneDir: string;
  /** How far dnsdist is from the companion, in ms, through ./tcp-delay.ts (0: no proxy). */
  delayMs?: number;
  /** Only these zones (names as in the folder). */
  zones?: readonly string[];
  /** Only these modes (those the scan accepts by default). */
  modes?: readonly ScanMode[];
  /** Zones to sign with NSEC and NSEC3; empty lists skip the signed pass. Default: see defaultSigned(). */
  signed?: { nsec: string[]; nsec3: string[] };
  /**
   * A folder (outside the repository: it holds the zones' names) to write, per scan, the RRsets it
   * missed and those it reported that the zone does not hold, to see why.
   */
  dumpDir?: string;
}

export interface DiscoveryPass {
  title: string;
  mode: ScanMode;
  rows: DiscoveryRow[];
  /** Error events of the scans, by zone. */
  notes: string[];
}

/** The depths the scan contract of this build takes (quick only on a build without `depth`). */
export function scanDepths(): { deep: boolean; quick: boolean } {
  return acceptedDepths((depth) => ScanRequestSchema.safeParse({ domain: 'example.com', depth }).success);
}

export async function measureDiscovery(options: DiscoveryOptions): Promise<DiscoveryPass[]> {
  const zones = loadZoneDir(options.zoneDir, options.zones);
  const depths = scanDepths();
  const modes = (options.modes ?? ['quick', 'deep']).filter((m) => m === 'quick' || depths.deep);
  const passes: DiscoveryPass[] = [];
  const serve = (title: string, served: readonly BenchZone[]) =>
    servePass(title, served, modes, depths.quick, options.delayMs ?? 0, options.dumpDir);
  passes.push(...(await serve('zones as published', zones)));
  const signing = options.signed ?? defaultSigned(zones);
  const byName = new Map(zones.map((z) => [z.name, z]));
  const signed = [
    ...signing.nsec.flatMap((n) => (byName.has(n) ? [signZone(byName.get(n)!, 'nsec')] : [])),
    ...signing.nsec3.flatMap((n) => (byName.has(n) ? [signZone(byName.get(n)!, 'nsec3')] : [])),
  ];
  if (signed.length > 0) passes.push(...(await serve('signed copies', signed)));
  return passes;
}

/** Serves `zones`, scans each in every mode, stops the servers. */
async function servePass(
  title: string,
  zones: readonly BenchZone[],
  modes: readonly ScanMode[],
  sendQuick: boolean,
  delayMs: number,
  dumpDir?: string,
): Promise<DiscoveryPass[]> {
  const doh = await startDohServer(zones.map((z) => ({ name: z.name, text: z.text })));
  const named = await startNamed(zones.map((z) => ({ name: z.name, text: z.text, allowTransfer: 'none' as const })));
  const home = mkdtempSync(join(tmpdir(), 'dnsferry-bench-home-'));
  const stops: Array<() => Promise<void>> = [() => doh.stop(), () => named.stop()];
  try {
    // the companion trusts the test CA through NODE_EXTRA_CA_CERTS, which Node reads only at start-up
    const bundle = join(doh.runDir, 'extra-ca.pem');
    const previous = process.env.NODE_EXTRA_CA_CERTS;
    const kept = previous && existsSync(previous) ? `${readFileSync(previous, 'utf8').trimEnd()}\n` : '';
    writeFileSync(bundle, kept + readFileSync(doh.caFile, 'utf8'));
    let dohUrl = doh.httpsUrl;
    if (delayMs > 0) {
      const target = new URL(doh.httpsUrl);
      const proxy = await startTcpDelayProxy({ host: target.hostname, port: Number(target.port) }, delayMs);
      stops.unshift(() => proxy.close());
      dohUrl = `https://127.0.0.1:${proxy.port}${target.pathname}`;
    }
    const companion = await spawnCompanion({
      NODE_EXTRA_CA_CERTS: bundle,
      DNSFERRY_DOH_URL: dohUrl,
      DNSFERRY_TRANSFER_NS: `127.0.0.1:${named.port}`,
      DNSFERRY_HOME: home,
      // certificate logs are an outside service: a closed local port, so a deep scan goes on without them at once
      DNSFERRY_CT_URL: 'http://127.0.0.1:9/',
    });
    stops.unshift(() => companion.stop());
    const passes: DiscoveryPass[] = [];
    for (const mode of modes) {
      const pass: DiscoveryPass = { title: `${title}, ${mode} scan`, mode, rows: [], notes: [] };
      for (const zone of zones) {
        const body = { domain: zone.name, transfer: true, ...(mode === 'deep' || sendQuick ? { depth: mode } : {}) };
        const scan = await scanOnce(companion.url, body);
        const label = zone.signed ? `${zone.name} (${zone.signed})` : zone.name;
        const compared = compareScan(zone.truth, scan.records);
        pass.rows.push({ zone: label, mode, ...compared, queries: scan.queries, ms: scan.ms });
        if (dumpDir) {
          mkdirSync(dumpDir, { recursive: true });
          const { missedRRsets, inventedRRsets } = compared;
          writeFileSync(
            join(dumpDir, `${label.replace(/[^\w.-]+/g, '-')}.${mode}.json`),
            JSON.stringify({ missedRRsets, inventedRRsets }, null, 1),
          );
        }
        for (const e of scan.errors) pass.notes.push(`${label}: ${e}`);
      }
      passes.push(pass);
    }
    return passes;
  } finally {
    for (const stop of stops) await stop();
    rmSync(home, { recursive: true, force: true });
  }
}

interface OneScan {
  records: DnsRecord[];
  queries: number | null;
  ms: number;
  errors: string[];
}

/** `--verbose`: every message of every scan goes to stderr, to see what a scan did and why. */
const verbose = process.argv.includes('--verbose');

async function scanOnce(companionUrl: string, body: object): Promise<OneScan> {
  const started = performance.now();
  const res = await fetch(`${companionUrl}${ENDPOINTS.scan}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(SCAN_DEADLINE_MS),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`the scan answered ${res.status}: ${text.slice(0, 300)}`);
  const events: ScanEvent[] = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => ScanEventSchema.parse(JSON.parse(l)));
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error(`the scan ended without done: ${text.slice(-300)}`);
  const messages = events.flatMap((e) => ('message' in e ? [e.message] : []));
  if (verbose) process.stderr.write(`${JSON.stringify(body)}\n${messages.map((m) => `  ${m}`).join('\n')}\n`);
  // "Scan finished: … records on … names, 512 queries in 380 ms over HTTP/2" (retries counted); not
  // a progress line's running count ("1000 questions about … names so far")
  const asked = messages.map((m) => /^Scan finished: .* (\d[\d,]*) queries in /.exec(m)).find(Boolean);
  return {
    records: [...done.records, ...(done.edge ?? []).map((e) => e.record)],
    queries: asked ? Number(asked[1]!.replace(/,/g, '')) : null,
    ms,
    errors: events.flatMap((e) => (e.type === 'error' ? [e.message] : [])),
  };
}

export function formatDiscoveryBench(passes: readonly DiscoveryPass[], delayMs = 0): string[] {
  const depths = scanDepths();
  const lines = [
    `Discovery on real zones: unbound + dnsdist (DoH, TLS${delayMs > 0 ? `, resolver ${delayMs} ms away` : ''}), named refusing transfers; ` +
      `deep scan ${depths.deep ? 'accepted' : 'not accepted by this build (quick only)'}.`,
    'RRsets: what dnsferry would migrate (no apex SOA/NS, no DNSSEC records, nothing below a delegation); found: RRsets of which the scan',
    'reported a record; invented: reported records the zone does not hold.',
  ];
  for (const pass of passes) {
    lines.push('', ...formatDiscovery(`${pass.title}:`, pass.rows));
    for (const n of pass.notes) lines.push(`  error event: ${n}`);
  }
  return lines;
}

/** `--name=value` of this process's arguments. */
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/** The options from the environment and arguments, or null (and why) when no zone folder is given. */
export function discoveryOptionsFromArgs(): { options: DiscoveryOptions } | { missing: string } {
  const zoneDir = arg('zone-dir') ?? process.env[ZONES_ENV];
  if (!zoneDir)
    return {
      missing: `the discovery bench needs a folder of <zone>.zone files: set ${ZONES_ENV}=<folder> (or --zone-dir=<folder>); docs/performance.md says where the corpus comes from`,
    };
  const list = (v: string | undefined) => v?.split(',').filter(Boolean);
  const modes = list(arg('modes'))?.filter((m): m is ScanMode => m === 'quick' || m === 'deep');
  const nsec = list(arg('nsec'));
  const nsec3 = list(arg('nsec3'));
  return {
    options: {
      zoneDir,
      delayMs: Number(arg('delay') ?? 0),
      ...(list(arg('only-zones')) ? { zones: list(arg('only-zones')) } : {}),
      ...(modes ? { modes } : {}),
      ...(nsec || nsec3 ? { signed: { nsec: nsec ?? [], nsec3: nsec3 ?? [] } } : {}),
      ...(arg('dump') ? { dumpDir: arg('dump') } : {}),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const parsed = discoveryOptionsFromArgs();
  if ('missing' in parsed) {
    process.stdout.write(`${parsed.missing}\n`);
    process.exitCode = 2;
  } else {
    const passes = await measureDiscovery(parsed.options);
    for (const line of formatDiscoveryBench(passes, parsed.options.delayMs)) process.stdout.write(`${line}\n`);
  }
}
