import { CloudflareClient, type ClientOptions } from '@dnsferry/companion/providers/cloudflare/client';

/** A client of the Cloudflare adapter as the tests use it: quick backoff, no Retry-After wait unless asked. */
export function testClient(baseUrl: string, token: string, extra: Partial<ClientOptions> = {}): CloudflareClient {
  return new CloudflareClient({ baseUrl, token, fetch, timeoutMs: 30_000, retryBaseMs: 5, maxRetryAfterMs: 0, ...extra });
}
