import { sourceOf, type SourceValidateRequest } from '@dnsferry/shared';
import { lazySource, type Provider } from '../provider';
import { CAPABILITIES } from './capabilities';

/** Its adapter, loaded on first use: the AWS SDK is among the companion's largest parts. */
const adapter = () => import('./adapter');

function keysOf(request: SourceValidateRequest) {
  if (request.provider !== 'route53') throw new Error('a Route 53 request was expected');
  return request;
}

/** AWS Route 53: a source, for one AWS account's keys (which name the account: no subscription to choose). */
export const route53 = {
  title: 'Route 53',
  capabilities: CAPABILITIES,
  source: {
    namedBy: 'request',
    reads: (_zone, request) => sourceOf(request)?.provider === 'route53',
    open(request, deps) {
      const spec = sourceOf(request);
      if (spec?.provider !== 'route53') throw new Error('the request names no Route 53 source');
      // Taken now: the engine lets go of the zones it has started, before the source is first read.
      const ids = new Map(request.zones.flatMap((z) => (z.hostedZoneId ? [[z.name.toLowerCase(), z.hostedZoneId] as const] : [])));
      return lazySource(() => adapter().then((m) => m.createRoute53Source(deps, spec.credentials, ids)));
    },
    /** Lists one hosted zone, which proves the keys and the permission; an AWS account has no subscriptions to list. */
    async validate(deps, request, signal) {
      await (await adapter()).checkKeys(deps, keysOf(request), { signal });
      return [];
    },
    async listZones(deps, request, signal) {
      return (await adapter()).listHostedZones(deps, keysOf(request), { signal });
    },
  },
} satisfies Provider;
