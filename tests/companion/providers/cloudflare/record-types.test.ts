import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, HELD_TYPES, recordKey } from '@dnsferry/shared';
import { fromWire, toPayload } from '@dnsferry/companion/providers/cloudflare/record-types';
import type { CloudflareRecord } from '@dnsferry/companion/providers/cloudflare/wire';
import { expectRecordSchema, expectView } from '../../sandbox/cloudflare/helpers';

/** One canonical record of each type the target holds, as the shared contract reads them. */
const RECORDS = [
  { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300, proxied: true },
  { type: 'AAAA', name: 'www', content: '2001:db8::1', ttl: 300 },
  { type: 'CNAME', name: 'docs', content: 'www.example.com', ttl: 300 },
  { type: 'MX', name: '@', content: 'mail.example.com', priority: 10, ttl: 3600 },
  { type: 'TXT', name: '@', content: '"v=spf1 -all" "ÅLAND\\010"', ttl: 300 },
  { type: 'SRV', name: '_sip._tcp', content: 'sip.example.com', priority: 10, weight: 60, port: 5060, ttl: 300 },
  { type: 'CAA', name: '@', content: '0 issue "letsencrypt.org; validationmethods=dns-01"', ttl: 300 },
  { type: 'PTR', name: '1', content: 'host.example.com', ttl: 300 },
  { type: 'NS', name: 'child', content: 'ns1.other.net', ttl: 300 },
  { type: 'DS', name: 'child', content: '2371 13 2 1F987CC6583E92DF0890718C42', ttl: 300 },
  { type: 'TLSA', name: '_443._tcp', content: '3 1 1 6EC8A4B7', ttl: 300 },
  { type: 'SSHFP', name: 'host', content: '4 2 1234ABCD', ttl: 300 },
  { type: 'HTTPS', name: '@', content: '1 . alpn="h2,h3" ipv4hint=192.0.2.1', ttl: 300 },
  { type: 'SVCB', name: '_dns', content: '1 dns.example.com alpn="dot" port=853', ttl: 300 },
  { type: 'NAPTR', name: 'sip', content: '100 10 "S" "SIP+D2U" "" _sip._udp.example.com', ttl: 300 },
  { type: 'LOC', name: 'office', content: '52 22 23.000 N 4 53 32.000 E -2.00m 1m 10000m 10m', ttl: 300 },
  { type: 'URI', name: '_ftp._tcp', content: '10 1 "ftp://ftp1.example.com/public"', ttl: 300 },
  { type: 'CERT', name: 'pgp', content: '3 0 0 dGVzdA==', ttl: 300 },
  { type: 'SMIMEA', name: 'x._smimecert', content: '3 0 0 3082', ttl: 300 },
  { type: 'OPENPGPKEY', name: 'k._openpgpkey', content: 'mQINBFit2jsBEADrbl5v', ttl: 300 },
].map((r) => DnsRecordSchema.parse(r));

const SDK_TYPES = new Set(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS', 'PTR']);

describe('Cloudflare mapping of every record type the target holds', () => {
  it('covers them all', () => {
    expect(new Set(RECORDS.map((r) => r.type))).toEqual(new Set(HELD_TYPES));
  });

  it.each(RECORDS.map((r) => [r.type, r] as const))(
    '%s: the create body is a valid request of the official schema, and reads back as the same record',
    (_type, record) => {
      const payload = toPayload(record, 'example.com');
      if (SDK_TYPES.has(record.type)) expectView('POST /zones/{zone_id}/dns_records (request)', payload);
      else expectRecordSchema(record.type, payload);
      // what the API answers: the body echoed with an id (data types also get a formatted content)
      const answer = { id: 'x'.repeat(32), content: '', ...payload } as unknown as CloudflareRecord;
      const back = fromWire(answer, 'example.com');
      expect(back && recordKey(back)).toBe(recordKey(record));
    },
  );
});
