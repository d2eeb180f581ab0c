import { toAsciiHostname } from '../names';

/**
 * Domain names as a zone file writes them → one spelling per name: absolute, lower-case ASCII, no
 * trailing dot, and escapes as BIND prints them (`\.` `\"` `\(` `\)` `\;` `\\` `\@` `\$` for those
 * characters inside a label, `\DDD` for blanks, control and non-ASCII bytes). So `A\065`, `aa` and
 * `a\097` are the same owner, as they are to BIND.
 */

const DOT = 0x2e;
/** A name and its origin, joined into one string (kept, not made anew for each name). */
const PAIR = ['', ''];
const NOT_PLAIN = -1;
const UPPER = 1;
const LONG_LABEL = 2;

/**
 * Whether `written` is labels of letters, digits, `_`, `*` and `-` alone, one dot apart (and maybe
 * one at the end): NOT_PLAIN, or flags for an upper-case letter and a label past 63 characters. Read
 * in place: every owner of a zone file is read here.
 */
function plainName(written: string): number {
  let flags = 0;
  let start = 0;
  const n = written.length;
  for (let i = 0; i < n; i++) {
    const c = written.charCodeAt(i);
    if (c === DOT) {
      if (i === start) return NOT_PLAIN;
      if (i - start > 63) flags |= LONG_LABEL;
      start = i + 1;
    } else if (c >= 0x41 && c <= 0x5a) flags |= UPPER;
    else if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2a || c === 0x2d)) return NOT_PLAIN;
  }
  if (start === n) return start === 0 ? NOT_PLAIN : flags;
  if (n - start > 63) flags |= LONG_LABEL;
  return flags;
}

const SPECIAL = new Set([0x22, 0x24, 0x28, 0x29, 0x2e, 0x3b, 0x40, 0x5c]);
const encoder = new TextEncoder();

function labelText(bytes: number[]): string {
  let out = '';
  for (const b of bytes) {
    const lower = b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
    if (SPECIAL.has(lower)) out += `\\${String.fromCharCode(lower)}`;
    else if (lower > 0x20 && lower < 0x7f) out += String.fromCharCode(lower);
    else out += `\\${String(lower).padStart(3, '0')}`;
  }
  return out;
}

/** Splits a written name into labels of bytes; `absolute` when it ends with an unescaped dot. */
function labelsOf(written: string): { labels: number[][]; absolute: boolean } | string {
  const labels: number[][] = [];
  let label: number[] = [];
  let absolute = false;
  let labelStart = 0;
  for (let i = 0; i < written.length; i++) {
    const c = written.charCodeAt(i);
    if (c === 0x5c) {
      const digits = /^\d{3}/.exec(written.slice(i + 1, i + 4));
      if (digits) {
        const value = Number(digits[0]);
        if (value > 255) return `"\\${digits[0]}" is not a byte`;
        label.push(value);
        i += 3;
      } else if (i + 1 < written.length) {
        label.push(...encoder.encode(written[i + 1] ?? ''));
        i++;
      } else return 'a name ends with "\\"';
    } else if (c === 0x2e) {
      if (label.length === 0) return 'a name has an empty label ("..")';
      labels.push(label);
      label = [];
      labelStart = i + 1;
      if (i === written.length - 1) absolute = true;
    } else if (c < 0x80) label.push(c);
    else {
      // A label typed in Unicode (IDN) travels in punycode, as the rest of dnsferry writes it.
      let end = i;
      while (end < written.length && written[end] !== '.') end++;
      const ascii = toAsciiHostname(written.slice(labelStart, end));
      if (ascii === null) return `"${written.slice(labelStart, end)}" cannot be written in ASCII`;
      label = [...encoder.encode(ascii)];
      i = end - 1;
    }
  }
  if (label.length > 0) labels.push(label);
  for (const l of labels) if (l.length > 63) return 'a label of a name is longer than 63 bytes';
  return { labels, absolute };
}

/**
 * `written` made absolute against `origin` (`@` is the origin itself), in canonical form, or why it
 * is not a name. `origin` is canonical, without trailing dot ('' = the root).
 */
export function absoluteName(written: string, origin: string): { name: string } | { error: string } {
  if (written === '@') return { name: origin };
  if (written === '.') return { name: '' };
  let name: string;
  let absolute: boolean;
  const plain = plainName(written);
  if (plain !== NOT_PLAIN) {
    absolute = written.charCodeAt(written.length - 1) === DOT;
    name = absolute ? written.slice(0, -1) : written;
    if (plain & UPPER) name = name.toLowerCase();
    if (plain & LONG_LABEL) return { error: 'a label of a name is longer than 63 bytes' };
  } else {
    const parsed = labelsOf(written);
    if (typeof parsed === 'string') return { error: parsed || `"${written}" is not a name` };
    absolute = parsed.absolute;
    name = parsed.labels.map(labelText).join('.');
  }
  if (!absolute && origin !== '') {
    // joined, not concatenated: one flat string, where `+` makes a pair of pieces that every later
    // read (hashing it, cutting the zone off it) must first copy into one
    PAIR[0] = name;
    PAIR[1] = origin;
    name = PAIR.join('.');
  }
  return { name };
}

/** `name` is `zone` or below it (both canonical). */
export function isInside(name: string, zone: string): boolean {
  return zone === '' || name === zone || name.endsWith(`.${zone}`);
}
