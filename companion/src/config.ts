import { EXTENSION_ORIGIN } from '@dnsferry/shared';

/** Environment → typed configuration. The only reader of DNSFERRY_* variables. */
export interface Config {
  host: string;
  port: number;
  logLevel: string;
  /** Base URL of the target (Cloudflare) API v4. */
  cloudflareApi: string;
  /** Entra ID authority host, and Azure Resource Manager base URL. */
  azureAuthority: string;
  azureArm: string;
  /** DNS-over-HTTPS resolver used by the scanner (RFC 8484). */
  dohUrl: string;
  /** Records per batch request at the target (the plan's limit: 200 on Free, 3,500 on paid plans). */
  batchSize: number;
  /** Time limit for one upstream request. */
  upstreamTimeoutMs: number;
  /** First backoff step when an upstream answers 5xx or the network fails (doubles, jittered, capped at 8 s). */
  retryBaseMs: number;
  /** Longest Retry-After the companion waits out; a longer one fails the call as rate limited. */
  maxRetryAfterMs: number;
  /** Largest request body accepted. */
  bodyLimitBytes: number;
  maxZonesPerRequest: number;
  maxRecordsPerRequest: number;
  /** Host names the companion answers to (DNS-rebinding guard). */
  allowedHosts: string[];
  /** Browser origins allowed to call (the extension's); requests without Origin are always allowed. */
  allowedOrigins: string[];
}

export const DEFAULTS: Config = {
  host: '127.0.0.1',
  port: 8787,
  logLevel: 'info',
  cloudflareApi: 'https://api.cloudflare.com/client/v4',
  azureAuthority: 'https://login.microsoftonline.com',
  azureArm: 'https://management.azure.com',
  dohUrl: 'https://cloudflare-dns.com/dns-query',
  batchSize: 200,
  upstreamTimeoutMs: 30_000,
  retryBaseMs: 500,
  maxRetryAfterMs: 310_000,
  bodyLimitBytes: 16 * 1024 * 1024,
  maxZonesPerRequest: 100,
  maxRecordsPerRequest: 100_000,
  allowedHosts: ['127.0.0.1', 'localhost', '[::1]'],
  allowedOrigins: [EXTENSION_ORIGIN],
};

function list(env: NodeJS.ProcessEnv, key: string, fallback: string[]): string[] {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

function int(env: NodeJS.ProcessEnv, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${key} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function url(env: NodeJS.ProcessEnv, key: string, fallback: string): string {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch (err) {
    throw new Error(`${key} must be an absolute URL, got "${raw}"`, { cause: err });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`${key} must be http(s)`);
  return raw.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  return {
    host: env.DNSFERRY_HOST || DEFAULTS.host,
    port: int(env, 'DNSFERRY_PORT', DEFAULTS.port, 0, 65535),
    logLevel: env.DNSFERRY_LOG_LEVEL || DEFAULTS.logLevel,
    cloudflareApi: url(env, 'DNSFERRY_CLOUDFLARE_API', DEFAULTS.cloudflareApi),
    azureAuthority: url(env, 'DNSFERRY_AZURE_AUTHORITY', DEFAULTS.azureAuthority),
    azureArm: url(env, 'DNSFERRY_AZURE_ARM', DEFAULTS.azureArm),
    dohUrl: url(env, 'DNSFERRY_DOH_URL', DEFAULTS.dohUrl),
    batchSize: int(env, 'DNSFERRY_BATCH_SIZE', DEFAULTS.batchSize, 1, 3500),
    upstreamTimeoutMs: int(env, 'DNSFERRY_UPSTREAM_TIMEOUT_MS', DEFAULTS.upstreamTimeoutMs, 100, 600_000),
    retryBaseMs: int(env, 'DNSFERRY_RETRY_BASE_MS', DEFAULTS.retryBaseMs, 1, 60_000),
    maxRetryAfterMs: int(env, 'DNSFERRY_MAX_RETRY_AFTER_MS', DEFAULTS.maxRetryAfterMs, 0, 3_600_000),
    bodyLimitBytes: int(env, 'DNSFERRY_BODY_LIMIT_BYTES', DEFAULTS.bodyLimitBytes, 1024, 1024 ** 3),
    maxZonesPerRequest: int(env, 'DNSFERRY_MAX_ZONES', DEFAULTS.maxZonesPerRequest, 1, 10_000),
    maxRecordsPerRequest: int(env, 'DNSFERRY_MAX_RECORDS', DEFAULTS.maxRecordsPerRequest, 1, 10_000_000),
    allowedHosts: list(env, 'DNSFERRY_ALLOWED_HOSTS', DEFAULTS.allowedHosts),
    allowedOrigins: list(env, 'DNSFERRY_ALLOWED_ORIGINS', DEFAULTS.allowedOrigins),
  };
}
