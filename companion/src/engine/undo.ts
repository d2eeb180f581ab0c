import {
  describeValue,
  isProxied,
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

async function* undoZone(data: UndoData, input: UndoInput, deps: UndoDeps, signal: AbortSignal): AsyncGenerator<MigrateEvent, ZoneResult> {
  const { target } = deps;
  const zone = data.zone;
  const tally = new ZoneTally(zone);
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
    if (data.zoneCreated) yield* maybeDeleteZone(found, input, target, signal, info);
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
  const byId = new Map<string, DnsRecord>();
  const keys = new Set<string>();
  for (const [at, h] of held.entries()) {
    if (at % STEP === STEP - 1) yield;
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
    const now = byId.get(c.id);
    if (!now) events.push(tally.skipped(index, c.record, 'already gone from the target'));
    else if (!sameState(now, c.record))
      events.push(tally.skipped(index, c.record, `changed at the target since the run (now ${stateText(now)}); left as it is`));
    else {
      const p = setAt(c.record.name);
      p.set.deletes.push({ id: c.id, record: now });
      p.deletes.push({ index, note: 'the run created it' });
    }
  }
  for (const r of data.removed) {
    const index = i++;
    if (index % STEP === STEP - 1) yield;
    if (keys.has(recordKey(r.record))) events.push(tally.skipped(index, r.record, 'already back at the target; left as it is'));
    else {
      const p = setAt(r.record.name);
      p.set.creates.push(r.record);
      p.creates.push({ index, note: ' (restored: the run removed it)' });
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
      p.updates.push({ index, note: `${settings(now)} → ${settings(u.before)}` });
    }
  }
  return { sets: [...atName.values()], events };
}

/** Steps planned between two points where the undo may give way to other callers. */
const STEP = 256;

const settings = (r: DnsRecord) => `TTL ${r.ttl}, ${isProxied(r) ? 'proxied' : 'DNS only'}`;
const stateText = (r: DnsRecord) => `${describeValue(r)}, ${settings(r)}`;

async function* maybeDeleteZone(
  zone: TargetZone,
  input: UndoInput,
  target: Target,
  signal: AbortSignal,
  info: (message: string) => MigrateEvent,
): AsyncGenerator<MigrateEvent> {
  if (!input.deleteZone) {
    yield info(`The run created ${zone.name}; it stays (send "deleteZone": true to delete it once it holds nothing else)`);
    return;
  }
  const left = input.dryRun ? [] : yield* reportWhile((report) => target.listRecords(zone, { signal, report }), info);
  if (left.length > 0) {
    yield info(`${zone.name} still holds ${left.length} record${left.length === 1 ? '' : 's'} the run did not write; the zone stays`);
    return;
  }
  if (input.dryRun) {
    yield info(`The run created ${zone.name}; it would be deleted once its records are undone, if nothing else is left in it`);
    return;
  }
  await target.deleteZone(zone, { signal });
  yield info(`Zone ${zone.name} deleted (the run had created it)`);
}
