import type { Route53Credentials, Route53Keys } from '@dnsferry/shared';
import { ROUTE53 } from '@/utils/error-sentence';
import { ROUTE53_SCOPE } from '@/utils/source-side';
import type { FormValues, ListedSource } from './descriptor';

/** Route 53's fields, by the contract's names (its keys, the provider being named by the source). */
export type Route53Field = keyof Route53Keys;

function credentials(v: FormValues<Route53Field>): Route53Credentials {
  const token = v.sessionToken.trim();
  return {
    provider: 'route53',
    accessKeyId: v.accessKeyId.trim(),
    secretAccessKey: v.secretAccessKey.trim(),
    ...(token ? { sessionToken: token } : {}),
  };
}

/**
 * AWS Route 53: access keys → the account's public hosted zones → the zones chosen. The keys go in the
 * migrate body as its `source`; each zone with its hosted zone id, so it is not looked up by name.
 */
export const route53Source: ListedSource<Route53Field> = {
  label: 'Route 53',
  testid: 'r53',
  zones: 'listed',
  lead: [
    'An access key of your AWS account that may read Route 53 (the ',
    { code: 'AmazonRoute53ReadOnlyAccess' },
    ' policy): its hosted zones are listed, and the zones you choose are read record by record.',
  ],
  fields: [
    { name: 'accessKeyId', label: 'Access key id', testid: 'key-id', placeholder: 'AKIA…', required: true, kept: true },
    { name: 'secretAccessKey', label: 'Secret access key', testid: 'secret', secret: true, required: true, kept: true },
    // only for temporary keys (ASIA…)
    {
      name: 'sessionToken',
      label: 'Session token',
      testid: 'session-token',
      hint: ['(only for temporary ASIA… keys)'],
      secret: true,
      kept: true,
    },
  ],
  rows: [{ fields: ['accessKeyId', 'secretAccessKey'], columns: '1fr 1fr' }, { fields: ['sessionToken'] }],
  note: 'Kept in memory for this browser session only.',
  credentialsName: 'Route 53 keys',
  advice: ROUTE53,
  validateBody: credentials,
  // the keys name one account: its zones are listed at once
  subscriptions: false,
  zonesBody: (v) => credentials(v),
  none: { zones: 'These keys see no public hosted zone.' },
  offer: (z) => ({ name: z.name, expected: z.recordCount, ...(z.id ? { read: { hostedZoneId: z.id } } : {}) }),
  request: (v) => ({ source: credentials(v) }),
  scope: () => ROUTE53_SCOPE,
  hint: (chosen) => (chosen ? `${chosen} Route 53 zones` : 'Route 53'),
};
