import type { MigrateEvent, MigrateZone } from '@dnsferry/shared';
import { AppError } from '../errors';
import { readZoneFile, type RecordBudget } from '../records/record-budget';
import type { Source, SourceProblem } from '../source/source';
import type { IncomingRecord } from './plan';
import { reportWhile } from './report-while';

export interface ZoneRecords {
  records: readonly IncomingRecord[];
  /** What could not become a record (a zone file's line, a source's record set): each fails on its own. */
  problems: SourceProblem[];
}

/**
 * Where a zone's records come from: sent as records, sent as a zone file, or read from the source.
 * Yields what is worth telling on the way (the reader's notes, the source's progress and notes).
 */
export async function* zoneRecords(
  entry: MigrateZone,
  source: Source | undefined,
  signal: AbortSignal,
  budget?: RecordBudget,
): AsyncGenerator<MigrateEvent, ZoneRecords> {
  const zone = entry.name;
  if (entry.zoneFile !== undefined) {
    const parsed = readZoneFile(entry.zoneFile, zone, budget);
    entry.zoneFile = undefined; // the records are all we keep
    for (const n of parsed.notes) yield { type: 'info', zone, message: `line ${n.line}: ${n.message}` };
    return { records: parsed.records, problems: parsed.issues.map((i) => ({ type: 'line', name: String(i.line), message: i.message })) };
  }
  if (entry.records !== undefined) return { records: entry.records, problems: [] };
  if (!source) throw new AppError('invalid_request', 'this zone has no records and no source credentials were sent');
  yield { type: 'status', zone, message: 'Reading records from the source' };
  const content = yield* reportWhile(
    (progress) =>
      source.readZone({ name: zone, ...(entry.resourceGroup ? { resourceGroup: entry.resourceGroup } : {}) }, { signal, progress }),
    (message): MigrateEvent => ({ type: 'info', zone, message }),
  );
  for (const note of content.notes) yield { type: 'info', zone, message: note };
  return { records: content.records, problems: content.problems };
}
