import { CompanionError } from './companion-http';

/** What to tell the person when a provider turns credentials down, by the companion's answer. */
export interface ProviderAdvice {
  /** The provider's name, as the sentences say it. */
  name: string;
  /** 401: the credentials are not accepted. */
  rejected: string;
  /** 403: the credentials are good but may not do this. */
  forbidden: string;
}

export const CLOUDFLARE: ProviderAdvice = {
  name: 'Cloudflare',
  rejected:
    'Cloudflare does not accept this token: it is invalid or has expired. Create a new API token in the Cloudflare dashboard (My Profile → API Tokens).',
  forbidden: 'This token is valid but lacks a permission. Give it Zone → Zone → Edit and Zone → DNS → Edit for the account.',
};

export const AZURE: ProviderAdvice = {
  name: 'Azure',
  rejected: 'Azure does not accept these credentials. Check the tenant, client id and secret (or get a fresh token).',
  forbidden:
    'These credentials may not read DNS zones. Give the principal the "DNS Zone Contributor" or "Reader" role on the subscription.',
};

export const ROUTE53: ProviderAdvice = {
  name: 'Route 53',
  rejected: 'AWS does not accept these keys. Check the access key id and secret (temporary ASIA… keys need their session token too).',
  forbidden:
    'These keys may not read Route 53. Give them route53:ListHostedZones and route53:ListResourceRecordSets (the AmazonRoute53ReadOnlyAccess policy has both).',
};

/**
 * The one sentence a person reads for a failed call: a form's error (with the `provider` whose
 * credentials it checks) or a job's. A refusal (nothing was sent) keeps its own sentence, and the
 * companion's own words are kept in every other case.
 */
export function errorSentence(err: unknown, provider?: ProviderAdvice): string {
  if (!(err instanceof CompanionError)) return err instanceof Error ? err.message : String(err);
  if (err.kind === 'unreachable') return `${err.message} Is it still running?`;
  if (err.kind !== 'http' || !provider) return err.message;
  if (err.code === 'upstream' || err.code === 'upstream_timeout') {
    return `The companion is running but cannot reach ${provider.name}: ${err.message}`;
  }
  if (err.status === 401) return `${provider.rejected} (${err.message})`;
  if (err.status === 403) return `${provider.forbidden} (${err.message})`;
  if (err.status === 400) return `The companion refused the request: ${err.message}`;
  return err.message;
}
