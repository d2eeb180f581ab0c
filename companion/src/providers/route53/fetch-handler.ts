import type { HttpHandlerOptions, HttpRequest, HttpResponse, RequestHandler } from '@smithy/types';
import { withDeadline } from '../../upstream/deadline';

/** RFC 3986 encoding, as SigV4 canonicalises a query (encodeURIComponent leaves `! ' ( ) *` alone). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function queryString(query: HttpRequest['query']): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value === null) parts.push(encode(key));
    else for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encode(key)}=${encode(v)}`);
  }
  return parts.join('&');
}

/**
 * The AWS SDK's requests sent through the companion's one fetch, so Route 53 is reached by the same
 * rules as every other upstream: HTTPS_PROXY/NO_PROXY, the unreachable explanations, and the fetch
 * tests hand in. (The SDK's own Node handler would open sockets of its own, around the proxy.)
 * The body comes back whole: Route 53's answers are small XML pages.
 *
 * Every request waits for `pace` here, at the last moment before it leaves, and says when its answer
 * is in: the SDK's own steps before (signing, and on a new client loading its parts) take a varying
 * time, and a request paced earlier could leave late and land in one second with the next five. The
 * time limit starts once it may go.
 */
export class FetchRequestHandler implements RequestHandler<HttpRequest, HttpResponse, HttpHandlerOptions> {
  constructor(
    private readonly f: typeof fetch,
    private readonly pace: (signal: AbortSignal) => Promise<() => void>,
    private readonly timeoutMs: number,
  ) {}

  async handle(request: HttpRequest, options: HttpHandlerOptions = {}): Promise<{ response: HttpResponse }> {
    const query = queryString(request.query);
    const port = request.port ? `:${request.port}` : '';
    const url = `${request.protocol}//${request.hostname}${port}${request.path}${query ? `?${query}` : ''}`;
    const headers = new Headers();
    // `host` is set by fetch itself from the URL, which is what was signed.
    for (const [k, v] of Object.entries(request.headers)) if (k.toLowerCase() !== 'host') headers.set(k, v);
    const outer = (options.abortSignal as AbortSignal | undefined) ?? new AbortController().signal;
    const done = await this.pace(outer);
    const { res, body } = await withDeadline(outer, this.timeoutMs, async (signal) => {
      const res = await this.f(url, {
        method: request.method,
        headers,
        ...(request.method !== 'GET' && request.method !== 'HEAD' && typeof request.body === 'string' ? { body: request.body } : {}),
        signal,
      });
      return { res, body: new Uint8Array(await res.arrayBuffer()) };
    }).finally(done);
    const responseHeaders: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      responseHeaders[key] = value;
    });
    return { response: { statusCode: res.status, reason: res.statusText, headers: responseHeaders, body } };
  }

  updateHttpClientConfig(): void {
    // Nothing to configure: the fetch decides proxies and TLS.
  }

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }
}
