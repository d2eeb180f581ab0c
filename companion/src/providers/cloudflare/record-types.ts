import { DnsRecordSchema, fqdn, isProxied, quoteBytes, resolveName, tokenBytes, tokenize, type DnsRecord } from '@dnsferry/shared';
import { isHeldType, targetTtl, type HeldType } from './capabilities';
import type { CloudflareRecord } from './wire';

/** The type-specific part of a create body: `content`, or `data` (+ `priority` for MX and URI). */
export type CloudflareValue = { content?: string; data?: Record<string, unknown>; priority?: number; proxied?: boolean };

interface Mapping {
  /** Canonical record → the value part of a create body. */
  toWire(r: DnsRecord): CloudflareValue;
  /** A record as the API returns it → presentation content (+ MX/SRV fields); the shared schema makes it canonical. */
  fromWire(w: CloudflareRecord): { content: string; priority?: number; weight?: number; port?: number };
}

const decoder = new TextDecoder();
const enc = new TextEncoder();
/** The fields of canonical content, split as the type's presentation form writes them. */
const fields = (content: string) => tokenize(content).map((t) => t.raw);
const text = (raw: string | undefined) => decoder.decode(tokenBytes(raw ?? ''));
/** A field of the API's `data` as text (numbers too); anything else is `fallback`. */
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);
const q = (s: unknown) => quoteBytes(enc.encode(str(s)));
const num = (v: unknown) => Number(v ?? 0);

const plain: Mapping = { toWire: (r) => ({ content: r.content }), fromWire: (w) => ({ content: w.content }) };
const proxiable: Mapping = {
  toWire: (r) => ({ content: r.content, proxied: isProxied(r) }),
  fromWire: (w) => ({ content: w.content }),
};
const tlsaLike: Mapping = {
  toWire: (r) => {
    const [usage, selector, matching, cert] = fields(r.content);
    return { data: { usage: num(usage), selector: num(selector), matching_type: num(matching), certificate: cert } };
  },
  fromWire: (w) => ({
    content: `${num(w.data?.usage)} ${num(w.data?.selector)} ${num(w.data?.matching_type)} ${str(w.data?.certificate)}`,
  }),
};
const svcbLike: Mapping = {
  toWire: (r) => {
    const [priority, target, ...params] = fields(r.content);
    return { data: { priority: num(priority), target: target === '.' ? '.' : target, value: params.join(' ') } };
  },
  fromWire: (w) => ({ content: `${num(w.data?.priority)} ${str(w.data?.target, '.')} ${str(w.data?.value)}`.trim() }),
};

/** One entry per type the target holds: the compiler proves none is missing (octodns's _data_for_X / _contents_for_X). */
export const CLOUDFLARE_TYPES: Record<HeldType, Mapping> = {
  A: proxiable,
  AAAA: proxiable,
  CNAME: proxiable,
  NS: plain,
  PTR: plain,
  OPENPGPKEY: plain,
  MX: {
    toWire: (r) => ({ content: r.content, ...(r.type === 'MX' ? { priority: r.priority } : {}) }),
    fromWire: (w) => ({ content: w.content || '.', priority: w.priority ?? num(w.data?.priority) }),
  },
  // Sent as quoted strings of at most 255 bytes, which the API stores as they are.
  TXT: plain,
  SRV: {
    toWire: (r) => (r.type === 'SRV' ? { data: { priority: r.priority, weight: r.weight, port: r.port, target: r.content } } : {}),
    fromWire: (w) => ({
      content: str(w.data?.target, '.') || '.',
      priority: num(w.data?.priority ?? w.priority),
      weight: num(w.data?.weight),
      port: num(w.data?.port),
    }),
  },
  CAA: {
    toWire: (r) => {
      const [flags, tag, value] = fields(r.content);
      return { data: { flags: num(flags), tag, value: text(value) } };
    },
    fromWire: (w) => ({ content: w.data ? `${num(w.data.flags)} ${str(w.data.tag)} ${q(w.data.value)}` : w.content }),
  },
  DS: {
    toWire: (r) => {
      const [keyTag, algorithm, digestType, digest] = fields(r.content);
      return { data: { key_tag: num(keyTag), algorithm: num(algorithm), digest_type: num(digestType), digest } };
    },
    fromWire: (w) => ({ content: `${num(w.data?.key_tag)} ${num(w.data?.algorithm)} ${num(w.data?.digest_type)} ${str(w.data?.digest)}` }),
  },
  TLSA: tlsaLike,
  SMIMEA: tlsaLike,
  SSHFP: {
    toWire: (r) => {
      const [algorithm, type, fingerprint] = fields(r.content);
      return { data: { algorithm: num(algorithm), type: num(type), fingerprint } };
    },
    fromWire: (w) => ({ content: `${num(w.data?.algorithm)} ${num(w.data?.type)} ${str(w.data?.fingerprint)}` }),
  },
  CERT: {
    toWire: (r) => {
      const [type, keyTag, algorithm, certificate] = fields(r.content);
      return { data: { type: num(type), key_tag: num(keyTag), algorithm: num(algorithm), certificate } };
    },
    fromWire: (w) => ({ content: `${num(w.data?.type)} ${num(w.data?.key_tag)} ${num(w.data?.algorithm)} ${str(w.data?.certificate)}` }),
  },
  HTTPS: svcbLike,
  SVCB: svcbLike,
  URI: {
    toWire: (r) => {
      const [priority, weight, target] = fields(r.content);
      return { priority: num(priority), data: { weight: num(weight), target: text(target) } };
    },
    fromWire: (w) => ({ content: `${num(w.priority ?? w.data?.priority)} ${num(w.data?.weight)} ${q(w.data?.target)}` }),
  },
  NAPTR: {
    toWire: (r) => {
      const [order, preference, flags, service, regex, replacement] = fields(r.content);
      return {
        data: {
          order: num(order),
          preference: num(preference),
          flags: text(flags),
          service: text(service),
          regex: text(regex),
          replacement,
        },
      };
    },
    fromWire: (w) => {
      const d = w.data ?? {};
      return {
        content: `${num(d.order)} ${num(d.preference)} ${q(d.flags)} ${q(d.service)} ${q(d.regex)} ${str(d.replacement, '.') || '.'}`,
      };
    },
  },
  LOC: {
    toWire: (r) => {
      const f = fields(r.content);
      const m = (s: string | undefined) => Number((s ?? '0').replace(/m$/, ''));
      return {
        data: {
          lat_degrees: num(f[0]),
          lat_minutes: num(f[1]),
          lat_seconds: num(f[2]),
          lat_direction: f[3],
          long_degrees: num(f[4]),
          long_minutes: num(f[5]),
          long_seconds: num(f[6]),
          long_direction: f[7],
          altitude: m(f[8]),
          size: m(f[9]),
          precision_horz: m(f[10]),
          precision_vert: m(f[11]),
        },
      };
    },
    fromWire: (w) => {
      const d = w.data ?? {};
      return {
        content: [
          d.lat_degrees,
          d.lat_minutes,
          d.lat_seconds,
          d.lat_direction,
          d.long_degrees,
          d.long_minutes,
          d.long_seconds,
          d.long_direction,
        ]
          .map((x) => str(x, '0'))
          .concat([`${num(d.altitude)}m`, `${num(d.size)}m`, `${num(d.precision_horz)}m`, `${num(d.precision_vert)}m`])
          .join(' '),
      };
    },
  },
};

/** Canonical record (relative name) → the body of a create (or batch post). */
export function toPayload(r: DnsRecord, zone: string): Record<string, unknown> {
  const name = fqdn(r.name, zone);
  const ttl = targetTtl(r.ttl);
  if (!isHeldType(r.type)) throw new Error(`${r.type} records are not sent to the target`);
  return { type: r.type, name, ttl, ...CLOUDFLARE_TYPES[r.type].toWire(r), ...(r.comment ? { comment: r.comment } : {}) };
}

/** A record read from the target → canonical (null for types we do not migrate, or a value we cannot read). */
export function fromWire(w: CloudflareRecord, zone: string): DnsRecord | null {
  const name = resolveName(w.name.toLowerCase().replace(/\.$/, '') + '.', zone);
  if (name === null || !isHeldType(w.type)) return null;
  const value = CLOUDFLARE_TYPES[w.type].fromWire(w);
  const parsed = DnsRecordSchema.safeParse({
    type: w.type,
    name,
    ttl: w.ttl,
    ...value,
    ...(w.proxied ? { proxied: true } : {}),
    ...(w.comment ? { comment: w.comment } : {}),
  });
  return parsed.success ? parsed.data : null;
}
