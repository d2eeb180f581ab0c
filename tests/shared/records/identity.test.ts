import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, ipv6, recordKey, resolveName } from '@dnsferry/shared';
import { canonicalize } from '@dnsferry/companion/records/canonical';

describe('IPv6 text form (RFC 5952)', () => {
  it.each([
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['fe80::0:0:1', 'fe80::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:0db8::0001', '2001:db8::1'],
    ['::', '::'],
    ['::1', '::1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2:3:4:5:6'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['::ffff:192.0.2.1', '::ffff:c000:201'],
  ])('%s → %s', (input, out) => {
    expect(ipv6(input)).toBe(out);
  });

  it.each(['1::2::3', '12345::', '1:2:3:4:5:6:7', 'g::1', '1:2:3:4:5:6:7:8:9'])('refuses %s', (input) => {
    expect(() => ipv6(input)).toThrow(/not an IPv6 address/);
  });
});

describe('owner names', () => {
  it.each([
    ['@', '@'],
    ['www', 'www'],
    ['www.example.com', 'www'],
    ['www.example.com.', 'www'],
    ['example.com.', '@'],
    ['EXAMPLE.com', '@'],
    ['*.dev', '*.dev'],
  ])('%s in example.com → %s', (input, out) => {
    expect(resolveName(input, 'example.com')).toBe(out);
  });

  it('refuses an absolute name outside the zone', () => {
    expect(resolveName('www.other.org.', 'example.com')).toBeNull();
  });
});

describe('record identity', () => {
  const key = (r: unknown) => {
    const c = canonicalize(DnsRecordSchema.parse(r), 'example.com');
    if (!c) throw new Error('outside zone');
    return recordKey(c);
  };

  it('ignores TTL, case, trailing dots, TXT quoting and splitting, and proxying', () => {
    expect(key({ type: 'CNAME', name: 'WWW.example.com.', content: 'Target.Example.NET.', ttl: 300 })).toBe(
      key({ type: 'CNAME', name: 'www', content: 'target.example.net', ttl: 3600, proxied: true }),
    );
    expect(key({ type: 'TXT', name: '@', content: 'v=spf1 -all', ttl: 300 })).toBe(
      key({ type: 'TXT', name: '@', content: '"v=spf1 -all"', ttl: 1 }),
    );
    expect(key({ type: 'TXT', name: '@', content: '"a" "b"', ttl: 300 })).toBe(key({ type: 'TXT', name: '@', content: '"ab"', ttl: 300 }));
    expect(key({ type: 'AAAA', name: '@', content: '2001:DB8::0:1', ttl: 300 })).toBe(
      key({ type: 'AAAA', name: '@', content: '2001:db8::1', ttl: 300 }),
    );
    expect(key({ type: 'CAA', name: '@', content: '0 ISSUE "letsencrypt.org"', ttl: 300 })).toBe(
      key({ type: 'CAA', name: '@', content: '0 issue letsencrypt.org', ttl: 300 }),
    );
    expect(key({ type: 'DS', name: 'child', content: '2371 13 2 1f98 ab', ttl: 300 })).toBe(
      key({ type: 'DS', name: 'child', content: '2371 ECDSAP256SHA256 2 1F98AB', ttl: 300 }),
    );
    expect(key({ type: 'HTTPS', name: '@', content: '1 . ipv4hint=192.0.2.1 alpn=h2,h3', ttl: 300 })).toBe(
      key({ type: 'HTTPS', name: '@', content: '1 . alpn="h2,h3" ipv4hint="192.0.2.1"', ttl: 300 }),
    );
  });

  it('keeps apart what really differs', () => {
    expect(key({ type: 'MX', name: '@', content: 'mx.example.com', ttl: 300, priority: 10 })).not.toBe(
      key({ type: 'MX', name: '@', content: 'mx.example.com', ttl: 300, priority: 20 }),
    );
    expect(key({ type: 'TXT', name: '@', content: 'Hello', ttl: 300 })).not.toBe(
      key({ type: 'TXT', name: '@', content: 'hello', ttl: 300 }),
    );
    expect(key({ type: 'A', name: 'a', content: '192.0.2.1', ttl: 300 })).not.toBe(
      key({ type: 'A', name: 'b', content: '192.0.2.1', ttl: 300 }),
    );
    expect(key({ type: 'HTTPS', name: '@', content: '1 . alpn=h2,h3', ttl: 300 })).not.toBe(
      key({ type: 'HTTPS', name: '@', content: '1 . alpn=h3,h2', ttl: 300 }),
    );
  });
});
