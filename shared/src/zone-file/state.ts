import type { LexedLine, Token } from './lexer';
import type { LineIssue, ZoneEntry, ZoneNote } from './schema';
import { MAX_TTL, parseTtl } from './ttl';

/** What the reader carries from one line to the next, named after BIND's load context (master.c). */
export interface ReaderState {
  /** The `$ORIGIN` in force, canonical, no trailing dot. */
  origin: string;
  firstOrigin: string | null;
  /** The owner an owner-less line continues; null when none (or the last one could not be read). */
  current: string | null;
  /** The origin in force when `current` was written: BIND warns when an owner-less line crosses a `$ORIGIN`. */
  currentOrigin: string;
  /** `lctx->ttl`: the TTL of the last record or `$TTL`, which a record without its own takes when no `$TTL` was seen. */
  ttl: number;
  ttlKnown: boolean;
  /** `$TTL`, or the SOA's minimum when the SOA comes first without TTL and no `$TTL`. */
  defaultTtl: number;
  defaultKnown: boolean;
  /** The default comes from the SOA's minimum, a rule worth a note on each record it reaches. */
  defaultFromSoa: boolean;
  /** The once-per-file notes already given. */
  noted: Set<string>;
  generated: number;
  /** The most entries (records, generated ones too) and issues the reader gives before it stops. */
  limit: number;
  /** The line where it stopped because the file gives more than `limit`; null when it read the whole file. */
  stoppedAt: number | null;
  /** Entries read so far: each is handed to `take` as it is read, and not kept here. */
  read: number;
  /**
   * Takes each entry as it is read, in file order; `generated`: `$GENERATE` wrote it. `fields` from
   * `from` on are its RDATA as the lexer read it (null when it was made otherwise).
   */
  take: (entry: ZoneEntry, generated: boolean, fields: readonly Token[] | null, from: number) => void;
  issues: LineIssue[];
  notes: ZoneNote[];
}

export function newState(origin: string, take: ReaderState['take'], limit = Infinity): ReaderState {
  return {
    limit,
    stoppedAt: null,
    read: 0,
    take,
    origin,
    firstOrigin: null,
    current: null,
    currentOrigin: origin,
    ttl: 0,
    ttlKnown: false,
    defaultTtl: 0,
    defaultKnown: false,
    defaultFromSoa: false,
    noted: new Set(),
    generated: 0,
    issues: [],
    notes: [],
  };
}

/** An entry read (within the limit, which the caller checked with `full`), handed over, with its RDATA's fields when the lexer read them. */
export function addEntry(state: ReaderState, entry: ZoneEntry, generated: boolean, fields: readonly Token[] | null = null, from = 0): void {
  state.read++;
  state.take(entry, generated, fields, from);
}

/** An issue, within the limit: each becomes a failed line for the caller, as costly as a record. */
export function addIssue(state: ReaderState, at: LexedLine, message: string): void {
  if (full(state, at.line)) return;
  state.issues.push({ line: at.line, text: at.text.trim().slice(0, 200), message });
}

/** A note for the whole file, once per kind (BIND too warns once, where the rule first applies). */
export function noteOnce(state: ReaderState, kind: string, line: number, message: string): void {
  if (state.noted.has(kind)) return;
  state.noted.add(kind);
  state.notes.push({ line, message });
}

/** When nothing gives a TTL, BIND refuses the whole zone; dnsferry reads on with the popup's default. */
export const FALLBACK_TTL = 3600;

const CLASSES = /^(?:IN|CH|CHAOS|HS|HESIOD|NONE|ANY|CLASS\d{1,5})$/i;
/** Whether a class can start with this letter (I, C, H, N, A in any case): a TTL or a type mostly cannot, and skips the expression. */
const CLASS_START = new Set([0x49, 0x43, 0x48, 0x4e, 0x41, 0x69, 0x63, 0x68, 0x6e, 0x61]);
const isClass = (t: Token | undefined) => t !== undefined && !t.quoted && CLASS_START.has(t.raw.charCodeAt(0)) && CLASSES.test(t.raw);
const isIn = (raw: string) => raw === 'IN' || /^(?:IN|CLASS0*1)$/i.test(raw);

/**
 * Reads the optional class and TTL before the type, in either order (`[class] [ttl] [class] type`),
 * as BIND does. Sets the TTL state for an explicit TTL; returns the index of the type token.
 */
export function readClassAndTtl(
  state: ReaderState,
  tokens: Token[],
  from: number,
  line: number,
  notes: string[],
): { next: number; explicit: boolean } | { error: string } {
  let i = from;
  let cls: string | null = null;
  if (isClass(tokens[i])) cls = tokens[i++]?.raw ?? null;
  let explicit = false;
  const t = tokens[i];
  const ttl = t && !t.quoted ? parseTtl(t.raw) : null;
  if (ttl !== null) {
    state.ttl = limitTtl(state, ttl, line, notes);
    state.ttlKnown = true;
    explicit = true;
    i++;
  }
  if (cls === null && isClass(tokens[i])) cls = tokens[i++]?.raw ?? null;
  if (cls !== null && !isIn(cls)) return { error: `class ${cls.toUpperCase()}: only Internet (IN) records are carried` };
  return { next: i, explicit };
}

/** BIND reads a TTL above 2^31-1 as 0 (RFC 2181 §8), with a warning. */
export function limitTtl(state: ReaderState, ttl: number, line: number, notes: string[]): number {
  if (ttl <= MAX_TTL) return ttl;
  const message = `the TTL ${ttl} is above ${MAX_TTL}; BIND reads it as 0`;
  notes.push(message);
  state.notes.push({ line, message });
  return 0;
}

/**
 * The TTL of a record written without one, as BIND's master.c decides it: `$TTL` when one was seen;
 * else, when no TTL at all came before, the SOA's minimum if this is the SOA (it then acts as `$TTL`);
 * else the TTL of the record before (RFC 1035). With nothing before, BIND refuses the zone. The RDATA
 * is `rdata` from index `from` on.
 */
export function implicitTtl(state: ReaderState, type: string, rdata: Token[], line: number, notes: string[], from = 0): number {
  if (!state.ttlKnown && !state.defaultKnown) {
    const minimum = type === 'SOA' && rdata.length - from === 7 && !rdata[from + 6]?.quoted ? parseTtl(rdata[from + 6]?.raw ?? '') : null;
    if (minimum !== null) {
      state.defaultTtl = limitTtl(state, minimum, line, notes);
      state.ttl = state.defaultTtl;
      state.defaultKnown = true;
      state.defaultFromSoa = true;
      notes.push(`no TTL and no $TTL before: the SOA's minimum (${state.defaultTtl}) is used, as BIND does`);
      noteOnce(state, 'soa', line, `no $TTL: records without a TTL take the SOA's minimum (${state.defaultTtl}), as BIND does`);
      return state.defaultTtl;
    }
    notes.push(`no TTL and none before: ${FALLBACK_TTL} is used (BIND would refuse the zone)`);
    noteOnce(state, 'none', line, `no TTL and no $TTL before line ${line}: BIND would refuse this zone; dnsferry uses ${FALLBACK_TTL}`);
    return FALLBACK_TTL;
  }
  if (state.defaultKnown) {
    state.ttl = state.defaultTtl;
    if (state.defaultFromSoa) notes.push(`no TTL and no $TTL: the SOA's minimum (${state.defaultTtl}) applies, as in BIND`);
    return state.ttl;
  }
  notes.push(`no TTL and no $TTL: the TTL before it (${state.ttl}) applies, as in BIND (RFC 1035)`);
  noteOnce(state, 'rfc1035', line, 'no $TTL: a record without a TTL takes the TTL of the record before it, as BIND does (RFC 1035)');
  return state.ttl;
}

/**
 * Whether the reader holds as many entries and issues as it may (noting, the first time, the line it
 * stops at): half a million `$GENERATE` lines past the generated maximum are half a million issues.
 */
export function full(state: ReaderState, line: number): boolean {
  if (state.read + state.issues.length < state.limit) return false;
  state.stoppedAt ??= line;
  return true;
}
