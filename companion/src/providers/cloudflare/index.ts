import type { FromOf } from '@dnsferry/shared';
import type { Provider, ProviderDeps } from '../provider';
import { readFromAccount } from './account-source';
import { verifyAndListAccounts } from './accounts';
import { CAPABILITIES } from './capabilities';
import { CloudflareClient } from './client';
import { CloudflareCutoverTarget } from './cutover-target';
import { CloudflareTarget } from './target';
import { tokenKey } from './token-budget';

/** The one place a Cloudflare client is built: every call with a token shares that token's slots and pause. */
function client({ config, fetch }: ProviderDeps, token: string): CloudflareClient {
  return new CloudflareClient({
    baseUrl: config.cloudflareApi,
    token,
    fetch,
    timeoutMs: config.upstreamTimeoutMs,
    retryBaseMs: config.retryBaseMs,
    maxRetryAfterMs: config.maxRetryAfterMs,
    // one request's batches and zones share these slots
    maxInFlight: config.concurrency,
  });
}

/**
 * Cloudflare: the target, and a source too — "another Cloudflare account", read with that account's
 * token, zone by zone (a move between accounts).
 */
export const cloudflare = {
  title: 'Cloudflare',
  capabilities: CAPABILITIES,
  target: {
    open: (deps, login) => new CloudflareTarget(client(deps, login.token), login.accountId, deps.config.batchSize, deps.config.concurrency),
    cutover: (deps, login) => new CloudflareCutoverTarget(client(deps, login.token), login.accountId, deps.config.batchSize),
    validate: (deps, token, accountId, signal) => verifyAndListAccounts(client(deps, token), token, accountId, signal),
    shareKey: tokenKey,
  },
  source: {
    open: (deps) => ({
      readZone: (zone, opts) => readFromAccount(client(deps, zone.from.token), zone, zone.from, opts.signal),
    }),
  },
} satisfies Provider<FromOf<'cloudflare'>>;
