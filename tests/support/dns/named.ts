/**
 * BIND's `named` on loopback, serving zones for transfer tests: Debian's real server (package bind9),
 * so the transfers, TSIG signatures and refusals are the ones users' servers send.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface NamedZone {
  name: string;
  /** The zone file's text. */
  text: string;
  /** `any`, `none`, or the name of a key in `keys` that a transfer must be signed with. */
  allowTransfer: 'any' | 'none' | { key: string };
}

export interface NamedKey {
  name: string;
  algorithm: string;
  secret: string;
}

export interface RunningNamed {
  port: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function startNamed(zones: NamedZone[], keys: NamedKey[] = []): Promise<RunningNamed> {
  const dir = mkdtempSync(join(tmpdir(), 'dnsferry-named-'));
  const port = await freePort();
  const conf = [
    `options { directory "${dir}"; listen-on port ${port} { 127.0.0.1; }; listen-on-v6 { none; }; pid-file none;`,
    // as production zones are: host names with an underscore (hosts accept them), more than 100 records in one
    // RRset (BIND's default limit since 9.18.28; hackclub.com has 103 TXT at _vercel)
    `  recursion no; dnssec-validation no; notify no; check-names primary ignore; max-records-per-type 0; };`,
    'controls { };',
    ...keys.map((k) => `key "${k.name}" { algorithm ${k.algorithm}; secret "${k.secret}"; };`),
    ...zones.map((z) => {
      writeFileSync(join(dir, `${z.name}.zone`), z.text);
      const allow = z.allowTransfer === 'any' ? 'any;' : z.allowTransfer === 'none' ? 'none;' : `key "${z.allowTransfer.key}";`;
      return `zone "${z.name}" { type primary; file "${z.name}.zone"; allow-transfer { ${allow} }; };`;
    }),
  ].join('\n');
  writeFileSync(join(dir, 'named.conf'), conf);

  // Debian puts named in /usr/sbin, which an ordinary user's PATH leaves out
  const program = existsSync('/usr/sbin/named') ? '/usr/sbin/named' : 'named';
  const child: ChildProcess = spawn(program, ['-g', '-c', join(dir, 'named.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.once('error', (err) => reject(new Error(`named could not start (apt-get install bind9): ${err.message}`)));
    child.once('exit', (code) => reject(new Error(`named exited (${code}):\n${log.slice(-2000)}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (/ running\n/.test(log)) resolve(); // its last start-up line, once every zone is loaded
    });
  });
  child.removeAllListeners('exit');
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
