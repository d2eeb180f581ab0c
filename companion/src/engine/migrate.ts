import { isProxied, plural, zoneMode, type MigrateEvent, type MigrateMode, type SourcedZone, type ZoneResult } from '@dnsferry/shared';
import type { ChangeSet, HeldRecord, Source, SourceProblem, Target, TargetZone } from './ports';
import { interleave, untagged } from '../flow/interleave';
import { paced, sliced, type Slice } from '../flow/fair-share';
import { EventBatches } from '../flow/event-batches';
import {
  applyingSets,
  batched,
  emptySet,
  emptyUndo,
  LoneCreate,
  NONE,
  replacedValues,
  type Line,
  type PlannedSet,
  type Told,
} from './apply';
import { plan, planning, type IncomingRecord, type PlanStep, type ZonePlan } from './plan';
import { reportWhile } from '../flow/report-while';
import { RecordBudget } from '../records/record-budget';
import { carriedRecords, sourceRecords, subjectsOf, type Subject } from './zone-records';
import { withinQuota } from './record-quota';
import { ZoneTally } from './zone-tally';

export interface MigrateInput {
  zones: SourcedZone[];
  dryRun: boolean;
  /** The request's mode, prune, force and partial; a zone's own settings win. */
  mode?: MigrateMode | undefined;
  prune?: boolean | undefined;
  force?: boolean | undefined;
  partial?: boolean | undefined;
  /** Zones migrated side by side (their writes share the target's request slots); 1: one after another. */
  zonesAtOnce?: number;
  /** Records the request may carry, zone files included (DNSFERRY_MAX_RECORDS); none: no limit. */
  maxRecords?: number;
}
export interface MigrateDeps {
  target: Target;
  /** Reads the zones whose `from` names a provider; without it, such a zone fails. */
  source?: Source;
  /** The caller's share of the event loop: reading, planning and streaming give way to other callers. */
  slice?: Slice;
}

/**
 * Migrates the zones, up to `zonesAtOnce` side by side, and yields the events of the stream: each
 * carries its zone, a zone's own events keep their order (`[i/N]` monotone, `zone-complete` after its
 * last record), and the stream ends with one `done` listing the zones in the request's order. Every
 * zone's created + updated + skipped + failed = records sent. When `signal` aborts (the client went away) the
 * writes in flight finish and nothing more is written.
 */
export function migrate(input: MigrateInput, deps: MigrateDeps, opts: { signal: AbortSignal }): EventBatches<MigrateEvent> {
  return new EventBatches(() => migrateInBatches(input, deps, opts));
}

/** The same stream, events told at once in batches (arrays): what the NDJSON writer takes, one pass per batch. */
export async function* migrateInBatches(input: MigrateInput, deps: MigrateDeps, { signal }: { signal: AbortSignal }): AsyncGenerator<Told> {
  // Taken off a queue as each zone starts, so a finished zone's records can be collected while others run.
  const queue = [...input.zones];
  input.zones.length = 0;
  deps.target.expectZones?.(queue.map((z) => z.name));
  const budget = input.maxRecords !== undefined ? RecordBudget.forRequest(input.maxRecords, queue) : undefined;
  const jobs = (function* () {
    for (let zone = queue.shift(); zone; zone = queue.shift()) {
      const entry = zone;
      yield async function* (): AsyncGenerator<Told, ZoneResult & { zone: string }> {
        const result = yield* migrateZone(entry, input, deps, signal, budget);
        return { zone: entry.name, ...result };
      };
    }
  })();
  const results = yield* paced(untagged(interleave(jobs, input.zonesAtOnce ?? 1, signal)), deps.slice);
  if (signal.aborted) return;
  yield { type: 'done', results };
}

async function* migrateZone(
  entry: SourcedZone,
  input: MigrateInput,
  deps: MigrateDeps,
  signal: AbortSignal,
  budget: RecordBudget | undefined,
): AsyncGenerator<Told, ZoneResult> {
  const zone = entry.name;
  const { dryRun } = input;
  const { mode, prune, force, partial } = zoneMode(input, entry);
  const tally = new ZoneTally(zone);
  const info = (message: string): MigrateEvent => ({ type: 'info', zone, message });
  let nameServers: string[] = [];
  let records: readonly IncomingRecord[] = entry.from?.kind === 'records' ? entry.from.records : [];
  let problems: SourceProblem[] = [];
  let checked: boolean | undefined;
  let targetZone: TargetZone | null = null;
  const undo = emptyUndo();
  tally.total = records.length;
  /** What record `i` is, for a failure that names it. */
  let subjectAt = (i: number): Subject | undefined => records[i] ?? problems[i - records.length];

  try {
    const doing = dryRun ? `Planning ${zone} (dry run: nothing will be written)` : `Migrating ${zone}`;
    yield { type: 'status', zone, message: mode === 'mirror' ? `${doing}, mirroring the source${prune ? ' and pruning' : ''}` : doing };

    // What the request carries is read first: a zone file over the request's limit fails its zone
    // before the zone is made at the target (the source is fetched in step 2, as the spec orders).
    let carried = yield* carriedRecords(entry, budget, deps.slice);

    // 1. the zone at the target
    targetZone = yield* reportWhile((report) => deps.target.findOrCreateZone(zone, { signal, dryRun, report }), info);
    if (targetZone) {
      nameServers = targetZone.nameServers;
      yield {
        type: 'success',
        zone,
        zoneId: targetZone.id,
        message: targetZone.created
          ? `Zone created at the target (id ${targetZone.id})`
          : `Zone already at the target (id ${targetZone.id}); reusing it`,
        // the zone is the run's first write: its undo starts here
        ...(targetZone.created
          ? { undo: { zoneCreated: true, ...(targetZone.createdOn ? { zoneCreatedOn: targetZone.createdOn } : {}) } }
          : {}),
      };
    } else {
      yield info('Zone is not at the target yet; it would be created');
    }

    // 2. the records: sent, from a zone file, or fetched from the source
    ({ records, problems, checked } = carried ?? (yield* sourceRecords(entry, deps.source, signal, targetZone?.id)));
    // `records` holds them now: once it lets them go after the plan, nothing else may (50,000 records
    // sent: 3 MB held to the last write)
    carried = null;
    tally.total = records.length + problems.length;
    yield info(`${plural(tally.total, 'record')} to migrate`);

    // 3–4. compare with what the target already holds (listed once, all pages)
    let existing: HeldRecord[] = [];
    if (targetZone && !targetZone.created) {
      const zoneAtTarget = targetZone;
      existing = yield* reportWhile((report) => deps.target.listRecords(zoneAtTarget, { signal, report }), info);
      yield info(`${plural(existing.length, 'record')} already at the target`);
    }
    yield* batched(problems.map((p, i) => tally.failed(records.length + i, p, p.message)));
    const zonePlan = await sliced(
      planning(zone, records, existing, { mode, prune, choices: entry.rrsets, rules: deps.target.rules, checked }),
      deps.slice,
    );
    for (const set of zonePlan.unmatched ?? []) {
      yield info(`rrsets lists ${set.replace('|', ' ')}, which neither the source nor the target has: nothing is done for it`);
    }

    // OctoDNS's safeguard: a mirror that would rewrite much of a zone waits for `force`.
    const { changed, held } = zonePlan.churn;
    if (mode === 'mirror' && !force && held >= CHURN_MIN_RECORDS && changed / held > CHURN_LIMIT) {
      const why = `mirror would remove or change ${changed} of the ${held} records at the target (${Math.round((100 * changed) / held)} %, over the ${100 * CHURN_LIMIT} % limit)`;
      if (!dryRun) {
        for (const c of plan(zone, records, existing, { mode: 'add', prune: false, choices: entry.rrsets, rules: deps.target.rules })
          .conflicts)
          yield { type: 'info', zone, message: c.message, conflict: c.conflict };
        yield {
          type: 'error',
          zone,
          message: `Zone left untouched: ${why}. Review a dry run; to go ahead anyway, run it again with force`,
        };
        yield* batched(
          tally.failRest(
            (i) => records[i] ?? problems[i - records.length],
            'not migrated: the zone was left untouched (mirror over its limit)',
          ),
        );
        yield { type: 'zone-complete', zone, result: { ...tally.counts, nameServers } };
        return tally.counts;
      }
      yield info(
        `A real run leaves this zone untouched: ${why}, unless it runs with force. This dry run shows what it would do with force.`,
      );
    }
    if (!checked) {
      // The records as sent are let go: the plan holds its own copies, and a failure names a record by
      // its type and name alone (50,000 records sent: 3 MB less held through the writes).
      const sent = records.length;
      const subject = subjectsOf(records);
      subjectAt = (i) => subject(i) ?? problems[i - sent];
      records = [];
      if (entry.from?.kind === 'records') entry.from = undefined;
    }
    for (const c of zonePlan.conflicts) yield { type: 'info', zone, message: c.message, conflict: c.conflict };
    if (zonePlan.targetOnly > 0) {
      yield {
        type: 'info',
        zone,
        targetOnly: zonePlan.targetOnly,
        message: `${plural(zonePlan.targetOnly, 'record')} at the target ${zonePlan.targetOnly === 1 ? 'is' : 'are'} in RRsets the source does not have; ${zonePlan.targetOnly === 1 ? 'it stays' : 'they stay'} (mirror mode with prune removes them)`,
      };
    }
    yield* batched(skipsAndFailures(zonePlan.steps, tally));

    // 5–6. write, streaming each record as it lands, within the zone's record quota
    const sets = await sliced(changeSets(zonePlan), deps.slice);
    const phases = yield* withinQuota(targetZone, sets, { target: deps.target, tally, partial, dryRun, signal, subjectAt });
    // the steps live on in the sets: the plan's own list of them is let go before the writes
    zonePlan.steps.length = 0;
    for (const phase of phases) yield* applyingSets(targetZone, phase, { tally, target: deps.target, signal, dryRun, undo });
    if (signal.aborted) return tally.counts; // the client is gone: no zone-complete for a zone cut short
  } catch (err) {
    if (signal.aborted) return tally.counts;
    yield { type: 'error', zone, message: `Zone failed: ${err instanceof Error ? err.message : String(err)}` };
    yield* batched(tally.failRest(subjectAt, 'not migrated: the zone failed'));
  }
  const wrote = undo.created.length + undo.removed.length + undo.updated.length > 0 || targetZone?.created === true;
  const undoData =
    !dryRun && targetZone && wrote
      ? {
          undo: {
            version: 1 as const,
            zone,
            zoneId: targetZone.id,
            zoneCreated: targetZone.created,
            ...(targetZone.created && targetZone.createdOn ? { zoneCreatedOn: targetZone.createdOn } : {}),
            ...undo,
          },
        }
      : {};
  yield { type: 'zone-complete', zone, result: { ...tally.counts, nameServers, ...undoData } };
  return tally.counts;
}

/** The plan's records that are not written: skipped or refused, each told in its place. */
function* skipsAndFailures(steps: readonly PlanStep[], tally: ZoneTally): Generator<MigrateEvent> {
  for (const step of steps) {
    if (step.action === 'skip') yield tally.skipped(step.index, step.record, step.reason, step.drift);
    else if (step.action === 'fail') yield tally.failed(step.index, step, step.reason, step.record ? { record: step.record } : {});
  }
}

/** Mirror leaves a zone untouched when it would remove or change more than this share of its records… */
const CHURN_LIMIT = 0.3;
/** …in a zone holding at least this many. */
const CHURN_MIN_RECORDS = 10;

/** Steps turned into sets between two points where the engine may give way. */
const SETS_STEP = 256;

/**
 * The plan's writes as change sets: every change at a name that loses records lands in one set (so
 * the name is never unanswered, and a CNAME can take the place of other data); any other write is a
 * set of its own, so one refused record fails alone.
 */
function* changeSets(zonePlan: ZonePlan): Generator<void, PlannedSet[]> {
  const losing = new Set(zonePlan.removals.map((r) => r.held.record.name));
  const sets: PlannedSet[] = [];
  const atName = new Map<string, PlannedSet>();
  const setFor = (name: string): PlannedSet => {
    const own = losing.has(name) ? atName.get(name) : undefined;
    if (own) return own;
    const fresh = emptySet();
    sets.push(fresh);
    if (losing.has(name)) atName.set(name, fresh);
    return fresh;
  };
  for (let at = 0; at < zonePlan.steps.length; at++) {
    const step = zonePlan.steps[at] as PlanStep;
    if (at % SETS_STEP === SETS_STEP - 1) yield;
    if (step.action === 'create') {
      const replaces = step.replaces && replacedValues(step.replaces, step.record);
      const note = createNote(step, replaces);
      // a write at a name that loses nothing is a set of its own (most of a large zone's sets)
      if (!losing.has(step.record.name)) sets.push(new LoneCreate(step.record, step.index, note, replaces));
      else {
        const line: Line = { index: step.index, note };
        if (replaces) line.replaces = replaces;
        const p = setFor(step.record.name);
        p.set.creates.push(step.record);
        p.createLines.push(line);
      }
    } else if (step.action === 'update') {
      const update = { id: step.held.id, before: step.held.record, after: step.after };
      const line: Line = { index: step.index, note: step.change };
      if (!losing.has(step.record.name)) sets.push(loneSet({ deletes: NONE, updates: [update], creates: NONE }, NONE, [line]));
      else {
        const p = setFor(step.record.name);
        p.set.updates.push(update);
        p.updateLines.push(line);
      }
    }
  }
  for (let at = 0; at < zonePlan.removals.length; at++) {
    const r = zonePlan.removals[at] as ZonePlan['removals'][number];
    if (at % SETS_STEP === SETS_STEP - 1) yield;
    const p = setFor(r.held.record.name);
    p.set.deletes.push(r.held);
    p.deleteLines.push({ note: r.reason });
  }
  return sets;
}

/** A set of one write, its lists of the exact size (a list grown by push reserves room for 16). */
const loneSet = (set: ChangeSet, createLines: Line[], updateLines: Line[]): PlannedSet => ({
  set,
  createLines,
  updateLines,
  deleteLines: NONE,
});

function createNote(s: Extract<PlanStep, { action: 'create' }>, replaces: string[] | undefined): string {
  const proxied = isProxied(s.record) ? ' (proxied)' : '';
  const note = s.note ? ` (${s.note})` : '';
  return `${proxied}${note}${replaces ? ` (replaces ${replaces.join(', ')})` : ''}`;
}
