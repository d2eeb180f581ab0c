import type { HostedZone } from '@aws-sdk/client-route-53';
import type { Route53Keys, SourceZone } from '@dnsferry/shared';
import { UpstreamError } from '../../errors';
import { Redactor } from '../../redactor';
import type { SourceZoneContent, ZoneReader } from '../../engine/ports';
import { Route53Api, type Route53Deps } from './client';
import { mapRecordSets } from './mapping';
import { bareZoneId, decodeName } from './names';

export type { Route53Deps } from './client';

async function using<T>(api: Route53Api, fn: (api: Route53Api) => Promise<T>): Promise<T> {
  try {
    return await fn(api);
  } finally {
    api.close();
  }
}

/** The keys work and may list hosted zones (Route 53 has no "who am I"; one listed zone proves it all). */
export async function checkKeys(deps: Route53Deps, creds: Route53Keys, opts: { signal: AbortSignal }): Promise<void> {
  await using(new Route53Api(deps, creds, new Redactor(), true), (api) => api.check(opts.signal));
}

const isPrivate = (z: HostedZone) => z.Config?.PrivateZone === true;
const zoneName = (z: HostedZone) => (decodeName(z.Name ?? '') ?? z.Name ?? '').replace(/\.$/, '');

/**
 * The public hosted zones of the account (every page). Private zones answer only inside their VPCs,
 * so they are not public DNS to migrate and are left out. `recordCount` is Route 53's
 * `ResourceRecordSetCount`: record sets, SOA and apex NS included.
 */
export async function listHostedZones(deps: Route53Deps, creds: Route53Keys, opts: { signal: AbortSignal }): Promise<SourceZone[]> {
  const zones = await using(new Route53Api(deps, creds, new Redactor(), true), (api) => api.hostedZones(opts.signal));
  return zones
    .filter((z) => !isPrivate(z))
    .map((z) => ({ name: zoneName(z), id: bareZoneId(z.Id ?? ''), recordCount: z.ResourceRecordSetCount ?? 0 }));
}

async function findZone(api: Route53Api, name: string, signal: AbortSignal): Promise<string> {
  const found = (await api.hostedZones(signal)).filter((z) => !isPrivate(z) && zoneName(z) === name.toLowerCase());
  const [only] = found;
  if (!only) throw new UpstreamError('Route 53', 'not_found', 'NoSuchHostedZone', `no public hosted zone ${name} in this AWS account`, 404);
  if (found.length > 1) {
    const ids = found.map((z) => bareZoneId(z.Id ?? '')).join(', ');
    throw new UpstreamError(
      'Route 53',
      'invalid',
      undefined,
      `${name} is the name of ${found.length} public hosted zones (${ids}); say which hosted zone, by its id`,
    );
  }
  return bareZoneId(only.Id ?? '');
}

/**
 * Route 53 as a migration source for one set of keys. A zone read with its hosted zone id is read by
 * it; one without is found by listing the account's hosted zones.
 */
export function createRoute53Source(
  deps: Route53Deps,
  creds: Route53Keys,
): ZoneReader<{ name: string; hostedZoneId?: string | undefined }> {
  const api = new Route53Api(deps, creds, new Redactor());
  return {
    async readZone(zone, opts): Promise<SourceZoneContent> {
      const id = zone.hostedZoneId ? bareZoneId(zone.hostedZoneId) : await findZone(api, zone.name, opts.signal);
      const sets = await api.recordSets(id, opts.signal, opts.progress);
      return mapRecordSets(sets, { name: zone.name.toLowerCase(), id });
    },
  };
}
