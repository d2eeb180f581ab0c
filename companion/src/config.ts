import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { EXTENSION_ORIGIN } from '@dnsferry/shared';
import type { ProxySettings } from './upstream/proxy';

/** Environment → typed configuration. The only reader of DNSFERRY_* variables. */
export interface Config {
  /** Listen address; a name (`localhost`) is held on every address it resolves to (http/listen.ts). */
  host: string;
  port: number;
  logLevel: string;
  /** How the companion's log is written: readable lines on a terminal and JSON elsewhere (`auto`), or always one of them. */
  logFormat: LogFormat;
  /** Base URL of the target (Cloudflare) API v4. */
  cloudflareApi: string;
  /** Entra ID authority host, and Azure Resource Manager base URL. */
  azureAuthority: string;
  azureArm: string;
  /** AWS Route 53 API endpoint (signed for us-east-1, the global endpoint's region). */
  awsRoute53: string;
  /** DNS-over-HTTPS resolver used by the scanner (RFC 8484). */
  dohUrl: string;
  /** Certificate Transparency search a deep scan asks for names (crt.sh's JSON: `?q=%25.<domain>&output=json`). */
  ctUrl: string;
  /**
   * Where the cutover check sends the queries meant for the target's assigned name servers
   * (`host:port`); null in real use, where those names are resolved and asked on port 53.
   */
  targetNs: { host: string; port: number } | null;
  /** Where a scan's zone-transfer attempt goes instead of the zone's own name servers (the sandbox, tests). */
  transferNs: { host: string; port: number } | null;
  /** Records per batch request at the target (the plan's limit: 200 on Free, 3,500 on paid plans). */
  batchSize: number;
  /** Batch requests of a zone in flight at once at the target (1 = one after another). */
  concurrency: number;
  /** Time limit for one upstream request; for a zone transfer, how long it may go without a record. */
  upstreamTimeoutMs: number;
  /** Bytes one zone transfer may take. */
  transferMaxBytes: number;
  /** How long one zone transfer may take in all. */
  transferTimeoutMs: number;
  /** First backoff step when an upstream answers 5xx or the network fails (doubles, jittered, capped at 8 s). */
  retryBaseMs: number;
  /** Longest Retry-After the companion waits out; a longer one fails the call as rate limited. */
  maxRetryAfterMs: number;
  /** Largest request body accepted. */
  bodyLimitBytes: number;
  maxZonesPerRequest: number;
  maxRecordsPerRequest: number;
  /** DNS queries a second one cutover check may send to the target's name servers. */
  cutoverQueriesPerSecond: number;
  /** Questions a second the scans together may ask one DoH resolver. */
  scanQueriesPerSecond: number;
  /** Host names the companion answers to (DNS-rebinding guard). */
  allowedHosts: string[];
  /** Browser origins allowed to call (the extension's); requests without Origin are always allowed. */
  allowedOrigins: string[];
  /** Folder of the companion's identity (secret + paired extension origins); null keeps it in memory. */
  home: string | null;
  /** A request (headers and body) that has not fully arrived after this long is dropped with a 408. */
  requestTimeoutMs: number;
  /** HTTPS_PROXY / HTTP_PROXY / NO_PROXY (or their lower-case forms), for every upstream. */
  proxy: ProxySettings;
}

export type LogFormat = 'auto' | 'json' | 'pretty';

export const DEFAULTS: Config = {
  host: '127.0.0.1',
  port: 8787,
  logLevel: 'info',
  logFormat: 'auto',
  cloudflareApi: 'https://api.cloudflare.com/client/v4',
  azureAuthority: 'https://login.microsoftonline.com',
  azureArm: 'https://management.azure.com',
  awsRoute53: 'https://route53.amazonaws.com',
  dohUrl: 'https://cloudflare-dns.com/dns-query',
  ctUrl: 'https://crt.sh/',
  targetNs: null,
  transferNs: null,
  batchSize: 200,
  concurrency: 4,
  upstreamTimeoutMs: 30_000,
  // A 100,000-record zone is about 10 MB by transfer and takes seconds: both limits are far above an
  // honest server's, and stop one that never finishes.
  transferMaxBytes: 256 * 1024 * 1024,
  transferTimeoutMs: 300_000,
  retryBaseMs: 500,
  maxRetryAfterMs: 310_000,
  bodyLimitBytes: 16 * 1024 * 1024,
  maxZonesPerRequest: 100,
  maxRecordsPerRequest: 100_000,
  cutoverQueriesPerSecond: 500,
  scanQueriesPerSecond: 1500,
  allowedHosts: ['127.0.0.1', 'localhost', '[::1]'],
  allowedOrigins: [EXTENSION_ORIGIN],
  // In memory unless loadConfig names a folder: code that builds a config by hand never writes a home.
  home: null,
  requestTimeoutMs: 10_000,
  proxy: { noProxy: [] },
};

function list(env: NodeJS.ProcessEnv, key: string, fallback: string[]): string[] {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
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

function logFormat(env: NodeJS.ProcessEnv): LogFormat {
  const raw = env.DNSFERRY_LOG_FORMAT?.trim().toLowerCase();
  if (raw === undefined || raw === '') return DEFAULTS.logFormat;
  if (raw === 'auto' || raw === 'json' || raw === 'pretty') return raw;
  throw new Error(`DNSFERRY_LOG_FORMAT must be json, pretty or auto (readable on a terminal, JSON otherwise), got "${raw}"`);
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

/** `host:port` or `[v6]:port`; null when unset. */
function hostPort(env: NodeJS.ProcessEnv, key: string): { host: string; port: number } | null {
  const raw = env[key]?.trim();
  if (raw === undefined || raw === '') return null;
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s[\]]+)):(\d{1,5})$/.exec(raw);
  const port = Number(m?.[3]);
  if (!m || port < 1 || port > 65535) throw new Error(`${key} must be host:port (e.g. 127.0.0.1:5353), got "${raw}"`);
  return { host: m[1] ?? m[2] ?? '', port };
}

/** The standard variable, lower-case form first (as curl and undici read them). */
function standard(env: NodeJS.ProcessEnv, key: string): string | undefined {
  const raw = env[key.toLowerCase()] ?? env[key];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

function proxyUrl(env: NodeJS.ProcessEnv, key: string): string | undefined {
  const raw = standard(env, key);
  if (raw === undefined) return undefined;
  // `proxy.corp:3128` without a scheme is common in these variables; it means http://.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch (err) {
    // The value may hold a proxy password: name the variable, not its value.
    throw new Error(`${key} must be a proxy URL such as http://proxy.example:3128`, { cause: err });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${key} must be an http:// or https:// proxy URL`);
  return parsed.href;
}

function proxySettings(env: NodeJS.ProcessEnv): ProxySettings {
  const httpProxy = proxyUrl(env, 'HTTP_PROXY');
  const httpsProxy = proxyUrl(env, 'HTTPS_PROXY');
  return {
    ...(httpProxy ? { httpProxy } : {}),
    ...(httpsProxy ? { httpsProxy } : {}),
    noProxy: (standard(env, 'NO_PROXY') ?? '').split(/[,\s]+/).filter(Boolean),
  };
}

/**
 * Where the identity lives: DNSFERRY_HOME, else the XDG config folder (`~/.config/dnsferry`).
 * `fallbackHome` replaces the XDG default (the sandbox keeps its identity out of the user's home).
 */
function homeFolder(env: NodeJS.ProcessEnv, fallbackHome: string | undefined): string {
  const explicit = env.DNSFERRY_HOME;
  if (explicit !== undefined && explicit.trim() !== '') {
    if (!isAbsolute(explicit)) throw new Error(`DNSFERRY_HOME must be an absolute path, got "${explicit}"`);
    return explicit;
  }
  if (fallbackHome !== undefined) return fallbackHome;
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.config');
  return join(base, 'dnsferry');
}

export function loadConfig(env: NodeJS.ProcessEnv, options: { fallbackHome?: string } = {}): Config {
  return {
    host: env.DNSFERRY_HOST || DEFAULTS.host,
    port: int(env, 'DNSFERRY_PORT', DEFAULTS.port, 0, 65535),
    logLevel: env.DNSFERRY_LOG_LEVEL || DEFAULTS.logLevel,
    logFormat: logFormat(env),
    cloudflareApi: url(env, 'DNSFERRY_CLOUDFLARE_API', DEFAULTS.cloudflareApi),
    azureAuthority: url(env, 'DNSFERRY_AZURE_AUTHORITY', DEFAULTS.azureAuthority),
    azureArm: url(env, 'DNSFERRY_AZURE_ARM', DEFAULTS.azureArm),
    awsRoute53: url(env, 'DNSFERRY_AWS_ROUTE53_ENDPOINT', DEFAULTS.awsRoute53),
    dohUrl: url(env, 'DNSFERRY_DOH_URL', DEFAULTS.dohUrl),
    ctUrl: url(env, 'DNSFERRY_CT_URL', DEFAULTS.ctUrl),
    targetNs: hostPort(env, 'DNSFERRY_TARGET_NS'),
    transferNs: hostPort(env, 'DNSFERRY_TRANSFER_NS'),
    batchSize: int(env, 'DNSFERRY_BATCH_SIZE', DEFAULTS.batchSize, 1, 3500),
    concurrency: int(env, 'DNSFERRY_CONCURRENCY', DEFAULTS.concurrency, 1, 16),
    upstreamTimeoutMs: int(env, 'DNSFERRY_UPSTREAM_TIMEOUT_MS', DEFAULTS.upstreamTimeoutMs, 100, 600_000),
    transferMaxBytes: int(env, 'DNSFERRY_TRANSFER_MAX_BYTES', DEFAULTS.transferMaxBytes, 1024, 16 * 1024 ** 3),
    transferTimeoutMs: int(env, 'DNSFERRY_TRANSFER_TIMEOUT_MS', DEFAULTS.transferTimeoutMs, 100, 86_400_000),
    retryBaseMs: int(env, 'DNSFERRY_RETRY_BASE_MS', DEFAULTS.retryBaseMs, 1, 60_000),
    maxRetryAfterMs: int(env, 'DNSFERRY_MAX_RETRY_AFTER_MS', DEFAULTS.maxRetryAfterMs, 0, 3_600_000),
    bodyLimitBytes: int(env, 'DNSFERRY_BODY_LIMIT_BYTES', DEFAULTS.bodyLimitBytes, 1024, 1024 ** 3),
    maxZonesPerRequest: int(env, 'DNSFERRY_MAX_ZONES', DEFAULTS.maxZonesPerRequest, 1, 10_000),
    maxRecordsPerRequest: int(env, 'DNSFERRY_MAX_RECORDS', DEFAULTS.maxRecordsPerRequest, 1, 10_000_000),
    cutoverQueriesPerSecond: int(env, 'DNSFERRY_CUTOVER_QPS', DEFAULTS.cutoverQueriesPerSecond, 1, 100_000),
    scanQueriesPerSecond: int(env, 'DNSFERRY_SCAN_QPS', DEFAULTS.scanQueriesPerSecond, 1, 100_000),
    allowedHosts: list(env, 'DNSFERRY_ALLOWED_HOSTS', DEFAULTS.allowedHosts),
    allowedOrigins: list(env, 'DNSFERRY_ALLOWED_ORIGINS', DEFAULTS.allowedOrigins),
    requestTimeoutMs: int(env, 'DNSFERRY_REQUEST_TIMEOUT_MS', DEFAULTS.requestTimeoutMs, 100, 600_000),
    proxy: proxySettings(env),
    home: homeFolder(env, options.fallbackHome),
  };
}
