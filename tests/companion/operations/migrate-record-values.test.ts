import { describe, expect, it } from 'vitest';
import type { MigrateEvent } from '@dnsferry/shared';
import { useStack, zoneComplete } from '../../support/stack';

/**
 * Records as they reach Cloudflare's API: each type's data, TXT held whole, proxied only where the API
 * takes it, TTLs in its range. What a run makes of each record is the engine's:
 * tests/companion/engine/migrate-record-values.test.ts.
 */
const stack = useStack();

/** One record of every type the target holds beyond the first round's, in the presentation form `content` takes. */
const newTypes = [
  { type: 'DS', name: 'child', content: '2371 13 2 1f987cc6583e92df0890718c42 1f5d6e8e3e4b1c', ttl: 3600 },
  { type: 'NS', name: 'child', content: 'ns1.child-dns.example.net', ttl: 3600 },
  { type: 'TLSA', name: '_443._tcp.www', content: '3 1 1 6ec8fe1a4b9c0d', ttl: 300 },
  { type: 'SMIMEA', name: 'c93f1e400f26708f98cb19d936620da35eec8f72e57f9eec01c1afd6._smimecert', content: '3 0 0 308201', ttl: 300 },
  { type: 'SSHFP', name: 'host', content: '4 2 123456789abcdef67890123456789abcdef67890123456789abcdef123456789', ttl: 300 },
  { type: 'HTTPS', name: '@', content: '1 . alpn="h2,h3" ipv4hint=192.0.2.1', ttl: 300 },
  { type: 'SVCB', name: '_dns', content: '1 dns.example.com alpn=dot port=853', ttl: 300 },
  { type: 'NAPTR', name: 'sip', content: '100 10 "S" "SIP+D2U" "" _sip._udp.example.com', ttl: 300 },
  { type: 'LOC', name: 'office', content: '52 22 23.000 N 4 53 32.000 E -2.00m 1m 10000m 10m', ttl: 300 },
  { type: 'URI', name: '_ftp._tcp', content: '10 1 "ftp://ftp1.example.com/public"', ttl: 300 },
  { type: 'CERT', name: 'pgp', content: 'PGP 0 0 dGVzdA==', ttl: 300 },
  { type: 'OPENPGPKEY', name: 'key._openpgpkey', content: 'mQINBFit2jsBEADrbl5vdGVzdA==', ttl: 300 },
  { type: 'CAA', name: '@', content: '0 issuemail "mail.example.net"', ttl: 300 },
  { type: 'TXT', name: 'aland', content: '"\\195\\133LAND"', ttl: 300 },
  { type: 'A', name: 'web', content: '192.0.2.80', ttl: 300, proxied: true },
];

function perRecord(events: MigrateEvent[], type: MigrateEvent['type']) {
  return events.filter((e) => e.type === type && 'index' in e && e.index !== undefined);
}

describe('POST /api/migrate: record values are checked one by one', () => {
  // each value's own check is the engine's: tests/companion/engine/migrate-record-values.test.ts
  it('a request whose shape is wrong is still refused whole, naming the field', async () => {
    const res = await stack().migrate({ zones: [{ name: 'example.com', records: [{ name: 'x', content: '192.0.2.1' }] }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_request', field: 'zones.0.records.0.type' } });
  });
});

describe('POST /api/migrate: every record type the target holds', () => {
  it('creates each one with the data the API takes, and a re-run finds them all', async () => {
    const first = await stack().migrate({ zones: [{ name: 'example.com', records: newTypes }] });
    expect(perRecord(first.events, 'error')).toEqual([]);
    expect(zoneComplete(first.events, 'example.com')).toMatchObject({ created: newTypes.length, skipped: 0, failed: 0 });
    const zone = stack().sim.zoneByName('example.com');
    if (!zone) throw new Error('zone missing');
    const wire = stack().sim.records(zone.id) as Array<{
      type: string;
      name: string;
      content: string;
      proxied: boolean;
      data?: Record<string, unknown>;
      priority?: number;
    }>;
    const byType = (t: string) => wire.find((w) => w.type === t);
    expect(byType('DS')?.data).toEqual({
      key_tag: 2371,
      algorithm: 13,
      digest_type: 2,
      digest: '1F987CC6583E92DF0890718C421F5D6E8E3E4B1C',
    });
    expect(byType('TLSA')?.data).toEqual({ usage: 3, selector: 1, matching_type: 1, certificate: '6EC8FE1A4B9C0D' });
    expect(byType('HTTPS')?.data).toEqual({ priority: 1, target: '.', value: 'alpn="h2,h3" ipv4hint=192.0.2.1' });
    expect(byType('NAPTR')?.data).toMatchObject({
      order: 100,
      preference: 10,
      flags: 'S',
      service: 'SIP+D2U',
      regex: '',
      replacement: '_sip._udp.example.com',
    });
    expect(byType('URI')).toMatchObject({ priority: 10, data: { weight: 1, target: 'ftp://ftp1.example.com/public' } });
    expect(byType('LOC')?.data).toMatchObject({
      lat_degrees: 52,
      lat_direction: 'N',
      long_direction: 'E',
      altitude: -2,
      size: 1,
      precision_horz: 10000,
    });
    expect(byType('CERT')?.data).toEqual({ type: 3, key_tag: 0, algorithm: 0, certificate: 'dGVzdA==' });
    expect(byType('CAA')?.data).toEqual({ flags: 0, tag: 'issuemail', value: 'mail.example.net' });
    expect(byType('TXT')?.content).toBe('"ÅLAND"');
    expect(wire.find((w) => w.name === 'web.example.com')?.proxied).toBe(true);

    // Convergence: the records read back from the target are the same records.
    const again = await stack().migrate({ zones: [{ name: 'example.com', records: newTypes }] });
    expect(zoneComplete(again.events, 'example.com')).toMatchObject({ created: 0, skipped: newTypes.length, failed: 0 });
  });

  it('a TXT value held whole at the target is the same record split anywhere, or written with \\DDD escapes', async () => {
    const key = `v=DKIM1; k=rsa; p=${'B'.repeat(392)}`;
    await stack().migrate({
      zones: [
        {
          name: 'example.com',
          records: [
            { type: 'TXT', name: 'sel._domainkey', content: key, ttl: 300 },
            { type: 'TXT', name: 'aland', content: 'ÅLAND', ttl: 300 },
          ],
        },
      ],
    });
    const { events } = await stack().migrate({
      zones: [
        {
          name: 'example.com',
          records: [
            { type: 'TXT', name: 'sel._domainkey', content: `"${key.slice(0, 249)}" "${key.slice(249)}"`, ttl: 300 },
            { type: 'TXT', name: 'aland', content: '"\\195\\133LAND"', ttl: 300 },
          ],
        },
      ],
    });
    expect(zoneComplete(events, 'example.com')).toMatchObject({ created: 0, skipped: 2 });
    const zone = stack().sim.zoneByName('example.com');
    expect((stack().sim.records(zone?.id ?? '') as Array<{ type: string }>).filter((w) => w.type === 'TXT')).toHaveLength(2);
  });
});

describe('POST /api/migrate: proxying', () => {
  it('drops proxied from a type the target cannot proxy (only A, AAAA and CNAME carry it)', async () => {
    const { events } = await stack().migrate({
      zones: [
        { name: 'example.com', records: [{ type: 'MX', name: '@', content: 'mx.example.com', priority: 10, ttl: 300, proxied: true }] },
      ],
    });
    expect(zoneComplete(events, 'example.com')).toMatchObject({ created: 1 });
  });
});

describe('POST /api/migrate: TTLs the target cannot hold', () => {
  it('holds TTL 0 brought into range, as the README promises', async () => {
    const { events } = await stack().migrate({
      zones: [{ name: 'example.com', records: [{ type: 'A', name: 'zero', content: '192.0.2.1', ttl: 0 }] }],
    });
    expect(zoneComplete(events, 'example.com')).toMatchObject({ created: 1 });
    const zone = stack().sim.zoneByName('example.com');
    expect((stack().sim.records(zone?.id ?? '') as Array<{ ttl: number }>)[0]?.ttl).toBe(60);
  });
});
