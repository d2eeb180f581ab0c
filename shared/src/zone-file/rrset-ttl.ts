import type { ZoneEntry, ZoneNote } from './schema';

/** Entries between two points where a server may give way to its other callers. */
const STEP = 8192;
/** Notes given line by line; past them one note counts the rest (each entry still carries its own). */
const MAX_NOTES = 100;

/** Records of one owner that BIND's loader hands to its database together, with the TTL each set takes there. */
interface Group {
  owner: string | null;
  sets: Map<string, { ttl: number; first: ZoneEntry; members: ZoneEntry[] }>;
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
  /** Each set's TTL in the zone so far, the line that gave it, and its records. */
  const zone = new Map<string, { ttl: number; line: number; members: ZoneEntry[] }>();
  let given = 0;
  let more: ZoneNote | null = null;
  const note = (e: ZoneEntry, message: string) => {
    e.notes.push(message);
    if (given++ < MAX_NOTES) {
      notes.push({ line: e.line, message });
      return;
    }
    more ??= { line: e.line, message: '' };
    more.message = `${given - MAX_NOTES} more records from line ${more.line} on take the TTL of their RRset, as BIND gives it (RFC 2181 §5.2)`;
  };
  const add = (group: Group) => {
    for (const [key, set] of group.sets) {
      const held = zone.get(key);
      if (held === undefined) {
        zone.set(key, { ttl: set.ttl, line: set.first.line, members: set.members });
        continue;
      }
      if (held.ttl !== set.ttl) {
        const message = `${setName(set.first)}: TTL ${set.ttl} on line ${set.first.line}, ${held.ttl} on line ${held.line}; BIND loads line ${set.first.line} last, so the whole set takes ${set.ttl} (RFC 2181 §5.2)`;
        note(set.first, message);
        for (const m of held.members) {
          m.ttl = set.ttl;
          m.notes.push(message);
        }
      }
      held.ttl = set.ttl;
      held.line = set.first.line;
      for (const m of set.members) held.members.push(m); // a loop: a set may hold more records than a call takes arguments
    }
  };
  let pending: Group = { owner: null, sets: new Map() };
  let range = 0;
  for (let i = 0; i < entries.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const e = entries[i] as ZoneEntry;
    while (range < generated.length && (generated[range]?.[1] ?? 0) <= i) range++;
    const isGenerated = range < generated.length && (generated[range]?.[0] ?? Infinity) <= i;
    if (isGenerated) {
      add({ owner: e.owner, sets: new Map([[setKey(e), { ttl: e.ttl, first: e, members: [e] }]]) });
      continue;
    }
    if (e.owner !== pending.owner) {
      add(pending);
      pending = { owner: e.owner, sets: new Map() };
    }
    const key = setKey(e);
    const set = pending.sets.get(key);
    if (set === undefined) {
      pending.sets.set(key, { ttl: e.ttl, first: e, members: [e] });
      continue;
    }
    if (e.ttl !== set.ttl) {
      note(
        e,
        `${setName(e)}: TTL ${e.ttl} differs from ${set.ttl}, the TTL of the set's first record (line ${set.first.line}); BIND gives the whole set ${set.ttl} (RFC 2181 §5.2)`,
      );
      e.ttl = set.ttl;
    }
    set.members.push(e);
  }
  add(pending);
  if (more) notes.push(more);
}

function setKey(e: ZoneEntry): string {
  // an RRSIG set is the signatures of one type: BIND keeps their TTLs apart (it keys them by the type covered)
  const covered = e.type === 'RRSIG' ? ` ${(e.rdata.split(' ', 1)[0] ?? '').toUpperCase()}` : '';
  return `${e.owner} ${e.type}${covered}`;
}

const setName = (e: ZoneEntry) => `the ${e.type} records of ${e.owner}`;
