import { describe, expect, it } from 'vitest';
import { cliPerTest } from './cli-stack';

const t = cliPerTest({ azure: true });

describe('credentials', () => {
  it('asks for a missing token on a terminal, without echoing what is typed', async () => {
    const run = await t.stack.runInTerminal(['accounts'], { env: { CLOUDFLARE_API_TOKEN: undefined }, typed: `${t.stack.seed.token}\r` });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('A Cloudflare API token (Zone:Edit and DNS:Edit) (CLOUDFLARE_API_TOKEN): ');
    expect(run.stdout).toContain(`${t.stack.seed.accounts[0]?.id}  Sandbox Account`);
    expect(run.stdout).not.toContain(t.stack.seed.token);
  });

  it('reads the Azure service principal from the AZURE_* variables: zones, then a migration from Azure', async () => {
    const subscription = t.stack.azureDemo?.subscriptions[0]?.subscriptionId ?? '';
    const zones = await t.stack.run(['zones', '--azure', subscription, '--json']);
    expect(zones.code).toBe(0);
    const listed = JSON.parse(zones.stdout) as { zones: Array<{ name: string }> };
    expect(listed.zones.map((z) => z.name)).toContain('example.net');

    const run = await t.stack.run(['migrate', 'example.net', '--azure', subscription]);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\{"type":"done","results":\[\{"zone":"example\.net","created":[1-9]/);
    expect(t.stack.sim.zoneByName('example.net')).toBeDefined();
    const secret = t.stack.env.AZURE_CLIENT_SECRET ?? '';
    expect(run.stdout + run.stderr + zones.stdout + zones.stderr).not.toContain(secret);
  });

  it('exits 2 when Azure refuses the secret, and does not repeat it', async () => {
    const subscription = t.stack.azureDemo?.subscriptions[0]?.subscriptionId ?? '';
    const run = await t.stack.run(['zones', '--azure', subscription], { env: { AZURE_CLIENT_SECRET: 'wrong-secret-value' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^dnsferry: Azure AADSTS7000215/);
    expect(run.stderr).not.toContain(t.stack.env.AZURE_CLIENT_ID ?? 'x');
  });
});
