import {
  describeValue,
  isProxied,
  plural,
  recordKey,
  sameState,
  undoSteps,
  type DnsRecord,
  type MigrateEvent,
  type UndoData,
  type ZoneResult,
} from '@dnsferry/shared';
import type { HeldRecord, Target, TargetZone } from './ports';
import { applySets, emptySet, emptyUndo, type PlannedSet } from './apply';
import { reportWhile } from '../flow/report-while';
import { paced, sliced, type Slice } from '../flow/fair-share';
import { ZoneTally } from './zone-tally';

export interface UndoInput {
  zones: Array<{ name: string; undo: UndoData }>;
  dryRun: boolean;
  /** Delete a zone the run created once nothing but what the target manages is left in it. */
  deleteZone: boolean;
}

/**
 * Puts each zone back as it was before the run that gave its undo data: records the run created are
 * removed, records it removed are created again, records it updated are set back — each only while it
 * is still as the run left it (a later edit is never overwritten: it is a skip that says so). The same
 * events as a migration; per zone, created + updated + removed + skipped + failed = the undo's steps.
 */
export async function* undo(input: UndoInput, deps: UndoDeps, { signal }: { signal: AbortSignal }): AsyncGenerator<MigrateEvent> {
  const results: Array<ZoneResult & { zone: string }> = [];
  for (const entry of input.zones) {
    if (signal.aborted) return;
    const counts = yield* paced(undoZone(entry.undo, input, deps, signal), deps.slice);
    results.push({ zone: entry.name, ...counts });
  }
  if (signal.aborted) return;
  yield { type: 'done', results };
}

export interface UndoDeps {
  target: Target;
  /** The caller's share of the event loop: planning and streaming give way to other callers. */
  slice?: Slice;
}

async function* undoZone(sent: UndoData, input: UndoInput, deps: UndoDeps, signal: AbortSignal): AsyncGenerator<MigrateEvent, ZoneResult> {
  const { target } = deps;
  const zone = sent.zone;
  const tally = new ZoneTally(zone);
  const { data, repeated } = distinct(sent);
  tally.total = undoSteps(data);
  const info = (message: string): MigrateEvent => ({ type: 'info', zone, message });
  const written = emptyUndo();
  let nameServers: string[] = [];
  try {
    yield {
      type: 'status',
      zone,
      message: input.dryRun ? `Planning the undo of ${zone} (dry run: nothing will be written)` : `Undoing the run on ${zone}`,
    };
    if (repeated > 0)
      yield info(`The undo data lists ${repeated} ${repeated === 1 ? 'entry' : 'entries'} more than once; each counts once`);
    const found = yield* reportWhile((report) => target.findOrCreateZone(zone, { signal, dryRun: true, report }), info);
    if (!found || found.id !== data.zoneId) {
      const why = found
        ? `${zone} at the target is another zone now (id ${found.id}, the run wrote to ${data.zoneId})`
        : `${zone} is no longer at the target`;
      yield { type: 'error', zone, message: `Nothing undone: ${why}` };
      yield* tally.failRest(() => ({ type: '?', name: '?' }), 'not undone: the zone is not the one the run wrote to');
      yield { type: 'zone-complete', zone, result: { ...tally.counts, nameServers } };
      return tally.counts;
    }
    nameServers = found.nameServers;
    yield { type: 'success', zone, zoneId: found.id, message: `Zone found at the target (id ${found.id})` };
    const held = yield* reportWhile((report) => target.listRecords(found, { signal, report }), info);
    const planned = await sliced(undoPlan(data, held, tally), deps.slice);
    for (const e of planned.events) yield e;
    yield* applySets(found, planned.sets, { tally, target, signal, dryRun: input.dryRun, undo: written });
    if (signal.aborted) return tally.counts;
    if (data.zoneCreated) yield* maybeDeleteZone(found, data, input, target, signal, info);
  } catch (err) {
    if (signal.aborted) return tally.counts;
    yield { type: 'error', zone, message: `Undo failed: ${err instanceof Error ? err.message : String(err)}` };
    yield* tally.failRest(() => ({ type: '?', name: '?' }), 'not undone: the zone failed');
  }
  const wrote = written.created.length + written.removed.length + written.updated.length > 0;
  const redo = !input.dryRun && wrote ? { undo: { version: 1 as const, zone, zoneId: data.zoneId, zoneCreated: false, ...written } } : {};
  yield { type: 'zone-complete', zone, result: { ...tally.counts, nameServers, ...redo } };
  return tally.counts;
}

/**
 * Each step of the undo against what the target holds now: the change sets to write (every change
 * at one name in one set, so a replaced RRset comes back whole) and the skips of what changed since.
 */
function* undoPlan(data: UndoData, held: HeldRecord[], tally: ZoneTally): Generator<void, { sets: PlannedSet[]; events: MigrateEvent[] }> {
  const heldById = new Map<string, HeldRecord>();
  const byId = new Map<string, DnsRecord>();
  const keys = new Set<string>();
  for (let at = 0; at < held.length; at++) {
    const h = held[at] as HeldRecord;
    if (at % STEP === STEP - 1) yield;
    heldById.set(h.id, h);
    byId.set(h.id, h.record);
    keys.add(recordKey(h.record));
  }
  const events: MigrateEvent[] = [];
  const atName = new Map<string, PlannedSet>();
  const setAt = (name: string): PlannedSet => {
    let p = atName.get(name);
    if (!p) {
      p = emptySet();
      atName.set(name, p);
    }
    return p;
  };
  let i = 0;
  for (const c of data.created) {
    const index = i++;
    if (index % STEP === STEP - 1) yield;
    const now = heldById.get(c.id);
    const notRuns = now && c.createdOn !== undefined && now.createdOn !== c.createdOn;
    if (!now) events.push(tally.skipped(index, c.record, 'already gone from the target'));
    else if (c.createdOn === undefined)
      events.push(
        tally.skipped(
          index,
          c.record,
          'the undo data does not say when the target created it, so nothing shows the run did; left as it is',
        ),
      );
    else if (notRuns)
      events.push(
        tally.skipped(
          index,
          c.record,
          `not the record the run created: the target created ${c.id} ${now.createdOn ? `at ${now.createdOn}` : 'at another time'}, the run's at ${c.createdOn}; left as it is`,
        ),
      );
    else if (!sameState(now.record, c.record))
      events.push(tally.skipped(index, c.record, `changed at the target since the run (now ${stateText(now.record)}); left as it is`));
    else {
      const p = setAt(c.record.name);
      p.set.deletes.push({ id: c.id, record: now.record });
      p.deleteLines.push({ index, note: 'the run created it' });
    }
  }
  for (const r of data.removed) {
    const index = i++;
    if (index % STEP === STEP - 1) yield;
    if (keys.has(recordKey(r.record))) events.push(tally.skipped(index, r.record, 'already back at the target; left as it is'));
    else {
      const p = setAt(r.record.name);
      p.set.creates.push(r.record);
      p.createLines.push({ index, note: ' (restored: the run removed it)' });
    }
  }
  for (const u of data.updated) {
    const index = i++;
    if (index % STEP === STEP - 1) yield;
    const now = byId.get(u.id);
    if (!now) events.push(tally.skipped(index, u.before, 'no longer at the target'));
    else if (sameState(now, u.before)) events.push(tally.skipped(index, u.before, 'already as before the run'));
    else if (!sameState(now, u.after))
      events.push(tally.skipped(index, u.before, `changed at the target since the run (now ${stateText(now)}); left as it is`));
    else {
      const p = setAt(u.before.name);
      p.set.updates.push({ id: u.id, before: now, after: u.before });
      p.updateLines.push({ index, note: `${settings(now)} → ${settings(u.before)}` });
    }
  }
  return { sets: [...atName.values()], events };
}

/** Steps planned between two points where the undo may give way to other callers. */
const STEP = 256;

/**
 * The undo data with every entry once: a record created or updated once (by id), a removed record
 * restored once (by what it is). A piece kept twice, or a file edited by hand, must not count a step twice.
 */
function distinct(data: UndoData): { data: UndoData; repeated: number } {
  const once = <T>(list: T[], key: (x: T) => string): T[] => {
    const seen = new Set<string>();
    return list.filter((x) => {
      const k = key(x);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };
  const created = once(data.created, (c) => c.id);
  const removed = once(data.removed, (r) => recordKey(r.record));
  const updated = once(data.updated, (u) => u.id);
  const repeated = undoSteps(data) - (created.length + removed.length + updated.length);
  return { data: { ...data, created, removed, updated }, repeated };
}

const settings = (r: DnsRecord) => `TTL ${r.ttl}, ${isProxied(r) ? 'proxied' : 'DNS only'}`;
const stateText = (r: DnsRecord) => `${describeValue(r)}, ${settings(r)}`;

async function* maybeDeleteZone(
  zone: TargetZone,
  data: UndoData,
  input: UndoInput,
  target: Target,
  signal: AbortSignal,
  info: (message: string) => MigrateEvent,
): AsyncGenerator<MigrateEvent> {
  // The zone the run created is the one the target created at the time the run saw: not one made before it, nor since.
  if (data.zoneCreatedOn === undefined) {
    yield info(`The undo data does not say when the target created ${zone.name}, so nothing shows the run did; the zone stays`);
    return;
  }
  if (zone.createdOn !== data.zoneCreatedOn) {
    const when = zone.createdOn ? `at ${zone.createdOn}` : 'at another time';
    yield info(`${zone.name} is not the zone the run created: the target created it ${when}, the run's at ${data.zoneCreatedOn}; it stays`);
    return;
  }
  if (!input.deleteZone) {
    yield info(
      `The run created ${zone.name}; it stays (an undo that also deletes the zones the run created removes it, once it holds nothing else)`,
    );
    return;
  }
  const left = input.dryRun ? [] : yield* reportWhile((report) => target.listRecords(zone, { signal, report }), info);
  if (left.length > 0) {
    yield info(`${zone.name} still holds ${plural(left.length, 'record')} the run did not write; the zone stays`);
    return;
  }
  if (input.dryRun) {
    yield info(`The run created ${zone.name}; it would be deleted once its records are undone, if nothing else is left in it`);
    return;
  }
  await target.deleteZone(zone, { signal });
  yield info(`Zone ${zone.name} deleted (the run had created it)`);
}
