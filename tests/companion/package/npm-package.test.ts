import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrateEventSchema } from '@dnsferry/shared';
import { lines, startCliStack } from '../cli/cli-stack';

// What `pnpm package` writes to dist/dnsferry-<version>.tgz, as a user gets it: installed with npm into an
// empty prefix, from an empty npm cache, offline, with no pnpm on the PATH and no clone around it; then run.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(join(root, 'companion/package.json'), 'utf8')) as { version: string };

/** The environment of a machine that has Node.js and npm, and nothing of this repository or of pnpm. */
function bareEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: [dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
    HOME: home,
    npm_config_cache: join(home, 'npm-cache'),
    ...extra,
  };
}

let work: string;
let tarball: string;
let prefix: string;
let bin: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'dnsferry-npm-'));
  const { stdout } = await run(process.execPath, [join(root, 'companion/scripts/pack.mjs'), join(work, 'dist')], { env: bareEnv(work) });
  tarball = stdout.trim();
  prefix = join(work, 'prefix');
  const machine = join(work, 'machine');
  await run('mkdir', ['-p', machine]);
  // --offline with an empty cache: a single dependency to download would fail the install.
  await run('npm', ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], {
    cwd: machine,
    env: bareEnv(machine),
  });
  bin = join(prefix, 'bin', 'dnsferry');
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('is dnsferry-<version>.tgz: the bundle, a package.json without dependencies or workspace links, no TypeScript', async () => {
    expect(tarball).toBe(join(work, 'dist', `dnsferry-${version}.tgz`));
    const { stdout: listing } = await run('tar', ['-tzf', tarball]);
    const files = listing.trim().split('\n');
    expect(files).toContain('package/package.json');
    expect(files).toContain('package/dnsferry.mjs');
    expect(files).toContain('package/README.md');
    expect(files.filter((f) => !/^package\/[\w-]+\.(mjs|json|md)$/.test(f))).toEqual([]);
    const { stdout: manifest } = await run('tar', ['-xzOf', tarball, 'package/package.json']);
    const pkg = JSON.parse(manifest) as Record<string, unknown>;
    expect(pkg).toMatchObject({ name: 'dnsferry', version, bin: { dnsferry: 'dnsferry.mjs' } });
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies', 'scripts'])
      expect(pkg[field], field).toBeUndefined();
    expect(manifest).not.toContain('workspace:');
  });

  it('installs alone: nothing else is installed beside it', () => {
    const installed = join(prefix, 'lib', 'node_modules');
    expect(readdirSync(installed)).toEqual(['dnsferry']);
    expect(existsSync(join(installed, 'dnsferry', 'node_modules'))).toBe(false);
  });

  it('holds only ASCII in its modules, so V8 keeps each source as one-byte text (half the memory)', () => {
    const installed = join(prefix, 'lib', 'node_modules', 'dnsferry');
    const modules = readdirSync(installed).filter((f) => f.endsWith('.mjs'));
    expect(modules.length).toBeGreaterThan(1);
    const wide = modules.filter((f) => /[\u0080-\uffff]/.test(readFileSync(join(installed, f), 'utf8')));
    expect(wide).toEqual([]);
  });

  it('dnsferry --help answers from the installed command', async () => {
    const { stdout } = await run(bin, ['--help'], { cwd: work, env: bareEnv(work) });
    for (const command of ['migrate', 'undo', 'check', 'scan', 'accounts', 'zones', 'serve'])
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });

  it('a dry run against the Cloudflare simulator reads the zone file and writes nothing', async () => {
    const stack = await startCliStack([bin]);
    try {
      writeFileSync(
        join(stack.dir, 'example.net.zone'),
        '$TTL 3600\n@ IN A 192.0.2.1\nwww IN A 192.0.2.2\n@ IN MX 10 mail.example.net.\nmail IN A 192.0.2.25\n',
      );
      const dry = await stack.run(['migrate', 'example.net', '--zone-file', 'example.net.zone', '--dry-run']);
      expect(dry.stderr).toBe('');
      expect(dry.code).toBe(0);
      const events = lines(dry.stdout).map((l) => MigrateEventSchema.parse(l));
      expect(events.filter((e) => e.type === 'record')).toHaveLength(4);
      expect(events.at(-1)).toEqual({
        type: 'done',
        results: [{ zone: 'example.net', created: 4, updated: 0, skipped: 0, failed: 0, removed: 0 }],
      });
      expect(stack.sim.zoneByName('example.net')).toBeUndefined();
      expect(stack.sim.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
    } finally {
      await stack.close();
    }
  });

  it('dnsferry serve starts the companion, which answers until it is stopped', async () => {
    const stack = await startCliStack([bin]);
    const child = spawn(bin, ['serve'], {
      cwd: stack.dir,
      env: { ...stack.env, DNSFERRY_PORT: '0', DNSFERRY_HOME: join(stack.dir, 'home'), DNSFERRY_LOG_FORMAT: 'json' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit') as Promise<[number | null]>;
    try {
      let out = '';
      const address = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const m = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m?.[1]) resolve(m[1]);
        });
        void exited.then(() => reject(new Error(`serve ended: ${out}`)));
      });
      const res = await fetch(`${address}/api/target/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ targetToken: stack.seed.token }),
      });
      expect(await res.json()).toMatchObject({ success: true, token: { status: 'active' } });
    } finally {
      child.kill('SIGTERM');
      await stack.close();
    }
    expect((await exited)[0]).toBe(0);
  });
});
