/**
 * JSON.parse, as a generator that yields every few hundred values and inside long strings, for
 * fair-share.ts to run in slices: a 16 MB body or a 100,000-record listing is otherwise one block of
 * a few hundred milliseconds. Each string, number and short flat object is still read by the engine's
 * own JSON.parse, so what is accepted, refused and produced is JSON.parse's.
 */

/** Values read, or quotes passed inside one string, between two points where the parser may give way. */
const STEP = 512;
/** Longer strings are decoded in pieces of about this many characters, giving way between them. */
const PIECE = 1 << 16;
/** An object without containers inside that fits in this many characters is handed to JSON.parse whole (a record: native speed). */
const FLAT = 4096;
/** No request of the contract nests deeper: a deeper body is refused before it costs memory. */
export const MAX_DEPTH = 64;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const SPACE = /[ \t\n\r]*/y;
/** An object holding only strings, numbers and literals: no bracket outside a string. */
const FLAT_OBJECT = /\{(?:[^{}[\]"]|"(?:[^"\\]|\\.)*")*\}/y;

type Frame = { array: unknown[] } | { object: Record<string, unknown>; key: string };

/** JSON.parse(text), as a generator that yields every few thousand values; a SyntaxError where it would throw one. */
export function* parsingJson(text: string): Generator<void, unknown> {
  let i = 0;
  const fail = (what: string): SyntaxError =>
    new SyntaxError(i >= text.length ? `Unexpected end of JSON input (${what})` : `Unexpected character at position ${i} (${what})`);
  const skip = () => {
    SPACE.lastIndex = i;
    SPACE.test(text);
    i = SPACE.lastIndex;
  };
  const stack: Frame[] = [];
  let steps = 0;
  let string: unknown = undefined;

  /** The string starting at i (a quote): its value in `string`, i past it; a generator, since one string may be 16 MB of escapes. */
  function* readString(): Generator<void, void> {
    let quotes = 0;
    for (let from = i + 1; ;) {
      const q = text.indexOf('"', from);
      if (q < 0) {
        i = text.length;
        throw fail('a string does not end');
      }
      let b = q - 1;
      while (text.charCodeAt(b) === 0x5c) b--;
      if ((q - 1 - b) % 2 === 0) {
        if (q - i <= PIECE) string = JSON.parse(text.slice(i, q + 1));
        else string = yield* inPieces(i + 1, q);
        i = q + 1;
        return;
      }
      from = q + 1;
      if (++quotes % STEP === 0) yield;
    }
  }
  /** A long string's content (from..to) decoded piece by piece, each cut before an escape it would split. */
  function* inPieces(from: number, to: number): Generator<void, string> {
    let out = '';
    for (let a = from; a < to;) {
      const b = a + PIECE >= to ? to : escapeStart(text, a + PIECE);
      out += JSON.parse(`"${text.slice(a, b)}"`) as string;
      a = b;
      yield;
    }
    return out;
  }
  function* readKey(): Generator<void, string> {
    skip();
    if (text.charCodeAt(i) !== 0x22) throw fail('a key is expected');
    yield* readString();
    skip();
    if (text.charCodeAt(i) !== 0x3a) throw fail('":" is expected');
    i++;
    return string as string;
  }

  skip();
  for (;;) {
    if (++steps % STEP === 0) yield;
    // a value starts at i: a container opens (and its first value is read next), or a value is read whole
    skip();
    let value: unknown;
    const c = text.charCodeAt(i);
    const flat = c === 0x7b ? flatObjectEnd(text, i) : -1;
    if (flat > 0) {
      value = JSON.parse(text.slice(i, flat));
      i = flat;
    } else if (c === 0x7b || c === 0x5b) {
      if (stack.length >= MAX_DEPTH) throw new SyntaxError(`the JSON nests deeper than ${MAX_DEPTH} levels`);
      i++;
      skip();
      const close = c === 0x7b ? 0x7d : 0x5d;
      if (text.charCodeAt(i) === close) {
        i++;
        value = c === 0x7b ? {} : [];
      } else {
        stack.push(c === 0x7b ? { object: {}, key: yield* readKey() } : { array: [] });
        continue;
      }
    } else if (c === 0x22) {
      yield* readString();
      value = string;
    } else if (text.startsWith('true', i)) {
      value = true;
      i += 4;
    } else if (text.startsWith('false', i)) {
      value = false;
      i += 5;
    } else if (text.startsWith('null', i)) {
      value = null;
      i += 4;
    } else {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) throw fail('a value is expected');
      value = Number(m[0]);
      i = NUMBER.lastIndex;
    }
    // a value is whole: it goes into its container, which may then close too
    for (;;) {
      const top = stack.at(-1);
      skip();
      if (!top) {
        if (i !== text.length) throw fail('nothing may follow the value');
        return value;
      }
      if ('array' in top) top.array.push(value);
      else if (top.key === '__proto__')
        Object.defineProperty(top.object, top.key, { value, writable: true, enumerable: true, configurable: true });
      else top.object[top.key] = value;
      const d = text.charCodeAt(i);
      if (d === 0x2c) {
        i++;
        if ('object' in top) top.key = yield* readKey();
        break;
      }
      if (d !== ('array' in top ? 0x5d : 0x7d)) throw fail('"," or the end of the container is expected');
      i++;
      stack.pop();
      value = 'array' in top ? top.array : top.object;
    }
  }
}

/** The end of a short object at `at` that holds no container, or -1. */
function flatObjectEnd(text: string, at: number): number {
  FLAT_OBJECT.lastIndex = 0;
  return FLAT_OBJECT.test(text.slice(at, at + FLAT)) ? at + FLAT_OBJECT.lastIndex : -1;
}

/**
 * Where to cut a string's content near `p` so that no escape is split: `p`, or the start of the
 * escape (`\\x`, `\\uXXXX`) that would run past it. Only the nearest backslash can start one.
 */
function escapeStart(text: string, p: number): number {
  let s = p - 1;
  while (s >= p - 5 && text.charCodeAt(s) !== 0x5c) s--;
  if (s < p - 5) return p;
  // in a run of backslashes, escapes start at its first, third, …
  let r = s;
  while (text.charCodeAt(r - 1) === 0x5c) r--;
  if ((s - r) % 2 === 1) return p;
  return s + (text.charCodeAt(s + 1) === 0x75 ? 6 : 2) > p ? s : p;
}
