import { DnsRecordSchema, fqdn, isHeldType, resolveName, targetTtl, type DnsRecord } from '@dnsferry/shared';
import { CLOUDFLARE_TYPES } from './record-types';

/** A DNS record as the Cloudflare API returns it (the fields we read). */
export interface CloudflareRecord {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  proxied?: boolean;
  priority?: number;
  data?: Record<string, unknown>;
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
  if (!isHeldType(r.type)) throw new Error(`${r.type} records are not sent to the target`);
  return { type: r.type, name, ttl, ...CLOUDFLARE_TYPES[r.type].toWire(r) };
}

/** A record read from the target → canonical (null for types we do not migrate, or a value we cannot read). */
export function fromWire(w: CloudflareRecord, zone: string): DnsRecord | null {
  const name = resolveName(w.name.toLowerCase().replace(/\.$/, '') + '.', zone);
  if (name === null || !isHeldType(w.type)) return null;
  const value = CLOUDFLARE_TYPES[w.type].fromWire(w);
  const parsed = DnsRecordSchema.safeParse({ type: w.type, name, ttl: w.ttl, ...value, ...(w.proxied ? { proxied: true } : {}) });
  return parsed.success ? parsed.data : null;
}
