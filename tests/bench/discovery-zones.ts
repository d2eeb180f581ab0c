/**
 * The zones of the discovery bench: a folder of BIND zone files (`<zone>.zone`), each read by BIND's
 * own named-compilezone (so what the bench counts is what a server loads), and signed copies made
 * with dnssec-signzone (NSEC, or NSEC3 without salt or extra iterations, as RFC 9276 advises).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCompiledZone, zoneTruth, type ZoneTruth } from './discovery-measure';

export interface BenchZone {
  name: string;
  /** The zone in `named-compilezone -s full` form: what the servers load. */
  text: string;
  truth: ZoneTruth;
  /** `nsec` or `nsec3` for a signed copy. */
  signed?: 'nsec' | 'nsec3';
}

/** Debian puts BIND's tools in /usr/sbin and /usr/bin; an ordinary user's PATH may leave /usr/sbin out. */
function tool(name: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin']) if (existsSync(join(dir, name))) return join(dir, name);
  return name;
}

function run(name: string, args: string[], cwd?: string): string {
  const r = spawnSync(tool(name), args, { encoding: 'utf8', maxBuffer: 256 * 2 ** 20, ...(cwd ? { cwd } : {}) });
  if (r.error) throw new Error(`${name} could not run (apt-get install bind9 bind9-utils): ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${name} ${args.join(' ')}: ${(r.stderr || r.stdout).trim().slice(-800)}`);
  return r.stdout;
}

/**
 * Reads one zone file. Host names with an underscore (which some hosts accept in A records) are
 * loaded as they are: check-names would refuse zones that are served in production.
 */
export function compileZone(name: string, file: string): BenchZone {
  const text = run('named-compilezone', ['-q', '-k', 'ignore', '-i', 'none', '-s', 'full', '-o', '-', name, file]);
  return { name, text, truth: zoneTruth(name, parseCompiledZone(text, name)) };
}

/** Every `<zone>.zone` of `dir`, by name; `only` keeps those named. */
export function loadZoneDir(dir: string, only?: readonly string[]): BenchZone[] {
  if (!existsSync(dir)) throw new Error(`the zone folder ${dir} does not exist`);
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.zone'))
    .map((f) => f.slice(0, -'.zone'.length))
    .filter((n) => !only || only.includes(n))
    .sort();
  if (names.length === 0) throw new Error(`no <zone>.zone file in ${dir}${only ? ` among ${only.join(', ')}` : ''}`);
  return names.map((n) => compileZone(n, join(dir, `${n}.zone`)));
}

/** A signed copy of the zone: a fresh ECDSA P-256 key pair (KSK + ZSK), signatures valid for 30 days. */
export function signZone(zone: BenchZone, how: 'nsec' | 'nsec3'): BenchZone {
  const dir = mkdtempSync(join(tmpdir(), 'dnsferry-sign-'));
  try {
    const input = join(dir, 'zone.db');
    writeFileSync(input, zone.text);
    for (const flags of [['-f', 'KSK'], []]) run('dnssec-keygen', ['-q', '-K', dir, '-a', 'ECDSAP256SHA256', ...flags, zone.name]);
    const nsec3 = how === 'nsec3' ? ['-3', '-', '-H', '0'] : [];
    run('dnssec-signzone', ['-q', '-S', '-K', dir, '-o', zone.name, '-f', join(dir, 'signed.db'), '-O', 'full', ...nsec3, input], dir);
    const signed = compileZone(zone.name, join(dir, 'signed.db'));
    return { ...signed, signed: how };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Which zones get signed copies when none are named: NSEC for the zones at a quarter and half of
 * the corpus by size and for the largest, NSEC3 for the one at three quarters.
 */
export function defaultSigned(zones: readonly BenchZone[]): { nsec: string[]; nsec3: string[] } {
  const bySize = [...zones].sort((a, b) => a.truth.rrsets.size - b.truth.rrsets.size || a.name.localeCompare(b.name));
  const at = (f: number) => bySize[Math.min(bySize.length - 1, Math.floor(f * (bySize.length - 1)))]!.name;
  const nsec = [...new Set([at(0.25), at(0.5), at(1)])];
  const nsec3 = [at(0.75)].filter((n) => !nsec.includes(n));
  return { nsec, nsec3 };
}
