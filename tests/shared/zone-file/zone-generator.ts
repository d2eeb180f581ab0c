/**
 * Seeded zone files for the differential test against BIND: every record type dnsferry carries, in
 * the spellings real zone files use (relative and absolute names, `@`, owner-less lines, class and
 * TTL in either order, TTL units, mixed-case and `TYPEnn` types, RFC 3597 `\#`, parentheses over
 * lines with comments, `;` in quotes, unquoted TXT words, `\DDD` UTF-8, relative and absolute
 * `$ORIGIN`, `$TTL` or BIND's rules without it, `$GENERATE` with modifiers, Cloudflare tags, TTL 0).
 * Every file is one BIND loads: an (owner, type) is written once, so BIND's RRset merging and
 * duplicate removal never change what it prints.
 */

import { GENERATED_TYPES, type GenType } from './generated-types';
import { genericFor } from './generic-rdata';
import { Gen, rng } from './seeded-random';

const TYPE_CODES: Record<GenType, number> = {
  A: 1,
  AAAA: 28,
  CAA: 257,
  CERT: 37,
  CNAME: 5,
  DS: 43,
  HTTPS: 65,
  LOC: 29,
  MX: 15,
  NAPTR: 35,
  NS: 2,
  OPENPGPKEY: 61,
  PTR: 12,
  SMIMEA: 53,
  SRV: 33,
  SSHFP: 44,
  SVCB: 64,
  TLSA: 52,
  TXT: 16,
  URI: 256,
};

export interface GeneratedZone {
  zone: string;
  text: string;
  /** How many records the file holds (what BIND should print). */
  records: number;
}

/** A host name for RDATA: absolute, relative to the origin, or `@`. */
function host(g: Gen, origin: string): string {
  const label = `${g.pick(['mail', 'ns', 'srv', 'web', 'Host'])}${g.int(1, 99)}`;
  const roll = g.r();
  if (roll < 0.45) return `${label}.${g.pick(['example.net', 'Example.ORG', 'other.test'])}.`;
  if (roll < 0.9) return label;
  if (roll < 0.95) return `${label}.${origin}.`;
  return '@';
}

const ASCII_WORDS = ['v=spf1', 'include:_spf.example.net', '-all', 'hello', 'k=rsa;', 'p=MIGf', 'a"b', 'x\\y'];
const UNICODE = ['ÅLAND', 'Grüße', 'Ωmega', '日本', 'café'];

/** One TXT character-string in one of the spellings BIND reads alike. */
function txtString(g: Gen): string {
  const roll = g.r();
  if (roll < 0.3) return `"${g.pick(['v=DMARC1; p=none', 'a b c', 'semi;colon (paren)', '', 'plain', ')(', 'tab\there', '\\065\\009x'])}"`;
  if (roll < 0.5)
    return g.pick(['foo', 'bar', 'v=spf1', '-all', 'k=rsa', 'word\\;semi', 'esc\\"q', 'par\\(en\\)', '\\065\\066', 'back\\\\slash']);
  if (roll < 0.65) {
    // non-ASCII, as BIND writes it: each UTF-8 byte as \DDD
    const bytes = new TextEncoder().encode(g.pick(UNICODE));
    const body = Array.from(bytes, (b) => (b < 0x80 ? String.fromCharCode(b) : `\\${String(b).padStart(3, '0')}`)).join('');
    return g.chance(0.5) ? `"${body}"` : body;
  }
  if (roll < 0.75) return `"${g.pick(UNICODE)}"`;
  if (roll < 0.85) return `"${g.pick(ASCII_WORDS).replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return `"${'x'.repeat(g.int(100, 255))}"`;
}

function ipv4(g: Gen): string {
  return [g.int(1, 223), g.int(0, 255), g.int(0, 255), g.int(0, 255)].join('.');
}
function ipv6(g: Gen): string {
  const groups = Array.from({ length: 8 }, () => (g.chance(0.4) ? 0 : g.int(0, 65535)).toString(16));
  groups[0] = '2001';
  groups[1] = 'db8';
  const full = groups.join(':');
  return g.chance(0.3) ? full.toUpperCase() : full.replace(/(^|:)0(:0)+(:|$)/, '::');
}

/** Presentation RDATA for one type, as zone files write it (not always as BIND prints it). */
function rdataFor(g: Gen, type: GenType, origin: string): string[] {
  switch (type) {
    case 'A':
      return [ipv4(g)];
    case 'AAAA':
      return [ipv6(g)];
    case 'CAA': {
      const tag = g.pick(['issue', 'issuewild', 'iodef', 'issuemail', 'issuevmc']);
      const value =
        tag === 'iodef' ? 'mailto:security@example.com' : g.pick(['letsencrypt.org', 'pki.goog; cansignhttpexchanges=yes', ';']);
      const quoted = value.includes(' ') || value.includes(';') || g.chance(0.7);
      return [g.pick(['0', '128']), tag, quoted ? `"${value}"` : value];
    }
    case 'CERT':
      return [g.pick(['PKIX', '1', 'PGP', '3']), String(g.int(0, 65535)), g.pick(['RSASHA256', '8', '13']), g.base64(g.int(20, 60))];
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return [host(g, origin)];
    case 'DS':
      return [String(g.int(0, 65535)), g.pick(['8', '13', '14']), '2', g.hex(32)];
    case 'HTTPS':
    case 'SVCB': {
      if (g.chance(0.2)) return ['0', host(g, origin)];
      const params = [g.pick(['alpn=h2,h3', 'alpn="h2,h3"', 'alpn=h3']), `port=${g.int(1, 65535)}`];
      if (g.chance(0.5)) params.push(`ipv4hint=${ipv4(g)}`);
      if (g.chance(0.3)) params.push('ipv6hint=2001:db8::1');
      return [String(g.int(1, 16)), g.pick(['.', host(g, origin)]), ...params];
    }
    case 'LOC':
      return g.chance(0.5)
        ? [
            String(g.int(0, 89)),
            String(g.int(0, 59)),
            `${g.int(0, 59)}.${g.int(100, 999)}`,
            g.pick(['N', 'S']),
            String(g.int(0, 179)),
            String(g.int(0, 59)),
            `${g.int(0, 59)}.000`,
            g.pick(['E', 'W']),
            `${g.int(-100, 4000)}.00m`,
            '1m',
            '10000m',
            '10m',
          ]
        : [String(g.int(0, 89)), g.pick(['N', 'S']), String(g.int(0, 179)), g.pick(['E', 'W']), `${g.int(0, 900)}m`];
    case 'MX':
      return [String(g.int(0, 100)), host(g, origin)];
    case 'NAPTR':
      return g.chance(0.5)
        ? [String(g.int(0, 200)), '10', '"U"', '"E2U+sip"', '"!^.*$!sip:info@example.com!"', '.']
        : [
            String(g.int(0, 200)),
            '50',
            g.pick(['"S"', 'S']),
            g.pick(['"SIP+D2U"', 'SIP+D2T']),
            '""',
            `_sip._udp.${g.pick(['example.net.', 'relay'])}`,
          ];
    case 'OPENPGPKEY':
      return [g.base64(g.int(30, 90))];
    case 'SMIMEA':
    case 'TLSA':
      return [String(g.int(0, 3)), String(g.int(0, 1)), '1', g.hex(32)];
    case 'SRV':
      return [String(g.int(0, 100)), String(g.int(0, 100)), String(g.int(1, 65535)), host(g, origin)];
    case 'SSHFP':
      return g.chance(0.5) ? [String(g.int(1, 4)), '1', g.hex(20)] : [String(g.int(1, 4)), '2', g.hex(32)];
    case 'TXT':
      return Array.from({ length: g.int(1, 4) }, () => txtString(g));
    case 'URI':
      return [String(g.int(0, 100)), String(g.int(0, 100)), `"https://example.com/${g.int(0, 999)}"`];
  }
}

/** Spreads RDATA tokens over lines with parentheses and comments, as SOA records often are. */
function withParentheses(g: Gen, tokens: string[]): string {
  if (tokens.length < 2 || !g.chance(0.12)) return tokens.join(g.pick([' ', '\t', '  ']));
  const cut = g.int(1, tokens.length - 1);
  return `${tokens.slice(0, cut).join(' ')} (${g.chance(0.5) ? ' ; first part' : ''}\n\t\t${tokens.slice(cut).join(' ')} )`;
}

function ttlToken(g: Gen): { text: string; seconds: number } {
  const roll = g.r();
  if (roll < 0.5) {
    const s = g.pick([0, 1, 60, 300, 3600, 86400]);
    return { text: String(s), seconds: s };
  }
  const forms: Array<[string, number]> = [
    ['1h30m', 5400],
    ['2d', 172800],
    ['1w', 604800],
    ['1H', 3600],
    ['90M', 5400],
    ['1d12h', 129600],
    ['1W2D', 777600],
    ['45s', 45],
    ['0', 0],
    ['2147483648', 0],
    ['4294967295', 0],
  ];
  const [text, seconds] = g.pick(forms);
  return { text, seconds };
}

function typeToken(g: Gen, type: string, code: number): string {
  const roll = g.r();
  if (roll < 0.08) return `TYPE${code}`;
  if (roll < 0.2) return type.toLowerCase();
  if (roll < 0.25) return type[0] + type.slice(1).toLowerCase();
  return type;
}

/** Class and TTL before the type, in either order or not at all. */
function classAndTtl(g: Gen, needTtl: boolean): string {
  const ttl = needTtl || g.chance(0.5) ? ttlToken(g).text : null;
  const cls = g.chance(0.5) ? g.pick(['IN', 'in', 'CLASS1']) : null;
  const parts = g.chance(0.5) ? [ttl, cls] : [cls, ttl];
  return parts.filter((p): p is string => p !== null).join(' ');
}

/** One zone file of about `records` records. */
export function generateZone(seed: number, index: number, records: number): GeneratedZone {
  const g = new Gen(rng(seed * 1000 + index));
  const zone = `z${index}.${g.pick(['example', 'test', 'example.co.uk'])}`;
  const lines: string[] = [];
  let count = 0;
  // How the file gives TTLs: $TTL, or BIND's rules without it (SOA minimum, last TTL).
  const mode = g.pick(['ttl', 'ttl', 'soa-first', 'last-ttl'] as const);
  if (mode === 'ttl') lines.push(`$TTL ${ttlToken(g).text}`);
  if (g.chance(0.5)) lines.push(`$ORIGIN ${zone}.`);
  const soaTtl = mode === 'last-ttl' ? `${ttlToken(g).text} ` : mode === 'soa-first' ? '' : g.pick(['', '3600 ']);
  lines.push(
    `@ ${soaTtl}IN SOA ns1 hostmaster.${zone}. (`,
    `\t${g.int(1, 2 ** 31)} ; serial`,
    `\t${g.pick(['3600', '1h'])} 900 1w ; refresh retry expire`,
    `\t${g.pick(['300', '5m', '1h', '0'])} ) ; minimum`,
    ` NS ns1.example.net.`,
  );
  count += 2;

  // records at the apex, on owner-less lines after the NS
  for (const type of ['MX', 'TXT', 'CAA', 'HTTPS'] as const) {
    if (!g.chance(0.5)) continue;
    lines.push(`\t${classAndTtl(g, false)} ${type} ${withParentheses(g, rdataFor(g, type, zone))}`.replace(/\t +/, '\t'));
    count++;
  }
  let origin = zone;
  let owner = 0;
  let lastOwnerLine: { owner: string; types: Set<string> } | null = null;
  while (count < records) {
    const roll = g.r();
    if (roll < 0.02) {
      // relative $ORIGIN (relative to the one in force), then back to the zone
      const sub = `s${index}x${owner++}`;
      lines.push(g.chance(0.5) ? `$ORIGIN ${sub}` : `$ORIGIN ${sub}.${origin}.`);
      origin = `${sub}.${origin}`;
      lastOwnerLine = null;
      continue;
    }
    if (roll < 0.03 && origin !== zone) {
      lines.push(`$ORIGIN ${zone}.`);
      origin = zone;
      lastOwnerLine = null;
      continue;
    }
    if (roll < 0.04 && mode === 'ttl') {
      lines.push(`$TTL ${ttlToken(g).text}`);
      continue;
    }
    if (roll < 0.05) {
      count += generateDirective(g, lines, index, owner++);
      continue;
    }
    const type = g.pick(GENERATED_TYPES);
    let line = '';
    // an owner-less line continues the last owner with another type (CNAME stands alone)
    const continues =
      lastOwnerLine !== null && type !== 'CNAME' && !lastOwnerLine.types.has(type) && !lastOwnerLine.types.has('CNAME') && g.chance(0.25);
    if (continues && lastOwnerLine) {
      line = g.pick([' ', '\t', '    ']);
      lastOwnerLine.types.add(type);
    } else {
      const label: string = `${type === 'SRV' ? '_sip._tcp.' : type === 'TLSA' ? '_443._tcp.' : type === 'SMIMEA' ? 'abc._smimecert.' : ''}r${owner++}`;
      const form = g.r();
      let written: string = label;
      if (form < 0.2) written = `${label}.${origin}.`;
      else if (form < 0.3) written = label.toUpperCase();
      else if (form < 0.35 && !['SRV', 'TLSA', 'SMIMEA', 'NS', 'DS'].includes(type)) written = `*.${label}`;
      else if (form < 0.38) written = label.replace(/r(\d)/, (_: string, d: string) => `r\\${String(d.charCodeAt(0)).padStart(3, '0')}`);
      line = `${written}${g.pick([' ', '\t'])}`;
      // a wildcard owner may not hold NS or DS: block them for the lines that continue it
      lastOwnerLine = { owner: written, types: new Set(written.startsWith('*') ? [type, 'NS', 'DS'] : [type]) };
    }
    const head = classAndTtl(g, mode === 'last-ttl' && count === 2);
    const generic = g.chance(0.08) ? genericFor(g, type) : null;
    const tokens = generic ?? rdataFor(g, type, origin);
    line += `${head ? `${head} ` : ''}${typeToken(g, type, TYPE_CODES[type])} ${withParentheses(g, tokens)}`;
    if (g.chance(0.1))
      line += g.pick([' ; a comment', '\t; cf_tags=cf-proxied:true', ' ; cf_tags=cf-proxied:false', ';x', ' ; don\'t "worry ( about it']);
    lines.push(line);
    if (g.chance(0.05)) lines.push(g.pick(['', '; a comment line', '   ', '\t; indented comment']));
    count++;
  }
  // Windows DNS Server writes CRLF
  const eol = g.chance(0.2) ? '\r\n' : '\n';
  return { zone, text: `${lines.join(eol)}${eol}`, records: count };
}

/** A `$GENERATE` with BIND's modifiers; returns how many records it makes. */
function generateDirective(g: Gen, lines: string[], index: number, k: number): number {
  const start = g.int(0, 20);
  const stop = start + g.int(0, 12);
  const step = g.pick([1, 1, 2, 3]);
  const lhs = g.pick([`g${k}-$`, `g${k}-\${0,3,d}`, `g${k}-\${10,4,x}`, `g${k}-\${-1,2,X}`, `g${k}-\${0,0,o}`, `\${0,3,n}.g${k}`]);
  const ttl = g.chance(0.5) ? `${g.pick(['300', '1h'])} ` : '';
  const cls = g.chance(0.3) ? 'IN ' : '';
  const [type, rhs] = g.pick([
    ['CNAME', `t$.example.net.`],
    ['PTR', `host-\${0,3}.z${index}.example.`],
    ['A', `10.0.${g.int(0, 255)}.$`],
    ['TXT', `"v=$ \\$$ $$"`],
    ['MX', `"10 mx\${1,2}"`],
    ['AAAA', `2001:db8::\${0,0,x}`],
  ] as const);
  lines.push(`$GENERATE ${start}-${stop}${step === 1 ? '' : `/${step}`} ${lhs} ${g.chance(0.5) ? ttl + cls : cls + ttl}${type} ${rhs}`);
  return Math.floor((stop - start) / step) + 1;
}
