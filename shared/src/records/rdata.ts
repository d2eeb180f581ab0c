import { isHostname, toAsciiHostname } from '../names';

/**
 * RDATA in presentation form (RFC 1035 §5.1), as a zone file or the `content` field writes it, split
 * into tokens. A token keeps its escapes as written (`\059`, `\"`), so each type decides whether a
 * token is a name, a number or a character-string; `quoted` says whether it stood in quotes.
 */
export interface Token {
  raw: string;
  quoted: boolean;
}

export class RdataError extends Error {}

/** `\s` as the regular expression reads it; ASCII (nearly all RDATA) without the regular expression. */
function isSpace(c: number): boolean {
  if (c < 0x80) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return /\s/.test(String.fromCharCode(c));
}

/**
 * Splits presentation RDATA into tokens; quotes may also open mid-token (`alpn="h2,h3"`). Each token
 * is a slice of the text as written (escapes kept), found by index, not built character by character.
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 0x22) {
      const start = ++i;
      while (i < n && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c ? 2 : 1;
      if (i >= n) throw new RdataError('a quoted string is not closed');
      out.push({ raw: text.slice(start, i), quoted: true });
      i++;
      continue;
    }
    const start = i;
    while (i < n) {
      const ch = text.charCodeAt(i);
      if (isSpace(ch)) break;
      if (ch === 0x5c) i += 2;
      else if (ch === 0x22) {
        // key="value" inside one token (SVCB parameters): keep the quotes, take the blanks inside
        const end = text.indexOf('"', i + 1);
        if (end < 0) throw new RdataError('a quoted string is not closed');
        i = end + 1;
      } else i++;
    }
    out.push({ raw: text.slice(start, i), quoted: false });
  }
  return out;
}

const encoder = new TextEncoder();

/** The bytes a token stands for: `\DDD` is one byte, `\X` is X, everything else its UTF-8 bytes. */
export function tokenBytes(raw: string): Uint8Array {
  // Most RDATA is plain ASCII without escapes: one byte per character, no encoder needed.
  const plain = new Uint8Array(raw.length);
  let ascii = 0;
  for (; ascii < raw.length; ascii++) {
    const c = raw.charCodeAt(ascii);
    if (c > 0x7f || c === 0x5c) break;
    plain[ascii] = c;
  }
  if (ascii === raw.length) return plain;
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] ?? '';
    if (c === '\\') {
      const ddd = raw.slice(i + 1, i + 4);
      if (/^\d{3}$/.test(ddd)) {
        const n = Number(ddd);
        if (n > 255) throw new RdataError(`\\${ddd} is not a byte (000-255)`);
        out.push(n);
        i += 3;
        continue;
      }
      const next = raw.codePointAt(i + 1);
      if (next === undefined) throw new RdataError('a backslash ends the text');
      const ch = String.fromCodePoint(next);
      out.push(...encoder.encode(ch));
      i += ch.length;
      continue;
    }
    const cp = raw.codePointAt(i) ?? 0;
    if (cp < 0x80) {
      out.push(cp);
      continue;
    }
    const ch = String.fromCodePoint(cp);
    out.push(...encoder.encode(ch));
    i += ch.length - 1;
  }
  return Uint8Array.from(out);
}

/** Reads the tokens of one record's RDATA in order, with messages that name what was expected. */
export class RdataReader {
  private i = 0;
  constructor(
    readonly tokens: readonly Token[],
    /** The origin relative names are completed with (a zone file's `$ORIGIN`); null: names are absolute. */
    readonly origin: string | null,
    /** The RDATA as written, when the tokens were read from it: a value written as its own canonical form is taken as it is. */
    readonly text?: string,
  ) {}

  get done(): boolean {
    return this.i >= this.tokens.length;
  }

  next(what: string): Token {
    const t = this.tokens[this.i++];
    if (!t) throw new RdataError(`${what} is missing`);
    return t;
  }

  /** Everything left, for fields that may contain blanks (hex, base64). */
  rest(what: string): Token[] {
    if (this.done) throw new RdataError(`${what} is missing`);
    const r = this.tokens.slice(this.i);
    this.i = this.tokens.length;
    return r;
  }

  remaining(): Token[] {
    const r = this.tokens.slice(this.i);
    this.i = this.tokens.length;
    return r;
  }

  end(type: string): void {
    if (!this.done) throw new RdataError(`unexpected "${this.tokens[this.i]?.raw ?? ''}" after the ${type} value`);
  }

  int(what: string, max: number): number {
    const t = this.next(what).raw;
    if (!/^\d+$/.test(t) || Number(t) > max)
      throw new RdataError(`${what} must be a whole number from 0 to ${max}, not "${t.slice(0, 40)}"`);
    return Number(t);
  }

  /** A number or one of the mnemonics of `names` (DNSSEC algorithms, CERT types). */
  intOrMnemonic(what: string, max: number, names: Record<string, number>): number {
    const t = this.next(what).raw;
    const m = names[t.toUpperCase()];
    if (m !== undefined) return m;
    if (!/^\d+$/.test(t) || Number(t) > max) throw new RdataError(`${what} must be a number from 0 to ${max}, not "${t.slice(0, 40)}"`);
    return Number(t);
  }

  /** A domain name: made absolute against the origin, ASCII, lower case, no trailing dot (`.` is the root). */
  name(what: string): string {
    return absoluteName(this.next(what).raw, this.origin, what);
  }

  /** A character-string (quoted or not), as bytes. */
  bytes(what: string): Uint8Array {
    return tokenBytes(this.next(what).raw);
  }

  hex(what: string, allowEmpty = false): string {
    const tokens = this.done && allowEmpty ? [] : this.rest(what);
    const hex = tokens.map((t) => t.raw).join('');
    if (allowEmpty && (hex === '' || hex === '-')) return '';
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new RdataError(`${what} must be hexadecimal digits, in pairs`);
    return hex.toUpperCase();
  }

  base64(what: string): string {
    const b64 = this.rest(what)
      .map((t) => t.raw)
      .join('');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) throw new RdataError(`${what} must be base64`);
    return b64;
  }
}

const LOWER_ASCII = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/;

export function absoluteName(raw: string, origin: string | null, what = 'a name'): string {
  if (raw === '.') return '.';
  let name: string;
  if (raw === '@') {
    if (origin === null) throw new RdataError(`${what}: @ needs an origin`);
    name = origin;
  } else if (raw.endsWith('.') && !raw.endsWith('\\.')) name = raw.slice(0, -1);
  else name = origin === null || origin === '' ? raw : `${raw}.${origin}`;
  // lower-case ASCII labels are already what toAsciiHostname would make of them
  const ascii = LOWER_ASCII.test(name) ? name : /\\/.test(name) ? null : toAsciiHostname(name);
  if (ascii === null || !isHostname(ascii)) throw new RdataError(`"${raw.slice(0, 80)}" is not a valid host name (${what})`);
  return ascii;
}
