import { cli53Routing } from './cli53';
import { cloudflareProxied } from './cloudflare-tags';
import { readDirective } from './directives';
import { lexZoneFile, type LexedLine, type Token } from './lexer';
import { absoluteName } from './owner-name';
import { RrsetTtls, type RrsetTtl } from './rrset-ttl';
import type { ZoneEntries, ZoneEntry, ZoneNote } from './schema';
import { addEntry, addIssue, full, implicitTtl, newState, readClassAndTtl, type ReaderState } from './state';
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
  const entries: ZoneEntry[] = [];
  const sets: RrsetTtl[] = [];
  const read = yield* readingZone(text, zone, opts, (entry, set) => {
    entries.push(entry);
    sets.push(set);
  });
  for (let i = 0; i < entries.length; i++) {
    if (i % TTL_STEP === TTL_STEP - 1) yield;
    (entries[i] as ZoneEntry).ttl = (sets[i] as RrsetTtl).ttl;
  }
  return {
    origin: read.origin,
    entries,
    issues: read.issues,
    notes: read.notes,
    ...(read.stoppedAt !== undefined ? { stoppedAt: read.stoppedAt } : {}),
  };
}

/** Entries given their RRset's TTL between two points where a server may give way. */
const TTL_STEP = 8192;

/** What reading a file gives besides its entries. */
export type ZoneRead = Omit<ZoneEntries, 'entries'>;

/** What `take` of `readingZone` reports as done for an entry, besides reading it: work of that many characters. */
export type EntryWork = number;

/** Work (characters, or lines and tokens) between two points where the reading yields. */
const WORK_PER_STEP = 32_768;

/**
 * The reading itself: each entry is handed to `take` as it is read, in file order, with its RRset,
 * whose TTL is the entry's once the reading has returned (entries are not kept here: a caller that
 * turns each into a record holds the records alone), and the fields of its line, its RDATA from
 * `from` on (null for a `$GENERATE` record). `take` says how much work it did with the
 * entry, so a caller's own work counts towards the points where the reading yields.
 */
export function* readingZone(
  text: string,
  zone: string | undefined,
  opts: { limit?: number },
  take: (entry: ZoneEntry, set: RrsetTtl, fields: readonly Token[] | null, from: number) => EntryWork | void,
): Generator<void, ZoneRead> {
  const notes: ZoneNote[] = [];
  const ttls = new RrsetTtls(notes);
  let work = 0;
  const state = newState(
    zone ? zoneOrigin(zone) : leadingOrigin(text),
    (entry, generated, fields, from) => {
      work += take(entry, ttls.add(entry, generated), fields, from) ?? 0;
    },
    opts.limit,
  );
  state.notes = notes;
  // each entry is done with before the next is read: the lexer may hand over the same objects
  for (const lexed of lexZoneFile(text, true)) {
    if (state.stoppedAt !== null) break;
    if (lexed === null || work >= WORK_PER_STEP) {
      work = 0;
      yield;
      if (lexed === null) continue;
    }
    if (lexed.error !== null) {
      addIssue(state, lexed, lexed.error);
      if (!lexed.initialBlank) state.current = null;
      continue;
    }
    const first = lexed.tokens[0];
    if (first === undefined) continue;
    if (!lexed.initialBlank && !first.quoted && first.raw.startsWith('$')) yield* readDirective(state, lexed);
    else readRecord(state, lexed);
  }
  ttls.finish();
  state.notes.sort((a, b) => a.line - b.line);
  return {
    origin: state.firstOrigin,
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
  const rdata = joined(tokens, from);
  const proxied = lexed.comments.length > 0 ? cloudflareProxied(lexed.comments) : undefined;
  const routing = lexed.comments.length > 0 ? cli53Routing(lexed.comments) : undefined;
  if (full(state, lexed.line)) return;
  const { line } = lexed;
  const { origin } = state;
  // no object spread for the lines without tags (nearly all); the fields in the same order either way
  const entry: ZoneEntry =
    proxied === undefined && routing === undefined
      ? { line, owner, ttl, type, rdata, origin, notes }
      : {
          line,
          owner,
          ttl,
          type,
          rdata,
          origin,
          ...(proxied === undefined ? {} : { proxied }),
          ...(routing === undefined ? {} : { routing }),
          notes,
        };
  addEntry(state, entry, false, tokens, from);
}

/** Tokens from `from` on, one space apart: a handful joined as they are, a long list (20,000 strings) through one array. */
function joined(tokens: Token[], from: number): string {
  if (tokens.length - from > 4)
    return tokens
      .slice(from)
      .map((t) => t.raw)
      .join(' ');
  let out = (tokens[from] as Token).raw;
  for (let k = from + 1; k < tokens.length; k++) out += ` ${(tokens[k] as Token).raw}`;
  return out;
}
