import { describe, expect, it } from 'vitest';
import { toRecord, txtContent } from '@dnsferry/companion/scan/presentation';
import { spfHosts, referencedNames } from '@dnsferry/companion/scan/mining';
import { reportedTtl } from '@dnsferry/companion/scan/ttl';

type Answer = Parameters<typeof toRecord>[0];

describe('TXT content', () => {
  it.each([
    [['v=spf1 -all'], '"v=spf1 -all"'],
    [['part one', 'part two'], '"part one" "part two"'],
    [['say "hi"', 'C:\\dir'], '"say \\"hi\\"" "C:\\\\dir"'],
    [['café ünïcode'], '"café ünïcode"'],
    [['tab\there\nnewline'], '"tab\\009here\\010newline"'],
    [[''], '""'],
  ])('%j → %s', (strings, content) => {
    expect(txtContent(strings.map((s) => Buffer.from(s, 'utf8')))).toBe(content);
  });

  it('escapes bytes that are not UTF-8 as \\DDD', () => {
    expect(txtContent([Buffer.from([0x61, 0xff, 0x22, 0x62])])).toBe('"a\\255\\"b"');
  });
});

describe('records from answers', () => {
  const rr = (x: Answer) => toRecord(x, '@', 300);
  it('CAA keeps flags and tag and quotes the value', () => {
    expect(rr({ type: 'CAA', name: 'example.com', data: { flags: 128, tag: 'iodef', value: 'mailto:a"b@example.com' } })).toMatchObject({
      content: '128 iodef "mailto:a\\"b@example.com"',
    });
  });
  it('MX and SRV split their fields; names lose the trailing dot and the case', () => {
    expect(rr({ type: 'MX', name: 'example.com', data: { preference: 5, exchange: 'MX.Example.com.' } })).toMatchObject({
      content: 'mx.example.com',
      priority: 5,
    });
    expect(rr({ type: 'MX', name: 'example.com', data: { preference: 0, exchange: '.' } })).toMatchObject({ content: '.', priority: 0 });
    expect(rr({ type: 'SRV', name: 'example.com', data: { priority: 1, weight: 2, port: 3, target: 'sip.example.com' } })).toMatchObject({
      content: 'sip.example.com',
      priority: 1,
      weight: 2,
      port: 3,
    });
  });
  it('gives null for what the record model does not carry', () => {
    expect(rr({ type: 'SOA', name: 'example.com', data: { mname: 'a', rname: 'b' } })).toBeNull();
    expect(rr({ type: 'CNAME', name: 'example.com', data: 'not a host!' })).toBeNull();
  });
});

describe('names mined from records', () => {
  it('reads the hosts of SPF mechanisms, without qualifiers, prefixes lengths and macros', () => {
    expect(
      spfHosts(
        'v=spf1 mx -a:relay.example.com/28 ~include:_spf.example.com exists:%{i}.spf.example.com mx:mx.example.com//64 redirect=_spf2.example.com',
      ),
    ).toEqual(['relay.example.com', '_spf.example.com', 'mx.example.com', '_spf2.example.com']);
    expect(spfHosts('google-site-verification=include:x.example.com')).toEqual([]);
  });
  it('keeps only names inside the zone, relative to it', () => {
    const spf: Answer = {
      type: 'TXT',
      name: 'example.com',
      data: [Buffer.from('v=spf1 include:_spf.exam'), Buffer.from('ple.com include:spf.other.net -all')],
    };
    expect(referencedNames(spf, 'example.com')).toEqual(['_spf']);
    expect(referencedNames({ type: 'MX', name: 'example.com', data: { preference: 1, exchange: 'example.com' } }, 'example.com')).toEqual(
      [],
    );
    expect(referencedNames({ type: 'CNAME', name: 'www.example.com', data: 'Web.Example.com' }, 'example.com')).toEqual(['web']);
  });
});

describe('reported TTL', () => {
  it.each([
    [300, true, 300],
    [2400, true, 2400],
    [2400, false, 3600],
    [1726, false, 1800],
    [300, false, 300],
    [0, false, 60],
    [0, true, 1],
    [2_000_000, false, 2_000_000],
  ])('%i (authoritative: %s) → %i', (observed, aa, ttl) => {
    expect(reportedTtl(observed, aa)).toBe(ttl);
  });
});
