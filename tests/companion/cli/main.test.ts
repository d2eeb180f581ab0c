import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPerTest } from './cli-stack';

const t = cliPerTest();

const COMMANDS = ['migrate', 'undo', 'check', 'scan', 'accounts', 'zones', 'serve'];

describe('dnsferry', () => {
  it('lists its commands with an example', async () => {
    const run = await t.stack.run(['--help']);
    expect(run.code).toBe(0);
    for (const c of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${c}\\b`, 'm'));
    expect(run.stdout).toMatch(/Example:\n {2}export CLOUDFLARE_API_TOKEN=…\n {2}dnsferry migrate /);
  });

  it.each(COMMANDS)('%s --help says how to use it, with an example, and does nothing else', async (command) => {
    const run = await t.stack.run([command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: dnsferry ${command}\\b`));
    expect(run.stdout).toMatch(new RegExp(`Examples?:\\n(?: {2}.*\\n)*? {2}(?:.*dnsferry ${command}\\b)`));
    expect(t.stack.sim.requestLog).toEqual([]);
  });

  it('exits 2 on an unknown command or option, naming what is wrong', async () => {
    const unknown = await t.stack.run(['migrat', 'example.com']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'dnsferry: unknown command "migrat"; the commands are migrate, undo, check, scan, accounts, zones, serve (dnsferry --help)\n',
    );
    const inherited = await t.stack.run(['constructor']);
    expect(inherited.code).toBe(2);
    expect(inherited.stderr).toContain('unknown command "constructor"');
    const option = await t.stack.run(['scan', 'example.com', '--depth', '3']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("Unknown option '--depth' (see dnsferry scan --help)");
    const config = await t.stack.run(['accounts'], { env: { DNSFERRY_CLOUDFLARE_API: 'ftp://example' } });
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('DNSFERRY_CLOUDFLARE_API must be http(s)');
  });

  it('serve starts the companion, which answers the API until it is stopped', async () => {
    const child = spawn(t.cli.command[0] ?? '', [...t.cli.command.slice(1), 'serve'], {
      cwd: t.stack.dir,
      env: { ...t.stack.env, DNSFERRY_PORT: '0', DNSFERRY_HOME: join(t.stack.dir, 'home') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit') as Promise<[number | null]>;
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const address = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      void exited.then(() => reject(new Error(`serve ended: ${err}`)));
    });
    try {
      const res = await fetch(`${address}/api/target/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ targetToken: t.stack.seed.token }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, token: { status: 'active' } });
      expect(err).toMatch(/dnsferry pairing code: [0-9A-Z]{4}-[0-9A-Z]{4}/);
    } finally {
      child.kill('SIGTERM');
    }
    expect((await exited)[0]).toBe(0);
  });

  it('serve stops on SIGINT quietly, exit 0, without the message a migration gives', async () => {
    const child = spawn(t.cli.command[0] ?? '', [...t.cli.command.slice(1), 'serve'], {
      cwd: t.stack.dir,
      env: { ...t.stack.env, DNSFERRY_PORT: '0', DNSFERRY_HOME: join(t.stack.dir, 'home') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit') as Promise<[number | null]>;
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.stdout.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: string) => {
        out += d;
        if (out.includes('Server listening at')) resolve();
      });
      void exited.then(() => reject(new Error(`serve ended: ${err}`)));
    });
    child.kill('SIGINT');
    expect((await exited)[0]).toBe(0);
    expect(err).not.toContain('stopping');
  });

  it('on a terminal of 80 columns, the help and a usage error break no word', async () => {
    for (const args of [['--help'], ['migrate', '--help'], ['check', '--help'], ['migrate', 'example.com', '--token', 'x']]) {
      const run = await t.stack.runInTerminal(args, { columns: 80 });
      const rows = run.stdout.split('\r\n');
      expect(rows.filter((r) => [...r].length > 79)).toEqual([]);
      if (args.includes('--token')) {
        expect(run.code).toBe(2);
        expect(rows.join(' ').replace(/\s+/g, ' ')).toContain('dnsferry: --token: dnsferry takes no credential from a flag');
      } else {
        expect(run.code).toBe(0);
        expect(rows.join(' ').replace(/\s+/g, ' ')).toMatch(/Exit codes: 0 every(thing landed| zone ready)/);
      }
    }
  });
});
