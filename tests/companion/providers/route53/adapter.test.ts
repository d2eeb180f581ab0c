import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import type { DnsRecord } from '@dnsferry/shared';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import { UpstreamError } from '@dnsferry/companion/errors';
import { upstreamFetch } from '@dnsferry/companion/upstream/proxy';
import { checkKeys, createRoute53Source, listHostedZones } from '@dnsferry/companion/providers/route53/adapter';
import { startRoute53Simulator, type Route53Simulator, type SimKey, type SimZone } from '@dnsferry/companion/sandbox/route53/index';

let sim: Route53Simulator;
let key: SimKey;
let zone: SimZone;
let big: SimZone;
let deps: { config: Config; fetch: typeof fetch };
const signal = new AbortController().signal;
const creds = (k: SimKey = key) => ({
  provider: 'route53' as const,
  accessKeyId: k.accessKeyId,
  secretAccessKey: k.secretAccessKey,
  ...(k.sessionToken ? { sessionToken: k.sessionToken } : {}),
});
const line = (r: DnsRecord) => `${r.type} ${r.name} ${'priority' in r ? `${r.priority} ` : ''}${r.content} ${r.ttl}`;

async function rejection(p: Promise<unknown>): Promise<UpstreamError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UpstreamError);
  return err as UpstreamError;
}

beforeAll(async () => {
  sim = await startRoute53Simulator();
  key = sim.addKey();
  zone = sim.addZone({ name: 'example.org' });
  const add = (input: Parameters<Route53Simulator['addRecordSet']>[1]) => sim.addRecordSet(zone, input);
  add({ name: '@', type: 'A', alias: { hostedZoneId: 'Z2FDTNDATAQYW2', dnsName: 'd111111abcdef8.cloudfront.net.' } });
  add({ name: '@', type: 'AAAA', alias: { hostedZoneId: 'Z2FDTNDATAQYW2', dnsName: 'd111111abcdef8.cloudfront.net.' } });
  add({ name: '@', type: 'MX', TTL: 3600, values: ['10 mx1.mail.example.net.', '0 .'] });
  add({ name: 'origin', type: 'A', TTL: 120, values: ['198.51.100.20', '198.51.100.21'] });
  add({ name: 'www', type: 'A', alias: { hostedZoneId: zone.id, dnsName: 'origin.example.org.' } });
  add({ name: 'web', type: 'A', alias: { hostedZoneId: zone.id, dnsName: 'www.example.org.' } });
  add({
    name: 'lb',
    type: 'A',
    alias: { hostedZoneId: 'Z35SXDOTRQ7X7K', dnsName: 'dualstack.my-lb-1234567890.us-east-1.elb.amazonaws.com.' },
  });
  add({ name: 'static', type: 'A', alias: { hostedZoneId: 'Z3AQBSTGFYJSTF', dnsName: 's3-website-us-east-1.amazonaws.com.' } });
  add({ name: 'gone', type: 'A', alias: { hostedZoneId: zone.id, dnsName: 'nothing.example.org.' } });
  add({
    name: 'api',
    type: 'A',
    TTL: 60,
    SetIdentifier: 'blue',
    Weight: 80,
    values: ['198.51.100.10'],
    HealthCheckId: '7f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b',
  });
  add({ name: 'api', type: 'A', TTL: 60, SetIdentifier: 'green', Weight: 20, values: ['198.51.100.11'] });
  add({ name: 'edge', type: 'A', alias: { hostedZoneId: zone.id, dnsName: 'api.example.org.' } });
  add({ name: 'db', type: 'CNAME', TTL: 60, SetIdentifier: 'primary', Failover: 'PRIMARY', values: ['db1.example.net'] });
  add({ name: 'geo', type: 'A', TTL: 60, SetIdentifier: 'europe', GeoLocation: { ContinentCode: 'EU' }, values: ['192.0.2.1'] });
  add({ name: 'geo', type: 'A', TTL: 60, SetIdentifier: 'default', GeoLocation: { CountryCode: '*' }, values: ['192.0.2.1'] });
  add({ name: 'fast', type: 'AAAA', TTL: 60, SetIdentifier: 'use1', Region: 'us-east-1', values: ['2001:db8::1'] });
  add({ name: 'many', type: 'A', TTL: 60, SetIdentifier: 'one', MultiValueAnswer: true, values: ['192.0.2.7'] });
  add({ name: 'flow', type: 'A', TTL: 60, TrafficPolicyInstanceId: 'a1b2c3d4-0000-4000-8000-000000000001', values: ['192.0.2.9'] });
  add({ name: '*', type: 'TXT', TTL: 300, values: ['"wild\\"card" "x"'] });
  // Route 53 escapes bytes in octal: \351 is byte 233 (é in Latin-1), \\ a backslash.
  add({ name: 'octal', type: 'TXT', TTL: 300, values: ['"caf\\351 \\\\351"'] });
  add({ name: 'ssh', type: 'SSHFP', TTL: 300, values: ['2 2 745A635BC46A397A5C4F21D437483005BCC40D7511FF15FBFAFE913A081559BC'] });

  // 400 names, and a weighted pair across the 300th record set: the page boundary falls inside the group.
  big = sim.addZone({ name: 'big.example' });
  for (let i = 0; i < 400; i++)
    sim.addRecordSet(big, { name: `h${String(i).padStart(3, '0')}`, type: 'A', TTL: 300, values: [`10.0.${i >> 8}.${i & 255}`] });
  sim.addRecordSet(big, { name: 'h296', type: 'TXT', TTL: 60, SetIdentifier: 'a', Weight: 1, values: ['"a"'] });
  sim.addRecordSet(big, { name: 'h296', type: 'TXT', TTL: 60, SetIdentifier: 'b', Weight: 1, values: ['"b"'] });
  sim.addZone({ name: 'private.example', privateZone: true });
  deps = { config: { ...DEFAULTS, awsRoute53: sim.url, retryBaseMs: 1 }, fetch: upstreamFetch(DEFAULTS.proxy) };
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.resetCounters();
});

describe('Route 53 keys and hosted zones', () => {
  it('checks keys with one request for one hosted zone', async () => {
    await checkKeys(deps, creds(), { signal });
    expect(sim.requests.map((r) => [r.url, r.status])).toEqual([['/2013-04-01/hostedzone?maxitems=1', 200]]);
  });

  it('lists the public hosted zones with their id and record-set count, the private one left out', async () => {
    expect(await listHostedZones(deps, creds(), { signal })).toEqual([
      { name: 'example.org', id: zone.id, recordCount: 23 },
      { name: 'big.example', id: big.id, recordCount: 404 },
    ]);
  });

  it('works with temporary keys and their session token', async () => {
    const temporary = sim.addKey({ temporary: true });
    await checkKeys(deps, creds(temporary), { signal });
    const err = await rejection(checkKeys(deps, { ...creds(temporary), sessionToken: undefined }, { signal }));
    expect(err).toMatchObject({ code: 'unauthorized', upstreamCode: 'InvalidClientTokenId' });
    expect(err.message).toMatch(/without its session token/);
  });

  it('says a wrong secret is a credential problem, with AWS code and no secret', async () => {
    const wrong = 'wrong/secret+0123456789abcdefghijklmnop';
    const err = await rejection(checkKeys(deps, { ...creds(), secretAccessKey: wrong }, { signal }));
    expect(err).toMatchObject({ code: 'unauthorized', status: 401, upstreamCode: 'SignatureDoesNotMatch' });
    expect(err.message).toMatch(/^Route 53 SignatureDoesNotMatch: .* — check the secret access key$/);
    expect(err.message).not.toContain(wrong);
    expect(err.message).not.toContain(key.accessKeyId);
  });

  it('says keys without the permission lack it', async () => {
    const err = await rejection(checkKeys(deps, creds(sim.addKey({ canRead: false })), { signal }));
    expect(err).toMatchObject({ code: 'forbidden', upstreamCode: 'AccessDenied' });
    expect(err.message).toMatch(/AmazonRoute53ReadOnlyAccess/);
  });

  it('says at once when Route 53 cannot be reached', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as { port: number };
    await new Promise<void>((r) => server.close(() => r()));
    const config = { ...deps.config, awsRoute53: `http://127.0.0.1:${port}` };
    const err = await rejection(checkKeys({ ...deps, config }, creds(), { signal }));
    expect(err).toMatchObject({ code: 'upstream' });
    expect(err.message).toBe(
      `Route 53: cannot reach 127.0.0.1:${port}: connection refused — is the service up, or are you behind a proxy? set HTTP_PROXY`,
    );
  });
});

describe('reading a hosted zone', () => {
  it('turns aliases and routed sets into records, each with a note, and points out what it cannot carry', async () => {
    const content = await createRoute53Source(deps, creds()).readZone(
      { name: 'example.org', hostedZoneId: `/hostedzone/${zone.id}` },
      { signal },
    );
    expect(content.records.map(line)).toEqual([
      'CNAME @ d111111abcdef8.cloudfront.net 1',
      'MX @ 10 mx1.mail.example.net 3600',
      'MX @ 0 . 3600',
      'TXT * "wild\\"card" "x" 300',
      'A api 198.51.100.10 60',
      'A api 198.51.100.11 60',
      'CNAME db db1.example.net 60',
      'A edge 198.51.100.10 60',
      'A edge 198.51.100.11 60',
      'AAAA fast 2001:db8::1 60',
      'A geo 192.0.2.1 60',
      'CNAME lb dualstack.my-lb-1234567890.us-east-1.elb.amazonaws.com 1',
      'A many 192.0.2.7 60',
      'TXT octal "caf\\233 \\\\351" 300',
      'A origin 198.51.100.20 120',
      'A origin 198.51.100.21 120',
      'SSHFP ssh 2 2 745A635BC46A397A5C4F21D437483005BCC40D7511FF15FBFAFE913A081559BC 300',
      'CNAME static static.example.org.s3-website-us-east-1.amazonaws.com 1',
      'A web 198.51.100.20 120',
      'A web 198.51.100.21 120',
      'A www 198.51.100.20 120',
      'A www 198.51.100.21 120',
    ]);
    expect(content.problems).toEqual([
      {
        name: 'flow',
        type: 'A',
        message: 'record set belongs to traffic policy instance a1b2c3d4-0000-4000-8000-000000000001; create it by hand',
      },
      { name: 'gone', type: 'A', message: 'alias target A nothing.example.org does not exist in this zone' },
    ]);
    const notes = content.notes.join('\n');
    expect(notes).toContain(
      'Alias A @ → CloudFront distribution d111111abcdef8.cloudfront.net: migrated as CNAME to d111111abcdef8.cloudfront.net (flattened at the apex by the target)',
    );
    expect(notes).toContain('Alias A www → A origin of this zone: copied its 2 record(s)');
    expect(notes).toContain('Alias A web → A www of this zone: copied its 2 record(s)');
    expect(notes).toContain('Alias A lb → load balancer dualstack.my-lb-1234567890.us-east-1.elb.amazonaws.com');
    expect(notes).toContain('Alias A edge → A api of this zone: copied its 2 record(s) (all values of its weighted set)');
    for (const [name, policy] of [
      ['A api', 'weighted'],
      ['CNAME db', 'failover'],
      ['A geo', 'geolocation'],
      ['AAAA fast', 'latency'],
      ['A many', 'multivalue answer'],
    ]) {
      expect(notes).toContain(`${name}: ${policy} routing is not carried`);
    }
    expect(notes).toContain('A api: health checks are not carried (1 record set(s))');
    expect(notes).toContain("Apex NS (Route 53's name servers) not copied");
  });

  it('finds the zone by name when no id is given, and reads every page, resuming inside a routed group', async () => {
    const content = await createRoute53Source(deps, creds()).readZone({ name: 'big.example' }, { signal });
    expect(content.problems).toEqual([]);
    expect(content.records).toHaveLength(402);
    expect(content.records.filter((r) => r.type === 'TXT').map(line)).toEqual(['TXT h296 "a" 60', 'TXT h296 "b" 60']);
    const pages = sim.requests.filter((r) => r.url.includes('/rrset'));
    // 404 sets at 300 a page; the second page starts at the weighted pair's second member.
    expect(pages.map((r) => r.url)).toEqual([
      `/2013-04-01/hostedzone/${big.id}/rrset?maxitems=300`,
      `/2013-04-01/hostedzone/${big.id}/rrset?identifier=b&maxitems=300&name=h296.big.example.&type=TXT`,
    ]);
  });

  it('paces itself under five requests a second: many reads, no throttling answer', async () => {
    const source = createRoute53Source(deps, creds(sim.addKey({ account: '222222222222' })));
    sim.addZone({ name: 'paced.example', account: '222222222222' });
    // Seven zone lookups and reads at once (each two requests): fourteen requests for one account.
    const reads = await Promise.all(Array.from({ length: 7 }, () => source.readZone({ name: 'paced.example' }, { signal })));
    expect(reads.every((c) => c.problems.length === 0)).toBe(true);
    expect(sim.counters.throttled).toBe(0);
    expect(sim.requests).toHaveLength(14);
    // Never more than Route 53's five a second: fourteen requests fill three windows.
    const times = sim.requests.map((r) => r.at);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(2 * 1000);
  });

  it('keeps five a second with one key across validate, listing, reading and a retry, all at once', async () => {
    const k = sim.addKey({ account: '444444444444' });
    const z = sim.addZone({ name: 'together.example', account: '444444444444' });
    for (let i = 0; i < 600; i++) sim.addRecordSet(z, { name: `n${i}`, type: 'A', TTL: 300, values: ['192.0.2.1'] });
    sim.setFaults({ throttle: 1 });
    const source = createRoute53Source(deps, creds(k));
    // validate (1 request), listing (1), and three reads that each find the zone (1) and read three pages (3): 14,
    // and the one throttled request retried: 15, which a window of five a second spreads over three seconds
    await Promise.all([
      checkKeys(deps, creds(k), { signal }),
      listHostedZones(deps, creds(k), { signal }),
      ...Array.from({ length: 3 }, () => source.readZone({ name: 'together.example' }, { signal })),
    ]);
    expect(sim.requests).toHaveLength(15);
    // the simulator throttles a sixth request inside any one second: the only throttling answer is the one asked for
    expect(sim.counters.throttled).toBe(1);
  });

  it('retries throttling answers with backoff and reads on', async () => {
    sim.setFaults({ throttle: 2, priorRequestNotComplete: 1 });
    const progress: string[] = [];
    const content = await createRoute53Source(deps, creds()).readZone(
      { name: 'example.org', hostedZoneId: zone.id },
      { signal, progress: (m) => progress.push(m) },
    );
    expect(content.records).toHaveLength(22);
    expect(sim.requests.map((r) => r.status)).toEqual([400, 400, 400, 200]);
    expect(progress.at(-1)).toBe('Read page 1 from Route 53: 23 record sets so far');
  });

  it('gives up on a throttling that does not end, as rate limited', async () => {
    sim.setFaults({ throttle: 100 });
    const err = await rejection(createRoute53Source(deps, creds()).readZone({ name: 'example.org', hostedZoneId: zone.id }, { signal }));
    expect(err).toMatchObject({ code: 'rate_limited', upstreamCode: 'Throttling' });
    expect(sim.requests).toHaveLength(7);
  });

  it('says which zone is missing', async () => {
    const err = await rejection(createRoute53Source(deps, creds()).readZone({ name: 'nowhere.example' }, { signal }));
    expect(err).toMatchObject({
      code: 'not_found',
      message: 'Route 53 NoSuchHostedZone: no public hosted zone nowhere.example in this AWS account',
    });
  });
});
