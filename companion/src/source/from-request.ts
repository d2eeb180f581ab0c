import { sourceOf, type MigrateRequest } from '@dnsferry/shared';
import type { Config } from '../config';
import type { Source } from './source';

/**
 * The source a migrate request names (`source`, or Azure's fields), with the credentials its schema
 * already checked. Each provider's adapter is loaded on first use: most runs never read a provider,
 * and the Azure and AWS SDKs are the companion's largest parts.
 */
export function sourceFor(
  body: Pick<
    MigrateRequest,
    'source' | 'zones' | 'sourceToken' | 'subscriptionId' | 'authMethod' | 'tenantId' | 'clientId' | 'clientSecret'
  >,
  deps: { config: Config; fetch: typeof fetch },
): Source | undefined {
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
