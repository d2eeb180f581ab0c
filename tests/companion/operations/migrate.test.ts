import { describe, expect, it } from 'vitest';
import type { MigrateEvent } from '@dnsferry/shared';
import { useStack, zoneComplete } from '../../support/stack';
import { EVERY_TYPE } from '../support/every-type';

// a thousand records go into a new zone below: more than a new Free zone's 200 (engine/migrate-quota.test.ts tests the quota)
const stack = useStack({ sim: { recordQuotas: false } });

const everyType = EVERY_TYPE;

function counts(events: MigrateEvent[]) {
  const c = { record: 0, skip: 0, error: 0 };
  for (const e of events) if (e.type === 'record' || e.type === 'skip' || (e.type === 'error' && e.index !== undefined)) c[e.type]++;
  return c;
}

function wireRecords(zoneName: string) {
  const zone = stack().sim.zoneByName(zoneName);
  if (!zone) throw new Error(`zone ${zoneName} missing at the simulator`);
  return stack().sim.records(zone.id);
}

describe('POST /api/migrate (manual records)', () => {
  it('creates the zone and every record type, skipping apex NS and SOA, with the invariant', async () => {
    const { status, events } = await stack().migrate({ zones: [{ name: 'example.com', records: everyType }] });
    expect(status).toBe(200);
    const result = zoneComplete(events, 'example.com');
    expect(result).toMatchObject({ created: 16, updated: 0, skipped: 2, failed: 0, removed: 0 });
    expect(result.created + result.skipped + result.failed).toBe(everyType.length);
    expect(result.nameServers).toHaveLength(2);
    expect(result.nameServers.every((ns) => ns.endsWith('.ns.cloudflare.com'))).toBe(true);
    expect(counts(events)).toEqual({ record: 16, skip: 2, error: 0 });
    expect(events.at(-1)).toEqual({
      type: 'done',
      results: [{ zone: 'example.com', created: 16, updated: 0, skipped: 2, failed: 0, removed: 0 }],
    });

    // the spec's message forms
    const messages = events.map((e) => ('message' in e ? e.message : ''));
    expect(messages).toContain('[6/18] MX @ → 10 mail.example.com');
    expect(messages.some((m) => /^\[17\/18\] NS @ skipped/.test(m))).toBe(true);
    expect(events.find((e) => e.type === 'success')?.message).toMatch(/^Zone created at the target \(id [0-9a-f]{32}\)$/);

    // the target holds exactly what was sent, in its own wire form
    const wire = wireRecords('example.com');
    expect(wire).toHaveLength(16);
    const find = (type: string, name: string) => wire.filter((r) => r.type === type && r.name === name);
    expect(find('AAAA', 'example.com')[0]?.content).toBe('2001:db8::10');
    expect(find('CNAME', 'blog.example.com')[0]?.content).toBe('hosting.example.net');
    expect(find('CNAME', '*.apps.example.com')).toHaveLength(1);
    expect(
      find('MX', 'example.com')
        .map((r) => r.priority)
        .sort(),
    ).toEqual([10, 20]);
    expect(find('SRV', '_sip._tcp.example.com')[0]?.data).toMatchObject({
      priority: 10,
      weight: 60,
      port: 5060,
      target: 'sip.example.com',
    });
    expect(find('CAA', 'example.com').map((r) => r.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ flags: 0, tag: 'issue', value: 'letsencrypt.org' }),
        expect.objectContaining({ flags: 128, tag: 'iodef', value: 'mailto:security@example.com' }),
      ]),
    );
    expect(find('TXT', 'multi.example.com')[0]?.content).toBe('"first string" "second; string"');
    expect(find('TXT', 'quoted.example.com')[0]?.content).toBe('"say \\"hello\\"; then \\\\ leave"');
    const dkim = String(find('TXT', 'selector1._domainkey.example.com')[0]?.content);
    expect(dkim.startsWith('"v=DKIM1; k=rsa; p=')).toBe(true);
    expect(dkim.split('" "').length).toBe(2); // split at 255 bytes
    expect(find('NS', 'dev.example.com')[0]?.content).toBe('ns1.dev-dns.example.net');
    expect(find('NS', 'example.com')).toHaveLength(0);
  });

  it('converges: a second identical migrate creates nothing and sends no write', async () => {
    await stack().migrate({ zones: [{ name: 'example.com', records: everyType }] });
    stack().sim.resetCounters();
    const { events } = await stack().migrate({ zones: [{ name: 'example.com', records: everyType }] });
    expect(zoneComplete(events, 'example.com')).toMatchObject({ created: 0, updated: 0, skipped: 18, failed: 0, removed: 0 });
    expect(events.filter((e) => e.type === 'skip' && /already exists$/.test(e.message))).toHaveLength(16);
    expect(events.find((e) => e.type === 'success')?.message).toMatch(/reusing it/);
    expect(stack().sim.counters.writes).toBe(0);
    expect(wireRecords('example.com')).toHaveLength(16);
  });

  it('does not mistake quoting, case, trailing dots or TTL for a new record', async () => {
    const zone = stack().sim.addZone({ accountId: stack().seed.accountId, name: 'example.org' });
    stack().sim.addRecord(zone.id, { type: 'TXT', name: 'example.org', content: 'v=spf1 -all', ttl: 1 });
    stack().sim.addRecord(zone.id, { type: 'CNAME', name: 'www.example.org', content: 'host.example.net', ttl: 120 });
    stack().sim.addRecord(zone.id, { type: 'AAAA', name: 'v6.example.org', content: '2001:db8::1', ttl: 300 });
    const { events } = await stack().migrate({
      zones: [
        {
          name: 'EXAMPLE.org.',
          records: [
            { type: 'TXT', name: '@', content: '"v=spf1 -all"', ttl: 3600 },
            { type: 'CNAME', name: 'WWW.example.org.', content: 'HOST.example.net.', ttl: 300 },
            { type: 'AAAA', name: 'v6', content: '2001:0DB8:0:0::1', ttl: 300 },
            { type: 'A', name: 'new', content: '192.0.2.1', ttl: 300 },
          ],
        },
      ],
    });
    expect(zoneComplete(events, 'example.org')).toMatchObject({ created: 1, updated: 0, skipped: 3, failed: 0, removed: 0 });
    expect(wireRecords('example.org')).toHaveLength(4);
  });

  it('migrates an IDN zone under its punycode name', async () => {
    const { events } = await stack().migrate({
      zones: [{ name: 'bücher.example', records: [{ type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 }] }],
    });
    expect(zoneComplete(events, 'xn--bcher-kva.example')).toMatchObject({ created: 1 });
    expect(wireRecords('xn--bcher-kva.example')[0]?.name).toBe('www.xn--bcher-kva.example');
  });

  it('migrates a reverse zone: PTR records under their last octet', async () => {
    const records = [
      { type: 'PTR', name: '10', content: 'www.example.com.', ttl: 3600 },
      { type: 'PTR', name: '25.2.0.192.in-addr.arpa.', content: 'mail.example.com', ttl: 3600 },
    ];
    const { events } = await stack().migrate({ zones: [{ name: '2.0.192.in-addr.arpa', records }] });
    expect(zoneComplete(events, '2.0.192.in-addr.arpa')).toMatchObject({ created: 2, updated: 0, skipped: 0, failed: 0, removed: 0 });
    expect(events.map((e) => ('message' in e ? e.message : ''))).toContain('[1/2] PTR 10 → www.example.com');
    const held = wireRecords('2.0.192.in-addr.arpa').map((r) => `${String(r.name)} ${String(r.content)}`);
    expect(held.sort()).toEqual(['10.2.0.192.in-addr.arpa www.example.com', '25.2.0.192.in-addr.arpa mail.example.com']);
  });

  it('1,000 new records land in a new zone with at most 12 target requests', async () => {
    const records = Array.from({ length: 1000 }, (_, i) => ({ type: 'A', name: `h${i}`, content: `10.0.${i >> 8}.${i & 255}`, ttl: 300 }));
    stack().sim.resetCounters();
    const { events } = await stack().migrate({ zones: [{ name: 'big.example', records }] });
    expect(zoneComplete(events, 'big.example')).toMatchObject({ created: 1000, updated: 0, skipped: 0, failed: 0, removed: 0 });
    // the zone's lookup and creation, its record quota (the zone's usage, then the account's: neither sets one
    // here), and 1,000 records in 8 batches of 125 (4 slots, every round full)
    expect(stack().sim.counters.total).toBeLessThanOrEqual(12);
    expect(wireRecords('big.example')).toHaveLength(1000);
  });

  it('finds the one bad record of a 200-record batch and creates the other 199', async () => {
    const records: Array<Record<string, unknown>> = Array.from({ length: 200 }, (_, i) => ({
      type: 'A',
      name: `h${i}`,
      content: `10.1.0.${i}`,
      ttl: 300,
    }));
    // valid here, refused by the target: a private address cannot be proxied
    records[137] = { type: 'A', name: 'h137', content: '10.1.0.137', ttl: 300, proxied: true };
    const { events } = await stack().migrate({ zones: [{ name: 'batch.example', records }] });
    expect(zoneComplete(events, 'batch.example')).toMatchObject({ created: 199, updated: 0, skipped: 0, failed: 1, removed: 0 });
    const errors = events.filter((e) => e.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/^\[138\/200\] A h137 ✗ Cloudflare 9004: /);
    expect(wireRecords('batch.example')).toHaveLength(199);
  });

  it('reports a zone the target refuses, with every record failed', async () => {
    stack().sim.markUnregistered('not-registered.example');
    const { events } = await stack().migrate({
      zones: [
        { name: 'not-registered.example', records: everyType.slice(0, 3) },
        { name: 'fine.example', records: everyType.slice(0, 2) },
      ],
    });
    const bad = zoneComplete(events, 'not-registered.example');
    expect(bad).toEqual({ created: 0, updated: 0, skipped: 0, failed: 3, removed: 0, nameServers: [] });
    const zoneError = events.find((e) => e.type === 'error' && e.zone === 'not-registered.example');
    expect(zoneError?.type === 'error' && zoneError.message).toMatch(/Cloudflare 1049/);
    expect(zoneComplete(events, 'fine.example')).toMatchObject({ created: 2 });
    expect(events.at(-1)?.type).toBe('done');
  });

  it('a dry run sends no write and creates no zone at the target (what it tells: tests/companion/engine/migrate-dry-run.test.ts)', async () => {
    stack().sim.resetCounters();
    const { events } = await stack().migrate({ dryRun: true, zones: [{ name: 'example.com', records: everyType }] });
    expect(zoneComplete(events, 'example.com')).toMatchObject({ created: 16, updated: 0, skipped: 2, failed: 0, removed: 0 });
    expect(stack().sim.counters.writes).toBe(0);
    expect(stack().sim.zoneByName('example.com')).toBeUndefined();
  });

  it('falls back to one request per record when the batch endpoint is missing', async () => {
    stack().sim.setBatchEnabled(false);
    const records = Array.from({ length: 12 }, (_, i) => ({ type: 'A', name: `h${i}`, content: `10.2.0.${i}`, ttl: 300 }));
    const { events } = await stack().migrate({ zones: [{ name: 'nobatch.example', records }] });
    expect(zoneComplete(events, 'nobatch.example')).toMatchObject({ created: 12, failed: 0 });
    expect(wireRecords('nobatch.example')).toHaveLength(12);
  });
});
