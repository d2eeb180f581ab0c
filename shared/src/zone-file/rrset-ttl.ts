import { OwnerTable } from './owner-table';
import type { ZoneEntry, ZoneNote } from './schema';

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

/** An entry's RRset as the reader sees it: `ttl` is the TTL of every record of the set once the whole file is read. */
export interface RrsetTtl {
  readonly ttl: number;
}

/**
 * One TTL per RRset (RFC 2181 §5.2), given as BIND's loader gives it. BIND collects the lines of one
 * owner written one after another into a group: there a record whose TTL differs from the first of its
 * set takes the first, with a warning ("TTL set to prior TTL"). It adds the group to the zone when the
 * owner changes (a `$GENERATE` record at once, on its own), and a group added later gives its TTL to
 * the whole set, silently. Both are noted, naming the set and its TTLs. An RRSIG set is the signatures
 * of one covered type.
 *
 * The entries are taken one at a time as they are read (`add`), so a reader need not keep them: each
 * gets its RRset, whose TTL is final after `finish`. A set keeps no entry once its group is loaded.
 */
export class RrsetTtls {
  private readonly sets: SetIndex = { byOwner: new OwnerTable(), byKey: new Map() };
  /** The sets of the group being read: the first `grouped` of this list (kept, not emptied, from group to group). */
  private readonly inGroup: RrSet[] = [];
  private grouped = 0;
  private group = 0;
  private owner: string | null = null;
  private given = 0;
  private more: ZoneNote | null = null;

  constructor(private readonly notes: ZoneNote[]) {}

  /** The next entry in file order; `generated`: `$GENERATE` wrote it. */
  add(e: ZoneEntry, generated: boolean): RrsetTtl {
    const set = rrsetOf(this.sets, e);
    if (generated) {
      // loaded at once, on its own: the group of lines around it is loaded later
      const [groupTtl, groupFirst] = [set.groupTtl, set.groupFirst];
      set.groupTtl = e.ttl;
      set.groupFirst = e;
      this.load(set);
      [set.groupTtl, set.groupFirst] = [groupTtl, groupFirst];
      return set;
    }
    if (e.owner !== this.owner) {
      this.loadGroup();
      this.group++;
      this.owner = e.owner;
    }
    if (set.group !== this.group) {
      set.group = this.group;
      set.groupTtl = e.ttl;
      set.groupFirst = e;
      this.inGroup[this.grouped++] = set;
    } else if (e.ttl !== set.groupTtl)
      this.note(
        e,
        () =>
          `${setName(e)}: TTL ${e.ttl} differs from ${set.groupTtl}, the TTL of the set's first record (line ${set.groupFirst?.line ?? e.line}); BIND gives the whole set ${set.groupTtl} (RFC 2181 §5.2)`,
      );
    return set;
  }

  /** The file is read: the last group is loaded, and every set's TTL is final. */
  finish(): void {
    this.loadGroup();
    if (this.more) this.notes.push(this.more);
  }

  /** The group read so far is added to the zone, its sets in the order they came. */
  private loadGroup(): void {
    for (let i = 0; i < this.grouped; i++) this.load(this.inGroup[i] as RrSet);
    this.grouped = 0;
  }

  /** `message` is built only for the notes given line by line: a file of a million changed records builds none past them. */
  private note(e: ZoneEntry, message: () => string): void {
    if (this.given++ < MAX_NOTES) {
      const text = message();
      e.notes.push(text);
      this.notes.push({ line: e.line, message: text });
      return;
    }
    this.more ??= { line: e.line, message: '' };
    this.more.message = `${this.given - MAX_NOTES} more records from line ${this.more.line} on take the TTL of their RRset, as BIND gives it (RFC 2181 §5.2)`;
  }

  /** A group's set is added to the zone: it takes the TTL the group gives it. */
  private load(set: RrSet): void {
    const first = set.groupFirst as ZoneEntry;
    if (set.loaded && set.ttl !== set.groupTtl)
      this.note(
        first,
        () =>
          `${setName(first)}: TTL ${set.groupTtl} on line ${first.line}, ${set.ttl} on line ${set.line}; BIND loads line ${first.line} last, so the whole set takes ${set.groupTtl} (RFC 2181 §5.2)`,
      );
    set.ttl = set.groupTtl;
    set.line = first.line;
    set.loaded = true;
    // until its next group the set needs the line alone, not the entry
    set.groupFirst = null;
  }
}

/** RRsets of an owner found by walking its list; past them, by a key of owner and type. */
const CHAIN = 8;

/** Where the RRsets are found: each owner's first ones as a list, the rest of a crowded owner by key. */
interface SetIndex {
  byOwner: OwnerTable<RrSet>;
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
  } else if (last === null) index.byOwner.add(e.owner, set);
  else last.next = set;
  return set;
}

const setName = (e: ZoneEntry) => `the ${e.type} records of ${e.owner}`;
