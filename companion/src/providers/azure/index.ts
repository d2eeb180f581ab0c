import { sourceOf, type SourceValidateRequest } from '@dnsferry/shared';
import { lazySource, type Provider } from '../provider';
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
    namedBy: 'request',
    reads: (_zone, request) => sourceOf(request)?.provider === 'azure',
    open(request, deps) {
      const spec = sourceOf(request);
      if (spec?.provider !== 'azure') throw new Error('the request names no Azure source');
      return lazySource(() => adapter().then((m) => m.createAzureSource(deps, spec.credentials, spec.subscriptionId)));
    },
    async validate(deps, request, signal) {
      return (await adapter()).listSubscriptions(deps, credentialsOf(request), { signal });
    },
    async listZones(deps, request, signal) {
      const { subscriptionId, ...creds } = credentialsOf(request);
      return (await adapter()).listZones(deps, creds, subscriptionId, { signal });
    },
  },
} satisfies Provider;
