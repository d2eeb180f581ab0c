/**
 * The zone-file lexer, after BIND's (lib/isc/lex.c as lib/dns/master.c sets it up): blanks separate
 * tokens, `;` starts a comment, `"…"` is one token in which `;`, `(` and blanks are text, `\X` escapes
 * one character, and `(` … `)` lets one entry run over several lines.
 */
import type { Token as RdataToken } from '../records/rdata';

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

/** The ASCII characters that end an unquoted word or need a closer look (1); one lookup for every other character of a word. */
const WORD_STOPS = new Uint8Array(0x80);
for (const c of [SPACE, TAB, CR, SEMI, OPEN, CLOSE, QUOTE, BACKSLASH]) WORD_STOPS[c] = 1;

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

/** Reads a quoted string from `i` (on its opening quote) up to `end`; returns the index after the closing quote, or -1. */
function endOfQuoted(s: string, i: number, end: number): number {
  for (let j = i + 1; j < end; j++) {
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

/** The lists an entry has none of (most have no comment): one frozen empty list for all of them. */
const NONE: never[] = Object.freeze([]) as unknown as never[];

/**
 * An entry as the lexer hands it over. Its text is cut from the file only when asked for (for a
 * message): the lines it spans, up to the line that brings it past TEXT_KEPT characters.
 */
class Entry implements LexedLine {
  line = 0;
  initialBlank = false;
  tokens: Token[] = NONE;
  comments: string[] = NONE;
  error: string | null = null;
  /** Where its first line starts and its last line read so far ends, in `source`. */
  from = 0;
  to = 0;

  constructor(private readonly source: string) {}

  get text(): string {
    let end = this.source.indexOf('\n', this.from);
    if (end < 0 || end > this.to) end = this.to;
    while (end < this.to && end - this.from < TEXT_KEPT) {
      const next = this.source.indexOf('\n', end + 1);
      end = next < 0 || next > this.to ? this.to : next;
    }
    return this.source.slice(this.from, end);
  }
}

/**
 * Splits a zone file into its entries, one at a time (a 100,000-line file is never held twice).
 * Blank and comment-only lines produce nothing. Between entries, and inside a long one, it yields
 * null now and then: a point where whoever reads may give way (a 16 MB line is read in pieces).
 * With `reuse`, the caller is done with an entry and its tokens before it asks for the next, and
 * they are the same objects each time (with new values): a 100,000-line file is then not 100,000
 * entries and half a million tokens for the garbage collector.
 */
export function* lexZoneFile(text: string, reuse = false): Generator<LexedLine | null> {
  let work = 0;
  let depth = 0;
  let current: Entry | null = null;
  const kept = reuse ? new Entry(text) : null;
  // The tokens of the entry being read are gathered here and copied out whole when it is done, so
  // each entry's list is of its own size (a list grown by push reserves room for 16).
  const tokens: Token[] = [];
  let count = 0;
  const push = (entry: LexedLine, raw: string, quoted: boolean): void => {
    if (raw.length > MAX_FIELD_CHARS)
      entry.error ??= `a field of more than ${MAX_FIELD_CHARS} characters; a record's data is at most 65,535 bytes`;
    else if (count < MAX_FIELDS) {
      const t = reuse ? tokens[count] : undefined;
      if (t === undefined) tokens[count] = { raw, quoted };
      else {
        t.raw = raw;
        t.quoted = quoted;
      }
      count++;
    } else entry.error ??= `this entry has more than ${MAX_FIELDS} fields; a record's data is at most 65,535 bytes`;
  };
  const done = (entry: LexedLine): LexedLine => {
    entry.tokens = count === 0 ? NONE : tokens.slice(0, count);
    return entry;
  };
  // Lines are cut one at a time, not split all at once: a file of millions of short lines is never
  // held a second time as millions of strings. The characters are read from the text itself, by
  // index (a line's own string is only kept for messages).
  let n = 0;
  let lastEmpty = false;
  for (let pos = 0; pos <= text.length; n++) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl;
    const from = pos;
    lastEmpty = end === from;
    pos = nl < 0 ? text.length + 1 : nl + 1;
    if (depth === 0 || current === null) {
      const first = from < end ? text.charCodeAt(from) : 0;
      current = kept ?? new Entry(text);
      current.line = n + 1;
      current.initialBlank = first === SPACE || first === TAB;
      current.tokens = NONE;
      current.comments = NONE;
      current.error = null;
      current.from = from;
      count = 0;
    }
    current.to = end;
    const entry: Entry = current;
    if (++work >= PAUSE_EVERY) {
      work = 0;
      yield null;
    }

    let i = from;
    while (i < end) {
      if (++work >= PAUSE_EVERY) {
        work = 0;
        yield null;
      }
      const c = text.charCodeAt(i);
      if (isBlank(c)) {
        i++;
      } else if (c === SEMI) {
        const comment = text.slice(i + 1, end);
        if (entry.comments === NONE) entry.comments = [comment];
        else entry.comments.push(comment);
        break;
      } else if (c === OPEN) {
        depth++;
        i++;
      } else if (c === CLOSE) {
        if (depth === 0) entry.error ??= '")" without "(" before it';
        else depth--;
        i++;
      } else if (c === QUOTE) {
        const close = endOfQuoted(text, i, end);
        if (close < 0) {
          entry.error ??= 'a quoted string is not closed on its line';
          push(entry, `${text.slice(i, end)}"`, true);
          break;
        }
        push(entry, text.slice(i, close), true);
        work += (close - i) >> CHARS_PER_WORK;
        i = close;
      } else {
        // An unquoted token ends at a blank, a special character or a quote, except that
        // `key="value"` stays one token, as BIND reads SVCB parameters.
        const start = i;
        let closed = true;
        while (i < end) {
          const d = text.charCodeAt(i);
          if (d >= 0x80 || WORD_STOPS[d] === 0) i++;
          else if (d === BACKSLASH) {
            if (i + 1 >= end) entry.error ??= 'a "\\" ends the line';
            i += 2;
          } else if (d === QUOTE && text.charCodeAt(i - 1) === EQUALS && i - 1 >= start) {
            const close = endOfQuoted(text, i, end);
            if (close < 0) {
              closed = false;
              i = end;
            } else i = close;
          } else break;
        }
        if (!closed) entry.error ??= 'a quoted string is not closed on its line';
        push(entry, text.slice(start, Math.min(i, end)), false);
        work += (i - start) >> CHARS_PER_WORK;
      }
    }
    if (depth === 0 && (count > 0 || entry.error !== null)) yield done(entry);
  }
  if (depth > 0 && current !== null) {
    // Everything after it was read into this one entry: say how far, so nothing is lost unseen.
    const last = n - (lastEmpty ? 1 : 0);
    current.error ??= `"(" is never closed: lines ${current.line}-${last} are read as one entry`;
    yield done(current);
  }
}

/**
 * The tokens from `from` on as the registry's `tokenize` splits them joined one blank apart (a quoted
 * string without its quotes), so a record's RDATA is not split twice; null when it would split them
 * otherwise: a `"` inside a word (`key="a b"`), or a character it reads as a blank and the lexer does
 * not (vertical tab, form feed, a non-ASCII space).
 */
export function rdataTokens(tokens: readonly Token[], from: number): RdataToken[] | null {
  const out: RdataToken[] = new Array<RdataToken>(tokens.length - from);
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.quoted) {
      out[k - from] = { raw: t.raw.slice(1, -1), quoted: true };
      continue;
    }
    const { raw } = t;
    for (let i = 0; i < raw.length; i++) {
      const c = raw.charCodeAt(i);
      if (c === QUOTE || c === 0x0b || c === 0x0c || (c >= 0x80 && /\s/.test(raw[i] as string))) return null;
      if (c === BACKSLASH) i++;
    }
    out[k - from] = t;
  }
  return out;
}
