import { cf } from './errors';

/**
 * The record types whose value the API takes as `data` (beyond SRV and CAA, which records.ts models):
 * each field's kind and range as the OpenAPI schemas (`dns-records_<TYPE>Record`) give them, and the
 * `content` the API formats from them. Written from the API's schemas, not from the product's code.
 */
type Field =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'num'; min: number; max: number }
  | { kind: 'hex' | 'b64' | 'str' | 'host' }
  | { kind: 'enum'; values: string[] };

const int = (max: number, min = 0): Field => ({ kind: 'int', min, max });
const num = (min: number, max: number): Field => ({ kind: 'num', min, max });

interface DataType {
  fields: Record<string, Field>;
  /** Fields the API fills in when they are absent. */
  defaults?: Record<string, number>;
  content(d: Record<string, unknown>): string;
}

export const DATA_TYPES: Record<string, DataType> = {
  DS: {
    fields: { key_tag: int(65535), algorithm: int(255), digest_type: int(255), digest: { kind: 'hex' } },
    content: (d) => `${d.key_tag} ${d.algorithm} ${d.digest_type} ${d.digest}`,
  },
  TLSA: {
    fields: { usage: int(255), selector: int(255), matching_type: int(255), certificate: { kind: 'hex' } },
    content: (d) => `${d.usage} ${d.selector} ${d.matching_type} ${d.certificate}`,
  },
  SMIMEA: {
    fields: { usage: int(255), selector: int(255), matching_type: int(255), certificate: { kind: 'hex' } },
    content: (d) => `${d.usage} ${d.selector} ${d.matching_type} ${d.certificate}`,
  },
  SSHFP: {
    fields: { algorithm: int(255), type: int(255), fingerprint: { kind: 'hex' } },
    content: (d) => `${d.algorithm} ${d.type} ${d.fingerprint}`,
  },
  CERT: {
    fields: { type: int(65535), key_tag: int(65535), algorithm: int(255), certificate: { kind: 'b64' } },
    content: (d) => `${d.type} ${d.key_tag} ${d.algorithm} ${d.certificate}`,
  },
  HTTPS: {
    fields: { priority: int(65535), target: { kind: 'host' }, value: { kind: 'str' } },
    content: (d) => `${d.priority} ${d.target} ${d.value}`.trim(),
  },
  SVCB: {
    fields: { priority: int(65535), target: { kind: 'host' }, value: { kind: 'str' } },
    content: (d) => `${d.priority} ${d.target} ${d.value}`.trim(),
  },
  NAPTR: {
    fields: {
      order: int(65535),
      preference: int(65535),
      flags: { kind: 'str' },
      service: { kind: 'str' },
      regex: { kind: 'str' },
      replacement: { kind: 'host' },
    },
    content: (d) => `${d.order} ${d.preference} "${String(d.flags)}" "${String(d.service)}" "${String(d.regex)}" ${d.replacement}`,
  },
  URI: {
    fields: { weight: int(65535), target: { kind: 'str' } },
    content: (d) => `${d.weight} ${d.target}`,
  },
  LOC: {
    fields: {
      lat_degrees: int(90),
      lat_minutes: int(59),
      lat_seconds: num(0, 59.999),
      lat_direction: { kind: 'enum', values: ['N', 'S'] },
      long_degrees: int(180),
      long_minutes: int(59),
      long_seconds: num(0, 59.999),
      long_direction: { kind: 'enum', values: ['E', 'W'] },
      altitude: num(-100000, 42849672.95),
      size: num(0, 90000000),
      precision_horz: num(0, 90000000),
      precision_vert: num(0, 90000000),
    },
    defaults: { lat_minutes: 0, lat_seconds: 0, long_minutes: 0, long_seconds: 0, size: 0, precision_horz: 0, precision_vert: 0 },
    content: (d) =>
      `IN LOC ${d.lat_degrees} ${d.lat_minutes} ${d.lat_seconds} ${d.lat_direction} ${d.long_degrees} ${d.long_minutes} ${d.long_seconds} ${d.long_direction} ${d.altitude}m ${d.size}m ${d.precision_horz}m ${d.precision_vert}m`,
  },
};

/** Checks `data` against the type's fields; returns the data as stored and the formatted content. */
export function validateData(type: string, raw: unknown): { data: Record<string, unknown>; content: string } {
  const spec = DATA_TYPES[type];
  if (!spec) throw cf.invalidType();
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw cf.dataRequired(type);
  const body = raw as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(spec.fields)) {
    const v = body[key] ?? spec.defaults?.[key];
    if (v === undefined || v === null) throw cf.invalidData(type, `${key} is required`);
    if (!fits(field, v)) throw cf.invalidData(type, `${key} is not valid`);
    data[key] = v;
  }
  return { data, content: spec.content(data) };
}

function fits(f: Field, v: unknown): boolean {
  switch (f.kind) {
    case 'int':
      return typeof v === 'number' && Number.isInteger(v) && v >= f.min && v <= f.max;
    case 'num':
      return typeof v === 'number' && Number.isFinite(v) && v >= f.min && v <= f.max;
    case 'hex':
      return typeof v === 'string' && /^(?:[0-9a-fA-F]{2})+$/.test(v);
    case 'b64':
      return typeof v === 'string' && /^[A-Za-z0-9+/]+={0,2}$/.test(v);
    case 'host':
      return (
        typeof v === 'string' &&
        (v === '.' ||
          /^(?:[a-zA-Z0-9_](?:[a-zA-Z0-9_-]{0,61}[a-zA-Z0-9_])?\.)*[a-zA-Z0-9_](?:[a-zA-Z0-9_-]{0,61}[a-zA-Z0-9_])?\.?$/.test(v))
      );
    case 'str':
      return typeof v === 'string' && v.length <= 4096;
    case 'enum':
      return typeof v === 'string' && f.values.includes(v);
  }
}
