/**
 * How long a deep scan takes, 0 and 20 ms away from the resolver: zones served by BIND's named
 * behind unbound (a caching, validating resolver, started afresh for each figure so nothing is
 * cached) and dnsdist (DoH over plain HTTP/2), with a TCP delay proxy in front; the scan in this
 * process, paced as the companion paces it (DNSFERRY_SCAN_QPS, 1,500 a second per resolver by default).
 *
 * The zones: deep.test (the tests' unsigned zone: empty non-terminals, DKIM and SRV names, a
 * wildcard, a delegation), and a generated zone of 3,000 names (1,500 of the wordlist's names and
 * 1,500 no list holds), unsigned and signed with NSEC: the first shows the bound of 20,000
 * questions holding, the second the walk.
 *
 *   npx tsx tests/bench/deep-scan.ts    (needs named, dnssec-signzone, unbound and dnsdist)
 */
import { DEFAULTS } from '@dnsferry/companion/config';
import { scanDomain } from '@dnsferry/companion/scan/scanner';
import { resolverPace } from '@dnsferry/companion/scan/resolver-pace';
import { wordlist } from '@dnsferry/companion/scan/wordlist';
import { SUB_DEEP_TEST } from '../support/dns/child-zones';
import { startNamedStack, type StackZone } from '../support/dns/named-stack';
import { startTcpDelayProxy } from './tcp-delay';

export const DEEP_SCAN_DELAYS_MS = [0, 20] as const;

export interface DeepScanFigure {
  zone: string;
  delayMs: number;
  questions: number;
  records: number;
  names: number;
  walk: string;
  wallMs: number;
  /** CPU time of this process (the scan's side, not the resolver's). */
  cpuMs: number;
}

/** A zone of `size` names: half the wordlist's first names, half names no list holds. */
export function generatedZone(name: string, size: number): string {
  const listed = wordlist()
    .filter((n) => !n.includes('.'))
    .slice(0, size / 2);
  const lines = [
    `$ORIGIN ${name}.`,
    '$TTL 300',
    `@ 3600 IN SOA ns1.${name}. hostmaster.${name}. ( 1 3600 600 86400 300 )`,
    `@ 3600 IN NS ns1.${name}.`,
    '@ IN A 192.0.2.1',
  ];
  if (!listed.includes('ns1')) lines.push('ns1 IN A 192.0.2.53');
  listed.forEach((label, i) => lines.push(`${label} IN A 198.51.100.${i % 250}`));
  for (let i = 0; i < size / 2; i++) lines.push(`zq-host-${i} IN A 203.0.113.${i % 250}`);
  return `${lines.join('\n')}\n`;
}

const CASES: Array<{ domain: string; zones: StackZone[] }> = [
  { domain: 'deep.test', zones: [{ name: 'sub.deep.test', text: SUB_DEEP_TEST }, { name: 'deep.test' }] },
  { domain: 'big.test', zones: [{ name: 'big.test', text: generatedZone('big.test', 3000) }] },
  { domain: 'bigwalk.test', zones: [{ name: 'bigwalk.test', text: generatedZone('bigwalk.test', 3000), sign: 'nsec' }] },
];

async function once(domain: string, zones: StackZone[], delayMs: number): Promise<DeepScanFigure> {
  const stack = await startNamedStack(zones);
  const plain = new URL(stack.doh.httpUrl);
  const proxy = await startTcpDelayProxy({ host: plain.hostname, port: Number(plain.port) }, delayMs);
  try {
    const dohUrl = `http://127.0.0.1:${proxy.port}${plain.pathname}`;
    const started = performance.now();
    const cpu = process.cpuUsage();
    let figure: DeepScanFigure | undefined;
    for await (const e of scanDomain(
      { domain, dohUrl, depth: 'deep' },
      { signal: new AbortController().signal, pace: resolverPace(dohUrl, DEFAULTS.scanQueriesPerSecond) },
    )) {
      if (e.type !== 'done') continue;
      const used = process.cpuUsage(cpu);
      figure = {
        zone: domain,
        delayMs,
        questions: e.coverage?.questions ?? 0,
        records: e.total,
        names: e.subdomainsFound.length,
        walk: e.coverage?.walk ?? '?',
        wallMs: performance.now() - started,
        cpuMs: (used.user + used.system) / 1000,
      };
    }
    if (!figure) throw new Error(`the deep scan of ${domain} ended without done`);
    return figure;
  } finally {
    await proxy.close();
    await stack.stop();
  }
}

export async function measureDeepScan(delays: readonly number[] = DEEP_SCAN_DELAYS_MS): Promise<DeepScanFigure[]> {
  const figures: DeepScanFigure[] = [];
  for (const c of CASES) for (const delayMs of delays) figures.push(await once(c.domain, c.zones, delayMs));
  return figures;
}

export function formatDeepScan(figures: DeepScanFigure[]): string[] {
  return [
    'Deep scan, in this process, DoH (h2c) to dnsdist + unbound (fresh cache) + named, behind a delay proxy, paced at DNSFERRY_SCAN_QPS (1,500 questions a second):',
    'zone         | resolver away | questions | records | names | walk     | wall time | CPU (this process)',
    ...figures.map(
      (f) =>
        `${f.zone.padEnd(12)} | ${`${f.delayMs} ms`.padStart(13)} | ${String(f.questions).padStart(9)} | ${String(f.records).padStart(7)} | ${String(f.names).padStart(5)} | ${f.walk.padEnd(8)} | ${`${(f.wallMs / 1000).toFixed(1)} s`.padStart(9)} | ${(f.cpuMs / 1000).toFixed(1)} s`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv[2];
  const cases = only ? CASES.filter((c) => c.domain === only) : CASES;
  const figures: DeepScanFigure[] = [];
  for (const c of cases) for (const delayMs of DEEP_SCAN_DELAYS_MS) figures.push(await once(c.domain, c.zones, delayMs));
  for (const line of formatDeepScan(figures)) process.stdout.write(`${line}\n`);
}
