/**
 * Zone-file reading speed: a generated 100,000-line zone (the record mix of a large real zone:
 * mostly A/AAAA/CNAME, with MX, TXT incl. DKIM keys over parenthesised lines, SRV, CAA, PTR-style
 * names, comments and owner-less lines) read by `parseZoneFile`, which the popup runs on every
 * keystroke and the companion on `zoneFile`. Median of RUNS readings after one warm-up, next to
 * BIND's `named-checkzone` and `named-compilezone` on the same file (when they are installed; their
 * figures include the start of the process).
 *
 *   npx tsx tests/bench/zone-file.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseZoneFile, readZoneEntries } from '@dnsferry/shared';

const RUNS = 5;
const LINES = 100_000;
const ZONE = 'bench.example';

/** The headline figures, flat (what `pnpm bench` prints). */
export interface ZoneFileFigures {
  lines: number;
  bytes: number;
  records: number;
  issues: number;
  runs: number;
  /** Median wall time of parseZoneFile (read + registry), and its records per second. */
  medianMs: number;
  recordsPerSecond: number;
  /** The same in CPU time, steadier than wall time on a shared machine. */
  cpuMedianMs: number;
  recordsPerCpuSecond: number;
  /** The reader alone (entries, RDATA not interpreted). */
  readerMedianMs: number;
  readerEntriesPerSecond: number;
  /** BIND on the same file: median wall and CPU (user + system) time of a whole run; absent when not installed. */
  checkzoneMs?: number;
  checkzoneCpuMs?: number;
  compilezoneMs?: number;
  compilezoneCpuMs?: number;
  /** parseZoneFile's CPU time over named-checkzone's. */
  cpuOverCheckzone?: number;
}

/** A BIND tool on the file, RUNS times (GNU time gives its CPU time): median wall and CPU milliseconds. */
export function bind(tool: string, args: string[]): { wall: number; cpu: number } | null {
  if (!existsSync(`/usr/bin/${tool}`) || !existsSync('/usr/bin/time')) return null;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S', `/usr/bin/${tool}`, ...args], { encoding: 'utf8' });
    const [e, u, sys] = (run.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
    if (run.status !== 0 || e === undefined || u === undefined || sys === undefined) return null;
    wall.push(e * 1000);
    cpu.push((u + sys) * 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

/** A deterministic zone of exactly `lines` lines. */
export function benchZone(lines: number): string {
  const out: string[] = [
    `$ORIGIN ${ZONE}.`,
    '$TTL 1h',
    '@ IN SOA ns1 hostmaster ( 2024010101 ; serial',
    '  1h 15m 1w 5m )',
    '  IN NS ns1.example.net.',
  ];
  const dkim = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwxL2Ye7yQxa8pLZB8b3yc3wp4T2uOV5657IQ';
  let i = 0;
  while (out.length < lines) {
    const h = `h${i}`;
    const a = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
        out.push(`${h} 300 IN A ${a}`);
        break;
      case 3:
        out.push(`${h} IN AAAA 2001:db8::${(i & 0xffff).toString(16)}`, `  IN TXT "v=spf1 ip4:${a} -all" ; owner-less`);
        break;
      case 4:
        out.push(`www.${h} 1h IN CNAME ${h}`);
        break;
      case 5:
        out.push(`${h} MX 10 mail.${h}.${ZONE}.`);
        break;
      case 6:
        out.push(`sel._domainkey.${h} IN TXT ( "v=DKIM1; k=rsa; "`, `  "p=${dkim}" )`);
        break;
      case 7:
        out.push(`_sip._tcp.${h} 600 IN SRV 10 60 5060 sip.${h}`);
        break;
      case 8:
        out.push(`${h} CAA 0 issue "letsencrypt.org"`);
        break;
      default:
        out.push(`; host ${i}`, `${h}.${ZONE}. 86400 IN A ${a}`);
    }
    i++;
  }
  return `${out.slice(0, lines).join('\n')}\n`;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function time(fn: () => void): { wall: number; cpu: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

export function benchZoneFile(): ZoneFileFigures {
  const text = benchZone(LINES);
  const parsed = parseZoneFile(text, ZONE); // warm-up, and the counts
  const entries = readZoneEntries(text, ZONE).entries.length;
  const full: Array<{ wall: number; cpu: number }> = [];
  const reader: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    full.push(time(() => parseZoneFile(text, ZONE)));
    reader.push(time(() => readZoneEntries(text, ZONE)).wall);
  }
  const medianMs = median(full.map((t) => t.wall));
  const cpuMedianMs = median(full.map((t) => t.cpu));
  const readerMedianMs = median(reader);
  const dir = mkdtempSync(join(tmpdir(), 'dnsferry-bench-'));
  const file = join(dir, 'bench.zone');
  writeFileSync(file, text);
  const check = bind('named-checkzone', ['-q', ZONE, file]);
  const compile = bind('named-compilezone', ['-q', '-o', '/dev/null', ZONE, file]);
  rmSync(dir, { recursive: true, force: true });
  return {
    lines: LINES,
    bytes: new TextEncoder().encode(text).length,
    records: parsed.records.length,
    issues: parsed.issues.length,
    runs: RUNS,
    medianMs,
    recordsPerSecond: Math.round(parsed.records.length / (medianMs / 1000)),
    cpuMedianMs,
    recordsPerCpuSecond: Math.round(parsed.records.length / (cpuMedianMs / 1000)),
    readerMedianMs,
    readerEntriesPerSecond: Math.round(entries / (readerMedianMs / 1000)),
    ...(check ? { checkzoneMs: check.wall, checkzoneCpuMs: check.cpu, cpuOverCheckzone: cpuMedianMs / check.cpu } : {}),
    ...(compile ? { compilezoneMs: compile.wall, compilezoneCpuMs: compile.cpu } : {}),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = benchZoneFile();
  process.stdout.write(
    `zone file of ${f.lines.toLocaleString('en')} lines (${(f.bytes / 2 ** 20).toFixed(1)} MiB): ${f.records.toLocaleString('en')} records, ${f.issues} issues\n` +
      `  parseZoneFile  ${f.medianMs.toFixed(0)} ms median of ${f.runs} → ${f.recordsPerSecond.toLocaleString('en')} records/s (CPU ${f.cpuMedianMs.toFixed(0)} ms → ${f.recordsPerCpuSecond.toLocaleString('en')} records/s)\n` +
      `  reader alone   ${f.readerMedianMs.toFixed(0)} ms → ${f.readerEntriesPerSecond.toLocaleString('en')} entries/s\n` +
      (f.checkzoneMs !== undefined
        ? `  named-checkzone   ${f.checkzoneMs.toFixed(0)} ms (CPU ${f.checkzoneCpuMs?.toFixed(0)} ms); parseZoneFile's CPU is ${f.cpuOverCheckzone?.toFixed(2)}× BIND's\n`
        : '') +
      (f.compilezoneMs !== undefined
        ? `  named-compilezone ${f.compilezoneMs.toFixed(0)} ms (CPU ${f.compilezoneCpuMs?.toFixed(0)} ms)\n`
        : ''),
  );
}
