import { isIPv4 } from 'node:net';

/**
 * Wire RDATA of the types dns-packet cannot encode, written from their RFCs and from the `data` the
 * simulated API stores (data-records.ts): SVCB/HTTPS (RFC 9460), URI (RFC 7553), CERT (RFC 4398),
 * SMIMEA (RFC 8162), OPENPGPKEY (RFC 7929) and LOC (RFC 1876). Independent of the product's readers on
 * purpose: the cutover check reads these answers with the shared registry, so this is what it is tested against.
 */

type Data = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));
const str = (v: unknown): string => (typeof v === 'string' ? v : String(v ?? ''));

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n & 0xffff);
  return b;
}

/** An uncompressed domain name (RFC 1035 §3.1); `.` is the root. */
export function nameWire(name: string): Buffer {
  const n = name.replace(/\.$/, '');
  if (n === '') return Buffer.from([0]);
  const parts = n.split('.').map((label) => {
    const l = Buffer.from(label, 'utf8');
    return Buffer.concat([Buffer.from([l.length]), l]);
  });
  return Buffer.concat([...parts, Buffer.from([0])]);
}

export function ipv6Bytes(address: string): Buffer {
  let text = address;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const v4 = text.slice(lastColon + 1);
  if (isIPv4(v4)) {
    tail.push(...v4.split('.').map(Number));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const h = head === '' ? [] : head.split(':');
  const r = rest === undefined || rest === '' ? [] : rest.split(':');
  const fill = rest === undefined ? 0 : 8 - h.length - r.length;
  const groups = [...h, ...Array<string>(fill).fill('0'), ...r].map((g) => parseInt(g, 16));
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(g & 0xffff, i * 2));
  if (tail.length === 4) out.set(tail, 12);
  return out;
}

/** SvcParamKeys of RFC 9460 §14.3.2; `keyNNNNN` names any other. */
const SVC_KEYS: Record<string, number> = {
  mandatory: 0,
  alpn: 1,
  'no-default-alpn': 2,
  port: 3,
  ipv4hint: 4,
  ech: 5,
  ipv6hint: 6,
  dohpath: 7,
  ohttp: 8,
};
const svcKey = (k: string): number => SVC_KEYS[k] ?? (/^key\d+$/.test(k) ? Number(k.slice(3)) : -1);

/**
 * `alpn="h2,h3" port=443` → [key, value] pairs; a value may be quoted. Its `\X` and `\DDD` escapes are
 * read here, as a character-string's (RFC 9460 §2.1); the list's own `\,` is left to `commaList`, so
 * `alpn="foo\\,bar,h2"` holds the two ids `foo,bar` and `h2`.
 */
function svcParams(text: string): Array<[string, string | null]> {
  const out: Array<[string, string | null]> = [];
  let i = 0;
  while (i < text.length) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (i >= text.length) break;
    let key = '';
    while (i < text.length && text[i] !== '=' && text[i] !== ' ') key += text[i++];
    if (text[i] !== '=') {
      out.push([key.toLowerCase(), null]);
      continue;
    }
    i++;
    let value = '';
    const quoted = text[i] === '"';
    if (quoted) i++;
    while (i < text.length && (quoted ? text[i] !== '"' : text[i] !== ' ')) {
      const ddd = text[i] === '\\' ? /^\d{3}/.exec(text.slice(i + 1, i + 4)) : null;
      if (ddd) {
        value += String.fromCharCode(Number(ddd[0]));
        i += 4;
        continue;
      }
      if (text[i] === '\\' && i + 1 < text.length) i++;
      value += text[i++];
    }
    if (quoted) i++;
    out.push([key.toLowerCase(), value]);
  }
  return out;
}

/** Splits on commas that are not escaped, and removes the escapes (RFC 9460 appendix A.1). */
function commaList(v: string): string[] {
  const items: string[] = [];
  let cur = '';
  for (let i = 0; i < v.length; i++) {
    if (v[i] === '\\' && i + 1 < v.length) cur += v[++i];
    else if (v[i] === ',') {
      items.push(cur);
      cur = '';
    } else cur += v[i];
  }
  items.push(cur);
  return items;
}

function svcValue(key: number, value: string | null): Buffer {
  const v = value ?? '';
  switch (key) {
    case 0:
      return Buffer.concat(commaList(v).map((k) => u16(svcKey(k))));
    case 1:
      return Buffer.concat(commaList(v).map((id) => Buffer.concat([Buffer.from([Buffer.byteLength(id)]), Buffer.from(id)])));
    case 2:
      return Buffer.alloc(0);
    case 3:
      return u16(Number(v));
    case 4:
      return Buffer.concat(commaList(v).map((a) => Buffer.from(a.split('.').map(Number))));
    case 5:
      return Buffer.from(v, 'base64');
    case 6:
      return Buffer.concat(commaList(v).map(ipv6Bytes));
    default:
      return Buffer.from(v, 'utf8');
  }
}

export function svcbRdata(d: Data): Buffer {
  const params = svcParams(str(d.value))
    .map(([k, v]) => [svcKey(k), v] as const)
    .filter(([k]) => k >= 0)
    .sort((a, b) => a[0] - b[0]);
  const encoded = params.map(([k, v]) => {
    const value = svcValue(k, v);
    return Buffer.concat([u16(k), u16(value.length), value]);
  });
  return Buffer.concat([u16(num(d.priority)), nameWire(str(d.target) || '.'), ...encoded]);
}

/** RFC 7553: priority, weight, then the target's octets to the end (no length byte). */
export function uriRdata(priority: number, d: Data): Buffer {
  return Buffer.concat([u16(priority), u16(num(d.weight)), Buffer.from(str(d.target), 'utf8')]);
}

export function certRdata(d: Data): Buffer {
  return Buffer.concat([u16(num(d.type)), u16(num(d.key_tag)), Buffer.from([num(d.algorithm)]), Buffer.from(str(d.certificate), 'base64')]);
}

/** SMIMEA has TLSA's RDATA (RFC 8162 §2). */
export function smimeaRdata(d: Data): Buffer {
  return Buffer.concat([Buffer.from([num(d.usage), num(d.selector), num(d.matching_type)]), Buffer.from(str(d.certificate), 'hex')]);
}

export function openpgpkeyRdata(content: string): Buffer {
  return Buffer.from(content, 'base64');
}

/** A size or precision in metres → RFC 1876's mantissa/exponent byte of centimetres. */
function precision(metres: number): number {
  let cm = Math.round(metres * 100);
  if (cm <= 0) return 0;
  let exp = 0;
  while (cm >= 10 && exp < 9) {
    cm = Math.round(cm / 10);
    exp++;
  }
  if (cm >= 10) cm = 9;
  return (cm << 4) | exp;
}

function angle(deg: number, min: number, sec: number, positive: boolean): number {
  const thousandths = Math.round((deg * 3600 + min * 60 + sec) * 1000);
  return positive ? 2 ** 31 + thousandths : 2 ** 31 - thousandths;
}

export function locRdata(d: Data): Buffer {
  const b = Buffer.alloc(16);
  b[0] = 0;
  b[1] = precision(num(d.size));
  b[2] = precision(num(d.precision_horz));
  b[3] = precision(num(d.precision_vert));
  b.writeUInt32BE(angle(num(d.lat_degrees), num(d.lat_minutes), num(d.lat_seconds), str(d.lat_direction) !== 'S'), 4);
  b.writeUInt32BE(angle(num(d.long_degrees), num(d.long_minutes), num(d.long_seconds), str(d.long_direction) !== 'W'), 8);
  b.writeUInt32BE(Math.round(num(d.altitude) * 100) + 10_000_000, 12);
  return b;
}
