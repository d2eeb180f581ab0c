import { MigrateEventSchema, MigrateRequestSchema, UndoRequestSchema, zonesFrom, type MigrateEvent } from '@dnsferry/shared';
import { migrate } from '@dnsferry/companion/engine/migrate';
import { undo } from '@dnsferry/companion/engine/undo';
import type { Source, Target } from '@dnsferry/companion/engine/ports';
import type { Slice } from '@dnsferry/companion/flow/fair-share';

/**
 * The engine's generators run directly, on a body parsed by the contract as the HTTP edge parses it
 * (so a test sends what a client sends), every event checked against the contract's event schema.
 * The credentials are placeholders: the engine never sees them, only the target it is given.
 */

const CREDENTIALS = { targetToken: 'memory-target-token', targetAccountId: '0'.repeat(32) };

export interface EngineRunOptions {
  source?: Source;
  signal?: AbortSignal;
  slice?: Slice;
  /** DNSFERRY_MAX_RECORDS, as the operation passes it. */
  maxRecords?: number;
  zonesAtOnce?: number;
}

/** The events of a migration of `body` (the request's fields but the credentials) into `target`. */
export async function runMigrate(target: Target, body: Record<string, unknown>, opts: EngineRunOptions = {}): Promise<MigrateEvent[]> {
  const req = MigrateRequestSchema.parse({ ...CREDENTIALS, ...body });
  const input = {
    // each zone with its `from`, as the operation hands the zones to the engine
    zones: zonesFrom(req),
    dryRun: req.dryRun ?? false,
    mode: req.mode,
    prune: req.prune,
    force: req.force,
    partial: req.partial,
    ...(opts.maxRecords === undefined ? {} : { maxRecords: opts.maxRecords }),
    ...(opts.zonesAtOnce === undefined ? {} : { zonesAtOnce: opts.zonesAtOnce }),
  };
  const deps = { target, ...(opts.source ? { source: opts.source } : {}), ...(opts.slice ? { slice: opts.slice } : {}) };
  return collect(migrate(input, deps, { signal: opts.signal ?? new AbortController().signal }));
}

/** The events of an undo of `body` (the request's fields but the credentials) at `target`. */
export async function runUndo(target: Target, body: Record<string, unknown>, opts: Pick<EngineRunOptions, 'signal' | 'slice'> = {}) {
  const req = UndoRequestSchema.parse({ ...CREDENTIALS, ...body });
  const input = { zones: req.zones, dryRun: req.dryRun ?? false, deleteZone: req.deleteZone ?? false };
  return collect(
    undo(input, { target, ...(opts.slice ? { slice: opts.slice } : {}) }, { signal: opts.signal ?? new AbortController().signal }),
  );
}

async function collect(events: AsyncIterable<MigrateEvent>): Promise<MigrateEvent[]> {
  const out: MigrateEvent[] = [];
  for await (const e of events) out.push(MigrateEventSchema.parse(e));
  return out;
}

/** The zone's result from its `zone-complete`; throws when there is none. */
export function zoneComplete(events: MigrateEvent[], zone: string): Extract<MigrateEvent, { type: 'zone-complete' }>['result'] {
  const e = events.find((x) => x.type === 'zone-complete' && x.zone === zone);
  if (e?.type !== 'zone-complete') throw new Error(`no zone-complete for ${zone}`);
  return e.result;
}

/** The messages of the events of one type, in order. */
export const messages = (events: MigrateEvent[], type: MigrateEvent['type']): string[] =>
  events.filter((e) => e.type === type).map((e) => ('message' in e ? e.message : ''));

/** The info events that describe a conflicting RRset. */
export const conflicts = (events: MigrateEvent[]) => events.flatMap((e) => (e.type === 'info' && e.conflict ? [e] : []));
