import { isCarried, type MigrateEvent, type RowIssue, type SourcedZone } from '@dnsferry/shared';
import { AppError } from '../errors';
import type { Slice } from '../flow/fair-share';
import { readRecordsTable, readZoneFile, type RecordBudget } from '../records/record-budget';
import type { Source, SourceProblem } from './ports';
import type { IncomingRecord } from './plan';
import { reportWhile } from '../flow/report-while';

export interface ZoneRecords {
  records: readonly IncomingRecord[];
  /** What could not become a record (a zone file's line, a source's record set): each fails on its own. */
  problems: SourceProblem[];
  /** The records are the record schema's output already (a zone file's): the plan need not check them again. */
  checked?: boolean;
}

/**
 * The records a request carries for a zone: its list, or its zone file or records table read within the request's
 * limit (the reader's notes told on the way). Null when the zone is to be read from the source.
 * Read before anything is done at the target, so a zone file over the limit leaves nothing behind.
 */
export async function* carriedRecords(
  entry: SourcedZone,
  budget?: RecordBudget,
  slice?: Slice,
): AsyncGenerator<MigrateEvent, ZoneRecords | null> {
  const zone = entry.name;
  const from = entry.from;
  if (from?.kind === 'zoneFile') {
    const parsed = await readZoneFile(from.text, zone, budget, slice);
    entry.from = undefined; // the records are all we keep
    for (const n of parsed.notes) yield { type: 'info', zone, message: `line ${n.line}: ${n.message}` };
    return {
      records: parsed.records,
      problems: parsed.issues.map((i) => ({ type: 'line', name: String(i.line), message: i.message })),
      checked: true,
    };
  }
  if (from?.kind === 'table') {
    const parsed = await readRecordsTable(from.text, zone, budget, slice);
    entry.from = undefined; // the records are all we keep
    for (const n of parsed.notes) yield { type: 'info', zone, message: `line ${n.line}: ${n.message}` };
    return { records: parsed.records, problems: parsed.issues.map((i) => ({ type: 'row', name: String(i.row), message: rowMessage(i) })) };
  }
  if (from?.kind === 'records') return { records: from.records, problems: [] };
  return null;
}

/** What a failure names of a record: its type and name. */
export interface Subject {
  type: string;
  name: string;
}

/** Each record's type and name, in two lists: what is left of them once the records themselves are let go. */
export function subjectsOf(records: readonly IncomingRecord[]): (i: number) => Subject | undefined {
  const types = records.map((r) => r.type);
  const names = records.map((r) => r.name);
  return (i) => (i >= 0 && i < names.length ? { type: types[i] as string, name: names[i] as string } : undefined);
}

/** A table row's failure, with the row as written (a row number alone is hard to find in a pasted table). */
function rowMessage(issue: RowIssue): string {
  const text = issue.text.replace(/\s+/g, ' ');
  return `${issue.message} (line ${issue.line}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text})`;
}

/** A zone's records read from the source, its progress and notes told on the way. */
export async function* sourceRecords(
  entry: SourcedZone,
  source: Source | undefined,
  signal: AbortSignal,
  targetZoneId?: string,
): AsyncGenerator<MigrateEvent, ZoneRecords> {
  const zone = entry.name;
  const from = entry.from;
  if (!source || !from || isCarried(from))
    throw new AppError('invalid_request', 'this zone has no records and no source credentials were sent');
  yield {
    type: 'status',
    zone,
    message:
      from.kind === 'axfr'
        ? `Asking ${from.server} for a zone transfer`
        : from.kind === 'cloudflare'
          ? 'Reading records from the source account'
          : 'Reading records from the source',
  };
  const content = yield* reportWhile(
    (progress) => source.readZone({ name: zone, from, targetZoneId }, { signal, progress }),
    (message): MigrateEvent => ({ type: 'info', zone, message }),
  );
  for (const note of content.notes) yield { type: 'info', zone, message: note };
  return { records: content.records, problems: content.problems };
}
