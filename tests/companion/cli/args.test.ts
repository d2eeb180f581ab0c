import { describe, expect, it } from 'vitest';
import { refuseCredentialFlags } from '@dnsferry/companion/cli/args';
import { cliPerTest } from './cli-stack';

describe('refuseCredentialFlags', () => {
  it.each([
    ['--token=abc', 'CLOUDFLARE_API_TOKEN'],
    ['--api-token', 'CLOUDFLARE_API_TOKEN'],
    ['--cloudflare-api-key', 'CLOUDFLARE_API_TOKEN'],
    ['--password', 'CLOUDFLARE_API_TOKEN'],
    ['--client-secret', 'AZURE_CLIENT_SECRET'],
    ['--secret', 'AZURE_CLIENT_SECRET'],
    ['--client-id', 'AZURE_CLIENT_ID'],
    ['--tenant', 'AZURE_TENANT_ID'],
  ])('refuses %s and names %s', (flag, env) => {
    expect(() => refuseCredentialFlags(['example.com', flag, 'value'])).toThrow(
      new RegExp(`takes no credential from a flag.*ps.*history.*Set ${env}`),
    );
  });

  it('lets the other flags through, and anything after --', () => {
    expect(() =>
      refuseCredentialFlags(['example.com', '--zone-file', 'x', '--account', 'y', '--dry-run', '--undo-file', 'z']),
    ).not.toThrow();
    expect(() => refuseCredentialFlags(['--', '--token'])).not.toThrow();
  });
});

describe('dnsferry with a secret on its command line', () => {
  const t = cliPerTest();

  it('exits 2 before anything is read or sent, without repeating the secret', async () => {
    const secret = 'sandboxDemoToken000000000000000000000001';
    const requests = t.stack.sim.requestLog.length;
    const run = await t.stack.run(['migrate', 'example.net', '--zone-file', '-', `--token=${secret}`], { stdin: '@ IN A 192.0.2.1\n' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--token: dnsferry takes no credential from a flag');
    expect(run.stderr + run.stdout).not.toContain(secret);
    expect(t.stack.sim.requestLog.length).toBe(requests);
    const azure = await t.stack.run(['zones', '--azure', '00000000-0000-0000-0000-000000000000', '--client-secret', 'hunter2hunter2']);
    expect(azure.code).toBe(2);
    expect(azure.stderr).toContain('Set AZURE_CLIENT_SECRET in the environment');
    expect(azure.stderr).not.toContain('hunter2');
  });
});
