import type { Answer } from 'dns-packet';
import { DnsRecordSchema, isRecordType, quoteBytes, quoteTxt, recordFromWire, type DnsRecord } from '@dnsferry/shared';
import { normalize } from '../dns/message';

/**
 * One resource record from a reply → the canonical record (names relative to the zone, `@` for the
 * apex; targets as absolute names without the trailing dot). Returns null for types the canonical
 * model does not carry (SOA is reported, never migrated) or content it cannot represent.
 */
export function toRecord(rr: Answer, name: string, ttl: number): DnsRecord | null {
  const draft = draftOf(rr, name, ttl);
  if (!draft) return null;
  const parsed = DnsRecordSchema.safeParse(draft);
  return parsed.success ? parsed.data : null;
}

function draftOf(rr: Answer, name: string, ttl: number): Record<string, unknown> | null {
  const base = { name, ttl };
  const raw = rawRecord(rr, name, ttl);
  if (raw) return raw;
  switch (rr.type) {
    case 'A':
    case 'AAAA':
      return { type: rr.type, ...base, content: rr.data };
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return { type: rr.type, ...base, content: normalize(rr.data) };
    case 'MX':
      return { type: 'MX', ...base, content: normalize(rr.data.exchange), priority: rr.data.preference ?? 0 };
    case 'SRV':
      return {
        type: 'SRV',
        ...base,
        content: normalize(rr.data.target),
        priority: rr.data.priority ?? 0,
        weight: rr.data.weight ?? 0,
        port: rr.data.port,
      };
    case 'CAA':
      return { type: 'CAA', ...base, content: `${rr.data.flags ?? 0} ${rr.data.tag} ${quoteBytes(Buffer.from(rr.data.value, 'utf8'))}` };
    case 'TXT':
      return { type: 'TXT', ...base, content: txtContent(txtStrings(rr.data)) };
    case 'TLSA':
      return { type: 'TLSA', ...base, content: tlsaContent(rr.data) };
    default:
      return null;
  }
}

function tlsaContent(d: { usage: number; selector: number; matchingType: number; certificate: Buffer }): string {
  return `${d.usage} ${d.selector} ${d.matchingType} ${d.certificate.toString('hex').toUpperCase()}`;
}

/** Types dns-packet leaves as raw RDATA (HTTPS, SVCB): read by the shared registry's wire reader. */
function rawRecord(rr: Answer, name: string, ttl: number): DnsRecord | null {
  const data: unknown = 'data' in rr ? rr.data : undefined;
  const type: string = rr.type;
  if (!Buffer.isBuffer(data) || !isRecordType(type)) return null;
  const res = recordFromWire(type, name, ttl, data, 0, data.length);
  return res.ok ? res.record : null;
}

/** The character-strings of a TXT record, as bytes. */
export function txtStrings(data: string | Buffer | Array<string | Buffer>): Buffer[] {
  const list = Array.isArray(data) ? data : [data];
  return list.map((s) => (typeof s === 'string' ? Buffer.from(s, 'utf8') : s));
}

/** TXT content in the shared codec's quoted form (UTF-8 text as it is, other bytes as `\DDD`). */
export function txtContent(strings: Buffer[]): string {
  return quoteTxt(strings);
}

/** A short human form of an answer's data, for info events. */
export function describeData(rr: Answer): string {
  switch (rr.type) {
    case 'MX':
      return `${rr.data.preference ?? 0} ${rr.data.exchange}`;
    case 'SRV':
      return `${rr.data.priority ?? 0} ${rr.data.weight ?? 0} ${rr.data.port} ${rr.data.target}`;
    case 'SOA':
      return `${rr.data.mname} ${rr.data.rname} serial ${rr.data.serial ?? '?'}`;
    case 'TXT':
      return txtContent(txtStrings(rr.data));
    case 'CAA':
      return `${rr.data.flags ?? 0} ${rr.data.tag} "${rr.data.value}"`;
    case 'TLSA':
      return tlsaContent(rr.data);
    default:
      {
        const raw = rawRecord(rr, '@', 0);
        if (raw) return raw.content;
      }
      return 'data' in rr && typeof rr.data === 'string' ? rr.data : rr.type;
  }
}
