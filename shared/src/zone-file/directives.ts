import { expandTemplate, MAX_GENERATED, parseRange } from './generate';
import { lexZoneFile, type LexedLine, type Token } from './lexer';
import { absoluteName } from './owner-name';
import { addEntry, addIssue, full, implicitTtl, limitTtl, readClassAndTtl, type ReaderState } from './state';
import type { ZoneEntry } from './schema';
import { parseTtl } from './ttl';
import { typeName } from './type-names';

/** `$ORIGIN`, `$TTL`, `$INCLUDE`, `$GENERATE`: the directives BIND knows; any other is an issue. */
export function* readDirective(state: ReaderState, lexed: LexedLine): Generator<void, void> {
  const [first, arg, ...rest] = lexed.tokens;
  const directive = (first?.raw ?? '').toUpperCase();
  if (directive === '$GENERATE') {
    yield* generate(state, lexed);
    return;
  }
  if (directive === '$INCLUDE') {
    addIssue(state, lexed, `$INCLUDE: the file ${arg?.raw ?? ''} is not read from here; paste its records in its place`);
    return;
  }
  if (directive !== '$ORIGIN' && directive !== '$TTL') {
    addIssue(state, lexed, `${first?.raw ?? ''} is not a directive (BIND knows $ORIGIN, $TTL, $INCLUDE and $GENERATE)`);
    return;
  }
  if (arg === undefined || rest.length > 0) {
    addIssue(state, lexed, `${directive} takes one value`);
    return;
  }
  if (directive === '$ORIGIN') {
    // A relative $ORIGIN is relative to the origin in force, as in BIND.
    const r = absoluteName(arg.raw, state.origin);
    if ('error' in r) addIssue(state, lexed, `$ORIGIN ${arg.raw} is not a name: ${r.error}`);
    else {
      state.origin = r.name;
      state.firstOrigin ??= r.name;
    }
    return;
  }
  const ttl = parseTtl(arg.raw);
  if (ttl === null) {
    addIssue(state, lexed, `$TTL ${arg.raw} is not a TTL (e.g. 3600, 1h30m, 2d, 1w)`);
    return;
  }
  state.ttl = limitTtl(state, ttl, lexed.line, []);
  state.defaultTtl = state.ttl;
  state.defaultKnown = true;
  state.defaultFromSoa = false;
}

/** BIND's `$GENERATE range lhs [class] [ttl] [class] type rhs`: `rhs` is one token, quoted when it has blanks. */
/** Yields every few thousand records it makes: a point where the reader may give way. */
function* generate(state: ReaderState, lexed: LexedLine): Generator<void, void> {
  const [, rangeToken, lhs] = lexed.tokens;
  if (rangeToken === undefined || lhs === undefined) {
    addIssue(state, lexed, '$GENERATE is written "$GENERATE start-stop owner [ttl] [class] type rdata"');
    return;
  }
  const range = parseRange(rangeToken.raw);
  if (typeof range === 'string') {
    addIssue(state, lexed, range);
    return;
  }
  const notes: string[] = [];
  const head = readClassAndTtl(state, lexed.tokens, 3, lexed.line, notes);
  if ('error' in head) {
    addIssue(state, lexed, head.error);
    return;
  }
  const typeToken = lexed.tokens[head.next];
  const rhs = lexed.tokens[head.next + 1];
  const type = typeToken && !typeToken.quoted ? typeName(typeToken.raw) : null;
  if (type === null || rhs === undefined) {
    addIssue(state, lexed, '$GENERATE needs a record type and its rdata (quoted when it has blanks: "10 mail$")');
    return;
  }
  if (lexed.tokens.length > head.next + 2) {
    addIssue(state, lexed, '$GENERATE takes its rdata as one token: quote it when it has blanks ("10 mail$")');
    return;
  }
  // as for a record line, except that a generated SOA never sets the default
  const ttl = head.explicit ? state.ttl : implicitTtl(state, type, [], lexed.line, notes);
  const template = rhs.quoted ? unquote(rhs.raw) : rhs.raw;
  for (let it = range.start; it <= range.stop; it += range.step) {
    if ((state.generated & 1023) === 1023) yield;
    if (++state.generated > MAX_GENERATED) {
      addIssue(state, lexed, `$GENERATE stops at ${MAX_GENERATED} records per file`);
      return;
    }
    const owner = expandTemplate(lhs.raw, it);
    const rdata = expandTemplate(template, it);
    if ('error' in owner || 'error' in rdata) {
      addIssue(state, lexed, 'error' in owner ? owner.error : 'error' in rdata ? rdata.error : '');
      return;
    }
    const name = absoluteName(owner.text, state.origin);
    if ('error' in name) {
      addIssue(state, lexed, `$GENERATE: the owner "${owner.text}" is not a name: ${name.error}`);
      return;
    }
    const tokens = rdataTokens(rdata.text);
    if (tokens === null) {
      addIssue(state, lexed, `$GENERATE: "${rdata.text}" cannot be read as rdata`);
      return;
    }
    if (full(state, lexed.line)) return;
    const entry: ZoneEntry = {
      line: lexed.line,
      owner: name.name,
      ttl,
      type,
      rdata: tokens.map((t) => t.raw).join(' '),
      origin: state.origin,
      notes: [...notes],
    };
    addEntry(state, entry, true);
  }
}

/** The generated rdata, read by the same lexer as a line of its own. */
function rdataTokens(text: string): Token[] | null {
  const lines = [...lexZoneFile(` ${text}`)].filter((l) => l !== null);
  const only = lines[0];
  if (lines.length !== 1 || only === undefined || only.error !== null) return null;
  return only.tokens;
}

/** A quoted token as BIND's lexer hands it over: without its quotes, `\"` as `"`, other escapes kept. */
function unquote(raw: string): string {
  let out = '';
  for (let i = 1; i < raw.length - 1; i++) {
    if (raw[i] === '\\' && i + 1 < raw.length - 1) {
      out += raw[i + 1] === '"' ? '"' : raw.slice(i, i + 2);
      i++;
    } else out += raw[i];
  }
  return out;
}
