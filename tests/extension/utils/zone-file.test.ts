import { describe, expect, it } from 'vitest';
import { parseZoneFile } from '@/utils/zone-file';

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
    const text = ['www A 192.0.2.1', 'bad A 999.1.1.1', 'x HINFO "pc" "linux"', '@ MX mail.example.com.', 'other.example.org. A 192.0.2.9', 'ok TXT "fine"'].join('\n');
    const parsed = parseZoneFile(text, 'example.com');
    expect(parsed.records.map((r) => r.name)).toEqual(['www', 'ok']);
    expect(parsed.issues.map((i) => i.line)).toEqual([2, 3, 4, 5]);
    expect(parsed.issues[0]?.message).toMatch(/IPv4/);
    expect(parsed.issues[1]?.message).toMatch(/HINFO is not supported/);
    expect(parsed.issues[2]?.message).toMatch(/priority host/);
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
