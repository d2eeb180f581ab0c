import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { inTerminal } from '../support/terminal';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function occupy(host: string, port = 0): Promise<Server> {
  const s = createServer();
  return new Promise((resolve, reject) => {
    s.once('error', reject);
    s.listen({ host, port }, () => resolve(s));
  });
}
const close = (s: Server) => new Promise<void>((r) => s.close(() => r()));
let ipv6 = true;
await close(await occupy('::1')).catch(() => (ipv6 = false));
/** Without IPv6 loopback no program can listen on [::1]: nothing there to hold or take. */
const withIpv6 = it.skipIf(!ipv6);

/** `pnpm companion` as a person runs it, with its own home; its output as it comes. */
async function companion(env: Record<string, string>, args: string[] = []) {
  const home = env.DNSFERRY_HOME ?? (await mkdtemp(join(tmpdir(), 'dnsferry-server-')));
  const child = spawn(process.execPath, ['--import', 'tsx', 'companion/src/server.ts', ...args], {
    cwd: root,
    env: { ...process.env, DNSFERRY_HOME: home, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(home, { recursive: true, force: true });
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out.stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out.stderr += d));
  /** Resolves once `pattern` has appeared on stdout or stderr (or fails when the process ends first). */
  const seen = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(out.stdout) ?? pattern.exec(out.stderr);
        if (!m) return false;
        resolve(m);
        return true;
      };
      if (check()) return;
      const onData = () => {
        if (!check()) return;
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(() => check() || reject(new Error(`exited before ${pattern}:\n${out.stdout}\n${out.stderr}`)));
    });
  return { child, out, exited, seen, home };
}

describe('pnpm companion', () => {
  withIpv6('refuses to start on localhost when [::1] is taken: it says which address, prints no code, exits 1', async () => {
    const other = await occupy('::1');
    cleanup.push(() => close(other));
    const port = (other.address() as AddressInfo).port;
    const c = await companion({ DNSFERRY_HOST: 'localhost', DNSFERRY_PORT: String(port) });
    const [code] = await c.exited;
    expect(code).toBe(1);
    expect(c.out.stderr).toBe(
      `dnsferry: [::1]:${port} is already in use (another companion, or another program?) — nothing was started; no pairing code was printed\n`,
    );
    expect(c.out.stdout + c.out.stderr).not.toMatch(/pairing code:/);
  });

  it('refuses to start when its port is taken, without printing a code first', async () => {
    const other = await occupy('127.0.0.1');
    cleanup.push(() => close(other));
    const port = (other.address() as AddressInfo).port;
    const c = await companion({ DNSFERRY_HOST: '127.0.0.1', DNSFERRY_PORT: String(port) });
    const [code] = await c.exited;
    expect(code).toBe(1);
    expect(c.out.stderr).toMatch(`dnsferry: 127.0.0.1:${port} is already in use`);
    expect(c.out.stdout + c.out.stderr).not.toMatch(/pairing code:/);
  });

  withIpv6('on localhost it holds 127.0.0.1 and [::1], then prints the code', async () => {
    const c = await companion({ DNSFERRY_HOST: 'localhost', DNSFERRY_PORT: '0' });
    const [, addresses] = await c.seen(/"addresses":(\["[^"]*"(?:,"[^"]*")*\])/);
    await c.seen(/dnsferry pairing code: \S+/);
    const held = JSON.parse(addresses ?? '[]') as string[];
    expect(held).toHaveLength(2);
    const port = Number(/:(\d+)$/.exec(held[0] ?? '')?.[1]);
    expect(held).toEqual([`127.0.0.1:${port}`, `[::1]:${port}`]);
    for (const host of ['127.0.0.1', '::1']) await expect(occupy(host, port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    for (const base of held) expect((await fetch(`http://${base}/nowhere`)).status).toBe(404);
    c.child.kill('SIGTERM');
    expect(await c.exited).toEqual([0, null]);
  });

  it('prints the code framed on stderr, apart from the log on stdout, and a fresh one on SIGUSR2; `pairings list` reads the same home', async () => {
    const c = await companion({ DNSFERRY_HOST: '127.0.0.1', DNSFERRY_PORT: '0' });
    const [, first] = await c.seen(/\| dnsferry pairing code: (\S+) +\|/);
    expect(c.out.stderr).toMatch(/\n\+-+\+\n\| dnsferry pairing code: /);
    expect(c.out.stdout).not.toMatch(/pairing code/);
    c.child.kill('SIGUSR2');
    const [, second] = await c.seen(/\| dnsferry pairing code: (\S+) +\|\n\| Type it[^\n]*\n\| A new code, as asked/);
    expect(second).not.toBe(first);
    const list = await companion({ DNSFERRY_HOME: c.home }, ['pairings', 'list']);
    expect(await list.exited).toEqual([0, null]);
    expect(list.out.stderr).toMatch(/^no browser extension is paired/);
    const wrong = await companion({ DNSFERRY_HOME: c.home }, ['pairings', 'revoke']);
    expect((await wrong.exited)[0]).toBe(2);
    expect(wrong.out.stderr).toMatch(/^usage: /);
  });

  /** `pnpm companion` in a terminal, through sh as pnpm runs it, with its own home. */
  async function companionInTerminal(env: Record<string, string> = {}) {
    const home = await mkdtemp(join(tmpdir(), 'dnsferry-server-'));
    const term = inTerminal(`sh -c '"${process.execPath}" --import tsx companion/src/server.ts; echo "after: $?"'`, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: home, DNSFERRY_HOST: '127.0.0.1', DNSFERRY_PORT: '0', DNSFERRY_HOME: home, ...env },
    });
    cleanup.push(async () => {
      term.kill();
      await term.exited;
      await rm(home, { recursive: true, force: true });
    });
    return term;
  }

  it('on a terminal: readable log lines, a new code on Enter, and Ctrl+C ends it quietly with exit 0', async () => {
    const term = await companionInTerminal();
    const [, first] = await term.seen(/\| dnsferry pairing code: (\S+) +\|/);
    await term.seen(/Server listening at/);
    expect(term.plain).toMatch(/^\d\d:\d\d:\d\d {2}Server listening at http:\/\/127\.0\.0\.1:\d+$/m);
    expect(term.plain).not.toContain('{"level"');
    term.type('\r');
    const [, second] = await term.seen(/\| dnsferry pairing code: (\S+) +\|\r?\n\| Type it[^\n]*\n\| A new code, as asked/);
    expect(second).not.toBe(first);
    term.type('\x03');
    await term.seen(/after: \d+/);
    expect(term.plain).toMatch(/after: 0/);
    expect((await term.exited)[0]).toBe(0);
  });

  it('on a terminal with DNSFERRY_LOG_FORMAT=json, logs JSON lines', async () => {
    const term = await companionInTerminal({ DNSFERRY_LOG_FORMAT: 'json' });
    await term.seen(/"msg":"Server listening at http:\/\/127\.0\.0\.1:\d+"/);
    term.type('\x03');
    await term.seen(/after: 0/);
  });
});
