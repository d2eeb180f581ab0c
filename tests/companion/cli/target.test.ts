import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cliPerTest } from './cli-stack';

const t = cliPerTest();

const ZONE = '@ 300 IN A 192.0.2.1\n';

describe('the target login every command does first', () => {
  it('exits 2 when the token is refused, and writes nothing', async () => {
    const run = await t.stack.run(['migrate', 'example.net', '--zone-file', '-'], {
      stdin: ZONE,
      env: { CLOUDFLARE_API_TOKEN: t.stack.seed.expiredToken },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^dnsferry: Cloudflare .*expired/m);
    expect(run.stderr).not.toContain(t.stack.seed.expiredToken);
    expect(t.stack.sim.zoneByName('example.net')).toBeUndefined();
  });

  it('exits 2 without a token when nobody is at a terminal to be asked, naming the variable', async () => {
    const run = await t.stack.run(['accounts'], { env: { CLOUDFLARE_API_TOKEN: undefined } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('CLOUDFLARE_API_TOKEN is not set');
  });

  it('asks which account when the token has several, and takes --account', async () => {
    const several = await t.stack.run(['migrate', 'example.net', '--zone-file', '-'], {
      stdin: ZONE,
      env: { CLOUDFLARE_ACCOUNT_ID: undefined },
    });
    expect(several.code).toBe(2);
    expect(several.stderr).toContain(
      `this token can use 2 accounts: ${t.stack.seed.accounts.map((a) => `${a.id} (${a.name})`).join(', ')}`,
    );
    const chosen = await t.stack.run(['migrate', 'example.net', '--zone-file', '-', '--account', t.stack.seed.accounts[1]?.id ?? ''], {
      stdin: ZONE,
      env: { CLOUDFLARE_ACCOUNT_ID: undefined },
    });
    expect(chosen.code).toBe(0);
    expect(t.stack.sim.zoneByName('example.net')?.accountId).toBe(t.stack.seed.accounts[1]?.id);
  });

  it('exits 3 when the target cannot be reached', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const run = await t.stack.run(['migrate', 'example.net', '--zone-file', '-'], {
      stdin: ZONE,
      env: { DNSFERRY_CLOUDFLARE_API: `http://127.0.0.1:${port}/client/v4` },
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`127.0.0.1:${port}`);
  });

  it('dnsferry accounts lists the accounts as /api/target/validate answers', async () => {
    const run = await t.stack.run(['accounts', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      success: true,
      accounts: t.stack.seed.accounts.map(({ id, name }) => ({ id, name })),
      token: { status: 'active' },
    });
  });
});
