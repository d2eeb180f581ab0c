import { describeValue, type MigrateEvent, type MigrateZone, type ZoneResult } from '@dnsferry/shared';
import type { Source, SourceProblem } from '../source/source';
import type { Target, TargetZone } from '../target/target';
import { plan, type IncomingRecord, type PlanStep } from './plan';
import { reportAlong, reportWhile } from './report-while';
import { sideBySide } from './side-by-side';
import { zoneRecords } from './zone-records';

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
        return { zone: entry.name, created: result.created, skipped: result.skipped, failed: result.failed };
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
  const counts: ZoneResult = { created: 0, skipped: 0, failed: 0 };
  let nameServers: string[] = [];
  let records: readonly IncomingRecord[] = entry.records ?? [];
  let problems: SourceProblem[] = [];
  let total = records.length;
  const line = (i: number, r: { type: string; name: string }) => `[${i + 1}/${total}] ${r.type} ${r.name}`;
  /** 0-based positions already counted, so a zone failure can account for exactly the rest. */
  const accounted = new Set<number>();
  const tally = (kind: keyof ZoneResult, i: number) => {
    counts[kind]++;
    accounted.add(i);
  };

  try {
    yield { type: 'status', zone, message: dryRun ? `Planning ${zone} (dry run: nothing will be written)` : `Migrating ${zone}` };

    // 1. the zone at the target
    const info = (message: string): MigrateEvent => ({ type: 'info', zone, message });
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
      yield { type: 'info', zone, message: 'Zone is not at the target yet; it would be created' };
    }

    // 2. the records: sent, from a zone file, or from the source
    ({ records, problems } = yield* zoneRecords(entry, deps.source, signal));
    total = records.length + problems.length;
    yield { type: 'info', zone, message: `${total} record${total === 1 ? '' : 's'} to migrate` };

    // 3–4. transform and compare with what the target already holds (listed once, all pages)
    const existing =
      targetZone && !targetZone.created
        ? yield* reportWhile((report) => deps.target.listRecords(targetZone, { signal, report }), info)
        : [];
    if (targetZone && !targetZone.created) {
      yield { type: 'info', zone, message: `${existing.length} record${existing.length === 1 ? '' : 's'} already at the target` };
    }
    const steps = plan(zone, records, existing);

    for (const [i, p] of problems.entries()) {
      tally('failed', records.length + i);
      yield {
        type: 'error',
        zone,
        index: records.length + i + 1,
        total,
        message: `[${records.length + i + 1}/${total}] ${p.type} ${p.name} ✗ ${p.message}`,
      };
    }
    const creates: Extract<PlanStep, { action: 'create' }>[] = [];
    for (const step of steps) {
      if (step.action === 'create') creates.push(step);
      else if (step.action === 'skip') {
        tally('skipped', step.index);
        yield {
          type: 'skip',
          zone,
          index: step.index + 1,
          total,
          record: step.record,
          message: `${line(step.index, step.record)} ${step.reason}`,
        };
      } else {
        tally('failed', step.index);
        yield {
          type: 'error',
          zone,
          index: step.index + 1,
          total,
          ...(step.record ? { record: step.record } : {}),
          message: `${line(step.index, step)} ✗ ${step.reason}`,
        };
      }
    }

    // 5–6. create what is new, streaming each record as it lands
    const created = (s: (typeof creates)[number], verb: string) =>
      `${line(s.index, s.record)} ${verb}→ ${describeValue(s.record)}${'proxied' in s.record && s.record.proxied ? ' (proxied)' : ''}${s.note ? ` (${s.note})` : ''}`;
    if (dryRun || !targetZone) {
      for (const s of creates) {
        tally('created', s.index);
        yield { type: 'record', zone, index: s.index + 1, total, record: s.record, message: created(s, 'would create ') };
      }
    } else if (creates.length > 0) {
      const done = new Set<number>();
      for await (const next of reportAlong(
        (report) =>
          deps.target.createRecords(
            targetZone,
            creates.map((s) => s.record),
            { signal, report },
          ),
        info,
      )) {
        if ('report' in next) {
          yield next.report;
          continue;
        }
        const outcome = next.item;
        const s = creates[outcome.index];
        if (!s || done.has(outcome.index)) continue;
        done.add(outcome.index);
        if (outcome.status === 'created') {
          tally('created', s.index);
          yield { type: 'record', zone, index: s.index + 1, total, record: s.record, message: created(s, '') };
        } else if (outcome.status === 'exists') {
          tally('skipped', s.index);
          yield { type: 'skip', zone, index: s.index + 1, total, record: s.record, message: `${line(s.index, s.record)} already exists` };
        } else {
          tally('failed', s.index);
          yield {
            type: 'error',
            zone,
            index: s.index + 1,
            total,
            record: s.record,
            ...(outcome.code !== undefined ? { code: outcome.code } : {}),
            message: `${line(s.index, s.record)} ✗ ${outcome.message}`,
          };
        }
      }
      if (signal.aborted) return counts;
      // Anything the target did not account for (it stopped early) still counts, as failed.
      for (const [i, s] of creates.entries()) {
        if (done.has(i)) continue;
        tally('failed', s.index);
        yield { type: 'error', zone, index: s.index + 1, total, record: s.record, message: `${line(s.index, s.record)} ✗ not written` };
      }
    }
  } catch (err) {
    if (signal.aborted) return counts;
    const message = err instanceof Error ? err.message : String(err);
    yield { type: 'error', zone, message: `Zone failed: ${message}` };
    // Every record not yet accounted for is failed, so the counts still add up.
    for (let i = 0; i < total; i++) {
      if (accounted.has(i)) continue;
      tally('failed', i);
      const r = records[i] ?? problems[i - records.length];
      yield {
        type: 'error',
        zone,
        index: i + 1,
        total,
        message: `${line(i, r ?? { type: '?', name: '?' })} ✗ not migrated: the zone failed`,
      };
    }
  }
  yield { type: 'zone-complete', zone, result: { ...counts, nameServers } };
  return counts;
}
