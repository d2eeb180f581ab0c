/**
 * Zones served by BIND's `named` behind a resolver, as a real domain is: unbound resolves them
 * (caching, and validating the signed ones against their trust anchor), dnsdist puts
 * DNS-over-HTTPS in front. Zones are signed with BIND's own `dnssec-signzone` (NSEC or NSEC3).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDohServer, type DohServer } from '@dnsferry/companion/sandbox/doh/server';
import { startNamed, type RunningNamed } from './named';

const HERE = dirname(fileURLToPath(import.meta.url));

export interface StackZone {
  name: string;
  /**
   * A zone file of this folder (`<name>.zone`), or the text itself. `{{DS <child>}}` stands for the
   * DS data of a signed child zone listed before it.
   */
  text?: string;
  sign?: 'nsec' | 'nsec3';
}

export interface NamedStack {
  doh: DohServer;
  named: RunningNamed;
  stop(): Promise<void>;
}

/** The zone's text signed by dnssec-signzone, and its DS (the trust anchor to give the resolver). */
export function signZone(name: string, text: string, mode: 'nsec' | 'nsec3'): { text: string; ds: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dnsferry-sign-'));
  try {
    writeFileSync(join(dir, 'zone'), text);
    const run = (program: string, args: string[]) => {
      const r = spawnSync(program, args, { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${program} ${args.join(' ')}: ${r.stderr || r.error?.message}`);
    };
    run('dnssec-keygen', ['-q', '-a', 'ECDSAP256SHA256', '-f', 'KSK', '-K', '.', name]);
    run('dnssec-keygen', ['-q', '-a', 'ECDSAP256SHA256', '-K', '.', name]);
    // NSEC3 as RFC 9276 §3.1 recommends: no extra iterations, no salt
    run('dnssec-signzone', ['-q', '-S', '-K', '.', ...(mode === 'nsec3' ? ['-3', '-'] : []), '-o', name, '-f', 'signed', 'zone']);
    const dsFile = readdirSync(dir).find((f) => f.startsWith('dsset-'));
    if (!dsFile) throw new Error('dnssec-signzone wrote no dsset file');
    return { text: readFileSync(join(dir, 'signed'), 'utf8'), ds: readFileSync(join(dir, dsFile), 'utf8').split('\n')[0] ?? '' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startNamedStack(zones: StackZone[]): Promise<NamedStack> {
  const dsOf = new Map<string, string>();
  const served = zones.map((z) => {
    const text = (z.text ?? readFileSync(join(HERE, `${z.name}.zone`), 'utf8')).replace(/\{\{DS ([^}]+)\}\}/g, (_m, child: string) => {
      const ds = dsOf.get(child);
      if (!ds) throw new Error(`${z.name}: no signed zone ${child} listed before it`);
      return ds.replace(/^.*\bIN\s+DS\s+/, '');
    });
    if (!z.sign) return { name: z.name, text, ds: undefined };
    const signed = signZone(z.name, text, z.sign);
    dsOf.set(z.name, signed.ds);
    return { name: z.name, text: signed.text, ds: signed.ds };
  });
  const named = await startNamed(served.map((z) => ({ name: z.name, text: z.text, allowTransfer: 'none' as const })));
  try {
    const doh = await startDohServer(
      [],
      served.map((z) => {
        const child = served.some((p) => p !== z && z.name.endsWith(`.${p.name}`));
        return { name: z.name, port: named.port, ...(z.ds && !child ? { trustAnchor: z.ds } : {}) };
      }),
    );
    return {
      doh,
      named,
      async stop() {
        await doh.stop();
        await named.stop();
      },
    };
  } catch (err) {
    await named.stop();
    throw err;
  }
}
