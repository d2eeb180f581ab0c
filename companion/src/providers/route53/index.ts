import type { FromOf, SourceValidateRequest } from '@dnsferry/shared';
import { lazySource, perAccount, type Provider } from '../provider';
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
    // one client per keys: the account's pace (five requests a second) is shared by its zones
    open: (deps) =>
      perAccount(
        (from) => JSON.stringify(from.credentials),
        ({ credentials }) => {
          const reader = lazySource(() => adapter().then((m) => m.createRoute53Source(deps, credentials)));
          return { readZone: (zone, opts) => reader.readZone({ name: zone.name, hostedZoneId: zone.from.hostedZoneId }, opts) };
        },
      ),
    /** Lists one hosted zone, which proves the keys and the permission; an AWS account has no subscriptions to list. */
    async validate(deps, request, signal) {
      await (await adapter()).checkKeys(deps, keysOf(request), { signal });
      return [];
    },
    async listZones(deps, request, signal) {
      return (await adapter()).listHostedZones(deps, keysOf(request), { signal });
    },
  },
} satisfies Provider<FromOf<'route53'>>;
