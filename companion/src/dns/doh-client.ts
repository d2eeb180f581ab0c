import { isAbort } from '../errors';
import { proxyFor, type ProxySettings } from '../upstream/proxy';
import { DohTransportError, FetchTransport, Http2Transport, type DohTransport } from './doh-transports';
import { RECORD_SPECS, type RecordType } from '@dnsferry/shared';
import { decodeReply, encodeQuery, MalformedReplyError, type DnsReply } from './message';

export interface DohClientOptions {
  /** Time limit for one query, retries not included. */
  timeoutMs?: number;
  /** Further tries after a timeout, a network failure or an HTTP 5xx. */
  retries?: number;
  /**
   * `auto` (default) speaks HTTP/2 and falls back to HTTP/1.1 through fetch when the resolver does
   * not speak HTTP/2 (the first query tells); `http1` uses fetch only.
   */
  protocol?: 'auto' | 'http2' | 'http1';
  fetch?: typeof fetch;
  /**
   * HTTPS_PROXY/HTTP_PROXY/NO_PROXY for the HTTP/2 connection, which this client opens itself (through
   * a CONNECT tunnel). The HTTP/1.1 fallback goes through `fetch`, which applies the same settings.
   */
  proxy?: ProxySettings;
}

export const DOH_CLIENT_DEFAULTS = { timeoutMs: 3000, retries: 1 } as const;

/** Why a query got no DNS reply. SERVFAIL and friends are replies, not errors. */
export class DohError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'http' | 'malformed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DohError';
  }
}

export interface DohClient {
  /**
   * Resolves with the reply, rejects with a DohError, or with `signal.reason` when aborted.
   * `dnssec` asks for the DNSSEC records too (the DO bit).
   */
  query(name: string, type: RecordType, signal: AbortSignal, options?: { dnssec?: boolean }): Promise<DnsReply>;
  /** Queries sent so far, retries included. */
  readonly sent: number;
  /** The protocol in use (known after the first reply). */
  readonly protocol: string;
  close(): void;
}

/** An RFC 8484 client (wire format, so any DoH resolver works) over one kept-alive connection. */
export function createDohClient(dohUrl: string, options: DohClientOptions = {}): DohClient {
  const url = new URL(dohUrl);
  const timeoutMs = options.timeoutMs ?? DOH_CLIENT_DEFAULTS.timeoutMs;
  const retries = options.retries ?? DOH_CLIENT_DEFAULTS.retries;
  const mode = options.protocol ?? 'auto';
  const http1 = new FetchTransport(url, options.fetch ?? fetch);
  const http2 = new Http2Transport(url, options.proxy ? proxyFor(options.proxy, url) : undefined);
  let active: DohTransport = mode === 'http1' ? http1 : http2;
  // Until HTTP/2 has worked once, a failure may mean the resolver only speaks HTTP/1.1.
  let http2Proven = mode !== 'auto';
  let sent = 0;

  async function exchangeOnce(wire: Buffer, signal: AbortSignal): Promise<Buffer> {
    const transport = active;
    sent++;
    try {
      const body = await transport.exchange(wire, signal);
      if (transport === http2) http2Proven = true;
      return body;
    } catch (err) {
      if (transport !== http2 || http2Proven || signal.aborted || !(err instanceof DohTransportError)) throw err;
      sent++;
      const body = await http1.exchange(wire, signal);
      active = http1;
      http2.close();
      return body;
    }
  }

  async function attempt(wire: Buffer, name: string, type: RecordType, outer: AbortSignal): Promise<DnsReply> {
    // A timer and a controller held here, not AbortSignal.any(AbortSignal.timeout()): Node 20 may
    // collect such a combined signal before it fires, and the query would then never time out.
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(new DohError('timeout', `no answer within ${timeoutMs} ms`)), timeoutMs);
    const onOuterAbort = () => ac.abort(outer.reason);
    if (outer.aborted) onOuterAbort();
    else outer.addEventListener('abort', onOuterAbort, { once: true });
    try {
      return decodeReply(await exchangeOnce(wire, ac.signal), name, type);
    } catch (err) {
      if (outer.aborted) throw outer.reason;
      if (ac.signal.aborted) throw new DohError('timeout', `no answer within ${timeoutMs} ms`, { cause: err });
      if (err instanceof MalformedReplyError) throw new DohError('malformed', err.message, { cause: err });
      if (err instanceof DohTransportError) throw new DohError(err.kind, err.message, { cause: err });
      if (isAbort(err)) throw new DohError('timeout', `no answer within ${timeoutMs} ms`, { cause: err });
      throw err;
    } finally {
      clearTimeout(timer);
      outer.removeEventListener('abort', onOuterAbort);
    }
  }

  return {
    async query(name, type, signal, options) {
      // id 0, recursion desired: RFC 8484, so HTTP caches can share the answers
      const wire = encodeQuery(name, RECORD_SPECS[type].code, { id: 0, recursion: true, edns: false, dnssec: options?.dnssec === true });
      for (let tries = 0; ; tries++) {
        try {
          return await attempt(wire, name, type, signal);
        } catch (err) {
          if (!(err instanceof DohError) || tries >= retries || !retryable(err)) throw err;
        }
      }
    },
    get sent() {
      return sent;
    },
    get protocol() {
      return active.protocol;
    },
    close() {
      http2.close();
      http1.close();
    },
  };
}

function retryable(err: DohError): boolean {
  if (err.kind === 'timeout' || err.kind === 'network') return true;
  const status = err.cause instanceof DohTransportError ? err.cause.status : undefined;
  return err.kind === 'http' && status !== undefined && status >= 500;
}
