import { ipv4, ipv6 } from '../ip';
import { RdataError, tokenBytes } from '../rdata';
import type { RecordTypeSpec } from '../spec';
import { quoteBytes } from '../txt';
import { ipv4FromWire, ipv6FromWire, toBase64 } from '../wire-reader';

/**
 * SVCB and HTTPS (RFC 9460): `priority target key=value …`. Parameters are put in key order with one
 * spelling each (alpn and unknown keys quoted, hints as plain lists), so quoting never makes a record new.
 * What BIND refuses is refused here too, with the reason: keys in another case or with leading zeros,
 * empty list items, a `mandatory` key that is missing, `no-default-alpn` without `alpn`.
 */
const KEYS = ['mandatory', 'alpn', 'no-default-alpn', 'port', 'ipv4hint', 'ech', 'ipv6hint', 'dohpath', 'ohttp'];
const MANDATORY = 0;
const ALPN = 1;
const NO_DEFAULT_ALPN = 2;
const decoder = new TextDecoder();

/** A key as RFC 9460 §2.1 writes it: a lower-case name, or `key` and a number without leading zeros. */
function keyNumber(name: string): number {
  const i = KEYS.indexOf(name);
  if (i >= 0) return i;
  const m = /^key(0|[1-9]\d{0,4})$/.exec(name);
  if (m && Number(m[1]) <= 65535) return Number(m[1]);
  const shown = name.slice(0, 30);
  if (/^key0\d+$/.test(name))
    throw new RdataError(`the SVCB key "${shown}" has leading zeros, which BIND refuses: write key${Number(name.slice(3))}`);
  const lower = name.toLowerCase();
  if (lower !== name && (KEYS.includes(lower) || /^key\d+$/.test(lower)))
    throw new RdataError(`the SVCB key "${shown}" must be written in lower case (${lower.slice(0, 30)})`);
  throw new RdataError(`"${shown}" is not an SVCB parameter`);
}
const keyName = (n: number) => KEYS[n] ?? `key${n}`;

/** A comma-separated list (RFC 9460 appendix A.1): `\,` is a comma inside an item and `\\` a backslash. */
function valueList(bytes: Uint8Array, what: string): Uint8Array[] {
  const items: Uint8Array[] = [];
  let cur: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    if (b === 0x5c) {
      if (i + 1 >= bytes.length) throw new RdataError(`${what} ends with a backslash`);
      cur.push(bytes[++i] ?? 0);
    } else if (b === 0x2c) {
      items.push(Uint8Array.from(cur));
      cur = [];
    } else cur.push(b);
  }
  items.push(Uint8Array.from(cur));
  if (items.some((item) => item.length === 0)) throw new RdataError(`${what} has an empty item`);
  return items;
}

/** The ALPN ids in one spelling, as BIND prints them: commas and backslashes in an id escaped, the whole quoted. */
function alpnText(ids: Uint8Array[]): string {
  const out: number[] = [];
  for (const id of ids) {
    if (id.length === 0 || id.length > 255) throw new RdataError('an alpn id must be 1 to 255 bytes long');
    if (out.length > 0) out.push(0x2c);
    for (const b of id) {
      if (b === 0x2c || b === 0x5c) out.push(0x5c);
      out.push(b);
    }
  }
  return quoteBytes(Uint8Array.from(out));
}

/** A DoH path must hold the `dns` variable of a URI template (RFC 9461 §5), which BIND checks. */
function dohPath(bytes: Uint8Array): string {
  const text = decoder.decode(bytes);
  const hasDns = [...text.matchAll(/\{([^}]*)\}/g)].some((m) =>
    (m[1] ?? '')
      .replace(/^[+#./;?&]/, '')
      .split(',')
      .includes('dns'),
  );
  if (!hasDns) throw new RdataError(`dohpath=${text.slice(0, 60)} has no {?dns} variable`);
  return quoteBytes(bytes);
}

/** One parameter's value written by its name (`alpn=h2,h3`), in its canonical spelling; null: no value. */
function namedValue(key: number, bytes: Uint8Array): string | null {
  const name = keyName(key);
  const text = () => decoder.decode(bytes);
  const list = () => valueList(bytes, `${name}=`).map((item) => decoder.decode(item));
  if (bytes.length === 0 && (key === 2 || key === 5 || key === 8 || key > 8)) return null;
  switch (key) {
    case 0: {
      const keys = list().map(keyNumber);
      if (new Set(keys).size !== keys.length) throw new RdataError('mandatory= names a key twice');
      return keys
        .sort((a, b) => a - b)
        .map(keyName)
        .join(',');
    }
    case 1:
      return alpnText(valueList(bytes, 'alpn='));
    case 3: {
      const t = text();
      if (!/^\d+$/.test(t) || Number(t) > 65535) throw new RdataError(`port=${t.slice(0, 20)} is not a port`);
      return String(Number(t));
    }
    case 4:
      return list().map(ipv4).join(',');
    case 6:
      return list().map(ipv6).join(',');
    case 5: {
      const t = text();
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(t) || t.length % 4 !== 0) throw new RdataError('ech= must be base64');
      return t;
    }
    case 7:
      return dohPath(bytes);
    case 2:
    case 8:
      throw new RdataError(`${name} takes no value`);
    default:
      return quoteBytes(bytes);
  }
}

/** One parameter's value in wire form (an answer, `\#`, or `keyNNN=` written by number), in the same spelling. */
function wireValue(key: number, b: Uint8Array): string | null {
  const name = keyName(key);
  const groups = (n: number) => {
    if (b.length === 0 || b.length % n !== 0) throw new RdataError(`the ${name} value is not a list of ${n}-byte items`);
    return Array.from({ length: b.length / n }, (_, i) => b.subarray(i * n, i * n + n));
  };
  switch (key) {
    case 0: {
      const keys = groups(2).map((g) => ((g[0] ?? 0) << 8) | (g[1] ?? 0));
      if (new Set(keys).size !== keys.length) throw new RdataError('mandatory names a key twice');
      return keys
        .sort((x, y) => x - y)
        .map(keyName)
        .join(',');
    }
    case 1: {
      const ids: Uint8Array[] = [];
      for (let i = 0; i < b.length;) {
        const len = b[i] ?? 0;
        if (len === 0 || i + 1 + len > b.length) throw new RdataError('the alpn value is not a list of ids');
        ids.push(b.subarray(i + 1, i + 1 + len));
        i += 1 + len;
      }
      if (ids.length === 0) throw new RdataError('the alpn value is empty');
      return alpnText(ids);
    }
    case 2:
    case 8:
      if (b.length > 0) throw new RdataError(`${name} takes no value`);
      return null;
    case 3:
      if (b.length !== 2) throw new RdataError('the port value is not 2 bytes');
      return String(((b[0] ?? 0) << 8) | (b[1] ?? 0));
    case 4:
      return groups(4).map(ipv4FromWire).join(',');
    case 6:
      return groups(16)
        .map((g) => ipv6(ipv6FromWire(g)))
        .join(',');
    case 5:
      return b.length === 0 ? null : toBase64(b);
    case 7:
      return dohPath(b);
    default:
      return b.length === 0 ? null : quoteBytes(b);
  }
}

/** What RFC 9460 §8 and BIND require of the set as a whole. */
function checkParams(params: Map<number, string | null>): void {
  for (const k of params.get(MANDATORY)?.split(',') ?? []) {
    if (k === 'mandatory') throw new RdataError('mandatory cannot name itself');
    if (!params.has(keyNumber(k))) throw new RdataError(`mandatory names ${k}, which the record does not have`);
  }
  if (params.has(NO_DEFAULT_ALPN) && !params.has(ALPN)) throw new RdataError('no-default-alpn needs an alpn parameter');
}

function formatParams(params: Map<number, string | null>): string {
  checkParams(params);
  return [...params.entries()]
    .sort(([a], [b]) => a - b)
    .map(([k, v]) => (v === null ? keyName(k) : `${keyName(k)}=${v}`))
    .join(' ');
}

/** `key=value`: a key written by number (`key1`) carries its value in wire form (RFC 9460 §2.1), as BIND reads it. */
function presentationParam(raw: string): [number, string | null] {
  const eq = raw.indexOf('=');
  const written = eq < 0 ? raw : raw.slice(0, eq);
  const key = keyNumber(written);
  let value = eq < 0 ? '' : raw.slice(eq + 1);
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
  const bytes = tokenBytes(value);
  if (eq < 0 && (key === 0 || key === 1 || key === 3 || key === 4 || key === 6 || key === 7))
    throw new RdataError(`${written} needs a value`);
  return [key, written.startsWith('key') ? wireValue(key, bytes) : namedValue(key, bytes)];
}

function svcb(code: number): RecordTypeSpec {
  return {
    code,
    parse(r) {
      const priority = r.int('the priority', 65535);
      const target = r.name('the target name');
      const params = new Map<number, string | null>();
      for (const t of r.remaining()) {
        const [key, value] = presentationParam(t.raw);
        if (params.has(key)) throw new RdataError(`the parameter ${keyName(key)} appears twice`);
        params.set(key, value);
      }
      const text = formatParams(params);
      return { content: `${priority} ${target}${text ? ` ${text}` : ''}` };
    },
    read(w) {
      const priority = w.u16();
      const target = w.name();
      const params = new Map<number, string | null>();
      while (!w.done) {
        const key = w.u16();
        if (params.has(key)) throw new RdataError(`the parameter ${keyName(key)} appears twice`);
        params.set(key, wireValue(key, w.bytes(w.u16())));
      }
      const text = formatParams(params);
      return { content: `${priority} ${target}${text ? ` ${text}` : ''}` };
    },
  };
}

export const SVCB = svcb(64);
export const HTTPS = svcb(65);
