import { describe, expect, it } from 'vitest';
import {
  DnsRecordSchema,
  HELD_TYPES,
  RECORD_SPECS,
  RECORD_TYPES,
  recordFromPresentation,
  recordFromWire,
  typeByCode,
} from '@dnsferry/shared';

/** Presentation as a zone file may write it → the canonical content the record model holds. */
const CASES: Array<[type: string, rdata: string, content: string]> = [
  ['A', '192.0.2.1', '192.0.2.1'],
  ['AAAA', '2001:DB8:0::1', '2001:db8::1'],
  ['CNAME', 'www', 'www.example.com'],
  ['NS', 'ns1.other.net.', 'ns1.other.net'],
  ['PTR', 'host.example.com.', 'host.example.com'],
  ['TXT', 'foo bar', '"foo" "bar"'],
  ['TXT', '"\\195\\133LAND" x\\;y', '"ÅLAND" "x;y"'],
  // written as quoted strings one blank apart, or not quite: the content is the same either way
  ['TXT', '"v=spf1 -all" "a b"', '"v=spf1 -all" "a b"'],
  ['TXT', '"a"\t"b"', '"a" "b"'],
  ['TXT', '"a""b"', '"a" "b"'],
  ['TXT', ' "a""b"', '"a" "b"'],
  ['TXT', '"a"  "b" ', '"a" "b"'],
  ['TXT', '"a" b', '"a" "b"'],
  ['TXT', '"" ""', '"" ""'],
  ['CAA', '128 issuevmc "digicert.com"', '128 issuevmc "digicert.com"'],
  ['CAA', '0 ISSUE letsencrypt.org', '0 issue "letsencrypt.org"'],
  ['DS', '2371 13 2 1F987CC6583E92DF0890718C42 1F5D6E8E3E4B1C', '2371 13 2 1F987CC6583E92DF0890718C421F5D6E8E3E4B1C'],
  ['DS', '60485 RSASHA1 1 2bb183af5f22588179a53b0a98631fad1a292118', '60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118'],
  ['TLSA', '3 1 1 6ec8fe1a4b9c', '3 1 1 6EC8FE1A4B9C'],
  ['SMIMEA', '3 0 0 30820a', '3 0 0 30820A'],
  [
    'SSHFP',
    '4 2 123456789abcdef67890123456789abcdef67890123456789abcdef123456789',
    '4 2 123456789ABCDEF67890123456789ABCDEF67890123456789ABCDEF123456789',
  ],
  ['HTTPS', '1 . alpn="h2,h3" ipv4hint=192.0.2.1', '1 . alpn="h2,h3" ipv4hint=192.0.2.1'],
  [
    'HTTPS',
    '1 . ipv6hint=2001:db8::0:1 port=8443 alpn=h3 mandatory=port,alpn',
    '1 . mandatory=alpn,port alpn="h3" port=8443 ipv6hint=2001:db8::1',
  ],
  // an escaped comma stays inside an ALPN id (RFC 9460 appendix A.1): two ids, `foo,bar` and `h2`, as BIND prints them
  ['HTTPS', '1 . alpn=foo\\092,bar,h2', '1 . alpn="foo\\\\,bar,h2"'],
  ['HTTPS', '1 . alpn="foo\\\\,bar,h2"', '1 . alpn="foo\\\\,bar,h2"'],
  ['HTTPS', '1 . alpn="h2\\,h3"', '1 . alpn="h2,h3"'],
  // a key written by number carries its value in wire form
  ['HTTPS', '1 . key1="\\002h3" key3="\\001\\187"', '1 . alpn="h3" port=443'],
  ['HTTPS', '1 . key997="" ech=', '1 . ech key997'],
  ['SVCB', '0 svc', '0 svc.example.com'],
  ['SVCB', '16 foo.example.org. key667=hello no-default-alpn alpn=h2', '16 foo.example.org alpn="h2" no-default-alpn key667="hello"'],
  ['NAPTR', '100 10 "S" "SIP+D2U" "" _sip._udp', '100 10 "S" "SIP+D2U" "" _sip._udp.example.com'],
  ['NAPTR', '100 50 "u" "E2U+sip" "!^.*$!sip:info@example.com!" .', '100 50 "u" "E2U+sip" "!^.*$!sip:info@example.com!" .'],
  ['LOC', '52 22 23.000 N 4 53 32.000 E -2.00m 0.00m 10000m 10m', '52 22 23.000 N 4 53 32.000 E -2.00m 0m 10000m 10m'],
  ['LOC', '37 46 N 122 23 35 W 10m', '37 46 0.000 N 122 23 35.000 W 10.00m 1m 10000m 10m'],
  ['LOC', '0 S 0 W 0 150m', '0 0 0.000 N 0 0 0.000 E 0.00m 100m 10000m 10m'],
  ['URI', '10 1 "ftp://ftp1.example.com/public"', '10 1 "ftp://ftp1.example.com/public"'],
  ['CERT', 'PGP 0 0 dGVzdA==', '3 0 0 dGVzdA=='],
  ['OPENPGPKEY', 'mQINBFit2jsBEADrbl5v dGVzdA==', 'mQINBFit2jsBEADrbl5vdGVzdA=='],
  ['MX', '10 mail', 'mail.example.com'],
  ['SRV', '10 60 5060 sip.example.com.', 'sip.example.com'],
];

describe('every record type, read from its presentation form', () => {
  it.each(CASES)('%s %s', (type, rdata, content) => {
    const res = recordFromPresentation({ type, name: 'x', ttl: 300, rdata, origin: 'example.com' });
    expect(res.ok ? res.record.content : res.message).toBe(content);
    if (!res.ok) return;
    // canonical content is a fixed point: sent as `content` it reads back the same
    const again = DnsRecordSchema.parse({ ...res.record, content: res.record.content });
    expect(again.content).toBe(res.record.content);
  });

  it('covers every type the target holds', () => {
    const covered = new Set(CASES.map(([t]) => t));
    expect(HELD_TYPES.filter((t) => !covered.has(t))).toEqual([]);
  });

  it.each([
    ['A', '999.1.1.1', '999.1.1.1 is not an IPv4 address'],
    ['MX', 'x mail.example.com.', 'the MX priority must be a whole number from 0 to 65535, not "x"'],
    ['CAA', '0 is$ue "x"', '"is$ue" is not a CAA tag (letters and digits, e.g. issue)'],
    ['DS', '1 13 2 XYZ', 'the digest must be hexadecimal digits, in pairs'],
    ['SRV', '1 2 70000 t.example.com.', 'the SRV port must be a whole number from 0 to 65535, not "70000"'],
    ['HTTPS', '1 . colour=blue', '"colour" is not an SVCB parameter'],
    ['HTTPS', '1 . key00997=x', 'the SVCB key "key00997" has leading zeros, which BIND refuses: write key997'],
    ['HTTPS', '1 . Alpn=h2', 'the SVCB key "Alpn" must be written in lower case (alpn)'],
    ['HTTPS', '1 . alpn=h2,,h3', 'alpn= has an empty item'],
    ['HTTPS', '1 . key1=h2', 'the alpn value is not a list of ids'],
    ['HTTPS', '1 . mandatory=port alpn=h2', 'mandatory names port, which the record does not have'],
    ['SVCB', '1 . no-default-alpn', 'no-default-alpn needs an alpn parameter'],
    ['HTTPS', '1 . dohpath=/dns-query', 'dohpath=/dns-query has no {?dns} variable'],
    [
      'NAPTR',
      '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com" .',
      'the NAPTR regexp "!^.*$!sip:info@example.com" is not ended: its delimiter ! must be written three times (!regexp!replacement!)',
    ],
    ['NAPTR', '100 10 "U" "E2U+sip" "!^.*$!\\\\1!" .', 'the NAPTR regexp "!^.*$!\\\\1!" refers to \\1, but its expression has 0 group(s)'],
    ['NAPTR', '100 10 "U" "E2U+sip" "!^.*$!x!g" .', 'the NAPTR regexp "!^.*$!x!g" has flags other than i'],
    ['URI', '1 1 http://x', 'the URI target must be in quotes'],
    ['LOC', '95 0 0 N 0 E 0m', 'the latitude 95 0 0 N is not degrees, minutes and seconds'],
    ['TLSA', '3 1 1', 'the certificate data is missing'],
    ['HINFO', '"PC" "Linux"', 'record type HINFO is not supported'],
  ])('%s %s → an error that names what is wrong', (type, rdata, message) => {
    const res = recordFromPresentation({ type, name: 'x', ttl: 300, rdata, origin: 'example.com' });
    expect(res.ok ? 'accepted' : res.message).toBe(message);
  });
});

describe('DNSSEC records the target signs itself', () => {
  it.each([
    ['RRSIG', 'A 13 3 300 20261201000000 20261101000000 12345 example.com. oJB1W6WNGv+ldvQ3WDG0MQkg5IEhjRip8WTr'],
    ['NSEC', 'next A RRSIG NSEC'],
    ['NSEC', 'Next.Example.com. A RRSIG NSEC'],
    ['NSEC3', '1 0 10 aabbccdd 2vptu5timamqttgl4luu9kg21e0aor3s A RRSIG'],
  ])('keeps %s %s as written, so its skip shows the record the file holds', (type, rdata) => {
    const res = recordFromPresentation({ type, name: 'x', ttl: 300, rdata, origin: 'example.com' });
    expect(res.ok && res.record.content).toBe(rdata);
  });
});

describe('RFC 3597 generic RDATA and wire form', () => {
  it.each([
    ['TYPE257', '\\# 22 000569737375656c657473656e63727970742e6f7267', 'CAA', '0 issue "letsencrypt.org"'],
    ['A', '\\# 4 C0000201', 'A', '192.0.2.1'],
    ['TYPE65', '\\# 15 000100000100030268320003000201bb', 'HTTPS', 'invalid'],
    ['TYPE65', '\\# 16 000100000100030268320003000201bb', 'HTTPS', '1 . alpn="h2" port=443'],
    ['TYPE64', '\\# 19 0000 03666f6f076578616d706c6503636f6d00', 'SVCB', '0 foo.example.com'],
    // the ids `foo,bar` and `h2` on the wire read as their presentation form writes them
    ['TYPE65', '\\# 18 0001 00 0001 000b 07666f6f2c626172 026832', 'HTTPS', '1 . alpn="foo\\\\,bar,h2"'],
    ['TYPE65', '\\# 10 0001 00 0001 0003 00 6832', 'HTTPS', 'invalid'],
    ['TYPE65', '\\# 15 0001 00 0001 0003 026832 0003 0001 bb', 'HTTPS', 'invalid'],
    ['TYPE35', '\\# 13 0064 000a 00 00 05 215e2e2a21 00', 'NAPTR', 'invalid'],
    ['TYPE52', '\\# 6 030101 abcdef', 'TLSA', '3 1 1 ABCDEF'],
    ['TYPE29', '\\# 16 00 12 16 13 8b0d2c8c 8b5d4c5c 00989680', 'LOC', 'LOC'],
    ['TXT', '\\# 6 06 c3 85 4c 41 4e', 'TXT', 'invalid'],
    ['TXT', '\\# 6 05 c3 85 4c 41 4e 44', 'TXT', 'invalid'],
    ['TXT', '\\# 7 06 c3 85 4c 41 4e 44', 'TXT', '"ÅLAND"'],
  ])('%s %s', (type, rdata, expectedType, content) => {
    const res = recordFromPresentation({ type, name: 'x', ttl: 300, rdata, origin: 'example.com' });
    if (content === 'invalid') return expect(res.ok).toBe(false);
    expect(res.ok && res.record.type).toBe(expectedType);
    if (content !== 'LOC') expect(res.ok && res.record.content).toBe(content);
    else expect(res.ok && res.record.content).toMatch(/^\d+ \d+ [\d.]+ [NS] \d+ \d+ [\d.]+ [EW] -?[\d.]+m \d/);
  });

  it('reads names in an answer through compression pointers', () => {
    // header(12) + "example.com" at 12, then an MX RDATA at 25: priority 10 + "mail" + pointer to 12
    const msg = new Uint8Array([
      ...new Array(12).fill(0),
      7,
      ...'example'.split('').map((c) => c.charCodeAt(0)),
      3,
      99,
      111,
      109,
      0,
      0,
      10,
      4,
      109,
      97,
      105,
      108,
      0xc0,
      12,
    ]);
    const res = recordFromWire('MX', 'x', 300, msg, 25, 9);
    expect(res.ok && res.record).toMatchObject({ type: 'MX', priority: 10, content: 'mail.example.com' });
  });

  it('knows each type by its number, once', () => {
    const codes = RECORD_TYPES.map((t) => RECORD_SPECS[t].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const t of RECORD_TYPES) expect(typeByCode(RECORD_SPECS[t].code)).toBe(t);
  });
});
