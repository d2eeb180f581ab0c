import { describe, expect, it } from 'vitest';
import { parseZoneFile } from '@dnsferry/shared';

// The TTLs expected below are those named-compilezone (BIND 9.18) gives the same lines; reader-bind.test.ts
// compares with BIND itself.
const read = (lines: string[]) => parseZoneFile(`$TTL 300\n${lines.join('\n')}\n`, 'example.test');

describe('one TTL per RRset (RFC 2181 §5.2), as BIND loads the file', () => {
  it('within the lines of one owner, a record takes the TTL of the first of its set, with a note naming the set and both TTLs', () => {
    const zone = read(['www 600 A 192.0.2.1', 'www 300 A 192.0.2.2', 'www 60 AAAA 2001:db8::1']);
    expect(zone.records.map((r) => `${r.type} ${r.ttl}`)).toEqual(['A 600', 'A 600', 'AAAA 60']);
    expect(zone.notes).toEqual([
      {
        line: 3,
        message:
          "the A records of www.example.test: TTL 300 differs from 600, the TTL of the set's first record (line 2); BIND gives the whole set 600 (RFC 2181 §5.2)",
      },
    ]);
  });

  it('an owner written again further down gives the whole set its TTL there, noted on that line', () => {
    const zone = read(['www 600 A 192.0.2.1', 'mail A 192.0.2.9', 'www 900 A 192.0.2.2']);
    expect(zone.records.filter((r) => r.name === 'www').map((r) => r.ttl)).toEqual([900, 900]);
    expect(zone.notes.map((n) => n.line)).toEqual([4]);
    expect(zone.notes[0]?.message).toMatch(/^the A records of www\.example\.test: TTL 900 on line 4, 600 on line 2;/);
  });

  it('keeps signatures of different types apart, and sets with one TTL unnoted', () => {
    const sig = (covered: string, ttl: number) =>
      `www ${ttl} RRSIG ${covered} 13 3 300 20261201000000 20261101000000 12345 example.test. abcd`;
    const zone = read([sig('A', 100), sig('AAAA', 200), 'www 300 TXT "a"', 'www 300 TXT "b"']);
    expect(zone.records.map((r) => r.ttl)).toEqual([100, 200, 300, 300]);
    expect(zone.notes).toEqual([]);
  });

  it('notes the first hundred records line by line, then counts the rest in one note', () => {
    const lines = Array.from({ length: 150 }, (_, i) => `h${i} 600 A 192.0.2.1\nh${i} 300 A 192.0.2.2`);
    const zone = read(lines);
    expect(zone.records.every((r) => r.ttl === 600)).toBe(true);
    expect(zone.notes).toHaveLength(101);
    expect(zone.notes[100]).toEqual({
      line: 203,
      message: '50 more records from line 203 on take the TTL of their RRset, as BIND gives it (RFC 2181 §5.2)',
    });
  });
});
