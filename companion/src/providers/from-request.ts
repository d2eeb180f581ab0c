import { sourceOf, type MigrateRequest } from '@dnsferry/shared';
import type { Config } from '../config';
import type { Source } from '../engine/ports';
import { readByTransfer } from './axfr/index';
import { readFromAccount } from './cloudflare/account-source';
import { AppError } from '../errors';

/** What of a migrate (or cutover) request names where its zones come from. */
type SourceFields = Pick<
  MigrateRequest,
  'source' | 'zones' | 'sourceToken' | 'subscriptionId' | 'authMethod' | 'tenantId' | 'clientId' | 'clientSecret'
>;

/**
 * The source a migrate request asks for: a zone transfer for the zones that name a server, another
 * Cloudflare account for those that carry its token, and for the others the provider the request
 * names (`source`, or Azure's fields), with the credentials its schema already checked.
 */
export function sourceFor(body: SourceFields, deps: { config: Config; fetch: typeof fetch }): Source | undefined {
  const provider = providerFor(body, deps);
  if (!body.zones.some((z) => z.axfr !== undefined || z.cloudflare !== undefined)) return provider;
  const limits = { maxRecords: deps.config.maxRecordsPerRequest, idleMs: deps.config.upstreamTimeoutMs };
  return {
    async readZone(zone, opts) {
      if (zone.axfr) return readByTransfer(zone.name, zone.axfr, limits, opts.signal);
      if (zone.cloudflare) return readFromAccount(deps.config, deps.fetch, zone, zone.cloudflare, opts.signal);
      if (!provider) throw new AppError('invalid_request', 'this zone has no records and no source credentials were sent');
      return provider.readZone(zone, opts);
    },
  };
}

/**
 * The provider a request names. Each provider's adapter is loaded on first use: most runs never read
 * a provider, and the Azure and AWS SDKs are the companion's largest parts.
 */
function providerFor(body: SourceFields, deps: { config: Config; fetch: typeof fetch }): Source | undefined {
  const spec = sourceOf(body);
  if (!spec) return undefined;
  // Taken now: the engine lets go of the zones it has started, before the source is first read.
  const ids = new Map(body.zones.flatMap((z) => (z.hostedZoneId ? [[z.name.toLowerCase(), z.hostedZoneId] as const] : [])));
  let loaded: Promise<Source> | undefined;
  const load = (): Promise<Source> => {
    if (spec.provider === 'route53') {
      return import('./route53/index').then((m) => m.createRoute53Source(deps, spec.credentials, ids));
    }
    return import('./azure/index').then((m) => m.createAzureSource(deps, spec.credentials, spec.subscriptionId));
  };
  return {
    async readZone(zone, opts) {
      loaded ??= load();
      return (await loaded).readZone(zone, opts);
    },
  };
}
