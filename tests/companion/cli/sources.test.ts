import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedRoute53Demo, startRoute53Simulator, type Route53Demo, type Route53Simulator } from '@dnsferry/companion/sandbox/route53/index';
import { serverAndPort, tsigKey } from '@dnsferry/companion/cli/sources';
import { Redactor } from '@dnsferry/companion/redactor';
import { heldLines } from '../../support/stack';
import { startNamed, type RunningNamed } from '../../support/dns/named';
import { cliPerTest, lines } from './cli-stack';

const t = cliPerTest();

/** What tsig-keygen writes (`tsig-keygen -a hmac-sha256 transfer-key`). */
const KEY = { name: 'transfer-key', algorithm: 'hmac-sha256', secret: 'c2VjcmV0LWtleS1mb3ItZG5zZmVycnktY2xpLXRlc3Q=' };
const KEY_FILE = `key "${KEY.name}" {\n\talgorithm ${KEY.algorithm};\n\tsecret "${KEY.secret}";\n};\n`;

const ZONE = `$TTL 3600
@    IN SOA ns1.oldhost.example. admin.oldhost.example. 7 7200 900 1209600 300
@    IN NS  ns1.oldhost.example.
@    IN A   192.0.2.1
www  IN A   192.0.2.2
@    IN MX  10 mail.transfer.example.
mail IN A   192.0.2.25
`;

const done = (stdout: string) => lines(stdout).at(-1);

describe('dnsferry migrate --axfr', () => {
  let named: RunningNamed;
  beforeEach(async () => {
    named = await startNamed([{ name: 'transfer.example', text: ZONE, allowTransfer: { key: KEY.name } }], [KEY]);
  });
  afterEach(async () => {
    await named.stop();
  });

  it('reads the zone by a transfer signed with the key file, as named allows it, and lands it', async () => {
    writeFileSync(join(t.stack.dir, 'transfer.key'), KEY_FILE);
    const run = await t.stack.run(['migrate', 'transfer.example', '--axfr', `127.0.0.1:${named.port}`, '--tsig-key', 'transfer.key']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^dnsferry: undo data written to transfer\.example\.undo-/);
    expect(heldLines(t.stack.sim, 'transfer.example')).toEqual([
      'A mail.transfer.example 192.0.2.25 3600',
      'A transfer.example 192.0.2.1 3600',
      'A www.transfer.example 192.0.2.2 3600',
      'MX transfer.example mail.transfer.example 3600',
    ]);
    expect(run.stdout).not.toContain(KEY.secret);
  });

  it('without the key, the refused transfer is a zone error and nothing lands', async () => {
    const run = await t.stack.run(['migrate', 'transfer.example', '--axfr', `127.0.0.1:${named.port}`]);
    expect(run.code).toBe(1);
    expect(done(run.stdout)).toMatchObject({ type: 'done' });
    expect(lines(run.stdout).some((e) => (e as { type: string; message?: string }).type === 'error')).toBe(true);
    expect(heldLines(t.stack.sim, 'transfer.example')).toEqual([]);
  });
});

describe('dnsferry migrate --route53 and zones --route53', () => {
  let aws: Route53Simulator;
  let demo: Route53Demo;
  let env: Record<string, string>;
  beforeEach(async () => {
    aws = await startRoute53Simulator();
    demo = seedRoute53Demo(aws);
    env = {
      DNSFERRY_AWS_ROUTE53_ENDPOINT: aws.url,
      AWS_ACCESS_KEY_ID: demo.keys.accessKeyId,
      AWS_SECRET_ACCESS_KEY: demo.keys.secretAccessKey,
    };
  });
  afterEach(async () => {
    await aws.close();
  });

  it('lists the public hosted zones with their ids', async () => {
    const run = await t.stack.run(['zones', '--route53'], { env });
    expect(run.code).toBe(0);
    // piped: the answer /api/source/zones gives
    expect(JSON.parse(run.stdout)).toEqual({ success: true, zones: [{ name: 'route53-example.org', id: demo.zone.id, recordCount: 10 }] });
  });

  it('migrates a hosted zone, its aliases translated, and never shows the secret', async () => {
    const run = await t.stack.run(['migrate', 'route53-example.org', '--route53'], { env });
    expect(run.code).toBe(0);
    const held = heldLines(t.stack.sim, 'route53-example.org');
    expect(held).toContain('CNAME www.route53-example.org d3abcdefgh1234.cloudfront.net 1');
    expect(held).toContain('A app.route53-example.org 198.51.100.20 300');
    expect(held.filter((l) => l.startsWith('A api.'))).toEqual([
      'A api.route53-example.org 198.51.100.10 60',
      'A api.route53-example.org 198.51.100.11 60',
    ]);
    expect(run.stdout + run.stderr).not.toContain(demo.keys.secretAccessKey);
  });

  it('refused keys are exit 2, naming the source', async () => {
    const run = await t.stack.run(['zones', '--route53'], { env: { ...env, AWS_SECRET_ACCESS_KEY: 'x'.repeat(40) } });
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('x'.repeat(40));
    // one line (no SDK warning beside it), naming the key to check
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^dnsferry: Route 53 SignatureDoesNotMatch: .* — check the secret access key$/),
    ]);
  });
});

describe('dnsferry migrate --from-account', () => {
  it("copies the zone from the other account's token, proxy kept", async () => {
    const old = t.stack.sim.addAccount({ name: 'Old Agency' });
    const oldToken = t.stack.sim.addToken({ accountIds: [old.id], permissions: ['zone:read', 'dns:read'] });
    const zone = t.stack.sim.addZone({ accountId: old.id, name: 'moving.example', status: 'active' });
    t.stack.sim.addRecord(zone.id, { type: 'A', name: 'moving.example', content: '192.0.2.10', ttl: 1, proxied: true });
    t.stack.sim.addRecord(zone.id, { type: 'TXT', name: 'moving.example', content: '"v=spf1 -all"', ttl: 300 });
    const run = await t.stack.run(['migrate', 'moving.example', '--from-account'], { env: { CLOUDFLARE_SOURCE_API_TOKEN: oldToken } });
    expect(run.code).toBe(0);
    const target = t.stack.sim.zoneByName('moving.example', t.stack.seed.accountId);
    expect(target?.id).not.toBe(zone.id);
    const held = t.stack.sim
      .records(target?.id ?? '')
      .filter((r) => r.type !== 'NS')
      .map((r) => `${String(r.type)} ${String(r.content)} ${String(r.ttl)} proxied=${String(r.proxied ?? false)}`)
      .sort();
    expect(held).toEqual(['A 192.0.2.10 1 proxied=true', 'TXT "v=spf1 -all" 300 proxied=false']);
    expect(run.stdout + run.stderr).not.toContain(oldToken);
  });

  it('without CLOUDFLARE_SOURCE_API_TOKEN (not on a terminal) it says which variable to set; exit 2', async () => {
    const run = await t.stack.run(['migrate', 'moving.example', '--from-account']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('CLOUDFLARE_SOURCE_API_TOKEN is not set');
  });
});

describe('where the records come from', () => {
  it('one source per run; a TSIG or AWS secret as a flag is refused without repeating it', async () => {
    const two = await t.stack.run(['migrate', 'a.example', '--route53', '--axfr', 'ns1.example.net']);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('--route53 and --axfr: the records come from one source per run');
    const aws = await t.stack.run(['migrate', 'a.example', '--route53', '--secret-access-key', 'wJalrXUtnFEMI']);
    expect(aws.code).toBe(2);
    expect(aws.stderr).toContain('Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment');
    expect(aws.stderr).not.toContain('wJalrXUtnFEMI');
    const tsig = await t.stack.run(['migrate', 'a.example', '--axfr', 'ns1.example.net', '--tsig-secret=c2VjcmV0']);
    expect(tsig.code).toBe(2);
    expect(tsig.stderr).toContain('--tsig-key FILE');
    expect(tsig.stderr).not.toContain('c2VjcmV0');
    const orphan = await t.stack.run(['migrate', 'a.example', '--zone-file', 'x.zone', '--tsig-key', 'k.key']);
    expect(orphan.stderr).toContain('--tsig-key goes with --axfr');
  });

  it('reads a server with or without a port, IPv6 in brackets', () => {
    expect(serverAndPort('ns1.example.net')).toEqual({ server: 'ns1.example.net' });
    expect(serverAndPort('192.0.2.53:5353')).toEqual({ server: '192.0.2.53', port: 5353 });
    expect(serverAndPort('2001:db8::53')).toEqual({ server: '2001:db8::53' });
    expect(serverAndPort('[2001:db8::53]:5353')).toEqual({ server: '2001:db8::53', port: 5353 });
    expect(() => serverAndPort('192.0.2.53:99999')).toThrow('the port is 1–65535');
  });

  it('reads a key file as tsig-keygen writes it, and names what is wrong with others', () => {
    const redactor = new Redactor();
    expect(tsigKey(KEY_FILE, 'k.key', { redactor })).toEqual(KEY);
    expect(redactor.scrub(`the secret ${KEY.secret}`)).not.toContain(KEY.secret);
    expect(() => tsigKey(`${KEY_FILE}${KEY_FILE}`, 'k.key', { redactor })).toThrow('found 2');
    expect(() => tsigKey(KEY_FILE.replace('hmac-sha256', 'hmac-md5'), 'k.key', { redactor })).toThrow("the key's algorithm is one of");
    expect(() => tsigKey('key "k" { algorithm hmac-sha256; };', 'k.key', { redactor })).toThrow('has no secret');
  });
});
