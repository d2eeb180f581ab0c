import { describe, expect, it } from 'vitest';
import type { DnsRecord } from '@dnsferry/shared';
import {
  acceptedDepths,
  compareScan,
  formatDiscovery,
  parseCompiledZone,
  precision,
  recall,
  relativeOwner,
  totals,
  zoneTruth,
  type DiscoveryRow,
} from '../../bench/discovery-measure';

// A zone as `named-compilezone -s full` prints it: absolute owners, one record a line.
const COMPILED = [
  'example.org.          3600 IN SOA ns1.example.org. hostmaster.example.org. 1 7200 3600 1209600 300',
  'example.org.          3600 IN NS ns1.example.org.',
  'example.org.          3600 IN NS ns2.example.net.',
  'example.org.          3600 IN MX 10 mail.example.org.',
  'example.org.          3600 IN TXT "v=spf1 mx -all"',
  'example.org.          3600 IN DNSKEY 257 3 13 AqhTYS+rPj9BvFmrq4EzaM7AoQw8gxINJ59sh0YYX7n4/bEAT3MB3ohb lEyI6rkw+xkESiCbyd5QfCcZbHPFMQ==',
  'example.org.          3600 IN NSEC mail.example.org. NS SOA MX TXT RRSIG NSEC DNSKEY',
  'mail.example.org.     3600 IN A 192.0.2.1',
  'mail.example.org.     3600 IN A 192.0.2.2',
  'mail.example.org.     3600 IN AAAA 2001:db8::1',
  'sub.example.org.      3600 IN NS ns.sub.example.org.',
  'sub.example.org.      3600 IN DS 12345 13 2 0431E5213EC93739217B7BE1E96450FB2091794881F9B14B31586E5C2D4BF6B1',
  'ns.sub.example.org.   3600 IN A 192.0.2.53',
  'www.Example.org.      300 IN CNAME example.org.',
  '*.dev.example.org.    300 IN A 192.0.2.100',
  '',
].join('\n');

const a = (name: string, content: string): DnsRecord => ({ type: 'A', name, ttl: 300, content });

describe('what the zone holds', () => {
  it('makes owners relative, lower case, and refuses names outside the zone', () => {
    expect(relativeOwner('Example.ORG.', 'example.org')).toBe('@');
    expect(relativeOwner('a.b.example.org.', 'example.org')).toBe('a.b');
    expect(relativeOwner('example.org.uk.', 'example.org')).toBeNull();
    expect(() => parseCompiledZone('www.example.net. 300 IN A 192.0.2.1', 'example.org')).toThrow(/outside example\.org/);
    expect(() => parseCompiledZone('www.example.org. IN A', 'example.org')).toThrow(/not a record line/);
  });

  it('counts the RRsets dnsferry would migrate: no apex SOA or NS, no DNSSEC, nothing below a delegation', () => {
    const truth = zoneTruth('example.org', parseCompiledZone(COMPILED, 'example.org'));
    // @ MX, @ TXT, mail A, mail AAAA, sub NS, sub DS, www CNAME, *.dev A
    expect([...truth.rrsets].sort()).toEqual(['*.dev|A', '@|MX', '@|TXT', 'mail|A', 'mail|AAAA', 'sub|DS', 'sub|NS', 'www|CNAME'].sort());
    expect(truth.records.size).toBe(9); // mail A holds two
    expect([...truth.leftOut].sort()).toEqual(['@|DNSKEY', '@|NS', '@|NSEC', '@|SOA', 'ns.sub|A']);
  });
});

describe('a scan against the zone', () => {
  const truth = zoneTruth('example.org', parseCompiledZone(COMPILED, 'example.org'));

  it('counts an RRset found when one of its records is reported, and every record once', () => {
    const c = compareScan(truth, [
      a('mail', '192.0.2.2'),
      a('mail', '192.0.2.2'),
      { type: 'CNAME', name: 'WWW', ttl: 1, content: 'example.org' },
    ]);
    expect(c).toEqual({
      zoneRRsets: 8,
      foundRRsets: 2,
      reported: 2,
      notInZone: 0,
      inventedRRsets: [],
      // the zone's RRsets but mail A and www CNAME
      missedRRsets: ['*.dev|A', '@|MX', '@|TXT', 'mail|AAAA', 'sub|DS', 'sub|NS'],
    });
    expect(recall(c)).toBe(2 / 8);
    expect(precision(c)).toBe(1);
  });

  it('calls a record the zone does not hold invented, even at a name and type it has', () => {
    const c = compareScan(truth, [a('mail', '192.0.2.1'), a('mail', '192.0.2.9'), a('ghost', '192.0.2.1')]);
    expect(c.foundRRsets).toBe(1);
    expect(c.notInZone).toBe(2);
    expect(c.inventedRRsets).toEqual(['ghost|A', 'mail|A']);
    expect(precision(c)).toBe(1 / 3);
  });

  it('does not count what the zone leaves out (glue below a delegation) as invented', () => {
    const c = compareScan(truth, [a('ns.sub', '192.0.2.53')]);
    expect(c).toMatchObject({ foundRRsets: 0, notInZone: 0, reported: 1 });
  });
});

describe('totals and the table', () => {
  const row = (zone: string, zoneRRsets: number, foundRRsets: number, queries: number | null): DiscoveryRow => ({
    zone,
    mode: 'quick',
    zoneRRsets,
    foundRRsets,
    reported: foundRRsets + 1,
    notInZone: 1,
    inventedRRsets: ['x|A'],
    missedRRsets: ['y|A'],
    queries,
    ms: 1500,
  });

  it('adds the zones up, and leaves the question count unknown when one scan did not say it', () => {
    const t = totals([row('a.org', 10, 5, 100), row('b.org', 30, 3, 200)]);
    expect(t).toMatchObject({ zoneRRsets: 40, foundRRsets: 8, reported: 10, notInZone: 2, queries: 300, ms: 3000 });
    expect(t.inventedRRsets).toEqual(['x|A (a.org)', 'x|A (b.org)']);
    expect(t.missedRRsets).toEqual(['y|A (a.org)', 'y|A (b.org)']);
    expect(totals([row('a.org', 10, 5, 100), row('b.org', 30, 3, null)]).queries).toBeNull();
  });

  it('prints a row per zone and a total with recall and precision', () => {
    const lines = formatDiscovery('quick:', [row('a.org', 10, 5, 100), row('b.org', 30, 3, null)]);
    expect(lines[0]).toBe('quick:');
    expect(lines[2]).toMatch(/^a\.org\s+\|\s+10 \|\s+5 \|\s+50\.0 % \|\s+6 \|\s+1 \|\s+83\.3 % \|\s+100 \|\s+1\.5 s$/);
    expect(lines[4]).toMatch(/^total\s+\|\s+40 \|\s+8 \|\s+20\.0 % \|\s+10 \|\s+2 \|\s+80\.0 % \|\s+\? \|\s+3\.0 s$/);
    expect(lines[5]).toBe('  reported but not in the zone: x|A (a.org), x|A (b.org)');
  });
});

describe('which scans the build takes', () => {
  it('takes quick only from a contract that parses any depth (an object schema drops keys it does not know)', () => {
    expect(acceptedDepths(() => true)).toEqual({ deep: false, quick: false });
  });

  it('takes deep from a contract that checks depth', () => {
    expect(acceptedDepths((d) => d === 'quick' || d === 'deep')).toEqual({ deep: true, quick: true });
    expect(acceptedDepths((d) => d === 'deep')).toEqual({ deep: true, quick: false });
  });
});
