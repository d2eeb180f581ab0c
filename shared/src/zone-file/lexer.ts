/**
 * The zone-file lexer, after BIND's (lib/isc/lex.c as lib/dns/master.c sets it up): blanks separate
 * tokens, `;` starts a comment, `"…"` is one token in which `;`, `(` and blanks are text, `\X` escapes
 * one character, and `(` … `)` lets one entry run over several lines.
 */

/** One token, exactly as written: escapes kept, and the quotes of a quoted string kept. */
export interface Token {
  raw: string;
  quoted: boolean;
}

/** One entry of the file: a line, or the lines a pair of parentheses joins. */
export interface LexedLine {
  /** 1-based number of the line the entry starts on. */
  line: number;
  /** The entry starts with a blank: it has no owner and continues the previous one. */
  initialBlank: boolean;
  tokens: Token[];
  /** The text of its `;` comments (without the `;`), where Cloudflare keeps its tags. */
  comments: string[];
  /** The lines as written, for messages. */
  text: string;
  /** Why BIND would refuse the entry's text, if it would. */
  error: string | null;
}

const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const QUOTE = 0x22;
const SEMI = 0x3b;
const OPEN = 0x28;
const CLOSE = 0x29;
const BACKSLASH = 0x5c;
const EQUALS = 0x3d;

const isBlank = (c: number) => c === SPACE || c === TAB || c === CR;

/**
 * Fields one entry may have: a record's data is at most 65,535 bytes on the wire, and every field
 * costs at least one (an empty TXT string, its length byte), so more cannot be a record BIND loads.
 * Past it the entry is an error and its fields are not kept: a 16 MB line of `""` must not become
 * millions of tokens.
 */
export const MAX_FIELDS = 65_535 + 8;
/** The longest field: 65,535 bytes of data as hex (two characters a byte) and then some. */
export const MAX_FIELD_CHARS = 262_144;
/** What of an entry's text is kept for its messages. */
const TEXT_KEPT = 2_000;

/** Reads a quoted string from `i` (on its opening quote); returns the index after the closing quote, or -1. */
function endOfQuoted(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === BACKSLASH) j++;
    else if (c === QUOTE) return j + 1;
  }
  return -1;
}

/** Lines and tokens read between two points where the reader may stop for a while… */
const PAUSE_EVERY = 4096;
/** …a long token counting as one per 2^this characters (a file of 200,000-character words is not one step). */
const CHARS_PER_WORK = 4;

/** Adds a token to an entry, within the bounds of what a record can be. */
function push(entry: LexedLine, token: Token): void {
  if (token.raw.length > MAX_FIELD_CHARS)
    entry.error ??= `a field of more than ${MAX_FIELD_CHARS} characters; a record's data is at most 65,535 bytes`;
  else if (entry.tokens.length < MAX_FIELDS) entry.tokens.push(token);
  else entry.error ??= `this entry has more than ${MAX_FIELDS} fields; a record's data is at most 65,535 bytes`;
}

/**
 * Splits a zone file into its entries, one at a time (a 100,000-line file is never held twice).
 * Blank and comment-only lines produce nothing. Between entries, and inside a long one, it yields
 * null now and then: a point where whoever reads may give way (a 16 MB line is read in pieces).
 */
export function* lexZoneFile(text: string): Generator<LexedLine | null> {
  let work = 0;
  let depth = 0;
  let current: LexedLine | null = null;
  // Lines are cut one at a time, not split all at once: a file of millions of short lines is never
  // held a second time as millions of strings.
  let n = 0;
  let lastEmpty = false;
  for (let pos = 0; pos <= text.length; n++) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl;
    const s = text.slice(pos, end);
    lastEmpty = s === '';
    pos = nl < 0 ? text.length + 1 : nl + 1;
    if (depth === 0 || current === null) {
      const first = s.charCodeAt(0);
      current = { line: n + 1, initialBlank: first === SPACE || first === TAB, tokens: [], comments: [], text: s, error: null };
    } else if (current.text.length < TEXT_KEPT) current.text += `\n${s}`;
    const entry: LexedLine = current;
    if (++work >= PAUSE_EVERY) {
      work = 0;
      yield null;
    }

    let i = 0;
    while (i < s.length) {
      if (++work >= PAUSE_EVERY) {
        work = 0;
        yield null;
      }
      const c = s.charCodeAt(i);
      if (isBlank(c)) {
        i++;
      } else if (c === SEMI) {
        entry.comments.push(s.slice(i + 1));
        break;
      } else if (c === OPEN) {
        depth++;
        i++;
      } else if (c === CLOSE) {
        if (depth === 0) entry.error ??= '")" without "(" before it';
        else depth--;
        i++;
      } else if (c === QUOTE) {
        const end = endOfQuoted(s, i);
        if (end < 0) {
          entry.error ??= 'a quoted string is not closed on its line';
          push(entry, { raw: `${s.slice(i)}"`, quoted: true });
          break;
        }
        push(entry, { raw: s.slice(i, end), quoted: true });
        work += (end - i) >> CHARS_PER_WORK;
        i = end;
      } else {
        // An unquoted token ends at a blank, a special character or a quote, except that
        // `key="value"` stays one token, as BIND reads SVCB parameters.
        const start = i;
        let closed = true;
        while (i < s.length) {
          const d = s.charCodeAt(i);
          if (d === BACKSLASH) {
            if (i + 1 >= s.length) entry.error ??= 'a "\\" ends the line';
            i += 2;
          } else if (d === QUOTE && s.charCodeAt(i - 1) === EQUALS && i - 1 >= start) {
            const end = endOfQuoted(s, i);
            if (end < 0) {
              closed = false;
              i = s.length;
            } else i = end;
          } else if (isBlank(d) || d === SEMI || d === OPEN || d === CLOSE || d === QUOTE) break;
          else i++;
        }
        if (!closed) entry.error ??= 'a quoted string is not closed on its line';
        push(entry, { raw: s.slice(start, Math.min(i, s.length)), quoted: false });
        work += (i - start) >> CHARS_PER_WORK;
      }
    }
    if (depth === 0 && (entry.tokens.length > 0 || entry.error !== null)) yield entry;
  }
  if (depth > 0 && current !== null) {
    // Everything after it was read into this one entry: say how far, so nothing is lost unseen.
    const last = n - (lastEmpty ? 1 : 0);
    current.error ??= `"(" is never closed: lines ${current.line}-${last} are read as one entry`;
    yield current;
  }
}
