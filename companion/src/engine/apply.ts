import { describeValue, type DnsRecord, type MigrateEvent, type UndoData, type UndoPiece } from '@dnsferry/shared';
import type { ChangeSet, HeldRecord, Target, TargetZone } from './ports';
import { reportAlong } from '../flow/report-while';
import type { ZoneTally } from './zone-tally';

/** A part of a change set as the stream tells it: its place among the records sent (if it is one) and its words. */
export interface Line {
  /** 0-based place among the records sent; a removal the source did not ask for has none. */
  index?: number;
  /** What follows the value: ` (replaces 203.0.113.9)`, `proxied → DNS only`, `not in the source`. */
  note: string;
  /** A create's: the records it takes the place of, as they read. */
  replaces?: string[];
}

/** A change set with the line of each of its parts, in the order of the set's own lists; told creates first, removals last. */
export interface PlannedSet {
  set: ChangeSet;
  createLines: Line[];
  updateLines: Line[];
  deleteLines: Line[];
}

/**
 * What the engine's generators yield: one event, or events told at once in order (a batch). A
 * hundred thousand events pass through several layers of generators on their way to the stream;
 * a batch passes each layer once. `migrate` hands its callers single events.
 */
export type Told = MigrateEvent | MigrateEvent[];

/** Events told at once go out in batches of at most this many. */
const BATCH = 256;

/** `events` in batches, in order. */
export function* batched(events: Iterable<MigrateEvent>): Generator<MigrateEvent[]> {
  let batch: MigrateEvent[] = [];
  for (const e of events) {
    batch.push(e);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** What one zone's writes leave behind: the undo data's record lists. */
export type Undo = Pick<UndoData, 'created' | 'removed' | 'updated'>;

export const emptyUndo = (): Undo => ({ created: [], removed: [], updated: [] });

/** A change set with nothing in it yet. */
export const emptySet = (): PlannedSet => ({
  set: { deletes: [], updates: [], creates: [] },
  createLines: [],
  updateLines: [],
  deleteLines: [],
});

/**
 * The lists a set has none of: one empty array for all of them, frozen so that adding to it throws
 * (a hundred thousand sets of one record would otherwise hold four empty lists each).
 */
export const NONE = Object.freeze([]) as unknown as never[];

/**
 * A planned set of one create at a name that loses nothing: most sets of a large zone. One object of
 * four fields, its own change set, instead of seven (the set, its three lists, the line and its list,
 * and a change set to hand the target): 50,000 of them held 12 MB as plain sets, then 1.6 MB more
 * in the change sets made for the writes, from the plan to the last write. Its lists are made when
 * they are read.
 */
export class LoneCreate implements PlannedSet, ChangeSet {
  constructor(
    readonly record: DnsRecord,
    readonly index: number,
    readonly note: string,
    readonly replaces: string[] | undefined,
  ) {}
  get set(): ChangeSet {
    return this;
  }
  get creates(): DnsRecord[] {
    return [this.record];
  }
  get updates(): ChangeSet['updates'] {
    return NONE;
  }
  get deletes(): HeldRecord[] {
    return NONE;
  }
  get createLines(): Line[] {
    return [this.replaces ? { index: this.index, note: this.note, replaces: this.replaces } : { index: this.index, note: this.note }];
  }
  get updateLines(): Line[] {
    return NONE;
  }
  get deleteLines(): Line[] {
    return NONE;
  }
}

/**
 * Writes the sets (or, in a dry run, tells what they would do) and yields each part's event as the
 * target settles its set, with the target's reports (waits) in between. What lands is added to
 * `undo`. Whatever the target did not settle (it stopped early) fails, unless the client went away:
 * then nothing more is said.
 */
export async function* applySets(targetZone: TargetZone | null, planned: PlannedSet[], ctx: ApplyContext): AsyncGenerator<MigrateEvent> {
  for await (const told of applyingSets(targetZone, planned, ctx)) {
    if (Array.isArray(told)) yield* told;
    else yield told;
  }
}

interface ApplyContext {
  tally: ZoneTally;
  target: Target;
  signal: AbortSignal;
  dryRun: boolean;
  undo: Undo;
}

/** The same, the events told at once (a set's, a dry run's) yielded in batches. */
export async function* applyingSets(targetZone: TargetZone | null, planned: PlannedSet[], ctx: ApplyContext): AsyncGenerator<Told> {
  const { tally, signal } = ctx;
  if (ctx.dryRun || !targetZone) {
    yield* tellingAll(planned, tally);
    return;
  }
  if (planned.length === 0) return;
  // which sets settled, a byte each: a Set of 50,000 numbers held 1.3 MB to the zone's last event
  const done = new Uint8Array(planned.length);
  const outcomes = reportAlong(
    (report) =>
      ctx.target.applyChanges(
        targetZone,
        planned.map((p) => p.set),
        { signal, report },
      ),
    (message): MigrateEvent => ({ type: 'info', zone: tally.zone, message }),
  );
  for await (const next of outcomes) {
    if ('report' in next) {
      yield next.report;
      continue;
    }
    const outcome = next.item;
    const p = planned[outcome.index];
    if (!p || done[outcome.index] === 1) continue;
    done[outcome.index] = 1;
    planned[outcome.index] = TOLD; // settled: only its events are left to tell
    if (outcome.status === 'applied') {
      yield* batched(landed(p, tally, false, record(p.set, outcome, ctx.undo)));
    } else if (outcome.status === 'exists') {
      yield* batched(p.set.creates.map((r, i) => tally.skipped(p.createLines[i]?.index ?? 0, r, 'already exists')));
    } else {
      yield* batched(refused(p, tally, outcome.message, outcome.code));
    }
  }
  if (signal.aborted) return;
  yield* batched(unsettled(planned, done, tally));
}

/**
 * A dry run's sets told in order, in batches, each set let go once told: a dry run of a large zone
 * holds less and less. A set of one create (most of them) is told in place, not through `landed`'s
 * generator: a hundred thousand of those, each passed up through two more, were a tenth of a dry run's
 * garbage.
 */
function* tellingAll(planned: PlannedSet[], tally: ZoneTally): Generator<MigrateEvent[]> {
  let batch: MigrateEvent[] = [];
  for (let i = 0; i < planned.length; i++) {
    const p = planned[i] as PlannedSet;
    planned[i] = TOLD;
    if (p instanceof LoneCreate) batch.push(loneCreated(p, tally, true));
    else for (const e of landed(p, tally, true)) batch.push(e);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function loneCreated(p: LoneCreate, tally: ZoneTally, dryRun: boolean, piece?: UndoPiece): MigrateEvent {
  return tally.created(p.index, p.record, createdText(p.record, p.note, dryRun), p.replaces, piece);
}

/** What a create's line says after its subject: `would create → 192.0.2.1 (proxied)`. */
const createdText = (r: DnsRecord, note: string, dryRun: boolean) => `${dryRun ? 'would create ' : ''}→ ${describeValue(r)}${note}`;

/** The sets the target did not settle (it stopped early): each part fails. */
function* unsettled(planned: PlannedSet[], done: Uint8Array, tally: ZoneTally): Generator<MigrateEvent> {
  for (const [i, p] of planned.entries()) if (done[i] !== 1) yield* refused(p, tally, 'not written');
}

/** The undo of each part of a set that landed, added to `undo` and handed back for its event (as `landed` reads the set). */
function record(set: ChangeSet, landed: { createdIds: string[]; createdOn?: Array<string | undefined> }, undo: Undo): Pieces {
  const pieces: Pieces = { creates: [], updates: [], deletes: [] };
  for (const [i, r] of set.creates.entries()) {
    const id = landed.createdIds[i];
    const createdOn = landed.createdOn?.[i];
    const entry = id ? { id, record: r, ...(createdOn ? { createdOn } : {}) } : undefined;
    if (entry) undo.created.push(entry);
    pieces.creates.push(entry && { created: [entry] });
  }
  for (const d of set.deletes) {
    const entry = { id: d.id, record: d.record };
    undo.removed.push(entry);
    pieces.deletes.push({ removed: [entry] });
  }
  for (const u of set.updates) {
    const entry = { id: u.id, before: u.before, after: u.after };
    undo.updated.push(entry);
    pieces.updates.push({ updated: [entry] });
  }
  return pieces;
}

/** The undo pieces of a set's parts, in the order of its lists (none for a create the target gave no id). */
interface Pieces {
  creates: Array<UndoPiece | undefined>;
  updates: UndoPiece[];
  deletes: UndoPiece[];
}

/** What stands in the list for a set already told (its own lists let go). */
const TOLD: PlannedSet = Object.freeze({
  set: { deletes: [], updates: [], creates: [] },
  createLines: [],
  updateLines: [],
  deleteLines: [],
});

function* landed(p: PlannedSet, tally: ZoneTally, dryRun: boolean, pieces?: Pieces): Generator<MigrateEvent> {
  if (p instanceof LoneCreate) {
    yield loneCreated(p, tally, dryRun, pieces?.creates[0]);
    return;
  }
  // creates and updates in the order of the records sent (a name's set gathers them from all over), removals last
  const told: Array<{ index: number; tell: () => MigrateEvent }> = [];
  for (const [i, r] of p.set.creates.entries()) {
    const line = p.createLines[i];
    const index = line?.index ?? 0;
    const text = createdText(r, line?.note ?? '', dryRun);
    told.push({ index, tell: () => tally.created(index, r, text, line?.replaces, pieces?.creates[i]) });
  }
  for (const [i, u] of p.set.updates.entries()) {
    const note = p.updateLines[i]?.note ?? '';
    const index = p.updateLines[i]?.index ?? 0;
    const text = dryRun ? `would update → ${describeValue(u.after)} (${note})` : `→ ${describeValue(u.after)} (updated: ${note})`;
    told.push({ index, tell: () => tally.updated(index, u.after, text, pieces?.updates[i]) });
  }
  for (const t of told.sort((a, b) => a.index - b.index)) yield t.tell();
  for (const [i, d] of p.set.deletes.entries())
    yield tally.removed(p.deleteLines[i]?.index, d.record, removalText(d, p.deleteLines[i], dryRun), pieces?.deletes[i]);
}

/** Sets left unwritten before anything was sent (a dry run tells the same): each part fails with `message`. */
export function* notWritten(planned: PlannedSet[], tally: ZoneTally, message: string): Generator<MigrateEvent> {
  for (const p of planned) yield* refused(p, tally, message);
}

function* refused(p: PlannedSet, tally: ZoneTally, message: string, code?: number | string): Generator<MigrateEvent> {
  const extra = code !== undefined ? { code } : {};
  for (const [i, r] of p.set.creates.entries()) yield tally.failed(p.createLines[i]?.index ?? 0, r, message, { record: r, ...extra });
  for (const [i, u] of p.set.updates.entries()) {
    yield tally.failed(p.updateLines[i]?.index ?? 0, u.after, message, { record: u.after, ...extra });
  }
  for (const [i, d] of p.set.deletes.entries()) {
    const index = p.deleteLines[i]?.index;
    if (index !== undefined) yield tally.failed(index, d.record, message, { record: d.record, ...extra });
    else {
      const text = `${d.record.type} ${d.record.name} → ${describeValue(d.record)} not removed: ${message}`;
      yield { type: 'error', zone: tally.zone, record: d.record, message: text, ...extra };
    }
  }
}

function removalText(d: HeldRecord, line: Line | undefined, dryRun: boolean): string {
  return `→ ${describeValue(d.record)} ${dryRun ? 'would be removed' : 'removed'} (${line?.note ?? ''})`;
}

/** The records a create replaces as they read: `203.0.113.9`, or `A 203.0.113.9` beside a CNAME. */
export function replacedValues(replaced: readonly DnsRecord[], by: DnsRecord): string[] {
  return replaced.map((r) => (r.type === by.type ? describeValue(r) : `${r.type} ${describeValue(r)}`));
}
