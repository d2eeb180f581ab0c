import { parseZoneFile, type MigrateZone, type ParsedZone } from '@dnsferry/shared';
import { AppError } from '../errors';

/**
 * What a request may still carry: it starts at DNSFERRY_MAX_RECORDS less the records sent as lists,
 * and each zone file draws on it as it is read, so a `$GENERATE` of 37 bytes cannot become a
 * hundred thousand records past the limit. Zone files are read one at a time (synchronously), so
 * zones side by side draw on it in turn.
 */
export class RecordBudget {
  constructor(
    readonly limit: number,
    public left: number,
  ) {}

  static forRequest(limit: number, zones: readonly MigrateZone[]): RecordBudget {
    return new RecordBudget(limit, limit - zones.reduce((n, z) => n + (z.records?.length ?? 0), 0));
  }
}

/** A zone file read within the request's budget; over it, the zone fails before anything is written for it. */
export function readZoneFile(text: string, zone: string, budget: RecordBudget | undefined): ParsedZone {
  const parsed = parseZoneFile(text, zone, budget ? { limit: Math.max(0, budget.left) } : {});
  if (!budget) return parsed;
  if (parsed.stoppedAt !== undefined) {
    const left = Math.max(0, budget.left);
    // the request is over its limit: a later zone file gets nothing, so none costs more reading
    budget.left = 0;
    throw new AppError(
      'payload_too_large',
      `the zone file gives more records than this request may still carry (at most ${budget.limit} records per request, DNSFERRY_MAX_RECORDS; ${left} were left for it): reading stopped at line ${parsed.stoppedAt}, nothing is written for this zone`,
      'zones',
    );
  }
  budget.left -= parsed.records.length + parsed.issues.length;
  return parsed;
}
