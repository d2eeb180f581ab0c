import type { FromOf, SourceValidateRequest } from '@dnsferry/shared';
import { lazySource, perAccount, type Provider } from '../provider';
import { CAPABILITIES } from './capabilities';

/** Its adapter, loaded on first use: the Azure SDK is among the companion's largest parts. */
const adapter = () => import('./adapter');

/** The credentials of a request that names Azure (`provider` "azure", or absent, as before it existed). */
function credentialsOf<R extends SourceValidateRequest>(request: R): Exclude<R, { provider: 'route53' }> {
  if (request.provider === 'route53') throw new Error('an Azure request was expected');
  return request as Exclude<R, { provider: 'route53' }>;
}

/** Azure DNS: a source, for one subscription, signed in with a service principal or a bearer token. */
export const azure = {
  title: 'Azure',
  capabilities: CAPABILITIES,
  source: {
    // one client per credentials and subscription: its token and its listing of the subscription's zones are shared
    open: (deps) =>
      perAccount(
        (from) => JSON.stringify([from.credentials, from.subscriptionId]),
        ({ credentials, subscriptionId }) => {
          const reader = lazySource(() => adapter().then((m) => m.createAzureSource(deps, credentials, subscriptionId)));
          return { readZone: (zone, opts) => reader.readZone({ name: zone.name, resourceGroup: zone.from.resourceGroup }, opts) };
        },
      ),
    async validate(deps, request, signal) {
      return (await adapter()).listSubscriptions(deps, credentialsOf(request), { signal });
    },
    async listZones(deps, request, signal) {
      const { subscriptionId, ...creds } = credentialsOf(request);
      return (await adapter()).listZones(deps, creds, subscriptionId, { signal });
    },
  },
} satisfies Provider<FromOf<'azure'>>;
