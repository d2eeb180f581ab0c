import {
  DnsRecordSchema,
  clashAtName,
  cnameClash,
  describeValue,
  isProxied,
  recordKey,
  resolveName,
  type Conflict,
  type DnsRecord,
  type MigrateMode,
  type RRsetChoice,
} from '@dnsferry/shared';
import { finished } from '../flow/fair-share';
import { canonicalize } from '../records/canonical';
import type { HeldRecord, TargetRules } from './ports';
import {
  RRsetChoices,
  bothRefusal,
  choiceSentence,
  contested,
  keptInTheWay,
  keptReason,
  losing,
  refusedBoth,
  unmatchedChoices,
} from './rrset-choices';

/** What the engine will do with one record the client (or the source) sent. */
export type PlanStep =
  | { index: number; action: 'create'; record: DnsRecord; note?: string; replaces?: DnsRecord[] }
  /** Mirror: the record is there, its TTL or proxy are set as the source says. */
  | { index: number; action: 'update'; record: DnsRecord; held: HeldRecord; after: DnsRecord; change: string }
  /**
   * `drift`: add mode left a TTL or proxy that differs from the source's as the target has it.
   * `kept`: the request keeps the target's RRset (`rrsets`: keep), so the source's record is left out.
   */
  | { index: number; action: 'skip'; record: DnsRecord; reason: string; exists: boolean; drift?: string; kept?: true }
  /** `clash`: add mode refused a record that would break what its name may hold. */
  | { index: number; action: 'fail'; record?: DnsRecord; type: string; name: string; reason: string; clash?: string };

/** A record of the target that mirror mode takes away, and why. */
export interface Removal {
  held: HeldRecord;
  reason: string;
}

export interface ZonePlan {
  /** One per record sent, in order. */
  steps: PlanStep[];
  removals: Removal[];
  /** Every RRset that will not answer exactly as the source says after the run. */
  conflicts: Array<{ conflict: Conflict; message: string }>;
  /** Records the target holds in RRsets the source does not have, and that stay. */
  targetOnly: number;
  /** How many of the target's records the plan removes or changes, of how many it holds. */
  churn: { changed: number; held: number };
  /** RRsets the request lists (`rrsets`) that neither the records nor the target have, as `name|TYPE`. */
  unmatched?: string[];
}

export interface PlanOptions {
  mode: MigrateMode;
  prune: boolean;
  /** What to do with particular RRsets (the zone's `rrsets`); the others follow `mode`. */
  choices?: readonly RRsetChoice[] | undefined;
  /** What the target holds, skips or refuses, and its TTLs (the Target port's `rules`). */
  rules: TargetRules;
  /**
   * The records are the record schema's own output (a zone file's, read by the registry): they are
   * not checked a second time, since the schema gives its output back unchanged.
   */
  checked?: boolean;
}

/** A record as it came in: checked here, one by one, so a bad value fails that record alone. */
export type IncomingRecord = { type: string; name: string } & Record<string, unknown>;

const rrset = (r: { name: string; type: string }) => `${r.name}|${r.type}`;

/**
 * Pure: source records + the target's records → one step per source record, in order, plus what
 * mirror removes and the RRsets that will not answer as the source says. Comparison is on the
 * canonical form (quoting, case, trailing dots, a TXT value split elsewhere never make a duplicate
 * look new). Planning again after a run yields no change (convergence).
 */
export function plan(
  zone: string,
  records: readonly (IncomingRecord | DnsRecord)[],
  existing: readonly HeldRecord[],
  opts: PlanOptions,
): ZonePlan {
  return finished(planning(zone, records, existing, opts));
}

/** Records planned between two points where the engine may give way to other callers. */
const STEP = 256;

/** The same plan, as a generator that yields every few hundred records: 100,000 take seconds. */
export function* planning(
  zone: string,
  records: readonly (IncomingRecord | DnsRecord)[],
  existing: readonly HeldRecord[],
  opts: PlanOptions,
): Generator<void, ZonePlan> {
  const mirror = opts.mode === 'mirror';
  const choices = new RRsetChoices(zone, opts.choices ?? [], opts.mode);
  const { rules } = opts;
  // What the target serves of its own accord (apex NS) is never compared, changed or removed.
  const held: HeldRecord[] = [];
  const heldByKey = new Map<string, HeldRecord>();
  for (let at = 0; at < existing.length; at++) {
    const h = existing[at] as HeldRecord;
    if (at % STEP === STEP - 1) yield;
    if (rules.isOwn(h.record)) continue;
    held.push(h);
    heldByKey.set(recordKey(h.record), h);
  }
  const atName = yield* grouping(held, (h) => h.record.name);

  // 1. each record checked on its own; RRsets where a record failed are never emptied by mirror
  const steps: PlanStep[] = [];
  // the records to compare with the target, and their places among those sent (two arrays, not an object each)
  const wanted: DnsRecord[] = [];
  const wantedAt: number[] = [];
  const guarded = new Set<string>();
  // The wanted records by name (their places in `wanted`): a name's string is hashed once and kept, where a
  // key string per record would be built and hashed for each of a hundred thousand. A name has one record
  // (a number) far more often than several (a list); two records are the same only at the same name.
  const byName = new Map<string, number | number[]>();
  // which wanted records share their name with another (a byte each, grown as `wanted` grows)
  let shared = new Uint8Array(Math.min(records.length, 1024));
  for (let index = 0; index < records.length; index++) {
    if (index % STEP === STEP - 1) yield;
    const incoming = records[index] as IncomingRecord | DnsRecord;
    const checked = opts.checked ? { success: true as const, data: incoming as DnsRecord } : DnsRecordSchema.safeParse(incoming);
    if (!checked.success) {
      const label = labelOf(incoming);
      const issue = checked.error.issues[0];
      const field =
        issue && issue.path.length > 0 && issue.path[0] !== 'content' && issue.path[0] !== 'type' ? `${issue.path.join('.')}: ` : '';
      guarded.add(rrset({ name: resolveName(label.name, zone) ?? label.name, type: label.type }));
      steps.push({ index, action: 'fail', ...label, reason: `${field}${issue?.message ?? 'not a valid record'}` });
      continue;
    }
    const record = canonicalize(checked.data, zone);
    if (record === null) {
      const label = labelOf(incoming);
      steps.push({ index, action: 'fail', record: checked.data, ...label, reason: `the name ${label.name} is outside the zone ${zone}` });
      continue;
    }
    const rule = rules.disposition(record);
    if (rule.action === 'skip') {
      steps.push({ index, action: 'skip', record, reason: `skipped: ${rule.reason}`, exists: false });
      continue;
    }
    if (rule.action === 'fail') {
      guarded.add(rrset(record));
      steps.push({ index, action: 'fail', record, ...labelOf(incoming), reason: rule.reason });
      continue;
    }
    if (choices.any && choices.chosen(rrset(record)) === 'keep') {
      steps.push({ index, action: 'skip', record, reason: keptReason(record), exists: false, kept: true });
      continue;
    }
    const there = byName.get(record.name);
    const earlier = there === undefined ? undefined : sameAs(record, there, wanted);
    if (earlier !== undefined) {
      const at = wantedAt[earlier] as number;
      steps.push({ index, action: 'skip', record, reason: `already exists (same as record ${at + 1} of this zone)`, exists: true });
      continue;
    }
    if (there === undefined) byName.set(record.name, wanted.length);
    else {
      if (wanted.length >= shared.length) {
        const grown = new Uint8Array(Math.min(records.length, 2 * wanted.length + 1));
        grown.set(shared);
        shared = grown;
      }
      shared[wanted.length] = 1;
      if (typeof there === 'number') {
        shared[there] = 1;
        byName.set(record.name, [there, wanted.length]);
      } else there.push(wanted.length);
    }
    wanted.push(record);
    wantedAt.push(index);
    steps.push(DECIDED_BELOW);
  }
  byName.clear();

  // 2. each wanted record against the target: there (as it is, or set right), new, or refused
  const willHold = new Map<string, DnsRecord[]>(); // add mode: what each name holds as the run goes on
  let names = 0;
  // Held records a replaced RRset loses are not among what their name will hold (only when RRsets are listed).
  const replaced = choices.any
    ? losing(
        wanted.map((record) => ({ record })),
        choices,
      )
    : null;
  for (const [name, list] of atName) {
    if (++names % STEP === 0) yield;
    willHold.set(
      name,
      (replaced ? list.filter((h) => !replaced(h)) : list).map((h) => h.record),
    );
  }
  for (let at = 0; at < wanted.length; at++) {
    if (at % STEP === STEP - 1) yield;
    const record = wanted[at] as DnsRecord;
    const index = wantedAt[at] as number;
    const there = heldByKey.size > 0 ? heldByKey.get(recordKey(record)) : undefined;
    // with no RRset listed, every one follows the mode (no key string per record to find that out)
    const replace = (choices.any ? choices.of(rrset(record)) : choices.of(null)) === 'replace';
    if (there) {
      const drift = driftOf(record, there.record, rules);
      if (drift.length === 0) steps[index] = { index, action: 'skip', record, reason: 'already exists', exists: true };
      else if (replace) {
        const after = settled(there.record, record, rules);
        steps[index] = { index, action: 'update', record: after, held: there, after, change: drift.map((d) => d.change).join(', ') };
      } else {
        const text = drift.map((d) => d.text).join(', ');
        const reason = `already exists, ${text} (left as it is; mirror mode sets it as the source says)`;
        steps[index] = { index, action: 'skip', record, reason, exists: true, drift: text };
      }
      continue;
    }
    if (!replace) {
      // the only record wanted at a name the target does not hold has nothing to clash with (nor does a later one)
      if (shared[at] !== 1 && (atName.size === 0 || !atName.has(record.name))) {
        steps[index] = created(index, record, rules);
        continue;
      }
      // a name's list grows in place (it is this map's own); a name seen first needs no check
      const holds = willHold.get(record.name);
      const clash = holds ? clashAtName(record, holds) : null;
      if (clash) {
        const reason = refusedBoth(clash, choices.chosen(rrset(record)) !== undefined);
        steps[index] = { index, action: 'fail', record, type: record.type, name: record.name, reason, clash };
        continue;
      }
      if (holds) holds.push(record);
      else willHold.set(record.name, [record]);
    } else if (choices.any) {
      const blocked = keptInTheWay(record, atName.get(record.name) ?? [], choices);
      if (blocked) {
        steps[index] = { index, action: 'fail', record, type: record.type, name: record.name, reason: blocked, clash: blocked };
        continue;
      }
      const holds = willHold.get(record.name);
      if (holds) holds.push(record);
      else willHold.set(record.name, [record]);
    }
    steps[index] = created(index, record, rules);
  }

  willHold.clear();

  // 3. mirror: what the source's RRsets no longer hold, what a CNAME displaces, and (prune) the rest
  // (nothing to look at when the target holds nothing: a new zone)
  const removals: Removal[] = [];
  let targetOnly = 0;
  const sourceSets = new Set<string>();
  const sourceKeys = new Set<string>();
  for (let at = 0; held.length > 0 && at < wanted.length; at++) {
    const w = wanted[at] as DnsRecord;
    if (at % STEP === STEP - 1) yield;
    sourceSets.add(rrset(w));
    sourceKeys.add(recordKey(w));
  }
  // Only what replaces its RRset displaces what cannot sit beside it (a record refused instead displaces nothing).
  const displacing =
    held.length === 0
      ? []
      : choices.any
        ? wanted.filter((w, at) => choices.of(rrset(w)) === 'replace' && steps[wantedAt[at] as number]?.action !== 'fail')
        : mirror
          ? wanted
          : [];
  const sourceTypesAt = yield* grouping(displacing, (w) => w.name);
  for (let at = 0; at < held.length; at++) {
    const h = held[at] as HeldRecord;
    if (at % STEP === STEP - 1) yield;
    const set = rrset(h.record);
    if (guarded.has(set) || sourceKeys.has(recordKey(h.record))) continue;
    const chosen = choices.chosen(set);
    if (chosen === 'keep') continue; // stays as it is: neither removed nor counted among what prune would take
    const types = new Set((sourceTypesAt.get(h.record.name) ?? []).map((w) => w.type));
    const displaced = [...types].some((t) => t !== h.record.type && cnameClash(h.record.name, t, h.record.type));
    if (sourceSets.has(set)) {
      if (choices.of(set) === 'replace') removals.push({ held: h, reason: `replaced by the source's ${h.record.type} ${h.record.name}` });
    } else if (displaced) {
      removals.push({
        held: h,
        reason: `the source's ${types.has('CNAME') ? 'CNAME' : 'records'} at ${h.record.name} cannot sit beside it`,
      });
    } else if (chosen === 'replace') {
      removals.push({ held: h, reason: `the request replaces ${h.record.name} ${h.record.type} with the source's, which has none` });
    } else if (mirror && opts.prune && chosen === undefined) {
      removals.push({ held: h, reason: 'not in the source' });
    } else {
      targetOnly++;
    }
  }
  yield* attachReplacements(steps, removals);

  let changed = removals.length;
  for (let at = 0; at < steps.length; at++) {
    const s = steps[at] as PlanStep;
    if (at % STEP === STEP - 1) yield;
    if (s.action === 'update') changed++;
  }
  const conflicts = yield* conflictsOf(steps, held, removals, choices, atName, rules);
  const unmatched = choices.any ? unmatchedChoices(choices, steps, held) : [];
  return { steps, removals, conflicts, targetOnly, churn: { changed, held: held.length }, ...(unmatched.length ? { unmatched } : {}) };
}

/** A create, with the TTL the target will hold (a proxied record's is automatic), so undo data and convergence agree with it. */
function created(index: number, record: DnsRecord, rules: TargetRules): PlanStep {
  const ttl = rules.heldTtl(record);
  if (ttl === record.ttl) return { index, action: 'create', record };
  if (isProxied(record)) return { index, action: 'create', record: { ...record, ttl } };
  const note = `TTL ${record.ttl} → ${ttl}, the target's ${ttl < record.ttl ? 'maximum' : 'minimum'}`;
  return { index, action: 'create', record: { ...record, ttl }, note };
}

/** The place in `wanted` of the earlier record at the same name that is the same as `record` (`at`: those places), if any. */
function sameAs(record: DnsRecord, at: number | number[], wanted: readonly DnsRecord[]): number | undefined {
  const key = recordKey(record);
  if (typeof at === 'number') return recordKey(wanted[at] as DnsRecord) === key ? at : undefined;
  return at.find((a) => recordKey(wanted[a] as DnsRecord) === key);
}

/** The first new record of each RRset names what it replaces there (and what a CNAME displaces at its name). */
function* attachReplacements(steps: PlanStep[], removals: Removal[]): Generator<void> {
  if (removals.length === 0) return;
  const byName = yield* grouping(removals, (r) => r.held.record.name);
  const told = new Set<string>();
  for (let at = 0; at < steps.length; at++) {
    const s = steps[at] as PlanStep;
    if (at % STEP === STEP - 1) yield;
    if (s.action !== 'create' || told.has(s.record.name + '|' + s.record.type)) continue;
    const replaced = (byName.get(s.record.name) ?? []).filter(
      (r) => r.held.record.type === s.record.type || cnameClash(s.record.name, s.record.type, r.held.record.type),
    );
    if (replaced.length === 0) continue;
    told.add(s.record.name + '|' + s.record.type);
    s.replaces = replaced.map((r) => r.held.record);
  }
}

interface Drift {
  /** For a skip: `proxied at the target, DNS only in the source`. */
  text: string;
  /** For an update: `proxied → DNS only`. */
  change: string;
}

const driftText = (source: DnsRecord, there: DnsRecord, rules: TargetRules) =>
  driftOf(source, there, rules)
    .map((d) => d.text)
    .join(', ');

function driftOf(source: DnsRecord, there: DnsRecord, rules: TargetRules): Drift[] {
  const drift: Drift[] = [];
  const wantProxy = isProxied(source);
  if (wantProxy !== isProxied(there)) {
    const mode = (on: boolean) => (on ? 'proxied' : 'DNS only');
    drift.push({
      text: `${mode(!wantProxy)} at the target, ${mode(wantProxy)} in the source`,
      change: `${mode(!wantProxy)} → ${mode(wantProxy)}`,
    });
  }
  if (!rules.sameTtl(source, there)) {
    drift.push({
      text: `TTL ${there.ttl} at the target, ${source.ttl} in the source`,
      change: `TTL ${there.ttl} → ${rules.ttl(source.ttl)}`,
    });
  }
  return drift;
}

/** The held record with the source's TTL and proxy (a proxied record's TTL is the target's automatic one). */
function settled(there: DnsRecord, source: DnsRecord, rules: TargetRules): DnsRecord {
  const proxied = isProxied(source);
  const { proxied: _, ...rest } = there as DnsRecord & { proxied?: boolean };
  return { ...rest, ttl: rules.heldTtl(source), ...(proxied ? { proxied: true } : {}) };
}

const shown = (r: DnsRecord) => describeValue(r);

type SourceStep = Exclude<PlanStep, { action: 'fail' }> | (Extract<PlanStep, { action: 'fail' }> & { record: DnsRecord });

/** A step that stands for a record the source wants the target to hold. */
const inSource = (s: PlanStep): s is SourceStep =>
  s.action === 'create' ||
  s.action === 'update' ||
  (s.action === 'skip' && (s.exists || s.kept === true)) ||
  (s.action === 'fail' && s.clash !== undefined);

/** A step that adds its record, or skips it as the same as one the source sent earlier. */
const plainlyNew = (s: SourceStep) => s.action === 'create' || (s.action === 'skip' && s.drift === undefined && s.kept !== true);

/**
 * Each RRset the source has that will not answer as it says after the run: the target's other
 * records stay beside it, a TTL or proxy stays as the target has it, or a record is refused.
 */
function* conflictsOf(
  steps: PlanStep[],
  held: HeldRecord[],
  removals: Removal[],
  choices: RRsetChoices,
  atName: ReadonlyMap<string, HeldRecord[]>,
  rules: TargetRules,
): Generator<void, ZonePlan['conflicts']> {
  const removed = new Set(removals.map((r) => r.held.id));
  yield;
  if (held.length === 0 && !choices.any) {
    // every RRset takes the shortcut below unless a step refuses, drifts or keeps: a new zone is not grouped at all
    let plain = true;
    for (let at = 0; at < steps.length; at++) {
      const s = steps[at] as PlanStep;
      if (at % STEP === STEP - 1) yield;
      if (inSource(s) && !plainlyNew(s)) {
        plain = false;
        break;
      }
    }
    if (plain) return [];
  }
  const heldSets = yield* grouping(held, (h) => rrset(h.record));
  const wanted = yield* grouping(steps.filter(inSource), (s) => rrset(s.record));
  const removedAt = choices.any ? yield* grouping(removals, (r) => r.held.record.name) : new Map<string, Removal[]>();
  const out: ZonePlan['conflicts'] = [];
  let at = 0;
  for (const [set, list] of wanted) {
    if (++at % STEP === 0) yield;
    // An RRset the target does not hold, that nothing refuses, drifts or keeps and the request does not
    // name answers as the source says: no conflict. Most RRsets of a new zone; nothing below is built for them.
    if (!heldSets.has(set) && list.every(plainlyNew) && choices.chosen(set) === undefined) continue;
    const source = [...new Map(list.map((s) => [recordKey(s.record), s.record])).values()];
    const sourceKeys = new Set(source.map(recordKey));
    const target = (heldSets.get(set) ?? []).map((h) => h.record);
    const after = [
      ...(heldSets.get(set) ?? []).filter((h) => !removed.has(h.id)).map((h) => h.record),
      ...list.flatMap((s) => (s.action === 'create' ? [s.record] : [])),
    ];
    const extras = after.filter((r) => !sourceKeys.has(recordKey(r)));
    const parts: string[] = [];
    for (const s of list) if (s.action === 'fail') parts.push(`the source's ${shown(s.record)} is not added: ${s.clash ?? s.reason}`);
    if (extras.length > 0) {
      const all = after.length === 2 ? 'both answer' : after.length > 2 ? `all ${after.length} answer` : 'it answers';
      parts.push(`the target also holds ${extras.map(shown).join(', ')}; after this run ${all}`);
    }
    const drifted = list.filter((s) => s.action === 'skip' && s.drift !== undefined);
    for (const s of drifted) if (s.action === 'skip') parts.push(`${shown(s.record)} is ${s.drift}, and stays so`);
    const { name, type } = source[0] as DnsRecord;
    const chosen = choices.chosen(set);
    const kept = list.filter((s) => s.action === 'skip' && s.kept === true).map((s) => s.record);
    const heldKept = kept.length ? (atName.get(name) ?? []) : [];
    const drift = [
      ...list.flatMap((s) => (s.action === 'skip' && s.drift ? [{ record: s.record, text: s.drift }] : [])),
      ...list.flatMap((s) => (s.action === 'update' ? [{ record: s.record, text: driftText(s.record, s.held.record, rules) }] : [])),
      ...kept.flatMap((r) => {
        const there = heldKept.find((h) => recordKey(h.record) === recordKey(r));
        return there && driftOf(r, there.record, rules).length ? [{ record: r, text: driftText(r, there.record, rules) }] : [];
      }),
    ].map((d) => `${shown(d.record)}: ${d.text}`);
    const listed =
      chosen !== undefined && contested({ name, type, source, target, removals: removedAt.get(name) ?? [] }, kept, drift.length > 0);
    if (parts.length === 0 && !listed) continue;
    const conflict = { name, type, source: source.map(shown), target: target.map(shown), after: after.map(shown) };
    let message: string;
    if (chosen === undefined) {
      const fix = drifted.length === parts.length ? 'sets it as the source says' : 'replaces it';
      message = `${name} ${type}: ${parts.join('; ')} — mirror mode ${fix}`;
    } else {
      const sameRecords = target.length === source.length && target.every((r) => sourceKeys.has(recordKey(r)));
      message = choiceSentence(chosen, conflict, { parts, refused: list.some((s) => s.action === 'fail'), sameRecords });
    }
    const refusal = bothRefusal(source, atName.get(name) ?? []);
    const more = { action: choices.of(set), ...(refusal ? { bothRefused: refusal } : {}), ...(drift.length ? { drift } : {}) };
    out.push({ conflict: { ...conflict, ...more }, message });
  }
  return out;
}

/** What a failed step names: the record as sent, bounded. */
function labelOf(incoming: IncomingRecord | DnsRecord): { type: string; name: string } {
  return { type: String(incoming.type).slice(0, 20), name: String(incoming.name).slice(0, 300) };
}

/** The step of a record that goes on to step 2, which always replaces it (one object for all of them). */
const DECIDED_BELOW: PlanStep = Object.freeze({
  index: -1,
  action: 'skip',
  record: Object.freeze({}) as DnsRecord,
  reason: '',
  exists: true,
});

/** The items by key, yielding every few hundred. */
function* grouping<T>(items: readonly T[], key: (t: T) => string): Generator<void, Map<string, T[]>> {
  const map = new Map<string, T[]>();
  for (let at = 0; at < items.length; at++) {
    const it = items[at] as T;
    if (at % STEP === STEP - 1) yield;
    const k = key(it);
    const list = map.get(k);
    if (list) list.push(it);
    else map.set(k, [it]);
  }
  return map;
}
