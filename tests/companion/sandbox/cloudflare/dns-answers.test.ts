import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';

/**
 * The simulator's name servers, asked by a real DNS client: BIND's dig (Debian bind9-dnsutils), which
 * decodes every type itself, so the hand-written RDATA (SVCB/HTTPS, URI, CERT, SMIMEA, OPENPGPKEY, LOC)
 * is checked by software that is not ours.
 */
const run = promisify(execFile);
let sim: CloudflareSim;
let zoneId: string;

interface Dig {
  status: string;
  flags: string[];
  answer: string[];
  authority: string[];
}

async function dig(name: string, type: string, ...opts: string[]): Promise<Dig> {
  const { stdout } = await run('dig', [
    `@${sim.dns.host}`,
    '-p',
    String(sim.dns.port),
    '+norec',
    '+nocookie',
    '+time=2',
    '+tries=1',
    ...opts,
    name,
    type,
  ]);
  const status = /status: (\w+)/.exec(stdout)?.[1] ?? '';
  const flags = (/;; flags: ([a-z ]+);/.exec(stdout)?.[1] ?? '').trim().split(' ');
  const section = (title: string) => {
    const m = new RegExp(`;; ${title} SECTION:\\n([\\s\\S]*?)(?:\\n\\n|$)`).exec(stdout);
    // owner, ttl, class, type, rdata — the TTL column is dropped so a line reads `owner TYPE rdata`
    return (m?.[1] ?? '')
      .split('\n')
      .filter(Boolean)
      .map((l) =>
        l
          .split(/\s+/)
          .filter((_, i) => i !== 1 && i !== 2)
          .join(' '),
      );
  };
  return { status, flags, answer: section('ANSWER'), authority: section('AUTHORITY') };
}

const add = (rec: object) => sim.addRecord(zoneId, rec);

beforeAll(async () => {
  sim = await startCloudflareSimulator({ rateLimit: false });
  const seed = seedCloudflareDemo(sim);
  zoneId = sim.addZone({ accountId: seed.accountId, name: 'example.com', status: 'pending' }).id;
  add({ type: 'A', name: 'example.com', content: '192.0.2.1', ttl: 300 });
  add({ type: 'AAAA', name: 'example.com', content: '2001:db8::1', ttl: 300 });
  add({ type: 'MX', name: 'example.com', content: 'mail.example.com', priority: 10, ttl: 3600 });
  add({ type: 'TXT', name: 'example.com', content: '"v=spf1 -all"', ttl: 300 });
  add({ type: 'CAA', name: 'example.com', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' }, ttl: 300 });
  add({
    type: 'HTTPS',
    name: 'example.com',
    data: { priority: 1, target: '.', value: 'alpn="h2,h3" ipv4hint=192.0.2.1 ipv6hint=2001:db8::1' },
    ttl: 300,
  });
  add({ type: 'SVCB', name: '_dns.example.com', data: { priority: 1, target: 'dns.example.com', value: 'alpn="dot" port=853' }, ttl: 300 });
  // an escaped comma inside an ALPN id: two ids, `foo,bar` and `h2` (RFC 9460 appendix A.1)
  add({ type: 'HTTPS', name: 'alpn.example.com', data: { priority: 1, target: '.', value: 'alpn="foo\\\\,bar,h2"' }, ttl: 300 });
  add({ type: 'CNAME', name: 'www.example.com', content: 'example.com', ttl: 300 });
  add({ type: 'A', name: 'shop.example.com', content: '203.0.113.7', ttl: 300, proxied: true });
  add({ type: 'CNAME', name: 'blog.example.com', content: 'hosting.example.net', ttl: 300, proxied: true });
  add({ type: 'SRV', name: '_sip._tcp.example.com', data: { priority: 10, weight: 60, port: 5060, target: 'sip.example.com' }, ttl: 300 });
  add({ type: 'PTR', name: '10.example.com', content: 'host.example.com', ttl: 300 });
  add({ type: 'NS', name: 'dev.example.com', content: 'ns1.dev-dns.example.net', ttl: 3600 });
  add({
    type: 'DS',
    name: 'dev.example.com',
    data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: '1F987CC6583E92DF0890718C4200000000000000000000000000000000000000' },
    ttl: 3600,
  });
  add({
    type: 'TLSA',
    name: '_443._tcp.example.com',
    data: { usage: 3, selector: 1, matching_type: 1, certificate: '6EC8A4B7F511454D84DCC0' },
    ttl: 300,
  });
  add({
    type: 'SMIMEA',
    name: 'smime.example.com',
    data: { usage: 3, selector: 1, matching_type: 1, certificate: 'ABCDEF0123' },
    ttl: 300,
  });
  add({
    type: 'SSHFP',
    name: 'host.example.com',
    data: { algorithm: 4, type: 2, fingerprint: '123456789ABCDEF67890123456789ABCDEF67890123456789ABCDEF123456789' },
    ttl: 300,
  });
  add({
    type: 'NAPTR',
    name: 'sip.example.com',
    data: { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' },
    ttl: 300,
  });
  add({ type: 'URI', name: '_ftp._tcp.example.com', priority: 10, data: { weight: 1, target: 'ftp://ftp.example.com/public' }, ttl: 300 });
  add({ type: 'CERT', name: 'cert.example.com', data: { type: 3, key_tag: 0, algorithm: 0, certificate: 'dGVzdA==' }, ttl: 300 });
  add({ type: 'OPENPGPKEY', name: 'pgp.example.com', content: 'mQINBFit2jsBEADrbl5v', ttl: 300 });
  add({
    type: 'LOC',
    name: 'office.example.com',
    data: {
      lat_degrees: 52,
      lat_minutes: 22,
      lat_seconds: 23,
      lat_direction: 'N',
      long_degrees: 4,
      long_minutes: 53,
      long_seconds: 32,
      long_direction: 'E',
      altitude: -2,
      size: 1,
      precision_horz: 10000,
      precision_vert: 10,
    },
    ttl: 300,
  });
  add({ type: 'TXT', name: '*.apps.example.com', content: '"wildcard"', ttl: 300 });
  for (let i = 0; i < 12; i++)
    add({ type: 'TXT', name: 'big.example.com', content: `"${String(i).padStart(2, '0')}${'x'.repeat(60)}"`, ttl: 300 });
});
afterAll(async () => {
  await sim.close();
});

describe('simulator DNS: every record type, read by dig', () => {
  it.each([
    // dig writes hex longer than 56 digits (DS, SSHFP) in groups, as BIND's presentation does
    ['example.com', 'A', 'example.com. A 192.0.2.1'],
    ['example.com', 'AAAA', 'example.com. AAAA 2001:db8::1'],
    ['example.com', 'MX', 'example.com. MX 10 mail.example.com.'],
    ['example.com', 'TXT', 'example.com. TXT "v=spf1 -all"'],
    ['example.com', 'CAA', 'example.com. CAA 0 issue "letsencrypt.org"'],
    ['example.com', 'HTTPS', 'example.com. HTTPS 1 . alpn="h2,h3" ipv4hint=192.0.2.1 ipv6hint=2001:db8::1'],
    ['_dns.example.com', 'SVCB', '_dns.example.com. SVCB 1 dns.example.com. alpn="dot" port=853'],
    ['alpn.example.com', 'HTTPS', 'alpn.example.com. HTTPS 1 . alpn="foo\\\\,bar,h2"'],
    ['www.example.com', 'CNAME', 'www.example.com. CNAME example.com.'],
    ['_sip._tcp.example.com', 'SRV', '_sip._tcp.example.com. SRV 10 60 5060 sip.example.com.'],
    ['10.example.com', 'PTR', '10.example.com. PTR host.example.com.'],
    ['dev.example.com', 'DS', 'dev.example.com. DS 2371 13 2 1F987CC6583E92DF0890718C42000000000000000000000000000000 00000000'],
    ['_443._tcp.example.com', 'TLSA', '_443._tcp.example.com. TLSA 3 1 1 6EC8A4B7F511454D84DCC0'],
    ['smime.example.com', 'SMIMEA', 'smime.example.com. SMIMEA 3 1 1 ABCDEF0123'],
    ['host.example.com', 'SSHFP', 'host.example.com. SSHFP 4 2 123456789ABCDEF67890123456789ABCDEF67890123456789ABCDEF1 23456789'],
    ['sip.example.com', 'NAPTR', 'sip.example.com. NAPTR 100 10 "S" "SIP+D2U" "" _sip._udp.example.com.'],
    ['_ftp._tcp.example.com', 'URI', '_ftp._tcp.example.com. URI 10 1 "ftp://ftp.example.com/public"'],
    ['cert.example.com', 'CERT', 'cert.example.com. CERT PGP 0 0 dGVzdA=='],
    ['pgp.example.com', 'OPENPGPKEY', 'pgp.example.com. OPENPGPKEY mQINBFit2jsBEADrbl5v'],
    ['office.example.com', 'LOC', 'office.example.com. LOC 52 22 23.000 N 4 53 32.000 E -2.00m 1m 10000m 10m'],
  ])('%s %s', async (name, type, line) => {
    const r = await dig(name, type);
    expect(r.status).toBe('NOERROR');
    expect(r.flags).toContain('aa');
    expect(r.answer).toEqual([line]);
  });

  it('answers the apex SOA and NS as the target assigned them', async () => {
    const zone = sim.zoneByName('example.com');
    const ns = await dig('example.com', 'NS');
    expect(ns.answer.sort()).toEqual((zone?.nameServers ?? []).map((n) => `example.com. NS ${n}.`).sort());
    const soa = await dig('example.com', 'SOA');
    expect(soa.answer[0]).toMatch(
      new RegExp(`^example\\.com\\. SOA ${zone?.nameServers[0]}\\. dns\\.cloudflare\\.com\\. \\d+ 10000 2400 604800 1800$`),
    );
  });
});

describe('simulator DNS: proxying, absence, wildcards, delegations', () => {
  it('answers a proxied A with the edge addresses, never the origin', async () => {
    expect((await dig('shop.example.com', 'A')).answer.sort()).toEqual([
      'shop.example.com. A 198.51.100.1',
      'shop.example.com. A 198.51.100.2',
    ]);
  });

  it('answers a proxied CNAME as edge A and AAAA, and has no CNAME to show', async () => {
    expect((await dig('blog.example.com', 'AAAA')).answer.sort()).toEqual([
      'blog.example.com. AAAA 2001:db8:cf::1',
      'blog.example.com. AAAA 2001:db8:cf::2',
    ]);
    const cname = await dig('blog.example.com', 'CNAME');
    expect(cname.status).toBe('NOERROR');
    expect(cname.answer).toEqual([]);
  });

  it('follows an unproxied CNAME inside the zone', async () => {
    expect((await dig('www.example.com', 'A')).answer).toEqual(['www.example.com. CNAME example.com.', 'example.com. A 192.0.2.1']);
  });

  it('says NODATA and NXDOMAIN with the SOA in the authority section', async () => {
    // a CNAME answers for any type, followed to its target inside the zone
    expect((await dig('www.example.com', 'MX')).answer).toEqual([
      'www.example.com. CNAME example.com.',
      'example.com. MX 10 mail.example.com.',
    ]);
    const noMx = await dig('10.example.com', 'MX');
    expect(noMx.answer).toEqual([]);
    expect(noMx.authority[0]).toMatch(/^example\.com\. SOA /);
    const missing = await dig('nothing-here.example.com', 'A');
    expect(missing.status).toBe('NXDOMAIN');
    expect(missing.flags).toContain('aa');
    expect(missing.authority[0]).toMatch(/^example\.com\. SOA /);
  });

  it('synthesises from a wildcard for a name that does not exist, and not for one that does', async () => {
    expect((await dig('anything.apps.example.com', 'TXT')).answer).toEqual(['anything.apps.example.com. TXT "wildcard"']);
    expect((await dig('apps.example.com', 'TXT')).status).toBe('NOERROR');
    expect((await dig('apps.example.com', 'TXT')).answer).toEqual([]);
  });

  it('refers a delegated name to its name servers, without the AA bit', async () => {
    const r = await dig('host.dev.example.com', 'A');
    expect(r.flags).not.toContain('aa');
    expect(r.answer).toEqual([]);
    expect(r.authority).toEqual(['dev.example.com. NS ns1.dev-dns.example.net.']);
  });

  it('refuses names of zones it does not hold', async () => {
    expect((await dig('example.org', 'A')).status).toBe('REFUSED');
  });

  it('sets TC over UDP when the answer does not fit 512 octets, and answers in full over TCP', async () => {
    const udp = await dig('big.example.com', 'TXT', '+noedns', '+ignore');
    expect(udp.flags).toContain('tc');
    expect(udp.answer).toEqual([]);
    const tcp = await dig('big.example.com', 'TXT', '+tcp');
    expect(tcp.answer).toHaveLength(12);
    // with EDNS (dig offers 1232 octets) the same answer fits in one datagram
    expect((await dig('big.example.com', 'TXT')).answer).toHaveLength(12);
  });

  it('answers what the API changes, at once', async () => {
    add({ type: 'A', name: 'new.example.com', content: '192.0.2.99', ttl: 300 });
    expect((await dig('new.example.com', 'A')).answer).toEqual(['new.example.com. A 192.0.2.99']);
  });
});
