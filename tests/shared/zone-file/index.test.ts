import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, parseZoneFile } from '@dnsferry/shared';
import { generateZone } from './zone-generator';

const ZONE = `$ORIGIN example.co.uk.
$TTL 1h
; a comment line
@       IN SOA ns1.example.co.uk. hostmaster.example.co.uk. (
            2024010101 ; serial
            3600 900 604800 300 )
@       300  IN  A      192.0.2.10
        300  IN  AAAA   2001:db8::10
www          IN  CNAME  @
mail    600  IN  A      192.0.2.25
@            IN  MX     10 mail
@            IN  TXT    "v=spf1 mx -all" ; trailing comment
_sip._tcp    IN  SRV    10 60 5060 sip.example.co.uk.
@            IN  CAA    0 issue "letsencrypt.org"
shop.example.co.uk. IN A 192.0.2.30
`;

describe('parseZoneFile', () => {
  it('reads a BIND zone file: origin, $TTL, omitted owners, parentheses, relative hosts', () => {
    const parsed = parseZoneFile(ZONE);
    expect(parsed.issues).toEqual([]);
    expect(parsed.origin).toBe('example.co.uk');
    const byType = (t: string) => parsed.records.filter((r) => r.type === t);
    expect(parsed.records).toHaveLength(10);
    expect(byType('A').map((r) => [r.name, r.content, r.ttl])).toEqual([
      ['@', '192.0.2.10', 300],
      ['mail', '192.0.2.25', 600],
      ['shop', '192.0.2.30', 3600],
    ]);
    expect(byType('AAAA')[0]).toMatchObject({ name: '@', content: '2001:db8::10', ttl: 300 });
    expect(byType('CNAME')[0]).toMatchObject({ name: 'www', content: 'example.co.uk', ttl: 3600 });
    expect(byType('MX')[0]).toMatchObject({ name: '@', priority: 10, content: 'mail.example.co.uk' });
    expect(byType('TXT')[0]).toMatchObject({ content: '"v=spf1 mx -all"' });
    expect(byType('SRV')[0]).toMatchObject({ name: '_sip._tcp', priority: 10, weight: 60, port: 5060, content: 'sip.example.co.uk' });
    expect(byType('CAA')[0]).toMatchObject({ content: '0 issue "letsencrypt.org"' });
    expect(byType('SOA')).toHaveLength(1);
    // the SOA's continuation lines count from where it started
    expect(parsed.lines[0]).toBe(4);
  });

  it('points out every line it cannot read instead of dropping it', () => {
    const text = [
      'www A 192.0.2.1',
      'bad A 999.1.1.1',
      'x HINFO "pc" "linux"',
      '@ MX mail.example.com.',
      'other.example.org. A 192.0.2.9',
      'ok TXT "fine"',
    ].join('\n');
    const parsed = parseZoneFile(text, 'example.com');
    expect(parsed.records.map((r) => r.name)).toEqual(['www', 'ok']);
    expect(parsed.issues.map((i) => i.line)).toEqual([2, 3, 4, 5]);
    expect(parsed.issues[0]?.message).toMatch(/IPv4/);
    expect(parsed.issues[1]?.message).toMatch(/HINFO is not supported/);
    expect(parsed.issues[2]?.message).toMatch(/MX priority/);
    expect(parsed.issues[3]?.message).toMatch(/not inside the zone example\.com/);
    expect(parsed.issues[0]?.text).toBe('bad A 999.1.1.1');
  });

  it('uses the zone given by the user for relative names when the text has no $ORIGIN', () => {
    const parsed = parseZoneFile('api 120 CNAME lb\n@ NS ns1.other.net.', 'example.com');
    expect(parsed.issues).toEqual([]);
    expect(parsed.records[0]).toMatchObject({ type: 'CNAME', name: 'api', ttl: 120, content: 'lb.example.com' });
    expect(parsed.records[1]).toMatchObject({ type: 'NS', content: 'ns1.other.net' });
  });

  it('keeps semicolons and parentheses inside quoted TXT values', () => {
    const parsed = parseZoneFile('_dmarc TXT "v=DMARC1; p=none (test)"', 'example.com');
    expect(parsed.issues).toEqual([]);
    expect(parsed.records[0]?.content).toBe('"v=DMARC1; p=none (test)"');
  });
});

describe('parseZoneFile: records as BIND reads them', () => {
  it('reads unquoted TXT words as separate strings, \\; as ";" and \\DDD as UTF-8 bytes', () => {
    const parsed = parseZoneFile('$TTL 300\nt TXT foo bar\ns TXT "a\\;b" \\; "\\195\\133LAND"\n', 'example.com');
    expect(parsed.records).toEqual([
      { type: 'TXT', name: 't', ttl: 300, content: '"foo" "bar"' },
      { type: 'TXT', name: 's', ttl: 300, content: '"a;b" ";" "ÅLAND"' },
    ]);
  });

  it('reads a known type written TYPEnn with RFC 3597 RDATA as that type', () => {
    const parsed = parseZoneFile('c 300 TYPE257 \\# 22 000569737375656c657473656e63727970742e6f7267', 'example.com');
    expect(parsed.records).toEqual([{ type: 'CAA', name: 'c', ttl: 300, content: '0 issue "letsencrypt.org"' }]);
  });

  it('keeps TTL 0 as read (the engine brings it into range)', () => {
    expect(parseZoneFile('z 0 A 192.0.2.1', 'example.com').records).toEqual([{ type: 'A', name: 'z', ttl: 0, content: '192.0.2.1' }]);
  });

  it('reads a reverse zone through a relative $ORIGIN', () => {
    const zone = '8.b.d.0.1.0.0.2.ip6.arpa';
    const parsed = parseZoneFile(`$TTL 60\n$ORIGIN ${zone}.\n$ORIGIN 0.0\n1.0 PTR host.example.com.\n`, zone);
    expect(parsed.issues).toEqual([]);
    expect(parsed.records).toEqual([{ type: 'PTR', name: '1.0.0.0', ttl: 60, content: 'host.example.com' }]);
  });

  it("keeps Cloudflare's cf-proxied tag on the types its proxy serves, and only there", () => {
    const text = [
      'www.example.com.\t1\tIN\tA\t192.0.2.1 ; cf_tags=cf-proxied:true',
      'api.example.com.\t1\tIN\tCNAME\tx.example.net. ; cf_tags=cf-proxied:false',
      'example.com.\t1\tIN\tMX\t10 mail.example.com. ; cf_tags=cf-proxied:false',
      'old.example.com.\t1\tIN\tA\t192.0.2.9',
    ].join('\n');
    expect(parseZoneFile(text, 'example.com').records).toEqual([
      { type: 'A', name: 'www', ttl: 1, content: '192.0.2.1', proxied: true },
      { type: 'CNAME', name: 'api', ttl: 1, content: 'x.example.net', proxied: false },
      { type: 'MX', name: '@', ttl: 1, content: 'mail.example.com', priority: 10 },
      { type: 'A', name: 'old', ttl: 1, content: '192.0.2.9' },
    ]);
  });

  it('names the line of an owner outside the zone, of $INCLUDE, and of a value the registry refuses, in line order', () => {
    const parsed = parseZoneFile('$TTL 60\n$INCLUDE keys.db\nwww.other.org. A 192.0.2.1\nbad AAAA 192.0.2.1\n', 'example.com');
    expect(parsed.records).toEqual([]);
    expect(parsed.issues.map((i) => [i.line, i.text])).toEqual([
      [2, '$INCLUDE keys.db'],
      [3, 'www.other.org. A 192.0.2.1'],
      [4, 'bad AAAA 192.0.2.1'],
    ]);
    expect(parsed.issues[1]?.message).toBe('www.other.org is not inside the zone example.com');
    expect(parsed.issues[2]?.message).toMatch(/IPv6/);
  });

  it("hands over the reader's notes: BIND's TTL rules when there is no $TTL", () => {
    const parsed = parseZoneFile('@ SOA ns1 host 1 2 3 4 900\nwww A 192.0.2.1\n', 'example.com');
    expect(parsed.records.map((r) => [r.type, r.ttl])).toEqual([
      ['SOA', 900],
      ['A', 900],
    ]);
    expect(parsed.notes).toEqual([{ line: 1, message: "no $TTL: records without a TTL take the SOA's minimum (900), as BIND does" }]);
  });
});

describe('parseZoneFile reads each RDATA once', () => {
  it('gives records the schema takes exactly as they are: reading them again would change nothing', () => {
    for (let i = 0; i < 6; i++) {
      const { text, zone } = generateZone(7, i, 400);
      const parsed = parseZoneFile(text, zone);
      expect(parsed.records.length).toBeGreaterThan(300);
      for (const record of parsed.records) expect(JSON.stringify(DnsRecordSchema.parse(record))).toBe(JSON.stringify(record));
    }
  });
});
