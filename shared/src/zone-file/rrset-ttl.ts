import type { ZoneEntry, ZoneNote } from './schema';

/** Entries between two points where a server may give way to its other callers. */
const STEP = 8192;
/** Notes given line by line; past them one note counts the rest. */
const MAX_NOTES = 100;

/** One RRset: its TTL in the zone as loaded so far, and the group of lines it is in now. */
interface RrSet {
  type: string;
  /** An RRSIG set's covered type (upper case); '' for any other type. */
  covered: string;
  /** The owner's next RRset: an owner's sets are a short list, found without a key string per line. */
  next: RrSet | null;
  /** The TTL the zone holds for it once its groups so far are loaded; its records read it at the end. */
  ttl: number;
  /** The line that gave `ttl`. */
  line: number;
  loaded: boolean;
  /** The group it was last seen in, the TTL that group gives it and the group's first record of it. */
  group: number;
  groupTtl: number;
  groupFirst: ZoneEntry | null;
}

/**
 * One TTL per RRset (RFC 2181 §5.2), given as BIND's loader gives it. BIND collects the lines of one
 * owner written one after another into a group: there a record whose TTL differs from the first of its
 * set takes the first, with a warning ("TTL set to prior TTL"). It adds the group to the zone when the
 * owner changes (a `$GENERATE` record at once, on its own), and a group added later gives its TTL to
 * the whole set, silently. Both are noted, naming the set and its TTLs. An RRSIG set is the signatures
 * of one covered type. `generated` holds the [from, to) index ranges of the entries `$GENERATE` wrote.
 */
export function* settingRrsetTtls(entries: ZoneEntry[], notes: ZoneNote[], generated: Array<[number, number]>): Generator<void, void> {
  const sets: SetIndex = { byOwner: new Map(), byKey: new Map() };
  const setOf: RrSet[] = new Array<RrSet>(entries.length);
  let given = 0;
  let more: ZoneNote | null = null;
  /** `message` is built only for the notes given line by line: a file of a million changed records builds none past them. */
  const note = (e: ZoneEntry, message: () => string) => {
    if (given++ < MAX_NOTES) {
      const text = message();
      e.notes.push(text);
      notes.push({ line: e.line, message: text });
      return;
    }
    more ??= { line: e.line, message: '' };
    more.message = `${given - MAX_NOTES} more records from line ${more.line} on take the TTL of their RRset, as BIND gives it (RFC 2181 §5.2)`;
  };
  /** A group's sets are added to the zone: each takes the TTL the group gives it. */
  const load = (set: RrSet) => {
    const first = set.groupFirst as ZoneEntry;
    if (set.loaded && set.ttl !== set.groupTtl)
      note(
        first,
        () =>
          `${setName(first)}: TTL ${set.groupTtl} on line ${first.line}, ${set.ttl} on line ${set.line}; BIND loads line ${first.line} last, so the whole set takes ${set.groupTtl} (RFC 2181 §5.2)`,
      );
    set.ttl = set.groupTtl;
    set.line = first.line;
    set.loaded = true;
  };
  const inGroup: RrSet[] = [];
  let group = 0;
  let owner: string | null = null;
  let range = 0;
  for (let i = 0; i < entries.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const e = entries[i] as ZoneEntry;
    const set = rrsetOf(sets, e);
    setOf[i] = set;
    while (range < generated.length && (generated[range]?.[1] ?? 0) <= i) range++;
    if (range < generated.length && (generated[range]?.[0] ?? Infinity) <= i) {
      // loaded at once, on its own: the group of lines around it is loaded later
      const [groupTtl, groupFirst] = [set.groupTtl, set.groupFirst];
      set.groupTtl = e.ttl;
      set.groupFirst = e;
      load(set);
      [set.groupTtl, set.groupFirst] = [groupTtl, groupFirst];
      continue;
    }
    if (e.owner !== owner) {
      for (const s of inGroup) load(s);
      inGroup.length = 0;
      group++;
      owner = e.owner;
    }
    if (set.group !== group) {
      set.group = group;
      set.groupTtl = e.ttl;
      set.groupFirst = e;
      inGroup.push(set);
    } else if (e.ttl !== set.groupTtl)
      note(
        e,
        () =>
          `${setName(e)}: TTL ${e.ttl} differs from ${set.groupTtl}, the TTL of the set's first record (line ${set.groupFirst?.line ?? e.line}); BIND gives the whole set ${set.groupTtl} (RFC 2181 §5.2)`,
      );
  }
  for (const s of inGroup) load(s);
  if (more) notes.push(more);
  for (let i = 0; i < entries.length; i++) {
    if (i % STEP === STEP - 1) yield;
    (entries[i] as ZoneEntry).ttl = (setOf[i] as RrSet).ttl;
  }
}

/** RRsets of an owner found by walking its list; past them, by a key of owner and type. */
const CHAIN = 8;

/** Where the RRsets are found: each owner's first ones as a list, the rest of a crowded owner by key. */
interface SetIndex {
  byOwner: Map<string, RrSet>;
  byKey: Map<string, RrSet>;
}

/**
 * The RRset of an entry, made when it is the first of its set. Most owners have a few sets, found
 * without a key string per line; an owner of thousands of types (a file may write 65,535) costs a
 * map lookup each, not a walk.
 */
function rrsetOf(index: SetIndex, e: ZoneEntry): RrSet {
  // an RRSIG set is the signatures of one type: BIND keeps their TTLs apart (it keys them by the type covered)
  const covered = e.type === 'RRSIG' ? (e.rdata.split(' ', 1)[0] ?? '').toUpperCase() : '';
  let last: RrSet | null = null;
  let walked = 0;
  for (let s = index.byOwner.get(e.owner) ?? null; s !== null; s = s.next) {
    if (s.type === e.type && s.covered === covered) return s;
    last = s;
    walked++;
  }
  const set: RrSet = {
    type: e.type,
    covered,
    next: null,
    ttl: e.ttl,
    line: e.line,
    loaded: false,
    group: -1,
    groupTtl: e.ttl,
    groupFirst: null,
  };
  if (walked >= CHAIN) {
    const key = `${e.owner} ${e.type} ${covered}`;
    const found = index.byKey.get(key);
    if (found) return found;
    index.byKey.set(key, set);
  } else if (last === null) index.byOwner.set(e.owner, set);
  else last.next = set;
  return set;
}

const setName = (e: ZoneEntry) => `the ${e.type} records of ${e.owner}`;
