import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTerminal } from '../support/terminal';
import { buildCli, type CliRun } from './cli/cli-stack';

// `pnpm start` as a person uses it: the sandbox's banner names what to paste, and the command line,
// given exactly the `export` lines it printed, works against the simulators with nothing else set.

let cli: Awaited<ReturnType<typeof buildCli>>;
let home: string;
let sandbox: ReturnType<typeof spawn>;
let banner = '';

beforeAll(async () => {
  cli = await buildCli();
  home = await mkdtemp(join(tmpdir(), 'dnsferry-demo-'));
  const demo = join(dirname(cli.command[1] ?? ''), 'demo.mjs');
  sandbox = spawn(process.execPath, [demo], {
    env: { PATH: process.env.PATH ?? '', HOME: home, DNSFERRY_PORT: '0', DNSFERRY_HOME: join(home, 'sandbox') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(sandbox, 'exit');
  await new Promise<void>((resolve, reject) => {
    sandbox.stdout?.setEncoding('utf8').on('data', (d: string) => {
      banner += d;
      if (banner.includes('Stop with Ctrl+C.')) resolve();
    });
    void exited.then(() => reject(new Error(`the sandbox ended:\n${banner}`)));
  });
});
afterAll(async () => {
  // Stopped as a service manager stops it; it stops its simulators and resolver before it exits.
  if (sandbox && sandbox.exitCode === null) {
    const exited = once(sandbox, 'exit');
    sandbox.kill('SIGTERM');
    await exited;
  }
  await cli?.remove();
  await rm(home, { recursive: true, force: true });
});

/** The `export NAME=value` lines of the banner, as a shell would set them. */
function exported(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const m of text.matchAll(/^ {2}export ([A-Z][A-Z0-9_]*)=(.*)$/gm)) {
    const raw = m[2] ?? '';
    vars[m[1] ?? ''] = raw.startsWith("'") ? raw.slice(1, -1).replace(/'\\''/g, "'") : raw;
  }
  return vars;
}

function dnsferry(args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(cli.command[0] ?? '', [...cli.command.slice(1), ...args], { cwd: home, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out.stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out.stderr += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, ...out }));
  });
}

describe('pnpm start', () => {
  it('prints export lines for every variable the command line needs to reach the sandbox', () => {
    expect(Object.keys(exported(banner)).sort()).toEqual(
      [
        'AWS_ACCESS_KEY_ID',
        'AWS_SECRET_ACCESS_KEY',
        'AZURE_CLIENT_ID',
        'AZURE_CLIENT_SECRET',
        'AZURE_TENANT_ID',
        'CLOUDFLARE_ACCOUNT_ID',
        'CLOUDFLARE_API_TOKEN',
        'CLOUDFLARE_SOURCE_API_TOKEN',
        'DNSFERRY_AWS_ROUTE53_ENDPOINT',
        'DNSFERRY_AZURE_ARM',
        'DNSFERRY_AZURE_AUTHORITY',
        'DNSFERRY_CLOUDFLARE_API',
        'DNSFERRY_CT_URL',
        'DNSFERRY_DOH_URL',
        'DNSFERRY_TARGET_NS',
        'NODE_EXTRA_CA_CERTS',
      ].sort(),
    );
  });

  it('with them pasted, dnsferry lists the Cloudflare accounts, the Azure zones and the Route 53 zones', async () => {
    const env = { PATH: process.env.PATH ?? '', HOME: home, ...exported(banner) };
    const accounts = await dnsferry(['accounts'], env);
    expect(accounts.stderr).toBe('');
    expect(accounts.stdout).toContain('Sandbox Account');
    const subscription = /^ {2}dnsferry zones --azure ([0-9a-f-]{36})$/m.exec(banner)?.[1] ?? '';
    expect(banner).toContain(`subscription ${subscription}`);
    const azure = await dnsferry(['zones', '--azure', subscription], env);
    expect(azure.stderr).toBe('');
    expect(azure.code).toBe(0);
    expect(azure.stdout).toContain('example.com');
    const route53 = await dnsferry(['zones', '--route53'], env);
    expect(route53.stderr).toBe('');
    expect(route53.stdout).toContain('route53-example.org');
  });

  it('the dry run it suggests lists the onboarded zone against its source file', async () => {
    const line = /^ {2}dnsferry (migrate .* --dry-run)$/m.exec(banner)?.[1];
    expect(line).toMatch(/^migrate onboarded\.example --zone-file \S+onboarded\.example\.zone --mode mirror --dry-run$/);
    const env = { PATH: process.env.PATH ?? '', HOME: home, ...exported(banner) };
    const dry = await dnsferry((line ?? '').split(' '), env);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('"type":"done"');
  });

  it('on a terminal, logs one readable line per event and ends with Ctrl+C quietly: exit 0, and the shell that started it goes on', async () => {
    const demo = join(dirname(cli.command[1] ?? ''), 'demo.mjs');
    // As pnpm and npx run a script: through sh, which a SIGINT from the terminal would end too.
    const term = inTerminal(`sh -c '"${process.execPath}" "${demo}"; echo "after: $?"'`, {
      env: { PATH: process.env.PATH ?? '', HOME: home, DNSFERRY_PORT: '0', DNSFERRY_HOME: join(home, 'terminal') },
    });
    try {
      await term.seen(/Stop with Ctrl\+C\./);
      expect(term.plain).toMatch(/^\d\d:\d\d:\d\d {2}Server listening at http:\/\/127\.0\.0\.1:\d+$/m);
      expect(term.plain).not.toContain('{"level"');
      term.type('\x03');
      await term.seen(/after: \d+/);
      expect(term.plain).toMatch(/after: 0/);
      expect(term.plain).not.toMatch(/ELIFECYCLE|Command failed/);
      expect((await term.exited)[0]).toBe(0);
    } finally {
      term.kill();
    }
  });
});
