import { parsingZoneFile, readingRecordsTable, type ParsedTable, type ParsedZone, type SourcedZone } from '@dnsferry/shared';
import { sliced, type Slice } from '../flow/fair-share';
import { AppError } from '../errors';

/**
 * What a request may still carry: it starts at DNSFERRY_MAX_RECORDS less the records sent as lists,
 * and each zone file draws on it as it is read, so a `$GENERATE` of 37 bytes cannot become a
 * hundred thousand records past the limit. Reading gives way to other callers, so a request's zone
 * files (and tables) are read one after the other (`inTurn`): each knows what the ones before it took.
 */
export class RecordBudget {
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    readonly limit: number,
    public left: number,
  ) {}

  static forRequest(limit: number, zones: readonly SourcedZone[]): RecordBudget {
    return new RecordBudget(limit, limit - zones.reduce((n, z) => n + (z.from?.kind === 'records' ? z.from.records.length : 0), 0));
  }

  /** Runs `read` once the reads started before it have ended. */
  inTurn<T>(read: () => Promise<T>): Promise<T> {
    const mine = this.last.then(read, read);
    this.last = mine.catch(() => undefined); // the next read waits for this one, not for its outcome
    return mine;
  }
}

/**
 * A zone file read within the request's budget; over it, the zone fails before anything is written
 * for it. With a `slice`, the reading gives way to other callers whenever it has held the event loop
 * for one (a 16 MB file takes seconds).
 */
export function readZoneFile(text: string, zone: string, budget: RecordBudget | undefined, slice?: Slice): Promise<ParsedZone> {
  return readWithin(budget, slice, 'the zone file', (limit) => parsingZoneFile(text, zone, limit === undefined ? {} : { limit }));
}

/** A records table copied from a dashboard, read within the request's budget, as a zone file is. */
export function readRecordsTable(text: string, zone: string, budget: RecordBudget | undefined, slice?: Slice): Promise<ParsedTable> {
  return readWithin(budget, slice, 'the table', (limit) => readingRecordsTable(text, zone, limit === undefined ? {} : { limit }));
}

async function readWithin<T extends { records: unknown[]; issues: unknown[]; stoppedAt?: number }>(
  budget: RecordBudget | undefined,
  slice: Slice | undefined,
  what: string,
  reading: (limit?: number) => Generator<void, T>,
): Promise<T> {
  if (!budget) return sliced(reading(), slice);
  return budget.inTurn(async () => {
    const parsed = await sliced(reading(Math.max(0, budget.left)), slice);
    if (parsed.stoppedAt !== undefined) {
      const left = Math.max(0, budget.left);
      // the request is over its limit: a later zone file or table gets nothing, so none costs more reading
      budget.left = 0;
      throw new AppError(
        'payload_too_large',
        `${what} gives more records than this request may still carry (at most ${budget.limit} records per request, DNSFERRY_MAX_RECORDS; ${left} were left for it): reading stopped at line ${parsed.stoppedAt}, nothing is written for this zone`,
        'zones',
      );
    }
    budget.left -= parsed.records.length + parsed.issues.length;
    return parsed;
  });
}
