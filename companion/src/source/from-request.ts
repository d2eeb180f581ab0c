import type { MigrateRequest } from '@dnsferry/shared';
import type { RouteDeps } from '../app';
import type { Source } from './source';

/**
 * The source a migrate request asks for, when some zone comes without records.
 * (Azure is wired in here once its adapter lands.)
 */
export function sourceFor(_body: MigrateRequest, _deps: RouteDeps): Source | undefined {
  return undefined;
}
