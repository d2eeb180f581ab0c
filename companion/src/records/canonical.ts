import { CAA_PATTERN, fqdn, relativeName, type DnsRecord } from '@dnsferry/shared';
import { quoteTxt, txtStrings } from './txt';

/** RFC 5952 text form of an IPv6 address (lower case, longest zero run compressed). */
export function canonicalIPv6(address: string): string {
  const lower = address.toLowerCase();
  let groups: string[];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  let head = lower;
  const tail: string[] = [];
  if (v4?.[1]) {
    const o = v4[1].split('.').map(Number);
    tail.push((((o[0] ?? 0) << 8) | (o[1] ?? 0)).toString(16), (((o[2] ?? 0) << 8) | (o[3] ?? 0)).toString(16));
    head = lower.slice(0, -v4[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  if (head.includes('::')) {
    const [l = '', r = ''] = head.split('::');
    const left = l ? l.split(':') : [];
    const right = [...(r ? r.split(':') : []), ...tail];
    groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  } else {
    groups = [...(head ? head.split(':') : []), ...tail];
  }
  const hex = groups.map((g) => parseInt(g || '0', 16).toString(16));
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (hex[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && hex[j] === '0') j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

const host = (s: string) => (s === '.' ? '.' : s.toLowerCase().replace(/\.$/, ''));

export function parseCaa(content: string): { flags: number; tag: string; value: string } | null {
  const m = CAA_PATTERN.exec(content);
  if (!m) return null;
  const value = m[3] !== undefined ? m[3].replace(/\\(.)/g, '$1') : (m[4] ?? '');
  return { flags: Number(m[1]), tag: (m[2] ?? '').toLowerCase(), value };
}

/**
 * Resolves an owner name against the zone: a trailing dot means absolute; a name equal to the
 * zone or ending in it is a FQDN whose suffix is stripped; anything else is already relative.
 */
export function resolveName(name: string, zone: string): string | null {
  if (name === '@') return '@';
  if (name.endsWith('.')) return relativeName(name, zone);
  return relativeName(name, zone) ?? name.toLowerCase();
}

/**
 * The canonical form of a record, relative to its zone: what is compared to decide "already exists".
 * TTL is not part of identity (a record with another TTL still exists).
 */
export function canonicalize(record: DnsRecord, zone: string): DnsRecord | null {
  const name = resolveName(record.name, zone);
  if (name === null) return null;
  switch (record.type) {
    case 'AAAA':
      return { ...record, name, content: canonicalIPv6(record.content) };
    case 'CNAME':
    case 'NS':
    case 'PTR':
    case 'MX':
    case 'SRV':
      return { ...record, name, content: host(record.content) };
    case 'TXT':
      return { ...record, name, content: quoteTxt(txtStrings(record.content)) };
    case 'CAA': {
      const caa = parseCaa(record.content);
      return caa ? { ...record, name, content: `${caa.flags} ${caa.tag} "${caa.value}"` } : { ...record, name };
    }
    default:
      return { ...record, name };
  }
}

/** Identity key of a canonical record. */
export function recordKey(r: DnsRecord): string {
  const extra = r.type === 'MX' ? `|${r.priority}` : r.type === 'SRV' ? `|${r.priority}|${r.weight}|${r.port}` : '';
  return `${r.type}|${r.name}|${r.content}${extra}`;
}

/** How a record reads in messages: `MX @ → 10 mail.example.com`. */
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

export { fqdn };
