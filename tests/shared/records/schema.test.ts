import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, MigrateRequestSchema, ZoneNameSchema, relativeName, fqdn } from '@dnsferry/shared';

describe('zone names', () => {
  it.each([
    ['Example.COM.', 'example.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['例え.テスト', 'xn--r8jz45g.xn--zckzah'],
    ['sub.example.co.uk', 'sub.example.co.uk'],
  ])('%s → %s', (input, ascii) => {
    expect(ZoneNameSchema.parse(input)).toBe(ascii);
  });

  it.each(['', 'localhost', 'exa mple.com', 'http://example.com', '-bad.com', 'a..b.com', 'x'.repeat(64) + '.com'])(
    'rejects %j',
    (input) => {
      expect(ZoneNameSchema.safeParse(input).success).toBe(false);
    },
  );
});

describe('record schema', () => {
  it('accepts every supported type with its own fields', () => {
    const ok = [
      { type: 'A', name: '@', content: '192.0.2.1', ttl: 300 },
      { type: 'AAAA', name: 'www', content: '2001:db8::1', ttl: 300 },
      { type: 'CNAME', name: '*.app', content: 'target.example.net.', ttl: 1 },
      { type: 'MX', name: '@', content: 'mail.example.com', ttl: 3600, priority: 10 },
      { type: 'TXT', name: '_dmarc', content: 'v=DMARC1; p=none', ttl: 300 },
      { type: 'SRV', name: '_sip._tcp', content: 'sip.example.com', ttl: 300, priority: 10, weight: 5, port: 5060 },
      { type: 'CAA', name: '@', content: '0 issue "letsencrypt.org"', ttl: 300 },
      { type: 'PTR', name: '1', content: 'host.example.com', ttl: 300 },
      { type: 'NS', name: 'dev', content: 'ns1.other.net', ttl: 300 },
    ];
    for (const r of ok) expect(DnsRecordSchema.safeParse(r).success, JSON.stringify(r)).toBe(true);
  });

  it('checks only the shape of a request; a record whose values are wrong fails alone', () => {
    const req = (records: unknown[]) =>
      MigrateRequestSchema.safeParse({ targetToken: 't', targetAccountId: 'a'.repeat(32), zones: [{ name: 'example.com', records }] });
    // values are the engine's business (an error event for that record)
    expect(req([{ type: 'MX', name: '@', content: 'mx.example.com', ttl: 300 }]).success).toBe(true);
    expect(req([{ type: 'A', name: 'broken', content: '999.1.1.1', ttl: 300 }]).success).toBe(true);
    // the shape is the request's: not an object, or no string type/name
    expect(req(['A @ 192.0.2.1']).error?.issues[0]?.path.join('.')).toBe('zones.0.records.0');
    expect(req([{ name: '@', content: '192.0.2.1' }]).error?.issues[0]?.path.join('.')).toBe('zones.0.records.0.type');
    expect(req([{ type: 'A', name: 7 }]).error?.issues[0]?.path.join('.')).toBe('zones.0.records.0.name');
  });

  it('names the failing field and value of a record', () => {
    const mx = DnsRecordSchema.safeParse({ type: 'MX', name: '@', content: 'mx.example.com', ttl: 300 });
    expect(mx.error?.issues[0]?.path.join('.')).toBe('priority');
    const a = DnsRecordSchema.safeParse({ type: 'A', name: 'broken', content: '999.1.1.1', ttl: 300 });
    expect(a.error?.issues[0]?.message).toBe('999.1.1.1 is not an IPv4 address');
    const t = DnsRecordSchema.safeParse({ type: 'HINFO', name: '@', content: 'x', ttl: 300 });
    expect(t.error?.issues[0]?.message).toMatch(/^record type HINFO is not supported \(supported: A, AAAA/);
  });

  it('rejects content that does not fit the type', () => {
    expect(DnsRecordSchema.safeParse({ type: 'A', name: '@', content: '2001:db8::1', ttl: 300 }).success).toBe(false);
    expect(DnsRecordSchema.safeParse({ type: 'CAA', name: '@', content: 'issue letsencrypt.org', ttl: 300 }).success).toBe(false);
    expect(DnsRecordSchema.safeParse({ type: 'CNAME', name: 'a b', content: 'x.com', ttl: 300 }).success).toBe(false);
  });
});

describe('name helpers', () => {
  it('converts between relative names and FQDNs', () => {
    expect(relativeName('WWW.Example.com.', 'example.com')).toBe('www');
    expect(relativeName('example.com', 'example.com')).toBe('@');
    expect(relativeName('other.org', 'example.com')).toBeNull();
    expect(relativeName('badexample.com', 'example.com')).toBeNull();
    expect(fqdn('@', 'example.com')).toBe('example.com');
    expect(fqdn('_sip._tcp', 'example.com')).toBe('_sip._tcp.example.com');
  });
});
