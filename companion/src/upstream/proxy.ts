import type { ConnectionOptions } from 'node:tls';
import { Agent, Pool, ProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { describeUnreachable, UnreachableError } from './unreachable';

/**
 * The standard proxy variables (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, and their lower-case forms, read
 * in config.ts). One rule set decides for every upstream: fetch (Cloudflare, Entra ID, ARM, DoH over
 * HTTP/1.1) and the DoH HTTP/2 tunnel, so NO_PROXY means the same thing everywhere.
 */
export interface ProxySettings {
  /** Proxy for http:// upstreams (and https:// ones when httpsProxy is unset, as undici does). */
  httpProxy?: string;
  /** Proxy for https:// upstreams. */
  httpsProxy?: string;
  /** NO_PROXY entries: `*`, `host`, `.suffix` / `*.suffix`, each optionally `:port`; IPv6 as `[::1]`. */
  noProxy: string[];
}

export const NO_PROXY_SETTINGS: ProxySettings = { noProxy: [] };

const DEFAULT_PORT: Record<string, number> = { 'http:': 80, 'https:': 443 };

interface NoProxyEntry {
  host: string;
  port: number;
  suffix: boolean;
}

function parseEntry(raw: string): NoProxyEntry | null {
  let entry = raw.trim().toLowerCase();
  if (entry === '') return null;
  let port = 0;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    entry = bracketed[1] ?? '';
    port = Number(bracketed[2] ?? 0);
  } else if ((entry.match(/:/g) ?? []).length === 1) {
    const [h, p] = entry.split(':');
    entry = h ?? '';
    port = Number(p);
    if (!Number.isInteger(port)) return null;
  }
  const suffix = entry.startsWith('.') || entry.startsWith('*.');
  return { host: entry.replace(/^\*?\.?/, ''), port, suffix };
}

/**
 * The proxy a request to `target` goes through, or undefined when none is set or NO_PROXY lists the
 * host. The rules are undici's EnvHttpProxyAgent's (Node's own fetch): a plain entry matches that host
 * exactly, a leading `.` or `*.` matches the names below it, `*` alone matches everything, and a
 * `:port` narrows an entry to that port. Loopback is not special: list it in NO_PROXY if it must bypass.
 */
export function proxyFor(settings: ProxySettings, target: URL): URL | undefined {
  const raw = target.protocol === 'https:' ? (settings.httpsProxy ?? settings.httpProxy) : settings.httpProxy;
  if (!raw) return undefined;
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = Number(target.port) || DEFAULT_PORT[target.protocol] || 0;
  for (const item of settings.noProxy) {
    if (item.trim() === '*') return undefined;
    const e = parseEntry(item);
    if (!e || (e.port !== 0 && e.port !== port)) continue;
    if (e.suffix ? host.endsWith(`.${e.host}`) : host === e.host) return undefined;
  }
  return new URL(raw);
}

/** The settings as a log field: the proxy URLs without their user:password. */
export function loggableProxy(settings: ProxySettings): { httpsProxy?: string; httpProxy?: string; noProxy: string[] } | null {
  if (!settings.httpProxy && !settings.httpsProxy) return null;
  const bare = (raw: string) => {
    const u = new URL(raw);
    return `${u.protocol}//${u.username || u.password ? '[credentials]@' : ''}${u.host}`;
  };
  return {
    ...(settings.httpsProxy ? { httpsProxy: bare(settings.httpsProxy) } : {}),
    ...(settings.httpProxy ? { httpProxy: bare(settings.httpProxy) } : {}),
    noProxy: settings.noProxy,
  };
}

/** Whom TLS trusts (an extra CA); never which URL is called. */
export interface UpstreamTls {
  ca?: string[];
}

/**
 * An undici dispatcher that sends each origin straight or through its proxy (an HTTP CONNECT tunnel,
 * undici's ProxyAgent, which also sends the proxy URL's user:password as Proxy-Authorization).
 */
export function upstreamDispatcher(settings: ProxySettings, tls: UpstreamTls = {}): Dispatcher {
  const connect: ConnectionOptions = tls.ca ? { ca: tls.ca } : {};
  return new Agent({
    connect,
    factory: (origin: string | URL, opts: object) => {
      const proxy = proxyFor(settings, new URL(String(origin)));
      if (!proxy) return new Pool(origin, opts);
      return new ProxyAgent({ uri: proxy.href, requestTls: connect, proxyTls: connect });
    },
  });
}

/**
 * The fetch every upstream call goes through: proxies honoured, and a failure to reach the upstream
 * (or its proxy) rethrown as an UnreachableError that says what to check.
 */
export function upstreamFetch(settings: ProxySettings, tls: UpstreamTls = {}): typeof fetch {
  const dispatcher = upstreamDispatcher(settings, tls);
  const f = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    try {
      const res = await undiciFetch(input as Parameters<typeof undiciFetch>[0], {
        ...(init as Parameters<typeof undiciFetch>[1]),
        dispatcher,
      });
      return res as unknown as Response;
    } catch (err) {
      const target = new URL(input instanceof Request ? input.url : String(input));
      const why = init?.signal?.aborted ? null : describeUnreachable(err, target, proxyFor(settings, target));
      throw why ? new UnreachableError(why, { cause: err }) : err;
    }
  };
  return f;
}
