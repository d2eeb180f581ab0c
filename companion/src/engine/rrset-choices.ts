import {
  clashAtName,
  cnameClash,
  describeValue,
  recordKey,
  rrsetKey,
  type DnsRecord,
  type MigrateMode,
  type RRsetAction,
  type RRsetChoice,
} from '@dnsferry/shared';
import type { HeldRecord } from './ports';

/**
 * The action of each RRset of one zone: what the request lists in `rrsets`, and the zone's mode for
 * the rest (add: `add`; mirror: `replace`). Keys are the plan's, `name|TYPE` with the name relative.
 */
export class RRsetChoices {
  private readonly listed = new Map<string, RRsetAction>();

  constructor(
    zone: string,
    choices: readonly RRsetChoice[],
    private readonly mode: MigrateMode,
  ) {
    for (const c of choices) {
      const key = rrsetKey(zone, c.name, c.type);
      if (key !== null) this.listed.set(key, c.action);
    }
  }

  /** Whether any RRset is listed: with none, the plan is the zone's mode alone. */
  get any(): boolean {
    return this.listed.size > 0;
  }

  /** The action the request lists for the RRset, if it lists one. */
  chosen(key: string): RRsetAction | undefined {
    return this.listed.get(key);
  }

  /** The action carried out for an RRset the source has (null: one the request does not list). */
  of(key: string | null): RRsetAction {
    return (key === null ? undefined : this.listed.get(key)) ?? (this.mode === 'mirror' ? 'replace' : 'add');
  }

  /** The listed RRsets, by key. */
  keys(): IterableIterator<string> {
    return this.listed.keys();
  }
}

/** Why the source's `record` is not added under `keep`: the target's RRset stays as it is. */
export function keptReason(record: DnsRecord): string {
  return `left out: the target's ${record.name} ${record.type} stays as it is (rrsets: keep)`;
}

/** The add-mode refusal's closing words: unlisted RRsets follow the mode, listed ones were chosen. */
export function refusedBoth(clash: string, listed: boolean): string {
  return listed
    ? `not added: ${clash}; keeping both cannot be carried out here: keep the target's or replace it`
    : `not added: ${clash}; mirror mode replaces what is there`;
}

/**
 * A replacing record that would displace what the request keeps at its name (a CNAME beside the
 * target's listed `keep` or `add` RRsets, or data beside a kept CNAME): why it cannot be added, or null.
 */
export function keptInTheWay(record: DnsRecord, atName: readonly HeldRecord[], choices: RRsetChoices): string | null {
  const inTheWay = atName.filter((h) => {
    if (h.record.type === record.type || !cnameClash(record.name, record.type, h.record.type)) return false;
    const chosen = choices.chosen(`${h.record.name}|${h.record.type}`);
    return chosen === 'keep' || chosen === 'add';
  });
  if (inTheWay.length === 0) return null;
  const types = [...new Set(inTheWay.map((h) => h.record.type))].join(', ');
  const rule =
    clashAtName(
      record,
      inTheWay.map((h) => h.record),
    ) ?? 'they cannot share the name';
  return `not added: the request keeps the target's ${types} at ${record.name}, and ${rule}`;
}

/**
 * Why keeping both ways cannot be carried out for the source's records of one RRset: each record the
 * target does not hold, added beside what the name holds now (and the RRset's earlier records), must
 * not break what the name may hold. Null when it can.
 */
export function bothRefusal(source: readonly DnsRecord[], atName: readonly HeldRecord[]): string | null {
  const heldKeys = new Set(atName.map((h) => recordKey(h.record)));
  const holds: DnsRecord[] = atName.map((h) => h.record);
  for (const r of source) {
    if (heldKeys.has(recordKey(r))) continue;
    const clash = clashAtName(r, holds);
    if (clash) return `${describeValue(r)}: ${clash}`;
    holds.push(r);
  }
  return null;
}

/**
 * Whether a held record goes because its RRset is replaced: the RRset is the source's (or listed) with
 * `replace`, and the record is not one of the source's.
 */
export function losing(wanted: ReadonlyArray<{ record: DnsRecord }>, choices: RRsetChoices): (h: HeldRecord) => boolean {
  const sets = new Set<string>();
  const keys = new Set<string>();
  for (const { record } of wanted) {
    sets.add(`${record.name}|${record.type}`);
    keys.add(recordKey(record));
  }
  return (h) => {
    const set = `${h.record.name}|${h.record.type}`;
    const replaced = sets.has(set) ? choices.of(set) === 'replace' : choices.chosen(set) === 'replace';
    return replaced && !keys.has(recordKey(h.record));
  };
}

/**
 * Whether a listed RRset is told as a conflict: the target held something other than the source's
 * records (other records, another TTL or proxy, what the source's record displaces at its name), or
 * the request keeps the source's records out.
 */
export function contested(
  set: {
    name: string;
    type: string;
    source: readonly DnsRecord[];
    target: readonly DnsRecord[];
    removals: ReadonlyArray<{ held: HeldRecord }>;
  },
  kept: readonly DnsRecord[],
  drifted: boolean,
): boolean {
  const targetKeys = new Set(set.target.map(recordKey));
  const sourceKeys = new Set(set.source.map(recordKey));
  return (
    drifted ||
    kept.some((r) => !targetKeys.has(recordKey(r))) ||
    (set.target.length > 0 && (set.target.length !== set.source.length || set.target.some((r) => !sourceKeys.has(recordKey(r))))) ||
    set.removals.some(
      (r) => r.held.record.name === set.name && r.held.record.type !== set.type && cnameClash(set.name, set.type, r.held.record.type),
    )
  );
}

/**
 * The sentence of a listed RRset that will not answer as the source says, or whose target records the
 * run replaces: what answers after the run, and that the request chose it. `parts` are the plan's notes
 * on it; `refused`: a record of it could not be added (keeping both would break a rule, or a kept RRset
 * is in the way); `sameRecords`: the target holds the source's records, only their TTL or proxy differ.
 */
export function choiceSentence(
  action: RRsetAction,
  set: { name: string; type: string; source: string[]; target: string[]; after: string[] },
  how: { parts: readonly string[]; refused: boolean; sameRecords: boolean },
): string {
  const head = `${set.name} ${set.type}`;
  const list = (values: readonly string[]) => (values.length ? values.join(', ') : 'nothing');
  const notes = how.parts.join('; ');
  switch (action) {
    case 'keep':
      return `${head}: the target's ${list(set.target)} stays as it is${how.sameRecords ? '' : ` and the source's ${list(set.source)} is not added`}, as the request chose (keep)`;
    case 'replace':
      if (how.refused) return `${head}: ${notes} — the request chose to replace it`;
      if (how.sameRecords) return `${head}: ${list(set.source)} takes the source's TTL and proxy, as the request chose (replace)`;
      return `${head}: the source's ${list(set.source)} replaces the target's ${list(set.target)}, as the request chose (replace)`;
    case 'add':
      if (how.refused) return `${head}: ${notes} — keeping both cannot be carried out here: keep the target's or replace it`;
      return `${head}: ${notes || `after this run ${list(set.after)} answer`} — both kept, as the request chose (add)`;
  }
}

/** The listed RRsets that no record sent (nor read) and nothing at the target has: a name or type mistyped, most likely. */
export function unmatchedChoices(
  choices: RRsetChoices,
  steps: ReadonlyArray<{ record?: DnsRecord | undefined }>,
  held: readonly HeldRecord[],
): string[] {
  const seen = new Set<string>();
  for (const s of steps) if (s.record) seen.add(`${s.record.name}|${s.record.type}`);
  for (const h of held) seen.add(`${h.record.name}|${h.record.type}`);
  return [...choices.keys()].filter((k) => !seen.has(k));
}
