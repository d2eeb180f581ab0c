import { describe, expect, it } from 'vitest';
import { readZoneEntries, type ZoneEntry } from '@dnsferry/shared';

const O = 'example.com';
const entry = (line: number, owner: string, ttl: number, type: string, rdata: string, extra: Partial<ZoneEntry> = {}): ZoneEntry => ({
  line,
  owner,
  ttl,
  type,
  rdata,
  origin: O,
  notes: [],
  ...extra,
});

describe('readZoneEntries: owners', () => {
  it('reads @, relative and absolute owners; an owner-less line continues the one before', () => {
    const r = readZoneEntries('$TTL 300\n@ A 192.0.2.1\nwww A 192.0.2.2\n  AAAA 2001:db8::2\nHost.Other.NET. A 192.0.2.3\n\tTXT "x"\n', O);
    expect(r.entries).toEqual([
      entry(2, 'example.com', 300, 'A', '192.0.2.1'),
      entry(3, 'www.example.com', 300, 'A', '192.0.2.2'),
      entry(4, 'www.example.com', 300, 'AAAA', '2001:db8::2'),
      entry(5, 'host.other.net', 300, 'A', '192.0.2.3'),
      entry(6, 'host.other.net', 300, 'TXT', '"x"'),
    ]);
    expect(r.issues).toEqual([]);
  });

  it('points out an owner-less line with no owner before it, and a bad owner (the lines after it do not inherit)', () => {
    const r = readZoneEntries('$TTL 300\n  A 192.0.2.1\na..b A 192.0.2.2\n  A 192.0.2.3\n', O);
    expect(r.entries).toEqual([]);
    expect(r.issues).toEqual([
      {
        line: 2,
        text: 'A 192.0.2.1',
        message: 'this line starts with a blank, so it continues the owner of the line before, and there is none',
      },
      { line: 3, text: 'a..b A 192.0.2.2', message: 'the owner "a..b" is not a name: a name has an empty label ("..")' },
      {
        line: 4,
        text: 'A 192.0.2.3',
        message: 'this line starts with a blank, so it continues the owner of the line before, and there is none',
      },
    ]);
  });

  it('keeps the owner across $ORIGIN for an owner-less line, with a note, as BIND does', () => {
    const r = readZoneEntries('$TTL 60\nx A 192.0.2.1\n$ORIGIN sub.example.com.\n MX 10 mail\n', O);
    expect(r.entries).toEqual([
      entry(2, 'x.example.com', 60, 'A', '192.0.2.1'),
      entry(4, 'x.example.com', 60, 'MX', '10 mail', {
        origin: 'sub.example.com',
        notes: ['this line continues the owner x.example.com written before $ORIGIN sub.example.com, as BIND reads it'],
      }),
    ]);
  });
});

describe('readZoneEntries: class, TTL and type', () => {
  it('takes class and TTL in either order, TTL units in any case, and the class as IN or CLASS1', () => {
    const r = readZoneEntries(
      'a 300 IN A 192.0.2.1\nb IN 1h30m A 192.0.2.2\nc in 2D a 192.0.2.3\nd CLASS1 1w A 192.0.2.4\ne 1W2d A 192.0.2.5\n',
      O,
    );
    expect(r.entries.map((e) => [e.owner, e.ttl, e.type])).toEqual([
      ['a.example.com', 300, 'A'],
      ['b.example.com', 5400, 'A'],
      ['c.example.com', 172800, 'A'],
      ['d.example.com', 604800, 'A'],
      ['e.example.com', 777600, 'A'],
    ]);
  });

  it('reads type mnemonics in any case and TYPEnn of known types as their mnemonic; RFC 3597 RDATA stays as written', () => {
    const r = readZoneEntries('$TTL 60\na mx 10 mail\nb Type257 \\# 5 0005697373\nc TYPE1 192.0.2.1\nd TYPE65280 \\# 0\n', O);
    expect(r.entries).toEqual([
      entry(2, 'a.example.com', 60, 'MX', '10 mail'),
      entry(3, 'b.example.com', 60, 'CAA', '\\# 5 0005697373'),
      entry(4, 'c.example.com', 60, 'A', '192.0.2.1'),
      entry(5, 'd.example.com', 60, 'TYPE65280', '\\# 0'),
    ]);
  });

  it('keeps TTL 0 as read, and reads a TTL above 2^31-1 as 0 with a note, as BIND does', () => {
    const r = readZoneEntries('a 0 A 192.0.2.1\nb 4294967295 A 192.0.2.2\n', O);
    const note = 'the TTL 4294967295 is above 2147483647; BIND reads it as 0';
    expect(r.entries).toEqual([
      entry(1, 'a.example.com', 0, 'A', '192.0.2.1'),
      entry(2, 'b.example.com', 0, 'A', '192.0.2.2', { notes: [note] }),
    ]);
    expect(r.notes).toEqual([{ line: 2, message: note }]);
  });

  it('points out a line whose class is not IN, whose type is a bad TTL or an aging stamp, or that has no type or value', () => {
    const r = readZoneEntries(
      '$TTL 60\na CH TXT "x"\nb 1h30 A 192.0.2.1\nc 300 IN 200 A 192.0.2.1\nd 300\ne A\nf [AGING:3711111] 1200 A 192.0.2.1\n',
      O,
    );
    expect(r.entries).toEqual([]);
    expect(r.issues.map((i) => [i.line, i.message])).toEqual([
      [2, 'class CH: only Internet (IN) records are carried'],
      [3, '"1h30" is neither a TTL (e.g. 3600, 1h30m) nor a record type'],
      [4, '"200" is neither a TTL (e.g. 3600, 1h30m) nor a record type'],
      [5, 'no record type on this line'],
      [6, 'a A record needs a value'],
      [7, `"[AGING:3711111]" is a Windows DNS Server aging stamp, which BIND does not read: remove it and the line reads as BIND's`],
    ]);
  });
});

describe('readZoneEntries: the TTL of a record written without one (named-compilezone decides)', () => {
  it('takes $TTL when there is one', () => {
    const r = readZoneEntries('$TTL 1h\n@ SOA ns1 host 1 2 3 4 300\na 60 A 192.0.2.1\nb A 192.0.2.2\n', O);
    expect(r.entries.map((e) => [e.type, e.ttl, e.notes])).toEqual([
      ['SOA', 3600, []],
      ['A', 60, []],
      ['A', 3600, []],
    ]);
    expect(r.notes).toEqual([]);
  });

  it('without $TTL, a SOA with no TTL and nothing before it gives its minimum to every record without one', () => {
    const r = readZoneEntries('@ SOA ns1 host ( 1 2 3 4 5m )\na 100 A 192.0.2.1\nb A 192.0.2.2\n', O);
    expect(r.entries).toEqual([
      entry(1, 'example.com', 300, 'SOA', 'ns1 host 1 2 3 4 5m', {
        notes: ["no TTL and no $TTL before: the SOA's minimum (300) is used, as BIND does"],
      }),
      entry(2, 'a.example.com', 100, 'A', '192.0.2.1'),
      entry(3, 'b.example.com', 300, 'A', '192.0.2.2', { notes: ["no TTL and no $TTL: the SOA's minimum (300) applies, as in BIND"] }),
    ]);
    expect(r.notes).toEqual([{ line: 1, message: "no $TTL: records without a TTL take the SOA's minimum (300), as BIND does" }]);
  });

  it('without $TTL, after an explicit TTL, a record without one (the SOA too) takes the TTL before it (RFC 1035)', () => {
    const r = readZoneEntries('a 100 A 192.0.2.1\nb A 192.0.2.2\n@ SOA ns1 host 1 2 3 4 300\nc 200 A 192.0.2.3\nd A 192.0.2.4\n', O);
    const note = (ttl: number) => [`no TTL and no $TTL: the TTL before it (${ttl}) applies, as in BIND (RFC 1035)`];
    expect(r.entries.map((e) => [e.owner, e.ttl, e.notes])).toEqual([
      ['a.example.com', 100, []],
      ['b.example.com', 100, note(100)],
      ['example.com', 100, note(100)],
      ['c.example.com', 200, []],
      ['d.example.com', 200, note(200)],
    ]);
    expect(r.notes).toEqual([
      { line: 2, message: 'no $TTL: a record without a TTL takes the TTL of the record before it, as BIND does (RFC 1035)' },
    ]);
  });

  it('with no TTL anywhere before, BIND refuses the zone: dnsferry reads on with 3600 and says so', () => {
    const r = readZoneEntries('www A 192.0.2.1\n', O);
    expect(r.entries).toEqual([
      entry(1, 'www.example.com', 3600, 'A', '192.0.2.1', { notes: ['no TTL and none before: 3600 is used (BIND would refuse the zone)'] }),
    ]);
    expect(r.notes).toEqual([{ line: 1, message: 'no TTL and no $TTL before line 1: BIND would refuse this zone; dnsferry uses 3600' }]);
  });
});

describe('readZoneEntries: RDATA and Cloudflare tags', () => {
  it('keeps RDATA tokens as written (escapes and quotes), without comments and parentheses, one space apart', () => {
    const r = readZoneEntries('$TTL 60\nt TXT ( foo  "a;b" ; first\n   \\; \\195\\133LAND "\\"q\\"" )\n', O);
    expect(r.entries).toEqual([entry(2, 't.example.com', 60, 'TXT', 'foo "a;b" \\; \\195\\133LAND "\\"q\\""')]);
  });

  it("reads Cloudflare's cf-proxied tag; without it, proxied is absent", () => {
    const r = readZoneEntries(
      'www.example.com.\t1\tIN\tA\t192.0.2.1 ; cf_tags=cf-proxied:true\napi.example.com.\t1\tIN\tA\t192.0.2.2 ; cf_tags=cf-proxied:false\nmail.example.com.\t1\tIN\tA\t192.0.2.3\n',
      O,
    );
    expect(r.entries).toEqual([
      entry(1, 'www.example.com', 1, 'A', '192.0.2.1', { proxied: true }),
      entry(2, 'api.example.com', 1, 'A', '192.0.2.2', { proxied: false }),
      entry(3, 'mail.example.com', 1, 'A', '192.0.2.3'),
    ]);
  });

  it('starts from the first absolute $ORIGIN when no zone is given, and says which it was', () => {
    const r = readZoneEntries('www 60 A 192.0.2.1\n$ORIGIN Example.COM.\n', undefined);
    expect(r.entries).toEqual([entry(1, 'www.example.com', 60, 'A', '192.0.2.1')]);
    expect(r.origin).toBe('example.com');
  });
});
