import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startCloudflareSimulator, type CloudflareSimOptions } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { seedAzureDemo, startAzureSimulator, SIMULATOR_CERT } from '@dnsferry/companion/sandbox/azure/index';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The package's bin as `pnpm -C companion build` makes it, built into a folder of its own (a
 * companion running from companion/dist keeps its files): the tests run what is shipped.
 */
export async function buildCli(): Promise<{ command: string[]; remove(): Promise<void> }> {
  const out = await mkdtemp(join(tmpdir(), 'dnsferry-bin-'));
  await promisify(execFile)(process.execPath, ['build.mjs', out], { cwd: join(root, 'companion') });
  return { command: [process.execPath, join(out, 'dnsferry.mjs')], remove: () => rm(out, { recursive: true, force: true }) };
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The Cloudflare simulator (API, name servers, the parents' resolver) and optionally the Azure one,
 * and `dnsferry` spawned against them through the same DNSFERRY_* variables a person sets; each run
 * in a fresh folder. The Azure simulator's certificate is trusted through NODE_EXTRA_CA_CERTS, as a
 * corporate CA would be.
 */
export async function startCliStack(cli: string[], opts: { sim?: CloudflareSimOptions; azure?: boolean } = {}) {
  const sim = await startCloudflareSimulator({ rateLimit: false, ...opts.sim });
  const seed = seedCloudflareDemo(sim);
  const parent = await sim.startParentResolver(null);
  const azure = opts.azure ? await startAzureSimulator() : undefined;
  const azureDemo = azure ? seedAzureDemo(azure) : undefined;
  const dir = await mkdtemp(join(tmpdir(), 'dnsferry-cli-'));
  const ca = join(dir, 'azure-simulator.pem');
  await writeFile(ca, SIMULATOR_CERT);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    DNSFERRY_CLOUDFLARE_API: sim.url,
    DNSFERRY_DOH_URL: parent.url,
    DNSFERRY_TARGET_NS: `${sim.dns.host}:${sim.dns.port}`,
    DNSFERRY_RETRY_BASE_MS: '5',
    CLOUDFLARE_API_TOKEN: seed.token,
    CLOUDFLARE_ACCOUNT_ID: seed.accountId,
    ...(azure ? { DNSFERRY_AZURE_AUTHORITY: azure.authorityUrl, DNSFERRY_AZURE_ARM: azure.armUrl, NODE_EXTRA_CA_CERTS: ca } : {}),
    ...(azureDemo
      ? {
          AZURE_TENANT_ID: azureDemo.servicePrincipal.tenantId,
          AZURE_CLIENT_ID: azureDemo.servicePrincipal.clientId,
          AZURE_CLIENT_SECRET: azureDemo.servicePrincipal.clientSecret,
        }
      : {}),
  };

  /** `dnsferry ARGS` with stdin piped (and closed after `stdin`), stdout and stderr captured. */
  function run(args: string[], o: { stdin?: string; env?: Record<string, string | undefined> } = {}): Promise<CliRun> {
    const child = spawn(cli[0] as string, [...cli.slice(1), ...args], {
      cwd: dir,
      env: withoutUndefined({ ...env, ...o.env }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out.stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out.stderr += d));
    child.stdin.end(o.stdin ?? '');
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, ...out }));
    });
  }

  /**
   * `dnsferry ARGS` in a pseudo-terminal (util-linux `script`), as a person at a terminal runs it:
   * everything it drew, escape codes included.
   */
  function runInTerminal(
    args: string[],
    o: { env?: Record<string, string | undefined>; typed?: string; columns?: number } = {},
  ): Promise<CliRun> {
    // Sized as a terminal window is (a pseudo-terminal without a tty on stdin starts at 0 × 0).
    const command = `stty cols ${o.columns ?? 160} rows 40 && exec ${[...cli, ...args].map(shellQuote).join(' ')}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: dir,
      env: withoutUndefined({ ...env, TERM: 'xterm-256color', ...o.env }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out.stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out.stderr += d));
    // What the person types, once the program asks (a prompt ends in ': '); the terminal is left open.
    if (o.typed !== undefined) {
      const typed = o.typed;
      const onData = () => {
        if (!/: $/.test(out.stdout)) return;
        child.stdout.off('data', onData);
        child.stdin.write(typed);
      };
      child.stdout.on('data', onData);
    }
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, ...out }));
    });
  }

  return {
    sim,
    seed,
    parent,
    azure,
    azureDemo,
    dir,
    env,
    run,
    runInTerminal,
    async close() {
      await sim.close();
      await parent.close();
      await azure?.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
export type CliStack = Awaited<ReturnType<typeof startCliStack>>;

function withoutUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The NDJSON lines of a run's stdout, parsed. */
export const lines = (stdout: string): unknown[] =>
  stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

/**
 * The bin built once for the file (or describe block) that calls this, and a fresh stack for each of
 * its tests, closed after it. `prepare` runs once each stack is up (files a test needs beside it).
 */
export function cliPerTest(
  opts: Parameters<typeof startCliStack>[1] = {},
  prepare?: (stack: CliStack) => void,
): { readonly cli: Awaited<ReturnType<typeof buildCli>>; readonly stack: CliStack } {
  const t = {} as { cli: Awaited<ReturnType<typeof buildCli>>; stack: CliStack };
  beforeAll(async () => {
    t.cli = await buildCli();
  });
  afterAll(async () => {
    await t.cli?.remove();
  });
  beforeEach(async () => {
    t.stack = await startCliStack(t.cli.command, opts);
    prepare?.(t.stack);
  });
  afterEach(async () => {
    await t.stack?.close();
  });
  return t;
}
