import { describeValue, isProxied, type DnsRecord, type MigrateEvent, type MigrateZone, type ZoneResult } from '@dnsferry/shared';
import type { Source, SourceProblem } from '../source/source';
import type { Target, TargetZone } from '../target/target';
import { plan, type IncomingRecord, type PlanStep } from './plan';
import { reportAlong, reportWhile } from './report-while';
import { sideBySide } from './side-by-side';
import { zoneRecords } from './zone-records';
import { ZoneTally } from './zone-tally';

export interface MigrateInput {
  zones: MigrateZone[];
  dryRun: boolean;
  /** Zones migrated side by side (their writes share the target's request slots); 1: one after another. */
  zonesAtOnce?: number;
}
export interface MigrateDeps {
  target: Target;
  /** Present when the request carries source credentials; needed for zones sent without records. */
  source?: Source;
}

/**
 * Migrates the zones, up to `zonesAtOnce` side by side, and yields the events of the stream: each
 * carries its zone, a zone's own events keep their order (`[i/N]` monotone, `zone-complete` after its
 * last record), and the stream ends with one `done` listing the zones in the request's order. Every
 * zone's created + skipped + failed = records sent. When `signal` aborts (the client went away) the
 * writes in flight finish and nothing more is written.
 */
export async function* migrate(input: MigrateInput, deps: MigrateDeps, { signal }: { signal: AbortSignal }): AsyncGenerator<MigrateEvent> {
  // Taken off a queue as each zone starts, so a finished zone's records can be collected while others run.
  const queue = [...input.zones];
  input.zones.length = 0;
  deps.target.expectZones?.(queue.map((z) => z.name));
  const jobs = (function* () {
    for (let zone = queue.shift(); zone; zone = queue.shift()) {
      const entry = zone;
      yield async function* (): AsyncGenerator<MigrateEvent, ZoneResult & { zone: string }> {
        const result = yield* migrateZone(entry, input.dryRun, deps, signal);
        return { zone: entry.name, ...result };
      };
    }
  })();
  const results = yield* sideBySide(jobs, input.zonesAtOnce ?? 1, signal);
  if (signal.aborted) return;
  yield { type: 'done', results };
}

async function* migrateZone(
  entry: MigrateZone,
  dryRun: boolean,
  deps: MigrateDeps,
  signal: AbortSignal,
): AsyncGenerator<MigrateEvent, ZoneResult> {
  const zone = entry.name;
  const tally = new ZoneTally(zone);
  const info = (message: string): MigrateEvent => ({ type: 'info', zone, message });
  let nameServers: string[] = [];
  let records: readonly IncomingRecord[] = entry.records ?? [];
  let problems: SourceProblem[] = [];
  tally.total = records.length;

  try {
    yield { type: 'status', zone, message: dryRun ? `Planning ${zone} (dry run: nothing will be written)` : `Migrating ${zone}` };

    // 1. the zone at the target
    const targetZone: TargetZone | null = yield* reportWhile(
      (report) => deps.target.findOrCreateZone(zone, { signal, dryRun, report }),
      info,
    );
    if (targetZone) {
      nameServers = targetZone.nameServers;
      yield {
        type: 'success',
        zone,
        zoneId: targetZone.id,
        message: targetZone.created
          ? `Zone created at the target (id ${targetZone.id})`
          : `Zone already at the target (id ${targetZone.id}); reusing it`,
      };
    } else {
      yield info('Zone is not at the target yet; it would be created');
    }

    // 2. the records: sent, from a zone file, or from the source
    ({ records, problems } = yield* zoneRecords(entry, deps.source, signal));
    tally.total = records.length + problems.length;
    yield info(`${plural(tally.total, 'record')} to migrate`);

    // 3–4. transform and compare with what the target already holds (listed once, all pages)
    let existing: DnsRecord[] = [];
    if (targetZone && !targetZone.created) {
      existing = yield* reportWhile((report) => deps.target.listRecords(targetZone, { signal, report }), info);
      yield info(`${plural(existing.length, 'record')} already at the target`);
    }
    for (const [i, p] of problems.entries()) yield tally.failed(records.length + i, p, p.message);
    const creates: Create[] = [];
    for (const step of plan(zone, records, existing)) {
      if (step.action === 'create') creates.push(step);
      else if (step.action === 'skip') yield tally.skipped(step.index, step.record, step.reason);
      else yield tally.failed(step.index, step, step.reason, step.record ? { record: step.record } : {});
    }

    // 5–6. create what is new, streaming each record as it lands
    if (dryRun || !targetZone) {
      for (const s of creates) yield tally.created(s.index, s.record, createdText(s, 'would create '));
    } else if (creates.length > 0) {
      yield* writeCreates(targetZone, creates, tally, deps.target, signal, info);
      if (signal.aborted) return tally.counts; // the client is gone: no zone-complete for a zone cut short
    }
  } catch (err) {
    if (signal.aborted) return tally.counts;
    yield { type: 'error', zone, message: `Zone failed: ${err instanceof Error ? err.message : String(err)}` };
    yield* tally.failRest((i) => records[i] ?? problems[i - records.length], 'not migrated: the zone failed');
  }
  yield { type: 'zone-complete', zone, result: { ...tally.counts, nameServers } };
  return tally.counts;
}

type Create = Extract<PlanStep, { action: 'create' }>;

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function createdText(s: Create, verb: string): string {
  const proxied = isProxied(s.record) ? ' (proxied)' : '';
  return `${verb}→ ${describeValue(s.record)}${proxied}${s.note ? ` (${s.note})` : ''}`;
}

/**
 * Writes the creates and yields each record's event as the target settles it, with the target's
 * reports (waits) in between. Whatever the target did not settle (it stopped early) fails, unless the
 * client went away: then nothing more is said.
 */
async function* writeCreates(
  targetZone: TargetZone,
  creates: Create[],
  tally: ZoneTally,
  target: Target,
  signal: AbortSignal,
  info: (message: string) => MigrateEvent,
): AsyncGenerator<MigrateEvent> {
  const done = new Set<number>();
  const outcomes = reportAlong(
    (report) =>
      target.createRecords(
        targetZone,
        creates.map((s) => s.record),
        { signal, report },
      ),
    info,
  );
  for await (const next of outcomes) {
    if ('report' in next) {
      yield next.report;
      continue;
    }
    const outcome = next.item;
    const s = creates[outcome.index];
    if (!s || done.has(outcome.index)) continue;
    done.add(outcome.index);
    if (outcome.status === 'created') yield tally.created(s.index, s.record, createdText(s, ''));
    else if (outcome.status === 'exists') yield tally.skipped(s.index, s.record, 'already exists');
    else {
      const code = outcome.code !== undefined ? { code: outcome.code } : {};
      yield tally.failed(s.index, s.record, outcome.message, { record: s.record, ...code });
    }
  }
  if (signal.aborted) return;
  for (const [i, s] of creates.entries()) {
    if (!done.has(i)) yield tally.failed(s.index, s.record, 'not written', { record: s.record });
  }
}
