import type { DnsRecord } from '@dnsferry/shared';
import { canonicalIPv6, fqdn, parseCaa, resolveName } from '../../records/canonical';
import { quoteTxt, txtStrings } from '../../records/txt';
import { targetTtl } from '../../records/ttl';

/** A DNS record as the Cloudflare API returns it (the fields we read). */
export interface CloudflareRecord {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  priority?: number;
  data?: { priority?: number; weight?: number; port?: number; target?: string; flags?: number; tag?: string; value?: string };
}

export interface CloudflareZone {
  id: string;
  name: string;
  status: string;
  name_servers?: string[];
  account?: { id: string; name?: string };
}

/** Canonical record (relative name) → the body of a create (or batch post). */
export function toPayload(r: DnsRecord, zone: string): Record<string, unknown> {
  const name = fqdn(r.name, zone);
  const ttl = targetTtl(r.ttl);
  switch (r.type) {
    case 'MX':
      return { type: 'MX', name, content: r.content, priority: r.priority, ttl };
    case 'SRV':
      return { type: 'SRV', name, ttl, data: { priority: r.priority, weight: r.weight, port: r.port, target: r.content } };
    case 'CAA': {
      const caa = parseCaa(r.content);
      return { type: 'CAA', name, ttl, data: caa ?? { flags: 0, tag: '', value: r.content } };
    }
    case 'TXT':
      return { type: 'TXT', name, content: quoteTxt(txtStrings(r.content)), ttl };
    case 'A':
    case 'AAAA':
    case 'CNAME':
      return { type: r.type, name, content: r.content, ttl, proxied: false };
    default:
      return { type: r.type, name, content: r.content, ttl };
  }
}

/** A record read from the target → canonical (null for types we do not migrate). */
export function fromWire(w: CloudflareRecord, zone: string): DnsRecord | null {
  const name = resolveName(w.name.toLowerCase().replace(/\.$/, '') + '.', zone);
  if (name === null) return null;
  const ttl = w.ttl;
  const host = (s: string | undefined) => (s ?? '').toLowerCase().replace(/\.$/, '') || '.';
  switch (w.type) {
    case 'A':
    case 'PTR':
    case 'NS':
    case 'CNAME':
      return { type: w.type, name, content: w.type === 'A' ? w.content : host(w.content), ttl };
    case 'AAAA':
      return { type: 'AAAA', name, content: canonicalIPv6(w.content), ttl };
    case 'MX':
      return { type: 'MX', name, content: host(w.content), priority: w.priority ?? w.data?.priority ?? 0, ttl };
    case 'TXT':
      return { type: 'TXT', name, content: quoteTxt(txtStrings(w.content)), ttl };
    case 'SRV': {
      const d = w.data ?? {};
      return { type: 'SRV', name, content: host(d.target), priority: d.priority ?? 0, weight: d.weight ?? 0, port: d.port ?? 0, ttl };
    }
    case 'CAA': {
      const d = w.data;
      const content = d ? `${d.flags ?? 0} ${(d.tag ?? '').toLowerCase()} "${d.value ?? ''}"` : w.content;
      return { type: 'CAA', name, content, ttl };
    }
    default:
      return null;
  }
}
