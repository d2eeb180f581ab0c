import { ipv4, ipv6 } from '../ip';
import { RdataError, tokenBytes } from '../rdata';
import type { RecordTypeSpec } from '../spec';
import { quoteBytes } from '../txt';
import { ipv4FromWire, ipv6FromWire, toBase64 } from '../wire-reader';

/**
 * SVCB and HTTPS (RFC 9460): `priority target key=value …`. Parameters are put in key order with one
 * spelling each (alpn and unknown keys quoted, hints as plain lists), so quoting never makes a record new.
 */
const KEYS = ['mandatory', 'alpn', 'no-default-alpn', 'port', 'ipv4hint', 'ech', 'ipv6hint', 'dohpath', 'ohttp'];
const decoder = new TextDecoder();

function keyNumber(name: string): number {
  const i = KEYS.indexOf(name.toLowerCase());
  if (i >= 0) return i;
  const m = /^key(\d{1,5})$/i.exec(name);
  if (m && Number(m[1]) <= 65535) return Number(m[1]);
  throw new RdataError(`"${name.slice(0, 30)}" is not an SVCB parameter`);
}
const keyName = (n: number) => KEYS[n] ?? `key${n}`;

/** One parameter's value in its canonical spelling. */
function canonicalValue(key: number, text: string): string {
  const list = text.split(',');
  switch (key) {
    case 0:
      return list
        .map(keyNumber)
        .sort((a, b) => a - b)
        .map(keyName)
        .join(',');
    case 1:
      return `"${text}"`;
    case 3: {
      if (!/^\d+$/.test(text) || Number(text) > 65535) throw new RdataError(`port=${text} is not a port`);
      return String(Number(text));
    }
    case 4:
      return list.map(ipv4).join(',');
    case 6:
      return list.map(ipv6).join(',');
    case 5:
      return text;
    default:
      return quoteBytes(new TextEncoder().encode(text));
  }
}

function formatParams(params: Map<number, string | null>): string {
  return [...params.entries()]
    .sort(([a], [b]) => a - b)
    .map(([k, v]) => (v === null ? keyName(k) : `${keyName(k)}=${v}`))
    .join(' ');
}

function svcb(code: number): RecordTypeSpec {
  return {
    code,
    parse(r) {
      const priority = r.int('the priority', 65535);
      const target = r.name('the target name');
      const params = new Map<number, string | null>();
      for (const t of r.remaining()) {
        const eq = t.raw.indexOf('=');
        const key = keyNumber(eq < 0 ? t.raw : t.raw.slice(0, eq));
        if (params.has(key)) throw new RdataError(`the parameter ${keyName(key)} appears twice`);
        let value = eq < 0 ? null : t.raw.slice(eq + 1);
        if (value !== null && value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
        params.set(key, value === null ? null : canonicalValue(key, decoder.decode(tokenBytes(value))));
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
        params.set(key, wireValue(key, w.bytes(w.u16())));
      }
      const text = formatParams(params);
      return { content: `${priority} ${target}${text ? ` ${text}` : ''}` };
    },
  };
}

function wireValue(key: number, b: Uint8Array): string | null {
  const groups = (n: number) => Array.from({ length: b.length / n }, (_, i) => b.subarray(i * n, i * n + n));
  switch (key) {
    case 0:
      return groups(2)
        .map((g) => keyName(((g[0] ?? 0) << 8) | (g[1] ?? 0)))
        .join(',');
    case 1: {
      const ids: string[] = [];
      for (let i = 0; i < b.length;) {
        const len = b[i] ?? 0;
        ids.push(decoder.decode(b.subarray(i + 1, i + 1 + len)));
        i += 1 + len;
      }
      return `"${ids.join(',')}"`;
    }
    case 2:
    case 8:
      return null;
    case 3:
      return String(((b[0] ?? 0) << 8) | (b[1] ?? 0));
    case 4:
      return groups(4).map(ipv4FromWire).join(',');
    case 6:
      return groups(16)
        .map((g) => ipv6(ipv6FromWire(g)))
        .join(',');
    case 5:
      return toBase64(b);
    default:
      return quoteBytes(b);
  }
}

export const SVCB = svcb(64);
export const HTTPS = svcb(65);
