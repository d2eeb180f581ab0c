import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCutoverStack, infos, reportOf, type CutoverStack } from '../cutover/cutover-stack';

let stack: CutoverStack;
beforeEach(async () => {
  stack = await startCutoverStack();
});
afterEach(async () => {
  await stack.close();
});

const OLD_NS = ['ns1.oldhost.example', 'ns2.oldhost.example'];

/** One record of every type the target holds, as a client sends them to /api/migrate. */
const everyType = [
  { type: 'A', name: '@', content: '192.0.2.10', ttl: 300 },
  { type: 'A', name: 'www', content: '192.0.2.11', ttl: 300 },
  { type: 'A', name: 'www', content: '192.0.2.12', ttl: 300 },
  { type: 'AAAA', name: '@', content: '2001:DB8::0:10', ttl: 300 },
  { type: 'CNAME', name: 'blog', content: 'hosting.example.net.', ttl: 3600 },
  { type: 'CNAME', name: '*.apps', content: 'ingress.example.net', ttl: 300 },
  { type: 'MX', name: '@', content: 'mail.example.com.', ttl: 3600, priority: 10 },
  { type: 'MX', name: '@', content: 'backup.example.com', ttl: 3600, priority: 20 },
  { type: 'TXT', name: '@', content: 'v=spf1 include:_spf.example.net -all', ttl: 300 },
  { type: 'TXT', name: 'multi', content: '"first string" "second; string"', ttl: 300 },
  { type: 'TXT', name: 'selector1._domainkey', content: `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`, ttl: 300 },
  { type: 'SRV', name: '_sip._tcp', content: 'sip.example.com.', ttl: 300, priority: 10, weight: 60, port: 5060 },
  { type: 'CAA', name: '@', content: '0 issue "letsencrypt.org"', ttl: 300 },
  { type: 'PTR', name: '10', content: 'host.example.com', ttl: 300 },
  { type: 'NS', name: 'dev', content: 'ns1.dev-dns.example.net', ttl: 3600 },
  { type: 'DS', name: 'dev', content: '2371 13 2 1F987CC6583E92DF0890718C4200000000000000000000000000000000000000', ttl: 3600 },
  { type: 'TLSA', name: '_443._tcp', content: '3 1 1 6EC8A4B7F511454D84DCC0', ttl: 300 },
  { type: 'SMIMEA', name: 'smime', content: '3 1 1 ABCDEF0123', ttl: 300 },
  { type: 'SSHFP', name: 'host', content: '4 2 123456789ABCDEF67890123456789ABCDEF67890123456789ABCDEF123456789', ttl: 300 },
  { type: 'HTTPS', name: '@', content: '1 . alpn="h2,h3" ipv4hint=192.0.2.1', ttl: 300 },
  { type: 'SVCB', name: '_dns', content: '1 dns.example.com. alpn=dot port=853', ttl: 300 },
  { type: 'NAPTR', name: 'sip', content: '100 10 "S" "SIP+D2U" "" _sip._udp.example.com.', ttl: 300 },
  { type: 'URI', name: '_ftp._tcp', content: '10 1 "ftp://ftp.example.com/public"', ttl: 300 },
  { type: 'CERT', name: 'cert', content: 'PGP 0 0 dGVzdA==', ttl: 300 },
  { type: 'OPENPGPKEY', name: 'pgp', content: 'mQINBFit2jsBEADrbl5v', ttl: 300 },
  { type: 'LOC', name: 'office', content: '52 22 23.000 N 4 53 32.000 E -2.00m 1m 10000m 10m', ttl: 300 },
  { type: 'A', name: 'shop', content: '203.0.113.7', ttl: 300, proxied: true },
  { type: 'NS', name: '@', content: 'ns1.oldhost.example', ttl: 3600 },
  { type: 'SOA', name: '@', content: 'ns1.oldhost.example. admin.example.com. 1 7200 900 1209600 300', ttl: 3600 },
];

describe('POST /api/cutover/check', () => {
  it("finds every record type answering as sent after a migration, proxied ones by the target's word", async () => {
    const migrated = await stack.migrate({ zones: [{ name: 'example.com', records: everyType }] });
    expect(migrated.at(-1)).toMatchObject({ type: 'done', results: [{ zone: 'example.com', failed: 0 }] });
    stack.parent.setNs('example.com', OLD_NS, 86400);

    const { status, events } = await stack.check({ zones: [{ name: 'example.com', records: everyType }] });
    expect(status).toBe(200);
    const report = reportOf(events, 'example.com');
    const zone = stack.sim.zoneByName('example.com');
    // apex NS and SOA are the target's own: not checked
    expect(report.parity).toEqual({ checked: everyType.length - 2, matching: everyType.length - 2, mismatches: [] });
    expect(report).toMatchObject({
      ready: true,
      nameServers: zone?.nameServers,
      targetStatus: 'pending',
      delegation: { current: OLD_NS, switched: false },
      dnssec: { dsAtParent: [], blocker: false },
    });
    expect(report.message).toBe(
      `Ready to switch: all 27 records answer the same, 1 of them proxied, so answered with the target's own addresses; set the name servers at your registrar to ${zone?.nameServers.join(' and ')}; resolvers may keep the old delegation for up to 86400 s after the change.`,
    );
    expect(infos(events)).toContain(
      "1 proxied record answers with the target's own addresses; it counts as matching because the target reports it proxied",
    );
    expect(events[0]).toEqual({ type: 'status', zone: 'example.com', message: 'Checking example.com' });
    expect(events.at(-1)).toEqual({ type: 'done', results: [{ zone: 'example.com', ready: true }] });
    // one query per name and type, none for the proxied one (its answer cannot show the origin)
    const asked = new Set(
      everyType
        .filter((r) => r.name !== '@' || (r.type !== 'NS' && r.type !== 'SOA'))
        .filter((r) => !r.proxied)
        .map((r) => `${r.type} ${r.name}`),
    );
    expect(stack.sim.dns.queries).toBe(asked.size);
  });

  it('lists a record the target answers differently, with both values', async () => {
    await stack.migrate({ zones: [{ name: 'example.com', records: everyType.slice(0, 3) }] });
    const zone = stack.sim.zoneByName('example.com');
    // seeded at the target behind the migration's back: one more address at www
    stack.sim.addRecord(zone?.id ?? '', { type: 'A', name: 'www.example.com', content: '192.0.2.99', ttl: 300 });
    const expected = [...everyType.slice(0, 3), { type: 'TXT', name: 'missing', content: 'not migrated', ttl: 300 }];

    const report = reportOf((await stack.check({ zones: [{ name: 'example.com', records: expected }] })).events, 'example.com');
    expect(report.ready).toBe(false);
    expect(report.parity.checked).toBe(4);
    expect(report.parity.matching).toBe(1);
    expect(report.parity.mismatches).toEqual([
      { name: 'www', type: 'A', expected: ['192.0.2.11', '192.0.2.12'], actual: ['192.0.2.11', '192.0.2.12', '192.0.2.99'] },
      { name: 'missing', type: 'TXT', expected: ['"not migrated"'], actual: [] },
    ]);
    expect(report.message).toBe(
      'Not yet: 3 of 4 records answer differently at the target (in 2 record sets); fix them there and check again.',
    );
  });

  it('caps the listed mismatches at 100 and keeps the counts exact', async () => {
    stack.sim.addZone({ accountId: stack.seed.accountId, name: 'example.com', status: 'pending' });
    const records = Array.from({ length: 150 }, (_, i) => ({ type: 'A', name: `host${i}`, content: '192.0.2.1', ttl: 300 }));
    records.push({ type: 'A', name: 'host0', content: '192.0.2.2', ttl: 300 });
    const report = reportOf((await stack.check({ zones: [{ name: 'example.com', records }] })).events, 'example.com');
    expect(report.parity.checked).toBe(151);
    expect(report.parity.matching).toBe(0);
    expect(report.parity.mismatches).toHaveLength(100);
    expect(report.parity.mismatches[0]).toEqual({ name: 'host0', type: 'A', expected: ['192.0.2.1', '192.0.2.2'], actual: [] });
    expect(report.message).toContain('151 of 151 records answer differently at the target (in 150 record sets)');
  });

  it("blocks on a DS at the parent, shows the target's DS, and clears once the parent holds it and DNSSEC is active", async () => {
    await stack.migrate({ zones: [{ name: 'example.com', records: everyType.slice(0, 2) }] });
    const zone = stack.sim.zoneByName('example.com');
    const oldDs = '2371 13 2 1F987CC6583E92DF0890718C4200000000000000000000000000000000000000';
    stack.parent.setDs('example.com', [oldDs.toLowerCase()], 7200);
    const body = { zones: [{ name: 'example.com', records: everyType.slice(0, 2) }] };

    const off = reportOf((await stack.check(body)).events, 'example.com');
    expect(off.ready).toBe(false);
    expect(off.dnssec.dsAtParent).toEqual([oldDs]);
    expect(off.dnssec.blocker).toBe(true);
    expect(off.dnssec.message).toBe(
      `The parent holds a DS record (${oldDs}) that the target does not sign with: after the switch, validating resolvers would reject the whole domain. Before switching, either remove the DS at your registrar and wait for its TTL (7200 s) to pass, or turn on DNSSEC at the target (PATCH /zones/${zone?.id}/dnssec with {"status":"active"}, or DNS → Settings in the dashboard) and replace the DS at your registrar with the one it then gives.`,
    );
    expect(off.message).toBe('Not yet: DNSSEC first: see the dnssec message.');

    // DNSSEC turned on at the target: the message now shows the DS it gives
    const patched = await fetch(`${stack.sim.url}/zones/${zone?.id}/dnssec`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${stack.seed.token}`, 'content-type': 'application/json' },
      body: '{"status":"active"}',
    });
    expect(patched.status).toBe(200);
    const targetDs = stack.sim.zoneDs(zone?.id ?? '');
    const pending = reportOf((await stack.check(body)).events, 'example.com');
    expect(pending.dnssec.blocker).toBe(true);
    expect(pending.dnssec.message).toContain(
      `replace the DS at your registrar with the one the target gives: ${targetDs} (the target's DNSSEC is pending; it turns active once it sees that DS at the parent)`,
    );

    // the registrar now publishes the target's DS
    stack.parent.setDs('example.com', [targetDs]);
    stack.sim.setParentDs('example.com', [targetDs]);
    const active = reportOf((await stack.check(body)).events, 'example.com');
    expect(active.dnssec).toEqual({
      dsAtParent: [targetDs],
      blocker: false,
      message: `The DS at the parent (${targetDs}) matches the target's active DNSSEC key, so the domain stays signed across the switch.`,
    });
    expect(active.ready).toBe(true);
  });

  it('sees the switched delegation, and with requestActivation reports the zone active', async () => {
    await stack.migrate({ zones: [{ name: 'example.com', records: everyType.slice(0, 2) }] });
    const zone = stack.sim.zoneByName('example.com');
    const assigned = zone?.nameServers ?? [];
    stack.parent.setNs(
      'example.com',
      [...assigned].reverse().map((n) => `${n.toUpperCase()}.`),
      3600,
    );
    stack.sim.setDelegation('example.com', assigned);
    const body = { zones: [{ name: 'example.com' }] };

    const first = reportOf((await stack.check(body)).events, 'example.com');
    expect(first.delegation).toEqual({ current: [...assigned].sort(), switched: true });
    expect(first.targetStatus).toBe('pending');
    expect(first.message).toBe(
      'Switched: all 2 records answer the same and the name servers point at the target, which still reports the zone pending; check again, asking the target to activate it; resolvers may keep the old delegation for up to 3600 s after the change.',
    );
    expect(stack.sim.zoneByName('example.com')?.status).toBe('pending');

    const { events } = await stack.check({ ...body, requestActivation: true });
    const second = reportOf(events, 'example.com');
    expect(second.targetStatus).toBe('active');
    expect(second.message).toBe(
      'Done: all 2 records answer the same, the name servers point at the target and it reports the zone active.',
    );
    expect(infos(events)).toContain('The target now reports example.com as active');
  });

  it('does not ask for activation while the parent still delegates elsewhere', async () => {
    await stack.migrate({ zones: [{ name: 'example.com', records: everyType.slice(0, 1) }] });
    stack.parent.setNs('example.com', OLD_NS);
    stack.sim.resetCounters();
    const report = reportOf((await stack.check({ zones: [{ name: 'example.com' }], requestActivation: true })).events, 'example.com');
    expect(report.targetStatus).toBe('pending');
    expect(stack.sim.requestLog.filter((r) => r.path.endsWith('/activation_check'))).toEqual([]);
  });

  it('checks a zone file, and reports a zone that is not at the target, each with its own report', async () => {
    await stack.migrate({ zones: [{ name: 'example.net', zoneFile: '$TTL 1h\n@ IN A 192.0.2.9\nwww IN CNAME @\n' }] });
    const { events } = await stack.check({
      zones: [
        { name: 'example.net', zoneFile: '$TTL 1h\n@ IN A 192.0.2.9\nwww IN CNAME example.net.\n@ IN DNSKEY 257 3 13 AAAA\n' },
        { name: 'example.org', records: [] },
      ],
    });
    const net = reportOf(events, 'example.net');
    expect(net.parity).toEqual({ checked: 2, matching: 2, mismatches: [] });
    expect(infos(events).some((m) => m.startsWith('1 record is not checked: DNSKEY @'))).toBe(true);
    const org = reportOf(events, 'example.org');
    expect(org).toMatchObject({
      ready: false,
      targetStatus: 'missing',
      nameServers: [],
      message: 'example.org is not at the target yet: run the migration first, then check again.',
    });
    expect(events.at(-1)).toEqual({
      type: 'done',
      results: [
        { zone: 'example.net', ready: true },
        { zone: 'example.org', ready: false },
      ],
    });
  });

  it('does not call a zone ready when the resolver cannot tell whether a DS is at the parent', async () => {
    await stack.migrate({ zones: [{ name: 'example.com', records: everyType.slice(0, 1) }] });
    stack.parent.fail();
    const report = reportOf((await stack.check({ zones: [{ name: 'example.com' }] })).events, 'example.com');
    expect(report.parity.matching).toBe(1);
    expect(report.dnssec).toMatchObject({
      blocker: true,
      message: 'Could not find out whether the parent holds a DS record (the resolver answered SERVFAIL); check again before switching.',
    });
    expect(report.ready).toBe(false);
    // The verdict names the lookup that failed, not DNSSEC: nothing is known about a DS yet.
    expect(report.message).toBe(
      'Not yet: the resolver could not tell whether the parent holds a DS record (the resolver answered SERVFAIL); check again.',
    );
  });

  it('refuses half-sent source credentials, and takes a migrate body as it is', async () => {
    const bad = await stack.check({
      zones: [{ name: 'example.com' }],
      tenantId: 't',
      subscriptionId: '00000000-0000-0000-0000-000000000000',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'invalid_request', field: 'clientId' } });
    const dry = await stack.check({ zones: [{ name: 'example.com', records: [] }], dryRun: true });
    expect(dry.status).toBe(200);
  });
});

describe('POST /api/cutover/check with a source', () => {
  let azureStack: CutoverStack;
  beforeEach(async () => {
    azureStack = await startCutoverStack({ azure: true });
  });
  afterEach(async () => {
    await azureStack.close();
  });

  it('takes the migrate body unchanged and compares with the zone as Azure holds it', async () => {
    const demo = azureStack.azureDemo;
    if (!demo) throw new Error('no Azure demo');
    const body = {
      ...demo.servicePrincipal,
      subscriptionId: demo.subscriptions[0]?.subscriptionId,
      zones: [{ name: 'example.com', resourceGroup: 'dns-prod' }],
    };
    const migrated = await azureStack.migrate(body);
    const done = migrated.at(-1);
    const result = done?.type === 'done' ? done.results[0] : undefined;

    const { status, events } = await azureStack.check(body);
    expect(status).toBe(200);
    const report = reportOf(events, 'example.com');
    // what migrated answers the same; the record sets Azure could not turn into records are named, not checked
    expect(report.parity.mismatches).toEqual([]);
    expect(report.parity.checked).toBe(report.parity.matching);
    // Azure's apex NS and SOA never reach the records (the source leaves them out), so every created one is checked
    expect(result).toMatchObject({ skipped: 0, failed: 2 });
    expect(report.parity.checked).toBe(result?.created);
    expect(infos(events).some((m) => m.startsWith(`${result?.failed} record`) && m.includes('not checked'))).toBe(true);
  });
});

describe('POST /api/cutover/check within DNSFERRY_MAX_RECORDS', () => {
  it('a $GENERATE body asks no DNS question past the limit', async () => {
    await stack.close();
    stack = await startCutoverStack({ config: { maxRecordsPerRequest: 100 } });
    await stack.migrate({ zones: [{ name: 'example.com', records: [{ type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 }] }] });
    const before = stack.sim.dns.queries;
    const { status, events } = await stack.check({ zones: [{ name: 'example.com', zoneFile: '$GENERATE 1-100000 h$ A 192.0.2.1' }] });
    expect(status).toBe(200);
    expect(reportOf(events, 'example.com').message).toMatch(
      /^The check failed: the zone file gives more records than this request may still carry \(at most 100 records per request/,
    );
    expect(stack.sim.dns.queries - before).toBeLessThan(10);
  });
});
