import { toAsciiHostname } from '../names';

/**
 * Domain names as a zone file writes them → one spelling per name: absolute, lower-case ASCII, no
 * trailing dot, and escapes as BIND prints them (`\.` `\"` `\(` `\)` `\;` `\\` `\@` `\$` for those
 * characters inside a label, `\DDD` for blanks, control and non-ASCII bytes). So `A\065`, `aa` and
 * `a\097` are the same owner, as they are to BIND.
 */

const PLAIN = /^(?:[A-Za-z0-9_*-]+\.)*[A-Za-z0-9_*-]+\.?$/;
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
  if (PLAIN.test(written)) {
    absolute = written.endsWith('.');
    name = (absolute ? written.slice(0, -1) : written).toLowerCase();
    if (name.length > 63 && name.split('.').some((l) => l.length > 63)) return { error: 'a label of a name is longer than 63 bytes' };
  } else {
    const parsed = labelsOf(written);
    if (typeof parsed === 'string') return { error: parsed || `"${written}" is not a name` };
    absolute = parsed.absolute;
    name = parsed.labels.map(labelText).join('.');
  }
  if (!absolute && origin !== '') name = `${name}.${origin}`;
  return { name };
}

/** `name` is `zone` or below it (both canonical). */
export function isInside(name: string, zone: string): boolean {
  return zone === '' || name === zone || name.endsWith(`.${zone}`);
}
