import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCli, startCliStack, type CliStack } from './cli-stack';

let cli: Awaited<ReturnType<typeof buildCli>>;
let stack: CliStack;
beforeAll(async () => {
  cli = await buildCli();
});
afterAll(async () => {
  await cli.remove();
});
beforeEach(async () => {
  stack = await startCliStack(cli.command);
});
afterEach(async () => {
  await stack.close();
});

const COMMANDS = ['migrate', 'undo', 'check', 'scan', 'accounts', 'zones', 'serve'];

describe('dnsferry', () => {
  it('lists its commands with an example', async () => {
    const run = await stack.run(['--help']);
    expect(run.code).toBe(0);
    for (const c of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${c}\\b`, 'm'));
    expect(run.stdout).toMatch(/Example:\n {2}export CLOUDFLARE_API_TOKEN=…\n {2}dnsferry migrate /);
  });

  it.each(COMMANDS)('%s --help says how to use it, with an example, and does nothing else', async (command) => {
    const run = await stack.run([command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: dnsferry ${command}\\b`));
    expect(run.stdout).toMatch(new RegExp(`Examples?:\\n(?: {2}.*\\n)*? {2}(?:.*dnsferry ${command}\\b)`));
    expect(stack.sim.requestLog).toEqual([]);
  });

  it('exits 2 on an unknown command or option, naming what is wrong', async () => {
    const unknown = await stack.run(['migrat', 'example.com']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'dnsferry: unknown command "migrat"; the commands are migrate, undo, check, scan, accounts, zones, serve (dnsferry --help)\n',
    );
    const option = await stack.run(['scan', 'example.com', '--depth', '3']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("Unknown option '--depth' (see dnsferry scan --help)");
    const config = await stack.run(['accounts'], { env: { DNSFERRY_CLOUDFLARE_API: 'ftp://example' } });
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('DNSFERRY_CLOUDFLARE_API must be http(s)');
  });
});
