import { domainToASCII } from 'node:url';
import { isIPv4, isIPv6 } from 'node:net';

/** Lower-case ASCII (Punycode) form of a host name without a trailing dot, or null when it is not a valid name. */
export function toAsciiName(raw: string, { allowWildcard = false, allowUnderscore = true } = {}): string | null {
  let s = raw.trim();
  if (s.endsWith('.')) s = s.slice(0, -1);
  if (s === '' || s.includes('..') || /\s/.test(s)) return null;
  const labels = s.split('.');
  const out: string[] = [];
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] ?? '';
    if (label === '*') {
      if (!allowWildcard || i !== 0) return null;
      out.push('*');
      continue;
    }
    // eslint-disable-next-line no-control-regex
    const ascii = /^[\x00-\x7f]*$/.test(label) ? label.toLowerCase() : domainToASCII(label);
    if (!ascii || ascii.length > 63) return null;
    const re = allowUnderscore ? /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/ : /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
    if (!re.test(ascii)) return null;
    out.push(ascii);
  }
  const joined = out.join('.');
  return joined.length > 253 ? null : joined;
}

/**
 * A record name as sent (FQDN with or without trailing dot, relative, or `@`) → the stored FQDN.
 * Relative names are expanded under the zone, as the live API does (libdns/libdns#12).
 */
export function recordFqdn(raw: string, zone: string): string | null {
  const trimmed = raw.trim();
  if (trimmed === '@' || trimmed === '') return zone;
  const absolute = trimmed.endsWith('.');
  const ascii = toAsciiName(trimmed, { allowWildcard: true });
  if (ascii === null) return null;
  if (ascii === zone || ascii.endsWith(`.${zone}`)) return ascii;
  // "www.example.com." is absolute: if it is outside the zone it cannot be expanded.
  if (absolute) return null;
  const full = `${ascii}.${zone}`;
  return full.length > 253 ? null : full;
}

/** Host-name content (CNAME, MX, NS, PTR, SRV target): trailing dot dropped, lower-case Punycode. */
export function hostContent(raw: string): string | null {
  if (raw.trim() === '.') return '.';
  if (isIPv4(raw.trim()) || isIPv6(raw.trim())) return null;
  return toAsciiName(raw, { allowWildcard: false });
}

/** Strict dotted-quad IPv4: the shorthands `1.1` or `010.0.0.1` that inet_aton accepts are rejected. */
export function isStrictIPv4(s: string): boolean {
  return isIPv4(s) && s.split('.').every((p) => p === '0' || !p.startsWith('0'));
}

/** RFC 5952 text form: lower case, leading zeros dropped, the longest run (≥2) of zero groups compressed. */
export function canonicalIPv6(s: string): string | null {
  if (!isIPv6(s) || s.includes('%')) return null;
  let text = s.toLowerCase();
  // Mixed notation (::ffff:1.2.3.4): turn the IPv4 tail into two groups first.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const o = v4[1].split('.').map(Number);
    text =
      text.slice(0, -v4[1].length) +
      `${(((o[0] ?? 0) << 8) | (o[1] ?? 0)).toString(16)}:${(((o[2] ?? 0) << 8) | (o[3] ?? 0)).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const h = head === '' ? [] : head.split(':');
  const t = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  const nums = groups.map((g) => parseInt(g, 16));
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (nums[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && nums[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = nums.map((n) => n.toString(16));
  if (bestLen < 2) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

/** Addresses Cloudflare will not proxy (the live API marks them `proxiable: false`). */
export function isNonPublicIPv4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

export function isNonPublicIPv6(ip: string): boolean {
  return ip === '::' || ip === '::1' || /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip) || ip.startsWith('ff');
}
