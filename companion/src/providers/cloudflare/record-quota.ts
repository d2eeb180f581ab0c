import { UpstreamError } from '../../errors';
import type { RecordQuota, TargetZone } from '../../engine/ports';
import type { CallInit, CloudflareClient } from './client';
import type { CloudflareRecordUsage } from './wire';

/** Records a Free zone added since September 2024 may hold; a zone created through the API starts on Free. */
const NEW_ZONE_RECORD_QUOTA = 200;

/**
 * The zone's own record quota, else the account's (`record_quota` null at one level means the other
 * holds it). A zone the run would create (`null`) gets a new Free zone's quota unless the account
 * holds one. A token that may not read a usage (the account's, with a token for some zones only)
 * leaves that one unknown; null when neither is known.
 */
export async function readRecordQuota(
  client: CloudflareClient,
  accountId: string,
  zone: TargetZone | null,
  init: Pick<CallInit, 'signal' | 'onWait'>,
): Promise<RecordQuota | null> {
  const read = async (path: string): Promise<CloudflareRecordUsage | null> => {
    try {
      const { result } = await client.call<CloudflareRecordUsage>('GET', path, init);
      return typeof result?.record_usage === 'number' ? result : null;
    } catch (err) {
      if (err instanceof UpstreamError && (err.kind === 'permission' || err.kind === 'not_found' || err.kind === 'invalid')) return null;
      throw err;
    }
  };
  if (zone) {
    const own = await read(`/zones/${zone.id}/dns_records/usage`);
    if (typeof own?.record_quota === 'number') return { limit: own.record_quota, used: own.record_usage, scope: 'zone', plan: zone.plan };
  }
  const account = await read(`/accounts/${accountId}/dns_records/usage`);
  if (typeof account?.record_quota === 'number') return { limit: account.record_quota, used: account.record_usage, scope: 'account' };
  return zone ? null : { limit: NEW_ZONE_RECORD_QUOTA, used: 0, scope: 'new-zone', plan: 'Free' };
}
