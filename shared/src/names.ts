import { z } from 'zod';

/**
 * C0 and C1 control characters and DEL. No DNS name holds one, and the URL parser used below drops
 * some of them without a word (`victim.com\0.evil` would become `victim.com.evil`), so they are refused.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTER = /[\x00-\x1f\x7f-\x9f]/;

/** "contains a control character (U+0000)" for the first one in `value`, or null when there is none. */
export function controlCharacterProblem(value: string): string | null {
  const found = CONTROL_CHARACTER.exec(value);
  if (!found) return null;
  return `contains a control character (U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
}

/**
 * Names travel in ASCII (punycode), lower case, without a trailing dot.
 * IDN input is converted with the WHATWG URL parser, which exists in Node and in browsers alike.
 * Null for anything that is not a name, control characters included.
 */
export function toAsciiHostname(input: string): string | null {
  const trimmed = input.trim().replace(/\.$/, '');
  if (trimmed === '' || /[\s/\\?#@:%]/.test(trimmed) || CONTROL_CHARACTER.test(trimmed)) return null;
  // Labels like `_dmarc` and `*` are valid DNS names but not URL hosts, so convert label by label.
  const labels = trimmed.split('.');
  const out: string[] = [];
  for (const label of labels) {
    if (label === '') return null;
    if (/^[\x21-\x7e]+$/.test(label)) {
      out.push(label.toLowerCase());
      continue;
    }
    try {
      const host = new URL(`http://${label}`).hostname;
      if (host.includes('.')) return null;
      out.push(host);
    } catch {
      return null; // not convertible: the caller reports it as invalid
    }
  }
  return out.join('.');
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const RECORD_LABEL = /^(\*|[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)$/;

export function isZoneName(name: string): boolean {
  if (name.length > 253) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return false;
  return labels.every((l) => LABEL.test(l));
}

const DOT = 0x2e;
const HYPHEN = 0x2d;
const UNDERSCORE = 0x5f;

/** A host name as record content: letters, digits, hyphens, underscores; `.` alone is allowed where the type allows it. */
export function isHostname(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  // labels of 1 to 63 of [a-z0-9_-], not starting or ending with '-': read in place (every record's target is)
  let start = 0;
  for (let i = 0; i <= name.length; i++) {
    const c = i < name.length ? name.charCodeAt(i) : DOT;
    if (c === DOT) {
      if (i === start || i - start > 63 || name.charCodeAt(start) === HYPHEN || name.charCodeAt(i - 1) === HYPHEN) return false;
      start = i + 1;
    } else if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === UNDERSCORE || c === HYPHEN)) return false;
  }
  return true;
}

/** A record owner name relative to its zone (`@` for the apex); `*` only as the leftmost label. */
export function isRelativeName(name: string): boolean {
  if (name === '@') return true;
  if (name.length > 253) return false;
  const labels = name.split('.');
  return labels.every((l, i) => RECORD_LABEL.test(l) && (l !== '*' || i === 0));
}

/** FQDN → name relative to `zone` (`@` for the apex); null when the name is outside the zone. */
export function relativeName(fqdn: string, zone: string): string | null {
  const lower = fqdn.toLowerCase();
  // one trailing dot off, and the zone found by its place: no pattern and no string built per name
  const name = lower.charCodeAt(lower.length - 1) === DOT ? lower.slice(0, -1) : lower;
  if (name === zone) return '@';
  const cut = name.length - zone.length - 1;
  if (cut >= 0 && name.charCodeAt(cut) === DOT && name.endsWith(zone)) return name.slice(0, cut);
  return null;
}

/** Relative name (or `@`) → FQDN without trailing dot. */
export function fqdn(relative: string, zone: string): string {
  return relative === '@' ? zone : `${relative}.${zone}`;
}

export const ZoneNameSchema = z
  .string({ error: 'expected a domain name' })
  .max(300, { error: 'a domain name has at most 253 characters' })
  .transform((value, ctx) => {
    const control = controlCharacterProblem(value.trim());
    if (control) {
      ctx.addIssue({ code: 'custom', message: `the domain name ${control}; remove it` });
      return z.NEVER;
    }
    const ascii = toAsciiHostname(value);
    if (ascii === null || !isZoneName(ascii)) {
      ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 80)}" is not a valid domain name` });
      return z.NEVER;
    }
    return ascii;
  });
export type ZoneName = z.output<typeof ZoneNameSchema>;
