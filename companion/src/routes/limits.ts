import type { Config } from '../config';
import { AppError } from '../errors';

/** A request's zones and records within the configured limits, before any work is done for it (413 past them). */
export function withinLimits(config: Pick<Config, 'maxZonesPerRequest' | 'maxRecordsPerRequest'>, zones: number, records: number): void {
  if (zones > config.maxZonesPerRequest) {
    throw new AppError('payload_too_large', `at most ${config.maxZonesPerRequest} zones per request`, 'zones');
  }
  if (records > config.maxRecordsPerRequest) {
    throw new AppError('payload_too_large', `at most ${config.maxRecordsPerRequest} records per request`, 'zones');
  }
}
