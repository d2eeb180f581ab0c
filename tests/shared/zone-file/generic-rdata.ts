import type { Gen } from './seeded-random';
import type { GenType } from './generated-types';

/** Wire-form pieces for RFC 3597 generic RDATA. */
const u8 = (n: number) => [n & 255];
const u16 = (n: number) => [(n >> 8) & 255, n & 255];
const utf8 = (t: string) => [...new TextEncoder().encode(t)];
const charString = (t: string) => [utf8(t).length, ...utf8(t)];
const wireName = (absolute: string) => [...absolute.split('.').filter(Boolean).flatMap(charString), 0];
const randomBytes = (g: Gen, n: number) => Array.from({ length: n }, () => g.int(0, 255));
const wireHost = (g: Gen) => wireName(`${g.pick(['mail', 'ns', 'srv'])}${g.int(1, 99)}.${g.pick(['example.net', 'other.test'])}`);

/** One record of `type` written as RFC 3597 `\# length hex`, from random field values (LOC aside). */
export function genericFor(g: Gen, type: GenType): string[] | null {
  let bytes: number[];
  switch (type) {
    case 'A':
      bytes = [g.int(1, 223), ...randomBytes(g, 3)];
      break;
    case 'AAAA':
      bytes = [0x20, 0x01, 0x0d, 0xb8, ...randomBytes(g, 12)];
      break;
    case 'CAA':
      bytes = [g.pick([0, 128]), ...charString(g.pick(['issue', 'issuewild'])), ...utf8(g.pick(['letsencrypt.org', 'pki.goog; x=y', '']))];
      break;
    case 'CERT':
      bytes = [...u16(g.int(1, 8)), ...u16(g.int(0, 65535)), ...u8(g.pick([8, 13])), ...randomBytes(g, g.int(10, 40))];
      break;
    case 'CNAME':
    case 'NS':
    case 'PTR':
      bytes = wireHost(g);
      break;
    case 'DS':
      bytes = [...u16(g.int(0, 65535)), ...u8(13), ...u8(2), ...randomBytes(g, 32)];
      break;
    case 'HTTPS':
    case 'SVCB': {
      const alpn = [...charString('h2'), ...charString('h3')];
      bytes = [
        ...u16(g.int(1, 9)),
        ...(g.chance(0.5) ? [0] : wireHost(g)),
        ...u16(1),
        ...u16(alpn.length),
        ...alpn,
        ...u16(3),
        ...u16(2),
        ...u16(g.int(1, 65535)),
      ];
      break;
    }
    case 'LOC':
      return null;
    case 'MX':
      bytes = [...u16(g.int(0, 100)), ...wireHost(g)];
      break;
    case 'NAPTR':
      bytes = [
        ...u16(g.int(0, 200)),
        ...u16(10),
        ...charString('U'),
        ...charString('E2U+sip'),
        ...charString('!^.*$!sip:x@example.com!'),
        0,
      ];
      break;
    case 'OPENPGPKEY':
      bytes = randomBytes(g, g.int(20, 60));
      break;
    case 'SMIMEA':
    case 'TLSA':
      bytes = [...u8(g.int(0, 3)), ...u8(g.int(0, 1)), ...u8(1), ...randomBytes(g, 32)];
      break;
    case 'SRV':
      bytes = [...u16(g.int(0, 100)), ...u16(g.int(0, 100)), ...u16(g.int(1, 65535)), ...wireHost(g)];
      break;
    case 'SSHFP':
      bytes = [...u8(g.int(1, 4)), ...u8(2), ...randomBytes(g, 32)];
      break;
    case 'TXT':
      bytes = [...charString(g.pick(['ÅLAND', 'Grüße', '日本'])), ...charString(g.pick(['a;b', '', 'x y']))];
      break;
    case 'URI':
      bytes = [...u16(g.int(0, 100)), ...u16(g.int(0, 100)), ...utf8(`https://example.com/${g.int(0, 99)}`)];
      break;
  }
  const hex = bytes.map((x) => x.toString(16).padStart(2, '0')).join('');
  // BIND takes the hex in pieces too
  return [
    '\\#',
    String(bytes.length),
    ...(hex.length > 16 && g.chance(0.5) ? [hex.slice(0, 16), hex.slice(16)] : [hex || '']).filter(Boolean),
  ];
}
