import { RdataError, tokenBytes, tokenize } from './rdata';

/**
 * TXT values are byte strings (RFC 1035 character-strings of at most 255 bytes each). Every spelling —
 * one raw value, quoted strings with `\"` and `\DDD` escapes, a zone file's unquoted words, Azure's
 * string arrays, a DNS answer — is read into bytes, so `"\195\133LAND"` and `ÅLAND` are the same value
 * and a value split at another place is still the same record.
 */
const MAX_STRING_BYTES = 255;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** Content → its character-strings as bytes. Quoted strings when the content is exactly that, else one raw value. */
export function txtStringsOf(content: string): Uint8Array[] {
  const trimmed = content.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      const tokens = tokenize(trimmed);
      if (tokens.every((t) => t.quoted)) return tokens.map((t) => tokenBytes(t.raw));
    } catch (err) {
      if (!(err instanceof RdataError)) throw err;
      // not a sequence of quoted strings: it is one raw value, quotes included
    }
  }
  return [encoder.encode(content)];
}

/** Splits each string at 255 bytes without cutting a UTF-8 character in two. */
export function splitStrings(strings: Uint8Array[]): Uint8Array[] {
  return strings.flatMap((b) => {
    if (b.length <= MAX_STRING_BYTES) return [b];
    const parts: Uint8Array[] = [];
    let start = 0;
    while (start < b.length) {
      let end = Math.min(start + MAX_STRING_BYTES, b.length);
      while (end < b.length && end > start + 1 && ((b[end] ?? 0) & 0xc0) === 0x80) end--;
      parts.push(b.subarray(start, end));
      start = end;
    }
    return parts;
  });
}

/** Plain ASCII decoded natively (UTF-8 reads ASCII as it is), a run at a time. */
const ascii = new TextDecoder('utf-8');
const RUN = 65_536;
const isPlain = (x: number) => x >= 0x20 && x < 0x7f && x !== 0x22 && x !== 0x5c;

/** Text of printable ASCII without `"` and `\`: in quotes, it is its own quoted form (what `quoteBytes` writes). */
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
export const isPlainText = (text: string): boolean => PLAIN_TEXT.test(text);

/** One string in quotes: printable ASCII and whole UTF-8 characters as they are; `"` and `\` escaped; other bytes `\DDD`. */
export function quoteBytes(b: Uint8Array): string {
  let out = '"';
  let i = 0;
  while (i < b.length) {
    // a run of printable ASCII without `"` and `\` is written as it is, in one piece
    let end = i;
    while (end < b.length && end - i < RUN && isPlain(b[end] ?? 0)) end++;
    if (end > i) {
      out += ascii.decode(b.subarray(i, end));
      i = end;
      continue;
    }
    const x = b[i] ?? 0;
    if (x === 0x22 || x === 0x5c) {
      out += `\\${String.fromCharCode(x)}`;
      i++;
    } else if (x >= 0x20 && x < 0x7f) {
      out += String.fromCharCode(x);
      i++;
    } else {
      const len = x >= 0xf0 && x < 0xf5 ? 4 : x >= 0xe0 ? 3 : x >= 0xc2 && x < 0xe0 ? 2 : 0;
      const ch = len > 0 && i + len <= b.length ? decodeOne(b.subarray(i, i + len)) : null;
      // a whole printable character; control characters and broken sequences stay escaped
      if (ch !== null && !/[\p{C}]/u.test(ch)) {
        out += ch;
        i += len;
      } else {
        out += `\\${String(x).padStart(3, '0')}`;
        i++;
      }
    }
  }
  return `${out}"`;
}

function decodeOne(b: Uint8Array): string | null {
  try {
    return utf8.decode(b);
  } catch {
    return null; // not UTF-8: escaped byte by byte by the caller
  }
}

/** Whether content is already as `quoteTxt(txtStringsOf(content))` writes it, seen without reading it into bytes (false: not known). */
export function isPlainCanonicalTxt(content: string): boolean {
  const plain = plainTxtText(content);
  return plain !== null && plain.longest <= MAX_STRING_BYTES;
}

/** Canonical TXT content: quoted strings, each at most 255 bytes. */
export function quoteTxt(strings: Uint8Array[]): string {
  const parts = splitStrings(strings);
  return (parts.length === 0 ? [new Uint8Array()] : parts).map(quoteBytes).join(' ');
}

/**
 * The strings of content written as canonical content writes plain text: `"…"` strings of printable
 * ASCII without `"` or `\\`, one space apart, nothing around them. Their texts joined (what
 * `txtValue` quotes), or null when the content is written any other way. Most TXT content is this,
 * and it needs no reading into bytes.
 */
export function plainTxtText(content: string): { joined: string; longest: number } | null {
  const n = content.length;
  if (n < 2 || content.charCodeAt(0) !== 0x22) return null;
  let joined = '';
  let longest = 0;
  let i = 0;
  for (;;) {
    // on an opening quote
    const start = i + 1;
    let j = start;
    for (; j < n; j++) {
      const c = content.charCodeAt(j);
      if (c === 0x22) break;
      if (c < 0x20 || c > 0x7e || c === 0x5c) return null;
    }
    if (j >= n) return null;
    joined += content.slice(start, j);
    if (j - start > longest) longest = j - start;
    if (j === n - 1) return { joined, longest };
    if (content.charCodeAt(j + 1) !== 0x20 || content.charCodeAt(j + 2) !== 0x22) return null;
    i = j + 2;
  }
}

/** The whole value, all strings joined: what identity compares (a value split elsewhere is the same record). */
export function txtValue(content: string): string {
  const plain = plainTxtText(content);
  if (plain !== null) return `"${plain.joined}"`;
  const strings = txtStringsOf(content);
  const total = strings.reduce((n, s) => n + s.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const s of strings) {
    joined.set(s, at);
    at += s.length;
  }
  return quoteBytes(joined);
}

/** Decoded text of a string for people (the popup), with broken bytes replaced. */
export function txtText(content: string): string {
  const lenient = new TextDecoder('utf-8');
  return txtStringsOf(content)
    .map((s) => lenient.decode(s))
    .join('');
}
