import { cf } from './errors';
import { canonicalIPv6, hostContent, isNonPublicIPv4, isNonPublicIPv6, isStrictIPv4, recordFqdn } from './names';
import { DATA_TYPES, validateData } from './data-records';
import { formatQuotedTxt, parseQuotedTxt } from './txt';

/**
 * Validation and normalisation of DNS record bodies, as POST/PUT/PATCH and batch items receive them:
 * every type the API lists (DNSKEY aside, which a signed zone at the target makes itself). The types
 * that take `data` beyond SRV and CAA are in data-records.ts.
 */

export const RECORD_TYPES = [
  'A',
  'AAAA',
  'CNAME',
  'MX',
  'NS',
  'PTR',
  'TXT',
  'SRV',
  'CAA',
  'DS',
  'TLSA',
  'SMIMEA',
  'SSHFP',
  'CERT',
  'HTTPS',
  'SVCB',
  'NAPTR',
  'URI',
  'LOC',
  'OPENPGPKEY',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export type Plan = 'free' | 'pro' | 'business' | 'enterprise';

export interface SrvData {
  priority: number;
  weight: number;
  port: number;
  target: string;
}
export interface CaaData {
  flags: number;
  tag: string;
  value: string;
}

/** A record after validation: what the store keeps (content is already the wire form). */
export interface RecordFields {
  name: string;
  type: RecordType;
  content: string;
  ttl: number;
  proxied: boolean;
  proxiable: boolean;
  comment: string | null;
  tags: string[];
  settings: Record<string, boolean>;
  priority?: number;
  data?: SrvData | CaaData | Record<string, unknown>;
}

export interface ZoneContext {
  name: string;
  plan: Plan;
}

type Body = Record<string, unknown>;

const PROXIABLE_TYPES = new Set<string>(['A', 'AAAA', 'CNAME']);
// The property tags registered for CAA (RFC 8659, RFC 9495, the BIMI and contact tags).
const CAA_TAGS = new Set(['issue', 'issuewild', 'iodef', 'issuemail', 'issuevmc', 'contactemail', 'contactphone']);

function isObject(v: unknown): v is Body {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function u16(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 65535 ? v : null;
}

/** The fields of a stored record in request form, so a PATCH can be merged onto it. */
export function toRequestForm(r: RecordFields): Body {
  const body: Body = {
    name: r.name,
    type: r.type,
    content: r.content,
    ttl: r.ttl,
    proxied: r.proxied,
    comment: r.comment,
    tags: r.tags,
    settings: r.settings,
  };
  if (r.priority !== undefined && (r.type === 'MX' || r.type === 'URI')) body.priority = r.priority;
  if (r.data) body.data = { ...r.data };
  return body;
}

/**
 * Validates a create (POST / batch post), replace (PUT / batch put) or edit (PATCH / batch patch) body.
 * Throws a CfError with the code the live API uses; returns the normalised record.
 */
export function validateRecord(raw: unknown, zone: ZoneContext, mode: 'create' | 'put' | 'patch', existing?: RecordFields): RecordFields {
  if (!isObject(raw)) throw cf.invalidBody();
  let body: Body = raw;
  if (mode === 'patch' && existing) {
    body = { ...toRequestForm(existing), ...raw };
    // A PATCH that sends new SRV/CAA data replaces data; one that sends only content for them is ignored.
  }
  if (existing && body.type !== undefined && body.type !== existing.type) throw cf.typeChange();
  if (mode === 'put' && existing && body.type === undefined) body = { ...body, type: existing.type };

  const type = typeof body.type === 'string' ? body.type.toUpperCase() : undefined;
  if (type === undefined) throw cf.invalidType();
  if (!(RECORD_TYPES as readonly string[]).includes(type)) throw cf.invalidType();
  const rtype = type as RecordType;

  if (typeof body.name !== 'string') throw cf.nameRequired();
  const name = recordFqdn(body.name, zone.name);
  if (name === null || name.length > 255) throw cf.invalidName();

  const out: RecordFields = {
    name,
    type: rtype,
    content: '',
    ttl: 1,
    proxied: false,
    proxiable: PROXIABLE_TYPES.has(rtype),
    comment: null,
    tags: [],
    settings: {},
  };

  switch (rtype) {
    case 'A': {
      const c = typeof body.content === 'string' ? body.content.trim() : undefined;
      if (c === undefined) throw cf.contentRequired();
      if (!isStrictIPv4(c)) throw cf.invalidA();
      out.content = c;
      if (isNonPublicIPv4(c)) out.proxiable = false;
      break;
    }
    case 'AAAA': {
      const c = typeof body.content === 'string' ? body.content.trim() : undefined;
      if (c === undefined) throw cf.contentRequired();
      const canon = canonicalIPv6(c);
      if (canon === null) throw cf.invalidAAAA();
      out.content = canon;
      if (isNonPublicIPv6(canon)) out.proxiable = false;
      break;
    }
    case 'CNAME': {
      if (typeof body.content !== 'string' || body.content.trim() === '') throw cf.contentRequired();
      const c = hostContent(body.content);
      if (c === null || c === '.') throw cf.invalidCname();
      if (c === name) throw cf.cnameSelf();
      out.content = c;
      break;
    }
    case 'MX': {
      if (typeof body.content !== 'string' || body.content.trim() === '') throw cf.contentRequired();
      if (body.priority === undefined || body.priority === null) throw cf.priorityRequired();
      const p = u16(body.priority);
      if (p === null) throw cf.invalidPriority();
      const c = hostContent(body.content);
      if (c === null) throw cf.mxHostname();
      out.content = c;
      out.priority = p;
      break;
    }
    case 'NS':
    case 'PTR': {
      if (typeof body.content !== 'string' || body.content.trim() === '') throw cf.contentRequired();
      const c = hostContent(body.content);
      if (c === null || c === '.') throw cf.invalidHostContent(rtype);
      if (rtype === 'NS' && name === zone.name) throw cf.apexNs();
      out.content = c;
      break;
    }
    case 'TXT': {
      if (typeof body.content !== 'string') throw cf.contentRequired();
      const c = body.content;
      if (c.length > 2048) throw cf.txtTooLong();
      if (c.startsWith('"')) {
        const strings = parseQuotedTxt(c);
        if (strings === null) throw cf.invalidTxt();
        out.content = formatQuotedTxt(strings);
        if (out.content.length > 4096) throw cf.txtTooLong();
      } else {
        out.content = c;
      }
      break;
    }
    case 'SRV': {
      const d = body.data;
      if (!isObject(d)) throw cf.dataRequired('SRV');
      if ('service' in d || 'proto' in d || 'name' in d) throw cf.srvLegacyFields();
      const labels = name.split('.');
      if (!(labels[0] ?? '').startsWith('_') || !(labels[1] ?? '').startsWith('_') || labels.length < 3) throw cf.invalidSrvName();
      const priority = u16(d.priority);
      const weight = u16(d.weight);
      const port = u16(d.port);
      if (priority === null) throw cf.invalidSrv('priority must be an integer from 0 to 65535');
      if (weight === null) throw cf.invalidSrv('weight must be an integer from 0 to 65535');
      if (port === null) throw cf.invalidSrv('port must be an integer from 0 to 65535');
      if (typeof d.target !== 'string') throw cf.invalidSrv('target is required');
      const target = hostContent(d.target);
      if (target === null) throw cf.invalidSrv('target must be a host name');
      out.data = { priority, weight, port, target };
      out.priority = priority;
      // Live responses format SRV content as "<weight> <port> <target>" with priority echoed beside it.
      out.content = `${weight} ${port} ${target}`;
      break;
    }
    case 'CAA': {
      const d = body.data;
      if (!isObject(d)) throw cf.dataRequired('CAA');
      const flags = d.flags === undefined ? 0 : d.flags;
      if (typeof flags !== 'number' || !Number.isInteger(flags) || flags < 0 || flags > 255)
        throw cf.invalidCaa('flags must be an integer from 0 to 255');
      if (typeof d.tag !== 'string' || !CAA_TAGS.has(d.tag)) throw cf.invalidCaa(`tag must be one of ${[...CAA_TAGS].join(', ')}`);
      if (typeof d.value !== 'string') throw cf.invalidCaa('value is required');
      out.data = { flags, tag: d.tag, value: d.value };
      out.content = `${flags} ${d.tag} "${d.value.replace(/(["\\])/g, '\\$1')}"`;
      break;
    }
    case 'OPENPGPKEY': {
      if (typeof body.content !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(body.content))
        throw cf.invalidData('OPENPGPKEY', 'content must be base64');
      out.content = body.content;
      break;
    }
    case 'URI': {
      if (body.priority === undefined || body.priority === null) throw cf.priorityRequired();
      const p = u16(body.priority);
      if (p === null) throw cf.invalidPriority();
      const v = validateData(rtype, body.data);
      out.data = v.data;
      out.priority = p;
      out.content = v.content;
      break;
    }
    default: {
      if (!(rtype in DATA_TYPES)) throw cf.invalidType();
      if (rtype === 'DS' && name === zone.name) throw cf.invalidData('DS', 'a DS record cannot be at the zone apex');
      const v = validateData(rtype, body.data);
      out.data = v.data;
      out.content = v.content;
    }
  }

  // TTL: 1 = automatic; otherwise 60..86400 (30 on Enterprise).
  const ttl = body.ttl === undefined || body.ttl === null ? 1 : body.ttl;
  const minTtl = zone.plan === 'enterprise' ? 30 : 60;
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || (ttl !== 1 && (ttl < minTtl || ttl > 86400))) throw cf.invalidTtl();
  out.ttl = ttl;

  if (body.proxied !== undefined && body.proxied !== null && typeof body.proxied !== 'boolean') throw cf.invalidBody();
  if (body.proxied === true) {
    if (!PROXIABLE_TYPES.has(rtype) || !out.proxiable) throw cf.cannotProxy();
    out.proxied = true;
    out.ttl = 1; // proxied records always have TTL Auto
  }

  if (body.comment !== undefined && body.comment !== null) {
    if (typeof body.comment !== 'string' || body.comment.length > 100 || /[\r\n]/.test(body.comment)) throw cf.invalidComment();
    out.comment = body.comment === '' ? null : body.comment;
  }
  if (body.tags !== undefined && body.tags !== null) {
    if (!Array.isArray(body.tags) || !body.tags.every((t) => typeof t === 'string' && /^[A-Za-z0-9_-]+(:.*)?$/.test(t)))
      throw cf.invalidBody();
    const tags = body.tags as string[];
    if (tags.length > 0 && zone.plan === 'free') throw cf.tagsNotAllowed();
    out.tags = tags.map((t) => {
      const i = t.indexOf(':');
      return i < 0 ? t.toLowerCase() : `${t.slice(0, i).toLowerCase()}${t.slice(i)}`;
    });
  }
  if (body.settings !== undefined && body.settings !== null) {
    if (!isObject(body.settings)) throw cf.invalidBody();
    for (const [k, v] of Object.entries(body.settings)) {
      if (!['ipv4_only', 'ipv6_only', 'flatten_cname'].includes(k) || typeof v !== 'boolean') throw cf.invalidBody();
      if (k === 'flatten_cname' && v && (rtype !== 'CNAME' || zone.plan === 'free' || out.proxied)) throw cf.flattenNotAllowed();
      if (k === 'flatten_cname' && rtype !== 'CNAME') continue;
      if ((k === 'ipv4_only' || k === 'ipv6_only') && !PROXIABLE_TYPES.has(rtype)) continue;
      out.settings[k] = v;
    }
  }
  if (rtype === 'CNAME' && out.settings.flatten_cname === undefined) out.settings.flatten_cname = false;
  return out;
}

/** Two records Cloudflare regards as the same record (ttl, proxied and metadata aside). */
export function identical(a: RecordFields, b: RecordFields): boolean {
  if (a.type !== b.type || a.name !== b.name) return false;
  if (a.type === 'MX') return a.priority === b.priority && a.content.toLowerCase() === b.content.toLowerCase();
  if (a.data !== undefined) return a.priority === b.priority && JSON.stringify(a.data) === JSON.stringify(b.data);
  if (a.type === 'TXT') return a.content === b.content;
  return a.content.toLowerCase() === b.content.toLowerCase();
}
