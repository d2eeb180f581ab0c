import { plural, type SourceCredentials } from '@dnsferry/shared';
import { AZURE } from '@/utils/error-sentence';
import type { FormValues, KeysOf, ListedSource } from './descriptor';

/** Azure's fields: both ways to sign in, by the contract's names. */
export type AzureField = KeysOf<SourceCredentials>;

const METHODS = ['servicePrincipal', 'bearerToken'] as const satisfies ReadonlyArray<SourceCredentials['authMethod']>;

function credentials(v: FormValues<AzureField>): SourceCredentials {
  return v.authMethod === 'bearerToken'
    ? { authMethod: 'bearerToken', sourceToken: v.sourceToken.trim() }
    : { authMethod: 'servicePrincipal', tenantId: v.tenantId.trim(), clientId: v.clientId.trim(), clientSecret: v.clientSecret.trim() };
}

/**
 * Azure DNS: a service principal or an access token → the subscriptions it sees → one chosen → its
 * zones. The credentials go at the top of the migrate body as they always have, with the subscription;
 * each zone with its resource group, so it is not looked up.
 */
export const azureSource: ListedSource<AzureField> = {
  label: 'Azure DNS',
  testid: 'az',
  zones: 'listed',
  fields: [
    { name: 'authMethod', label: 'Sign in to Azure with', testid: 'method', options: METHODS, kept: true },
    { name: 'tenantId', label: 'Tenant id', testid: 'tenant', required: true, kept: true },
    { name: 'clientId', label: 'Client id', testid: 'client', required: true, kept: true },
    { name: 'clientSecret', label: 'Client secret', testid: 'secret', secret: true, required: true, kept: true },
    {
      name: 'sourceToken',
      label: 'Access token',
      testid: 'token',
      hint: ['(from ', { code: 'az account get-access-token' }, ')'],
      secret: true,
      required: true,
      kept: true,
    },
  ],
  methods: {
    field: 'authMethod',
    choices: [
      {
        value: 'servicePrincipal',
        label: 'a service principal',
        testid: 'sp',
        rows: [{ fields: ['tenantId', 'clientId', 'clientSecret'], columns: '1fr 1fr 1fr' }],
      },
      { value: 'bearerToken', label: 'an access token', testid: 'token', rows: [{ fields: ['sourceToken'] }] },
    ],
  },
  note: 'Kept in memory for this browser session only.',
  credentialsName: 'Azure credentials',
  advice: AZURE,
  validateBody: credentials,
  subscriptions: true,
  zonesBody: (v, subscriptionId) => ({ ...credentials(v), subscriptionId }),
  none: { subscriptions: 'These credentials see no subscription.', zones: 'This subscription has no DNS zones.' },
  offer: (z) => ({ name: z.name, expected: z.recordCount, resourceGroup: z.resourceGroup }),
  request: (v, subscriptionId) => ({ subscriptionId, ...credentials(v) }),
  scope: (subscriptionId) => subscriptionId,
  hint: (chosen) => (chosen ? plural(chosen, 'Azure zone') : 'Azure DNS'),
};
