/**
 * TXT content has two spellings: one raw value, or RFC 1035 quoted character-strings
 * (`"v=spf1 include:a" " -all"`, with `\"` and `\\` escapes). Comparing and sending both
 * through one canonical form (a list of strings of at most 255 bytes) is what keeps quoting,
 * long-value splitting and escaping from making a record look new.
 */
const MAX_STRING_BYTES = 255;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The strings of a TXT content; null when it is not a sequence of quoted strings. */
function parseQuoted(content: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < content.length) {
    while (i < content.length && /\s/.test(content[i] ?? '')) i++;
    if (i >= content.length) break;
    if (content[i] !== '"') return null;
    i++;
    let s = '';
    let closed = false;
    while (i < content.length) {
      const c = content[i] ?? '';
      if (c === '\\') {
        const next = content.slice(i + 1, i + 4);
        if (/^\d{3}$/.test(next)) {
          s += String.fromCharCode(Number(next));
          i += 4;
        } else {
          s += content[i + 1] ?? '';
          i += 2;
        }
        continue;
      }
      if (c === '"') {
        closed = true;
        i++;
        break;
      }
      s += c;
      i++;
    }
    if (!closed) return null;
    out.push(s);
  }
  return out.length > 0 ? out : null;
}

/** Splits a string at 255-byte boundaries without cutting a UTF-8 character in two. */
function chunk(s: string): string[] {
  const bytes = encoder.encode(s);
  if (bytes.length <= MAX_STRING_BYTES) return [s];
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + MAX_STRING_BYTES, bytes.length);
    // back off continuation bytes (10xxxxxx) so a character stays whole
    while (end < bytes.length && end > start && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
    parts.push(decoder.decode(bytes.subarray(start, end)));
    start = end;
  }
  return parts;
}

/** Canonical TXT: the character-strings, each at most 255 bytes. */
export function txtStrings(content: string): string[] {
  const trimmed = content.trim();
  const quoted = trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2 ? parseQuoted(trimmed) : null;
  const strings = quoted ?? [content];
  return strings.flatMap(chunk);
}

/** Quoted presentation form, as the target stores it and as events show it. */
export function quoteTxt(strings: string[]): string {
  return strings.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(' ');
}
