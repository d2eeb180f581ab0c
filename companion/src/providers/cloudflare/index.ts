import type { Config } from '../../config';
import { CloudflareClient } from './client';
import { CloudflareTarget } from './target';

export { verifyAndListAccounts } from './accounts';

export function cloudflareClient(config: Config, fetchImpl: typeof fetch, token: string): CloudflareClient {
  return new CloudflareClient({
    baseUrl: config.cloudflareApi,
    token,
    fetch: fetchImpl,
    timeoutMs: config.upstreamTimeoutMs,
    retryBaseMs: config.retryBaseMs,
    maxRetryAfterMs: config.maxRetryAfterMs,
    // one request's batches and zones share these slots
    maxInFlight: config.concurrency,
  });
}

export function createCloudflareTarget(config: Config, fetchImpl: typeof fetch, token: string, accountId: string) {
  const client = cloudflareClient(config, fetchImpl, token);
  return { client, target: new CloudflareTarget(client, accountId, config.batchSize, config.concurrency) };
}
