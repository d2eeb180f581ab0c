import { relativeName } from '../names';
import type { DnsRecord } from './schema';
import { isProxied } from './target-rules';
import { txtValue } from './txt';

/**
 * Resolves an owner name against the zone: a trailing dot means absolute; a name equal to the zone or
 * ending in it is a FQDN whose suffix is stripped; anything else is already relative. Null: outside the zone.
 */
export function resolveName(name: string, zone: string): string | null {
  if (name === '@') return '@';
  if (name.endsWith('.')) return relativeName(name, zone);
  return relativeName(name, zone) ?? name.toLowerCase();
}

/**
 * The identity of a record whose name is already relative: what decides "already exists". Values are
 * canonical from the schema; a TXT value counts as all its strings joined, so a value split elsewhere
 * is the same record. TTL and `proxied` are not identity.
 */
export function recordKey(r: DnsRecord): string {
  const value = r.type === 'TXT' ? txtValue(r.content) : r.content;
  const extra = r.type === 'MX' ? `|${r.priority}` : r.type === 'SRV' ? `|${r.priority}|${r.weight}|${r.port}` : '';
  return `${r.type}|${r.name}|${value}${extra}`;
}

/** The same record with the same TTL and proxy: a record as a run left it. */
export function sameState(a: DnsRecord, b: DnsRecord): boolean {
  return recordKey(a) === recordKey(b) && a.ttl === b.ttl && isProxied(a) === isProxied(b);
}

/** How a record's value reads in messages and in the popup: `10 mail.example.com`. */
export function describeValue(r: DnsRecord): string {
  switch (r.type) {
    case 'MX':
      return `${r.priority} ${r.content}`;
    case 'SRV':
      return `${r.priority} ${r.weight} ${r.port} ${r.content}`;
    default:
      return r.content;
  }
}
