import { plural, type SourcedZone } from '@dnsferry/shared';
import type { Config } from '../config';
import { AppError } from '../errors';

/** The records a zone carries in the request itself (a zone file's are counted as it is read). */
export const recordsSent = (zone: SourcedZone): number => (zone.from?.kind === 'records' ? zone.from.records.length : 0);

/**
 * A request's zones and records within the configured limits, before any work is done for it (413
 * past them); `recordsOf` says how many records each zone carries.
 */
export function withinLimits<Z>(
  config: Pick<Config, 'maxZonesPerRequest' | 'maxRecordsPerRequest'>,
  zones: readonly Z[],
  recordsOf: (zone: Z) => number,
): void {
  if (zones.length > config.maxZonesPerRequest) {
    throw new AppError('payload_too_large', `at most ${plural(config.maxZonesPerRequest, 'zone')} per request`, 'zones');
  }
  if (zones.reduce((n, z) => n + recordsOf(z), 0) > config.maxRecordsPerRequest) {
    throw new AppError('payload_too_large', `at most ${plural(config.maxRecordsPerRequest, 'record')} per request`, 'zones');
  }
}
