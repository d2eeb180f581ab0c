import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DnsRecord } from '@dnsferry/shared';
import { UpstreamError } from '@dnsferry/companion/errors';
import { createAzureSource } from '@dnsferry/companion/providers/azure/adapter';
import type { ZoneRef } from '@dnsferry/companion/sandbox/azure/index';
import { startAzureStack, type AzureStack } from './azure-stack';

let stack: AzureStack;
let zone: ZoneRef;
let big: ZoneRef;
const signal = () => AbortSignal.timeout(20_000);
const txt = (...values: string[][]) => ({ TXTRecords: values.map((value) => ({ value })) });

beforeAll(async () => {
  stack = await startAzureStack();
  const { sim, world } = stack;
  const [prod, staging] = world.subs;
  zone = sim.addZone({ subscriptionId: prod, resourceGroup: 'dns-prod', name: 'example.com' });
  const ip4 = sim.addPublicIp({ subscriptionId: prod, resourceGroup: 'net', name: 'web-ip', ipAddress: '203.0.113.10' });
  const ip6 = sim.addPublicIp({ subscriptionId: prod, resourceGroup: 'net', name: 'web-ip6', ipAddress: '2001:DB8:10::10' });
  const unallocated = sim.addPublicIp({ subscriptionId: prod, resourceGroup: 'net', name: 'spare-ip' });
  sim.addZone({ subscriptionId: world.forbiddenSub, resourceGroup: 'net', name: 'finance.example' });
  const hiddenIp = sim.addPublicIp({
    subscriptionId: world.forbiddenSub,
    resourceGroup: 'net',
    name: 'finance-ip',
    ipAddress: '198.51.100.7',
  });
  const tm = sim.addTrafficManagerProfile({ subscriptionId: prod, resourceGroup: 'net', name: 'shop-tm', relativeName: 'example-shop' });
  const other = sim.addZone({ subscriptionId: prod, resourceGroup: 'dns-prod', name: 'example.net' });
  sim.addRecordSet(other, { name: 'www', type: 'A', data: { ARecords: [{ ipv4Address: '192.0.2.200' }] } });
  const add = (input: Parameters<typeof sim.addRecordSet>[1]) => sim.addRecordSet(zone, input);
  add({ name: '@', type: 'A', ttl: 300, aliasOf: ip4 });
  add({ name: '@', type: 'AAAA', ttl: 300, data: { AAAARecords: [{ ipv6Address: '2001:db8::1' }] } });
  add({
    name: '@',
    type: 'MX',
    data: {
      MXRecords: [
        { preference: 10, exchange: 'mail.example.com.' },
        { preference: 20, exchange: 'mx2.example.net.' },
      ],
    },
  });
  add({ name: '@', type: 'TXT', data: txt(['v=spf1 include:spf.example.net', ' -all'], ['verify=abc']) });
  add({ name: '@', type: 'CAA', data: { caaRecords: [{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }] } });
  add({ name: 'www', type: 'CNAME', ttl: 60, aliasOf: tm });
  add({ name: 'api', type: 'A', ttl: 60, aliasOf: tm });
  add({ name: 'origin', type: 'A', ttl: 600, data: { ARecords: [{ ipv4Address: '192.0.2.30' }, { ipv4Address: '192.0.2.31' }] } });
  add({ name: 'static', type: 'A', ttl: 120, aliasOf: sim.recordSetId(zone, 'A', 'origin') });
  add({ name: 'cdn', type: 'A', ttl: 120, aliasOf: sim.recordSetId(zone, 'A', 'static') });
  add({ name: 'loop1', type: 'A', aliasOf: sim.recordSetId(zone, 'A', 'loop2') });
  add({ name: 'loop2', type: 'A', aliasOf: sim.recordSetId(zone, 'A', 'loop1') });
  add({ name: 'gone', type: 'A', aliasOf: sim.recordSetId(zone, 'A', 'nothing-here') });
  add({ name: 'elsewhere', type: 'A', aliasOf: sim.recordSetId(other, 'A', 'www') });
  add({ name: 'v6', type: 'AAAA', ttl: 300, aliasOf: ip6 });
  add({ name: 'v6-too', type: 'AAAA', ttl: 300, aliasOf: ip6 });
  add({ name: 'wrong-family', type: 'AAAA', aliasOf: ip4 });
  add({ name: 'spare', type: 'A', aliasOf: unallocated });
  add({ name: 'finance', type: 'A', aliasOf: hiddenIp });
  add({
    name: 'legacy',
    type: 'CNAME',
    aliasOf: `/subscriptions/${prod}/resourceGroups/net/providers/Microsoft.Cdn/profiles/p/endpoints/legacy`,
  });
  add({ name: 'app', type: 'CNAME', data: { CNAMERecord: { cname: 'www.example.com.' } } });
  add({ name: 'selector1._domainkey', type: 'TXT', data: txt(['a'.repeat(255), 'b'.repeat(100)]) });
  add({ name: 'empty', type: 'TXT', data: txt(['']) });
  add({ name: '*', type: 'A', data: { ARecords: [{ ipv4Address: '192.0.2.99' }] } });
  add({ name: '_sip._tcp', type: 'SRV', data: { SRVRecords: [{ priority: 10, weight: 60, port: 5060, target: 'sip.example.com.' }] } });
  add({ name: 'ptr', type: 'PTR', data: { PTRRecords: [{ ptrdname: 'www.example.com.' }] } });
  add({ name: 'lab', type: 'NS', ttl: 86400, data: { NSRecords: [{ nsdname: 'ns1.lab.example.net.' }] } });
  add({ name: 'secure', type: 'DS', data: { DSRecords: [{ keyTag: 1, algorithm: 13, digest: { algorithmType: 2, value: 'AB' } }] } });

  big = sim.addZone({ subscriptionId: staging, resourceGroup: 'dns-bulk', name: 'bulk.example.org' });
  for (let i = 1; i <= 130; i++) {
    sim.addRecordSet(big, { name: `host${i}`, type: 'A', ttl: 300, data: { ARecords: [{ ipv4Address: `198.51.100.${i}` }] } });
  }
  // The same zone name in two resource groups, to require resourceGroup.
  sim.addZone({ subscriptionId: staging, resourceGroup: 'dns-a', name: 'twice.example.org' });
  sim.addZone({ subscriptionId: staging, resourceGroup: 'dns-b', name: 'twice.example.org' });
});
afterAll(async () => {
  await stack.close();
});
beforeEach(() => {
  stack.sim.resetCounters();
  stack.sim.setFaults({ rate429: 0, next429: 0, retryAfterSeconds: 1 });
});

const key = (r: DnsRecord) => `${r.name} ${r.type} ${r.content} ${JSON.stringify(r)}`;
const sorted = (rs: DnsRecord[]) => [...rs].sort((a, b) => key(a).localeCompare(key(b)));

describe('Azure source: reading a zone', () => {
  it('carries over every record type and each alias kind, and reports what it cannot carry', async () => {
    const source = createAzureSource(stack.deps, stack.world.spCreds, stack.world.subs[0]);
    const content = await source.readZone({ name: 'example.com', resourceGroup: 'dns-prod' }, { signal: signal() });
    const expected: DnsRecord[] = [
      { type: 'A', name: '@', ttl: 300, content: '203.0.113.10' },
      { type: 'AAAA', name: '@', ttl: 300, content: '2001:db8::1' },
      { type: 'MX', name: '@', ttl: 3600, content: 'mail.example.com', priority: 10 },
      { type: 'MX', name: '@', ttl: 3600, content: 'mx2.example.net', priority: 20 },
      { type: 'TXT', name: '@', ttl: 3600, content: '"v=spf1 include:spf.example.net" " -all"' },
      { type: 'TXT', name: '@', ttl: 3600, content: '"verify=abc"' },
      { type: 'CAA', name: '@', ttl: 3600, content: '0 issue "letsencrypt.org"' },
      { type: 'CNAME', name: 'www', ttl: 60, content: 'example-shop.trafficmanager.net' },
      { type: 'CNAME', name: 'api', ttl: 60, content: 'example-shop.trafficmanager.net' },
      { type: 'A', name: 'origin', ttl: 600, content: '192.0.2.30' },
      { type: 'A', name: 'origin', ttl: 600, content: '192.0.2.31' },
      { type: 'A', name: 'static', ttl: 120, content: '192.0.2.30' },
      { type: 'A', name: 'static', ttl: 120, content: '192.0.2.31' },
      { type: 'A', name: 'cdn', ttl: 120, content: '192.0.2.30' },
      { type: 'A', name: 'cdn', ttl: 120, content: '192.0.2.31' },
      { type: 'AAAA', name: 'v6', ttl: 300, content: '2001:db8:10::10' },
      { type: 'AAAA', name: 'v6-too', ttl: 300, content: '2001:db8:10::10' },
      { type: 'CNAME', name: 'app', ttl: 3600, content: 'www.example.com' },
      { type: 'TXT', name: 'selector1._domainkey', ttl: 3600, content: `"${'a'.repeat(255)}" "${'b'.repeat(100)}"` },
      { type: 'TXT', name: 'empty', ttl: 3600, content: '""' },
      { type: 'A', name: '*', ttl: 3600, content: '192.0.2.99' },
      { type: 'SRV', name: '_sip._tcp', ttl: 3600, content: 'sip.example.com', priority: 10, weight: 60, port: 5060 },
      { type: 'PTR', name: 'ptr', ttl: 3600, content: 'www.example.com' },
      { type: 'NS', name: 'lab', ttl: 86400, content: 'ns1.lab.example.net' },
      { type: 'DS', name: 'secure', ttl: 3600, content: '1 13 2 AB' },
    ];
    expect(sorted(content.records)).toEqual(sorted(expected));

    const problems = Object.fromEntries(content.problems.map((p) => [`${p.type} ${p.name}`, p.message]));
    expect(Object.keys(problems).sort()).toEqual(
      ['A elsewhere', 'A finance', 'A gone', 'A loop1', 'A loop2', 'A spare', 'AAAA wrong-family', 'CNAME legacy'].sort(),
    );
    expect(problems['A elsewhere']).toMatch(/another zone \(example\.net\)/);
    expect(problems['A finance']).toMatch(/could not be read \(Azure AuthorizationFailed: /);
    expect(problems['A finance']).not.toContain(stack.world.sp.clientId);
    expect(problems['A gone']).toMatch(/A nothing-here does not exist/);
    expect(problems['A loop1']).toMatch(/loops/);
    expect(problems['A spare']).toMatch(/no address allocated/);
    expect(problems['AAAA wrong-family']).toMatch(/203\.0\.113\.10 is IPv4/);
    expect(problems['CNAME legacy']).toMatch(/microsoft\.cdn\/profiles\/endpoints "p\/legacy" cannot be carried over/);

    expect(content.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SOA not copied/),
        expect.stringMatching(/^Apex NS/),
        expect.stringMatching(/^Alias A @ → public IP web-ip: copied its current address 203\.0\.113\.10 as a snapshot/),
        expect.stringMatching(/^Alias CNAME www → Traffic Manager profile shop-tm: migrated as CNAME to example-shop\.trafficmanager\.net/),
        expect.stringMatching(/^Alias A static → record set A origin: copied its 2 record/),
      ]),
    );
    // Each alias target resource was read once, however many aliases name it.
    expect(stack.sim.counters.byRoute.trafficManager).toBe(1);
    expect(stack.sim.counters.byRoute.publicIp).toBe(3);
  });

  it('reads a zone of more than 100 record sets across pages, following nextLink verbatim', async () => {
    const source = createAzureSource(stack.deps, stack.world.bearerCreds, stack.world.subs[1]);
    const progress: string[] = [];
    const content = await source.readZone(
      { name: 'bulk.example.org', resourceGroup: 'dns-bulk' },
      { signal: signal(), progress: (m) => progress.push(m) },
    );
    expect(content.records).toHaveLength(130);
    expect(new Set(content.records.map((r) => r.content)).size).toBe(130);
    expect(content.problems).toEqual([]);
    const calls = stack.sim.requests.filter((r) => r.service === 'arm').map((r) => r.url);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    // a thousand record sets a page (Azure's default is 100); this simulator also cuts pages by size
    expect(calls[0]).toMatch(/\/dnszones\/bulk\.example\.org\/all\?api-version=2023-07-01-preview&\$top=1000$/);
    // Later pages were asked for exactly as ARM linked them (upper-case ALL, opaque skip token).
    expect(calls.slice(1).every((u) => /\/ALL\?api-version=2023-07-01-preview&\$top=1000&\$skipToken=/.test(u))).toBe(true);
    // each page read is said, so a slow read is never silent
    expect(progress).toHaveLength(calls.length);
    expect(progress.at(-1)).toMatch(/^Read page \d+ from Azure: 13\d so far$/);
  });

  it('survives 429s in the middle of the record-set listing', async () => {
    stack.sim.setFaults({ rate429: 0.4, retryAfterSeconds: 0 });
    const source = createAzureSource(stack.deps, stack.world.spCreds, stack.world.subs[1]);
    const progress: string[] = [];
    const content = await source.readZone(
      { name: 'bulk.example.org', resourceGroup: 'dns-bulk' },
      { signal: signal(), progress: (m) => progress.push(m) },
    );
    expect(content.records).toHaveLength(130);
    expect(stack.sim.counters.throttled).toBeGreaterThanOrEqual(1);
  });

  it('throws a rate-limit UpstreamError when throttling outlasts the retries', async () => {
    stack.sim.setFaults({ rate429: 1, retryAfterSeconds: 0 });
    const source = createAzureSource(stack.deps, stack.world.spCreds, stack.world.subs[1]);
    const err = await source
      .readZone({ name: 'bulk.example.org', resourceGroup: 'dns-bulk' }, { signal: signal() })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ provider: 'Azure', kind: 'rate_limit', upstreamCode: 'SubscriptionRequestsThrottled', status: 429 });
  });

  it('finds the resource group by listing the subscription when it is not given', async () => {
    const source = createAzureSource(stack.deps, stack.world.spCreds, stack.world.subs[0]);
    const content = await source.readZone({ name: 'example.net' }, { signal: signal() });
    expect(content.records).toEqual([{ type: 'A', name: 'www', ttl: 3600, content: '192.0.2.200' }]);
    expect(stack.sim.counters.byRoute.zones).toBeGreaterThanOrEqual(1);
  });

  it('throws not_found for an unknown zone and asks for the resource group when a name is ambiguous', async () => {
    const prod = createAzureSource(stack.deps, stack.world.spCreds, stack.world.subs[0]);
    await expect(prod.readZone({ name: 'nowhere.example' }, { signal: signal() })).rejects.toMatchObject({
      provider: 'Azure',
      kind: 'not_found',
    });
    await expect(prod.readZone({ name: 'nowhere.example', resourceGroup: 'dns-prod' }, { signal: signal() })).rejects.toMatchObject({
      kind: 'not_found',
      upstreamCode: 'ResourceNotFound',
    });
    const staging = createAzureSource(stack.deps, stack.world.spCreds, stack.world.subs[1]);
    await expect(staging.readZone({ name: 'twice.example.org' }, { signal: signal() })).rejects.toThrow(/dns-a, dns-b/);
    const both = await staging.readZone({ name: 'twice.example.org', resourceGroup: 'dns-b' }, { signal: signal() });
    expect(both.records).toEqual([]);
  });

  it('throws auth errors with the AADSTS code', async () => {
    const source = createAzureSource(stack.deps, { ...stack.world.spCreds, clientSecret: 'wrong-wrong' }, stack.world.subs[0]);
    await expect(source.readZone({ name: 'example.net', resourceGroup: 'dns-prod' }, { signal: signal() })).rejects.toMatchObject({
      provider: 'Azure',
      kind: 'auth',
      upstreamCode: 'AADSTS7000215',
    });
  });

  it('stops when the signal aborts', async () => {
    stack.sim.setFaults({ next429: 1, retryAfterSeconds: 30 });
    const source = createAzureSource(stack.deps, stack.world.bearerCreds, stack.world.subs[1]);
    const ac = new AbortController();
    const started = Date.now();
    const pending = source.readZone({ name: 'bulk.example.org', resourceGroup: 'dns-bulk' }, { signal: ac.signal });
    setTimeout(() => ac.abort(new Error('client went away')), 200);
    await expect(pending).rejects.toThrow('client went away');
    // well before the 30 s the 429 asked to wait, with room for a busy machine
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('Azure source: the per-zone record-set list limit', () => {
  it('paces itself through the limit by Retry-After and still reads every record set', async () => {
    const limited = await startAzureStack({ sim: { recordSetListLimit: { calls: 5, windowMs: 1000 } } });
    try {
      const z = limited.sim.addZone({ subscriptionId: limited.world.subs[0], resourceGroup: 'dns', name: 'paced.example' });
      for (let i = 1; i <= 120; i++)
        limited.sim.addRecordSet(z, { name: `h${i}`, type: 'A', data: { ARecords: [{ ipv4Address: `203.0.113.${i}` }] } });
      const source = createAzureSource(limited.deps, limited.world.bearerCreds, limited.world.subs[0]);
      const started = Date.now();
      const content = await source.readZone({ name: 'paced.example', resourceGroup: 'dns' }, { signal: signal() });
      expect(content.records).toHaveLength(120);
      expect(limited.sim.counters.byRoute.recordSets).toBeGreaterThan(3);
      expect(limited.sim.counters.throttled).toBeGreaterThanOrEqual(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await limited.close();
    }
  });
});
