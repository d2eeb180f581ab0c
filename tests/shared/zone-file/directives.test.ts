import { describe, expect, it } from 'vitest';
import { readZoneEntries } from '@dnsferry/shared';

const O = 'example.com';

describe('readZoneEntries: directives', () => {
  it('reads $ORIGIN absolute, and relative to the origin in force', () => {
    const r = readZoneEntries('$TTL 60\n$ORIGIN 8.b.d.0.1.0.0.2.ip6.arpa.\n1.0 PTR host\n$ORIGIN 2\n3 PTR host.example.com.\n', O);
    expect(r.entries).toEqual([
      {
        line: 3,
        owner: '1.0.8.b.d.0.1.0.0.2.ip6.arpa',
        ttl: 60,
        type: 'PTR',
        rdata: 'host',
        origin: '8.b.d.0.1.0.0.2.ip6.arpa',
        notes: [],
      },
      {
        line: 5,
        owner: '3.2.8.b.d.0.1.0.0.2.ip6.arpa',
        ttl: 60,
        type: 'PTR',
        rdata: 'host.example.com.',
        origin: '2.8.b.d.0.1.0.0.2.ip6.arpa',
        notes: [],
      },
    ]);
    expect(r.origin).toBe('8.b.d.0.1.0.0.2.ip6.arpa');
  });

  it('reads $TTL with units; a $TTL that is not a TTL is an issue', () => {
    const r = readZoneEntries('$TTL 2d\na A 192.0.2.1\n$TTL forever\n', O);
    expect(r.entries.map((e) => e.ttl)).toEqual([172800]);
    expect(r.issues).toEqual([{ line: 3, text: '$TTL forever', message: '$TTL forever is not a TTL (e.g. 3600, 1h30m, 2d, 1w)' }]);
  });

  it('points out $INCLUDE and unknown directives with their line, and reads on', () => {
    const r = readZoneEntries('$TTL 60\n$INCLUDE /etc/bind/keys.db\n$DATE 2024\nb A 192.0.2.2\n', O);
    expect(r.issues).toEqual([
      {
        line: 2,
        text: '$INCLUDE /etc/bind/keys.db',
        message: '$INCLUDE: the file /etc/bind/keys.db is not read from here; paste its records in its place',
      },
      { line: 3, text: '$DATE 2024', message: '$DATE is not a directive (BIND knows $ORIGIN, $TTL, $INCLUDE and $GENERATE)' },
    ]);
    expect(r.entries.map((e) => e.owner)).toEqual(['b.example.com']);
  });

  it('expands $GENERATE with a step, modifiers, class and TTL in either order, and a quoted rdata', () => {
    const r = readZoneEntries('$TTL 60\n$GENERATE 1-5/2 h$ IN 300 CNAME t${1,3,x}\n$GENERATE 0-1 mx-$ MX "10 m${5}"\n', O);
    expect(r.entries).toEqual([
      { line: 2, owner: 'h1.example.com', ttl: 300, type: 'CNAME', rdata: 't002', origin: O, notes: [] },
      { line: 2, owner: 'h3.example.com', ttl: 300, type: 'CNAME', rdata: 't004', origin: O, notes: [] },
      { line: 2, owner: 'h5.example.com', ttl: 300, type: 'CNAME', rdata: 't006', origin: O, notes: [] },
      { line: 3, owner: 'mx-0.example.com', ttl: 60, type: 'MX', rdata: '10 m5', origin: O, notes: [] },
      { line: 3, owner: 'mx-1.example.com', ttl: 60, type: 'MX', rdata: '10 m6', origin: O, notes: [] },
    ]);
  });

  it('expands reverse nibbles, and keeps the $ and escapes of a TXT rdata for the registry', () => {
    const r = readZoneEntries(
      '$TTL 60\n$ORIGIN 0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa.\n$GENERATE 17-18 ${0,3,n} PTR "h-$.example.com."\n$GENERATE 1-1 t$ TXT "v=$ $$ \\$x \\"q\\""\n',
      O,
    );
    const origin = '0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa';
    expect(r.entries).toEqual([
      { line: 3, owner: `1.1.${origin}`, ttl: 60, type: 'PTR', rdata: 'h-17.example.com.', origin, notes: [] },
      { line: 3, owner: `2.1.${origin}`, ttl: 60, type: 'PTR', rdata: 'h-18.example.com.', origin, notes: [] },
      { line: 4, owner: `t1.${origin}`, ttl: 60, type: 'TXT', rdata: 'v=1 $ \\$x "q"', origin, notes: [] },
    ]);
  });

  it('points out a $GENERATE whose rdata has blanks but no quotes, or whose range is not one', () => {
    const r = readZoneEntries('$TTL 60\n$GENERATE 1-2 mx$ MX 10 m$\n$GENERATE 9-1 a$ A 192.0.2.$\n', O);
    expect(r.entries).toEqual([]);
    expect(r.issues.map((i) => [i.line, i.message])).toEqual([
      [2, '$GENERATE takes its rdata as one token: quote it when it has blanks ("10 mail$")'],
      [3, 'the $GENERATE range 9-1 ends before it starts'],
    ]);
  });
});

describe('readZoneEntries: the TTL of $GENERATE without $TTL', () => {
  it('takes the TTL before it, with the same note as a record line', () => {
    const r = readZoneEntries('a 120 A 192.0.2.1\n$GENERATE 1-1 g$ A 192.0.2.$\n', O);
    expect(r.entries[1]).toEqual({
      line: 2,
      owner: 'g1.example.com',
      ttl: 120,
      type: 'A',
      rdata: '192.0.2.1',
      origin: O,
      notes: ['no TTL and no $TTL: the TTL before it (120) applies, as in BIND (RFC 1035)'],
    });
  });
});
