import { cli53Routing } from './cli53';
import { cloudflareProxied } from './cloudflare-tags';
import { readDirective } from './directives';
import { lexZoneFile, type LexedLine, type Token } from './lexer';
import { absoluteName } from './owner-name';
import { settingRrsetTtls } from './rrset-ttl';
import type { ZoneEntries, ZoneEntry } from './schema';
import { addIssue, full, implicitTtl, newState, readClassAndTtl, type ReaderState } from './state';
import { typeName } from './type-names';

/** The first `$ORIGIN` of the text, when it is absolute: the origin of the lines before it when no zone is given. */
function leadingOrigin(text: string): string {
  const m = /^\$ORIGIN[ \t]+(\S+\.)(?:[ \t;]|$)/im.exec(text);
  if (!m?.[1]) return '';
  const r = absoluteName(m[1], '');
  return 'name' in r ? r.name : '';
}

/** The origin `named-compilezone` is given: the zone, canonical; '' when it cannot be a name. */
function zoneOrigin(zone: string): string {
  const r = absoluteName(zone.endsWith('.') ? zone : `${zone}.`, '');
  return 'name' in r ? r.name : '';
}

/**
 * Reads a zone file as BIND's master-file loader does, line by line, into entries (owner, TTL, type
 * and the RDATA as written), leaving the RDATA to the record-type registry. `zone` is the origin the
 * file starts with (named-compilezone's ORIGIN argument); without it, the text's first `$ORIGIN`.
 * A line that cannot be read is an issue naming it; nothing is dropped silently. It stops once it
 * has `limit` entries and issues and the file gives more (`stoppedAt`): a 37-byte `$GENERATE` must
 * not cost more than a caller may send.
 */
export function readZoneEntries(text: string, zone?: string, opts: { limit?: number } = {}): ZoneEntries {
  const steps = readingZoneEntries(text, zone, opts);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/**
 * The same reading, as a generator that yields now and then (every few thousand lines or tokens):
 * a point where a server reading a large file may give way to its other callers.
 */
export function* readingZoneEntries(text: string, zone?: string, opts: { limit?: number } = {}): Generator<void, ZoneEntries> {
  const state = newState(zone ? zoneOrigin(zone) : leadingOrigin(text), opts.limit);
  /** The entries `$GENERATE` wrote, as [from, to) ranges: BIND loads them apart from the lines around them. */
  const generated: Array<[number, number]> = [];
  for (const lexed of lexZoneFile(text)) {
    if (state.stoppedAt !== null) break;
    if (lexed === null) {
      yield;
      continue;
    }
    if (lexed.error !== null) {
      addIssue(state, lexed, lexed.error);
      if (!lexed.initialBlank) state.current = null;
      continue;
    }
    const first = lexed.tokens[0];
    if (first === undefined) continue;
    if (!lexed.initialBlank && !first.quoted && first.raw.startsWith('$')) {
      const from = state.entries.length;
      yield* readDirective(state, lexed);
      if (state.entries.length > from) generated.push([from, state.entries.length]);
    } else readRecord(state, lexed);
  }
  yield* settingRrsetTtls(state.entries, state.notes, generated);
  state.notes.sort((a, b) => a.line - b.line);
  return {
    origin: state.firstOrigin,
    entries: state.entries,
    issues: state.issues,
    notes: state.notes,
    ...(state.stoppedAt !== null ? { stoppedAt: state.stoppedAt } : {}),
  };
}

function readRecord(state: ReaderState, lexed: LexedLine): void {
  const { tokens } = lexed;
  let owner: string;
  let i = 0;
  if (lexed.initialBlank) {
    if (state.current === null) {
      addIssue(state, lexed, 'this line starts with a blank, so it continues the owner of the line before, and there is none');
      return;
    }
    owner = state.current;
  } else {
    const r = absoluteName(tokens[0]?.raw ?? '', state.origin);
    if ('error' in r) {
      state.current = null;
      addIssue(state, lexed, `the owner "${tokens[0]?.raw ?? ''}" is not a name: ${r.error}`);
      return;
    }
    owner = r.name;
    state.current = owner;
    state.currentOrigin = state.origin;
    i = 1;
  }

  const notes: string[] = [];
  if (lexed.initialBlank && state.currentOrigin !== state.origin) {
    notes.push(`this line continues the owner ${owner} written before $ORIGIN ${state.origin}, as BIND reads it`);
    state.currentOrigin = state.origin;
  }
  const head = readClassAndTtl(state, tokens, i, lexed.line, notes);
  if ('error' in head) {
    addIssue(state, lexed, head.error);
    return;
  }
  const typeToken = tokens[head.next];
  if (typeToken === undefined) {
    addIssue(state, lexed, 'no record type on this line');
    return;
  }
  const type = typeToken.quoted ? null : typeName(typeToken.raw);
  if (type === null) {
    const why = /^\d/.test(typeToken.raw)
      ? 'neither a TTL (e.g. 3600, 1h30m) nor a record type'
      : /^\[AGING:\d+\]$/i.test(typeToken.raw)
        ? "a Windows DNS Server aging stamp, which BIND does not read: remove it and the line reads as BIND's"
        : 'not a record type';
    addIssue(state, lexed, `"${typeToken.raw}" is ${why}`);
    return;
  }
  const from = head.next + 1;
  if (from >= tokens.length) {
    addIssue(state, lexed, `a ${type} record needs a value`);
    return;
  }
  const ttl = head.explicit ? state.ttl : implicitTtl(state, type, tokens, lexed.line, notes, from);
  // the RDATA tokens one space apart, without an array for them (a record has a handful)
  let rdata = (tokens[from] as Token).raw;
  for (let k = from + 1; k < tokens.length; k++) rdata += ` ${(tokens[k] as Token).raw}`;
  const proxied = lexed.comments.length > 0 ? cloudflareProxied(lexed.comments) : undefined;
  const routing = lexed.comments.length > 0 ? cli53Routing(lexed.comments) : undefined;
  if (full(state, lexed.line)) return;
  // one shape for every entry (the optional fields added after it), no object spread per line
  const entry: ZoneEntry = { line: lexed.line, owner, ttl, type, rdata, origin: state.origin, notes };
  if (proxied !== undefined) entry.proxied = proxied;
  if (routing !== undefined) entry.routing = routing;
  state.entries.push(entry);
}
