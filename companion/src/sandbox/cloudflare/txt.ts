/**
 * TXT content as the live API treats it (dnscontrol parseCfTxtContent notes, lego#2521, octodns-cloudflare#134):
 * - content that starts with `"` is zone-file RDATA: one or more character-strings, quoted (with `\"`, `\\` and
 *   `\DDD` escapes) or bare, separated by blanks. It is stored as the list of strings and returned re-quoted,
 *   every string longer than 255 octets split into 255-octet pieces (`"…255…" "rest"`).
 * - any other content is stored and returned exactly as sent (the dashboard then warns about missing quotes).
 */

/** Parses quoted TXT RDATA into its strings (as byte arrays); null when the quoting is unbalanced. */
export function parseQuotedTxt(content: string): Buffer[] | null {
  const bytes = Buffer.from(content, 'utf8');
  const out: Buffer[] = [];
  let i = 0;
  const n = bytes.length;
  const isBlank = (c: number | undefined) => c === 0x20 || c === 0x09;
  while (i < n) {
    while (i < n && isBlank(bytes[i])) i++;
    if (i >= n) break;
    const cur: number[] = [];
    const quoted = bytes[i] === 0x22;
    if (quoted) i++;
    let closed = !quoted;
    while (i < n) {
      const c = bytes[i] as number;
      if (c === 0x5c) {
        // Backslash escape: \DDD (decimal octet) or \X (the character itself).
        const d = bytes.subarray(i + 1, i + 4).toString('latin1');
        if (/^\d{3}$/.test(d)) {
          const v = Number(d);
          if (v > 255) return null;
          cur.push(v);
          i += 4;
        } else if (i + 1 < n) {
          cur.push(bytes[i + 1] as number);
          i += 2;
        } else {
          return null;
        }
        continue;
      }
      if (quoted && c === 0x22) {
        closed = true;
        i++;
        break;
      }
      if (!quoted && (isBlank(c) || c === 0x22)) {
        if (c === 0x22) return null; // a quote inside a bare string: `"these" ones"`
        break;
      }
      cur.push(c);
      i++;
    }
    if (!closed) return null;
    // After a closing quote the next thing must be a blank or the end.
    if (quoted && i < n && !isBlank(bytes[i])) return null;
    out.push(Buffer.from(cur));
  }
  return out.length === 0 ? null : out;
}

function quoteString(b: Buffer): string {
  let s = '"';
  for (const c of b.toString('utf8')) {
    if (c === '"' || c === '\\') s += `\\${c}`;
    else s += c;
  }
  return `${s}"`;
}

/** Splits at 255 octets without cutting a UTF-8 sequence in half. */
function split255(b: Buffer): Buffer[] {
  if (b.length <= 255) return [b];
  const parts: Buffer[] = [];
  let start = 0;
  while (start < b.length) {
    let end = Math.min(start + 255, b.length);
    while (end < b.length && end > start && ((b[end] as number) & 0xc0) === 0x80) end--;
    parts.push(b.subarray(start, end));
    start = end;
  }
  return parts;
}

/** The content the API returns for stored quoted strings. */
export function formatQuotedTxt(strings: Buffer[]): string {
  return strings.flatMap(split255).map(quoteString).join(' ');
}
