import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseZoneFile, readZoneEntries, type DnsRecord, type ZoneEntry } from '@dnsferry/shared';
import { GENERATED_TYPES } from './generated-types';
import { generateZone } from './zone-generator';

/**
 * Differential test against BIND's own reader: seeded zone files are read by `named-compilezone`
 * (Debian bind9-utils), which prints its canonical reading (one record per line, absolute owner,
 * explicit TTL and class), and by ours; both readings are compared record by record.
 */

/** Fixed, so a failure can be replayed; set DNSFERRY_ZONE_SEED to explore others. */
const SEED = Number(process.env.DNSFERRY_ZONE_SEED ?? 20261123);
const FILES = 24;
const RECORDS_PER_FILE = 250;
/** Integrity checks off: the files hold delegations and out-of-bailiwick names on purpose. */
const COMPILE = [
  '-i',
  'none',
  '-k',
  'ignore',
  '-n',
  'ignore',
  '-r',
  'ignore',
  '-M',
  'ignore',
  '-S',
  'ignore',
  '-T',
  'ignore',
  '-W',
  'ignore',
  '-f',
  'text',
  '-F',
  'text',
  '-o',
  '-',
];
const RECORD_LINE = /^\S+\.\s+\d+\s+IN\s+\S+\s/;

interface Reading {
  zone: string;
  file: string;
  text: string;
  canonical: string;
  ours: ZoneEntry[];
  bind: ZoneEntry[];
}

/** BIND's canonical reading of `file`: one record per line. */
function bindReading(zone: string, file: string): string {
  let out: string;
  try {
    out = execFileSync('named-compilezone', [...COMPILE, zone, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    throw new Error(`BIND refused ${file}: ${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
  return out
    .split('\n')
    .filter((l) => RECORD_LINE.test(l))
    .join('\n');
}

let dir = '';
const readings: Reading[] = [];

/** The test fails, never skips, without BIND: CI installs bind9-utils (.ci/run). */
function requireBind(bin = 'named-compilezone'): void {
  const probe = spawnSync(bin, ['-v'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `${bin} is missing: this test compares our zone-file reader with BIND's; install it with "apt-get install bind9-utils"`,
    );
  }
}

beforeAll(() => {
  requireBind();
  dir = mkdtempSync(join(tmpdir(), 'dnsferry-zone-diff-'));
  for (let i = 0; i < FILES; i++) {
    const generated = generateZone(SEED, i, RECORDS_PER_FILE);
    const file = join(dir, `${generated.zone}.zone`);
    writeFileSync(file, generated.text);
    const canonical = bindReading(generated.zone, file);
    const bind = readZoneEntries(canonical, generated.zone);
    expect(bind.issues, `our reading of BIND's output for ${generated.zone}`).toEqual([]);
    const ours = readZoneEntries(generated.text, generated.zone);
    expect(ours.issues, `issues in ${file}`).toEqual([]);
    readings.push({ zone: generated.zone, file, text: generated.text, canonical, ours: ours.entries, bind: bind.entries });
  }
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Comparison {
  total: number;
  identical: number;
  classes: Map<string, { count: number; example: string }>;
}

/** Matches BIND's records with ours on `key`; what is left on either side is classified. */
function compare(key: (e: ZoneEntry) => string, classify: (bind: ZoneEntry, ours: ZoneEntry | undefined) => string): Comparison {
  const result: Comparison = { total: 0, identical: 0, classes: new Map() };
  const add = (cls: string, example: string) => {
    const c = result.classes.get(cls) ?? { count: 0, example };
    c.count++;
    result.classes.set(cls, c);
  };
  for (const { ours, bind } of readings) {
    const pool = new Map<string, number>();
    for (const e of ours) pool.set(key(e), (pool.get(key(e)) ?? 0) + 1);
    const unmatched: ZoneEntry[] = [];
    for (const e of bind) {
      result.total++;
      const n = pool.get(key(e)) ?? 0;
      if (n > 0) {
        pool.set(key(e), n - 1);
        result.identical++;
      } else unmatched.push(e);
    }
    for (const e of unmatched) {
      const partner = ours.find((o) => o.owner === e.owner && o.type === e.type);
      add(
        classify(e, partner),
        `BIND: ${e.owner} ${e.ttl} ${e.type} ${e.rdata} | ours: ${partner ? `${partner.ttl} ${partner.rdata} (line ${partner.line})` : '—'}`,
      );
    }
    for (const [k, n] of pool) if (n > 0) add('only in our reading', k);
  }
  return result;
}

function report(title: string, c: Comparison): string {
  const lines = [`${title}: ${c.identical}/${c.total} identical (${((100 * c.identical) / c.total).toFixed(3)} %)`];
  for (const [cls, { count, example }] of [...c.classes].sort((a, b) => b[1].count - a[1].count))
    lines.push(`  ${count} × ${cls} — e.g. ${example}`);
  return lines.join('\n');
}

describe('zone files read as BIND reads them', () => {
  it('generates several thousand records of every type, all loaded by BIND', () => {
    const bindTotal = readings.reduce((n, r) => n + r.bind.length, 0);
    expect(bindTotal).toBeGreaterThan(5000);
    const types = new Set(readings.flatMap((r) => r.bind.map((e) => e.type)));
    expect([...types].sort()).toEqual([...GENERATED_TYPES, 'SOA'].sort());
  });

  it('reads the same owners, TTLs and types as BIND, record by record', () => {
    const c = compare(
      (e) => `${e.owner} ${e.ttl} ${e.type}|${e.rdata.length > 0 ? '' : 'empty'}`,
      (bind, ours) => (ours ? 'TTL differs' : `missing from our reading (${bind.type})`),
    );
    console.info(report('owner + TTL + type', c));
    expect(c.identical / c.total).toBeGreaterThanOrEqual(0.999);
  });

  it('keeps the RDATA as written: where BIND prints another spelling, it is one of the known kinds', () => {
    const c = compare(
      (e) => `${e.owner} ${e.ttl} ${e.type} ${e.rdata}`,
      (bind, ours) => {
        if (!ours) return 'missing';
        if (ours.rdata.startsWith('\\#')) return `generic RDATA (\\#) that BIND prints in its ${bind.type} form`;
        return `${bind.type} RDATA that BIND prints in canonical form`;
      },
    );
    console.info(report('entry RDATA as written vs BIND canonical', c));
    expect(c.classes.has('missing')).toBe(false);
  });

  it('gives the same records as BIND once the registry reads both RDATA (names, TXT bytes, \\#, TYPEnn)', () => {
    let total = 0;
    let identical = 0;
    const classes = new Map<string, { count: number; example: string }>();
    const add = (cls: string, example: string) => {
      const c = classes.get(cls) ?? { count: 0, example };
      c.count++;
      classes.set(cls, c);
    };
    // proxied comes from Cloudflare's comments, which BIND drops: it is compared by the hand tests
    const key = (r: DnsRecord) => JSON.stringify({ ...r, proxied: undefined });
    for (const reading of readings) {
      const bind = parseZoneFile(reading.canonical, reading.zone);
      const ours = parseZoneFile(reading.text, reading.zone);
      for (const i of bind.issues)
        add(`the registry refuses BIND's reading: ${i.message.replace(/"[^"]*"/g, '"…"')}`, `${reading.zone} ${i.text}`);
      for (const i of ours.issues)
        add(`the registry refuses our reading: ${i.message.replace(/"[^"]*"/g, '"…"')}`, `${reading.file}:${i.line} ${i.text}`);
      const pool = new Map<string, number>();
      for (const r of ours.records) pool.set(key(r), (pool.get(key(r)) ?? 0) + 1);
      total += bind.records.length + bind.issues.length;
      for (const r of bind.records) {
        const n = pool.get(key(r)) ?? 0;
        if (n > 0) {
          pool.set(key(r), n - 1);
          identical++;
        } else {
          const partner = ours.records.find((o) => o.type === r.type && o.name === r.name);
          add(
            partner ? `${r.type} differs` : `${r.type} missing from our reading`,
            `BIND ${key(r)} | ours ${partner ? key(partner) : '—'}`,
          );
        }
      }
      for (const [k, n] of pool) if (n > 0) add('only in our reading', k);
    }
    const c: Comparison = { total, identical, classes };
    console.info(report('records after the registry', c));
    expect(identical / total).toBeGreaterThanOrEqual(0.999);
  });

  it.each(['dnsferry.test', 'xn--caf-dma.test'])('reads the DNS test zone %s (tests/support/dns) into the records BIND reads', (zone) => {
    const file = fileURLToPath(new URL(`../../support/dns/${zone}.zone`, import.meta.url));
    const ours = parseZoneFile(readFileSync(file, 'utf8'), zone);
    const bind = parseZoneFile(bindReading(zone, file), zone);
    const sorted = (records: DnsRecord[]) => records.map((r) => JSON.stringify(r)).sort();
    expect(ours.issues).toEqual([]);
    expect(bind.issues).toEqual([]);
    expect(bind.records.length).toBeGreaterThan(5);
    expect(sorted(ours.records)).toEqual(sorted(bind.records));
  });

  it('fails with a clear message, rather than skipping, where BIND is not installed', () => {
    expect(() => requireBind('named-compilezone-not-installed')).toThrow(
      /named-compilezone-not-installed is missing: .*apt-get install bind9-utils/,
    );
  });
});

/** The head of every small zone below: the record under test is on line 5. */
const HEAD = '$TTL 300\n@ IN SOA ns hostmaster 1 2 3 4 5\n@ NS ns\nns A 192.0.2.1\n';
let cases = 0;

/** What BIND makes of a small zone of example.test: its canonical reading and warnings, or why it refuses the zone. */
function bindVerdict(text: string): { canonical: string; warnings: string } | { refused: string } {
  const file = join(dir, `case-${++cases}.zone`);
  writeFileSync(file, text);
  const run = spawnSync('named-compilezone', [...COMPILE, 'example.test', file], { encoding: 'utf8' });
  if (run.status !== 0) return { refused: `${run.stdout}${run.stderr}` };
  const canonical = run.stdout
    .split('\n')
    .filter((l) => RECORD_LINE.test(l))
    .join('\n');
  return { canonical, warnings: run.stderr };
}

const sorted = (records: DnsRecord[]) => records.map((r) => JSON.stringify(r)).sort();

describe('lines BIND reads, and lines it refuses', () => {
  it.each([
    'a HTTPS 1 . alpn=foo\\092,bar,h2',
    'a HTTPS 1 . alpn="foo\\\\,bar,h2"',
    'a HTTPS 1 . alpn="h2\\,h3"',
    'a HTTPS 1 . alpn="a\\\\\\\\b,c"',
    'a HTTPS 1 . key1="\\002h3" key3="\\001\\187"',
    'a HTTPS 1 . key997="" ech= port=0443',
    'a HTTPS 1 . key65535',
    'a SVCB 1 . alpn=h2 no-default-alpn mandatory=key1',
    'a HTTPS 1 . dohpath=/q{?dns}',
    'a NAPTR 100 10 "U" "E2U+sip" "!^(.*)$!sip:\\\\1@example.com!i" .',
    'a NAPTR 100 10 "U" "E2U+sip" "!^.*\\\\!$!x!" .',
    'a NAPTR 100 10 "a!" "" "" .',
    'a RRSIG A 13 3 300 20261201000000 20261101000000 12345 example.test. oJB1W6WNGv+ldvQ3WDG0MQkg5IEhjRip8WTr',
    'a NSEC next.example.test. A RRSIG NSEC',
  ])('%s: the records BIND reads', (line) => {
    const text = `${HEAD}${line}\n`;
    const bind = bindVerdict(text);
    if ('refused' in bind) throw new Error(`BIND refused ${line}: ${bind.refused}`);
    const ours = parseZoneFile(text, 'example.test');
    expect(ours.issues).toEqual([]);
    expect(sorted(ours.records)).toEqual(sorted(parseZoneFile(bind.canonical, 'example.test').records));
  });

  it.each([
    ['a HTTPS 1 . key00997=x', /leading zeros.*key997/],
    ['a HTTPS 1 . key01=x', /leading zeros.*key1/],
    ['a HTTPS 1 . KEY997=x', /lower case \(key997\)/],
    ['a HTTPS 1 . Alpn=h2', /lower case \(alpn\)/],
    ['a HTTPS 1 . key1=h2', /alpn value is not a list of ids/],
    ['a HTTPS 1 . key3=443', /port value is not 2 bytes/],
    ['a HTTPS 1 . key65536=x', /not an SVCB parameter/],
    ['a HTTPS 1 . alpn=h2,,h3', /empty item/],
    ['a HTTPS 1 . alpn=', /empty item/],
    ['a HTTPS 1 . alpn=foo\\\\', /ends with a backslash/],
    ['a HTTPS 1 . mandatory=key7', /mandatory names dohpath, which the record does not have/],
    ['a HTTPS 1 . mandatory=mandatory', /cannot name itself/],
    ['a HTTPS 1 . mandatory=alpn,alpn alpn=h2', /names a key twice/],
    ['a SVCB 1 . key2', /no-default-alpn needs an alpn/],
    ['a HTTPS 1 . alpn=h2 no-default-alpn=x', /takes no value/],
    ['a HTTPS 1 . alpn=h2 key1="\\002h3"', /appears twice/],
    ['a HTTPS 1 . dohpath=/q{?dnsx}', /no \{\?dns\} variable/],
    ['a HTTPS 1 . ech=abc', /base64/],
    ['a NAPTR 100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com" .', /is not ended: its delimiter ! must be written three times/],
    ['a NAPTR 100 10 "U" "E2U+sip" "!^.*$!x!!" .', /more than three times/],
    ['a NAPTR 100 10 "U" "E2U+sip" "!^.*$!x!g" .', /flags other than i/],
    ['a NAPTR 100 10 "U" "E2U+sip" "1^.*1x1" .', /cannot be its delimiter/],
    ['a NAPTR 100 10 "U" "E2U+sip" "!^.*$!\\\\1!" .', /refers to \\1, but its expression has 0 group/],
    ['a NAPTR 100 10 "U" "E2U+sip" "!^.*$!\\\\0!" .', /refers to \\0/],
    ['a NAPTR 100 10 "U" "E2U+sip" "!^(.*$!x!" .', /not a regular expression BIND accepts/],
    ['a NAPTR 100 10 "U" "E2U+sip" "!^[.*$!x!" .', /not a regular expression BIND accepts/],
  ])('%s: BIND refuses it, and it is pointed out on its line', (line, message) => {
    const text = `${HEAD}${line}\n`;
    const bind = bindVerdict(text);
    expect('refused' in bind && bind.refused).toMatch(/:5: /);
    const ours = parseZoneFile(text, 'example.test');
    expect(ours.records.map((r) => r.name)).not.toContain('a');
    expect(ours.issues).toEqual([expect.objectContaining({ line: 5, text: line, message: expect.stringMatching(message) })]);
  });

  it.each([
    ['!^(.*)$!\\\\1!', true],
    ['!a{2}!b!', true],
    ['!a{255}!b!', true],
    ['!a{,}!b!', true],
    ['!a{x}!b!', true],
    ['!a|b!c!', true],
    ['!()!c!', true],
    ['!^!c!', true],
    ['!$a!c!', true],
    ['![[:alpha:]_-]!b!', true],
    ['![]a]!b!', true],
    ['!a\\\\{2!b!', true],
    ['!!x!', false],
    ['!a{2!b!', false],
    ['!*a!b!', false],
    ['!a{2,1}!b!', false],
    ['!a**!b!', false],
    ['!a|*b!b!', false],
    ['!(*a)!b!', false],
    ['!^*a!b!', false],
    ['!a{256}!b!', false],
    ['!a+?!b!', false],
    ['!a||b!c!', false],
    ['!a{1,2}{3}!b!', false],
    ['!{1}a!b!', false],
    ['![[:foo:]]!b!', false],
    ['![z-a]!b!', false],
    ['!a(|b)!c!', false],
    ['!|a!c!', false],
    ['!a|!c!', false],
    ['!(a)\\\\2!b!', false],
  ])('the NAPTR regexp %s: read by BIND %s, and by dnsferry the same', (regexp, reads) => {
    const text = `${HEAD}a NAPTR 1 1 "u" "" "${regexp}" .\n`;
    expect('canonical' in bindVerdict(text)).toBe(reads);
    const ours = parseZoneFile(text, 'example.test');
    expect(ours.issues.map((i) => i.line)).toEqual(reads ? [] : [5]);
  });

  it('gives each RRset one TTL where its lines give several, as BIND loads them, and notes each change', () => {
    const lines = [
      'a 900 A 192.0.2.1', // 5: later groups of a replace this TTL
      'c A 192.0.2.9',
      'a 100 A 192.0.2.2',
      'c A 192.0.2.8',
      'a 500 A 192.0.2.3', // 9: the last group of a, so the set's TTL
      'a 700 A 192.0.2.4', // 10: BIND warns, takes 500
      'd 100 MX 1 x',
      'd 200 TXT "a"',
      'd 300 MX 2 y', // 13: same owner group: BIND warns, takes 100
      'e 100 A 192.0.2.1',
      '  200 AAAA ::1',
      '  300 A 192.0.2.2', // 16: warned, 100
      'g1 100 A 192.0.2.1',
      '$GENERATE 1-2 g$ 200 A 192.0.2.1$', // loaded at once: line 17's group is loaded after it, so g1 keeps 100
      'g2 300 A 192.0.2.9',
      'h 100 A 192.0.2.1',
      '$ORIGIN sub.example.test.',
      '  200 A 192.0.2.2', // 22: the same owner across $ORIGIN: warned, 100
      'r 100 RRSIG A 13 3 300 20261201000000 20261101000000 12345 example.test. abcd',
      'r 200 RRSIG AAAA 13 3 300 20261201000000 20261101000000 12345 example.test. abcd',
      'r 300 RRSIG A 13 3 300 20261201000000 20261101000000 12346 example.test. abcd', // 25: warned, 100
    ];
    const text = `${HEAD}${lines.join('\n')}\n`;
    const bind = bindVerdict(text);
    if ('refused' in bind) throw new Error(`BIND refused the file: ${bind.refused}`);
    const ours = parseZoneFile(text, 'example.test');
    expect(ours.issues).toEqual([]);
    expect(sorted(ours.records)).toEqual(sorted(parseZoneFile(bind.canonical, 'example.test').records));
    // BIND warns where a group gives a set a second TTL; dnsferry notes the same lines, and where a later group changes it
    const warned = [...bind.warnings.matchAll(/:(\d+): TTL set to prior TTL/g)].map((m) => Number(m[1]));
    expect(warned).toEqual([10, 13, 16, 22, 25]);
    expect(ours.notes.filter((n) => /differs from/.test(n.message)).map((n) => n.line)).toEqual(warned);
    expect(ours.notes.filter((n) => /loads line/.test(n.message)).map((n) => n.line)).toEqual([7, 9, 17, 19]);
    expect(ours.notes.find((n) => n.line === 10)?.message).toBe(
      "the A records of a.example.test: TTL 700 differs from 500, the TTL of the set's first record (line 9); BIND gives the whole set 500 (RFC 2181 §5.2)",
    );
  });
});
