import http2, { type ClientHttp2Session } from 'node:http2';
import net, { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { openTunnel } from '../upstream/tunnel';
import { describeConnectionFailure, describeUnreachable } from '../upstream/unreachable';

/** How DNS messages travel to the resolver (RFC 8484 GET, `?dns=` base64url). */
export interface DohTransport {
  readonly protocol: 'HTTP/2' | 'HTTP/1.1';
  /** Sends one DNS message and resolves with the reply's bytes; rejects with `signal.reason` on abort. */
  exchange(wire: Buffer, signal: AbortSignal): Promise<Buffer>;
  close(): void;
}

/** The resolver could not be reached or did not answer with a DNS message. */
export class DohTransportError extends Error {
  constructor(
    readonly kind: 'network' | 'http',
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DohTransportError';
  }
}

/** DNS messages are at most 65,535 bytes; a bigger body is not a DNS reply. */
const MAX_REPLY_BYTES = 65_535;
const ACCEPT = 'application/dns-message';

export function getUrl(base: URL, wire: Buffer): URL {
  const url = new URL(base);
  url.searchParams.set('dns', wire.toString('base64url'));
  return url;
}

/**
 * One HTTP/2 connection (TLS with ALPN h2, or h2c with prior knowledge for http:// URLs) carrying
 * every query as its own stream. Reconnects when the server closed it. With a `proxy`, the
 * connection runs inside an HTTP CONNECT tunnel (fetch, and so the HTTP/1.1 transport, tunnels by itself).
 */
export class Http2Transport implements DohTransport {
  readonly protocol = 'HTTP/2';
  private session: ClientHttp2Session | undefined;
  private connecting: Promise<ClientHttp2Session> | undefined;
  private lastSessionError: Error | undefined;

  constructor(
    private readonly url: URL,
    private readonly proxy?: URL,
  ) {}

  /** The live session, or one being opened (a tunnel takes a round trip first); shared by every query. */
  private open(): ClientHttp2Session | Promise<ClientHttp2Session> {
    const current = this.session;
    if (current && !current.closed && !current.destroyed) return current;
    if (!this.proxy) return this.start(this.connectSocket());
    const proxy = this.proxy;
    this.connecting ??= openTunnel(proxy, this.host(), this.port())
      .then((tunnel) => this.start(this.connectSocket(tunnel)))
      .finally(() => {
        this.connecting = undefined;
      });
    return this.connecting;
  }

  private start(socket: Duplex): ClientHttp2Session {
    const session = http2.connect(this.url.origin, { createConnection: () => socket });
    // Each pending stream fails with its own error; the session's is kept to explain it.
    session.on('error', (err: Error) => {
      this.lastSessionError = err;
    });
    const forget = () => {
      if (this.session === session) this.session = undefined;
    };
    session.on('close', forget);
    session.on('goaway', forget);
    session.unref();
    this.session = session;
    return session;
  }

  /**
   * Many small frames are in flight at once: without TCP_NODELAY, Nagle's algorithm holds them
   * until the server's delayed ACK, and concurrent queries end up slower than one at a time.
   */
  private connectSocket(tunnel?: Duplex): Duplex {
    const host = this.host();
    const port = this.port();
    if (this.url.protocol === 'https:') {
      const options = { ALPNProtocols: ['h2'], ...(isIP(host) ? {} : { servername: host }) };
      const socket = tunnel ? tls.connect({ ...options, socket: tunnel }) : tls.connect({ host, port, ...options });
      if (!tunnel) socket.setNoDelay(true);
      return socket;
    }
    if (tunnel) return tunnel;
    const socket = net.connect({ host, port });
    socket.setNoDelay(true);
    return socket;
  }

  private host(): string {
    return this.url.hostname.replace(/^\[|\]$/g, '');
  }

  private port(): number {
    return Number(this.url.port) || (this.url.protocol === 'https:' ? 443 : 80);
  }

  exchange(wire: Buffer, signal: AbortSignal): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const url = getUrl(this.url, wire);
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        fn();
      };
      let req: http2.ClientHttp2Stream | undefined;
      const onAbort = () => {
        req?.close(http2.constants.NGHTTP2_CANCEL);
        settle(() => reject(signal.reason));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const failed = (err: unknown) =>
        settle(() => reject(new DohTransportError('network', describeFor(err, this.url), undefined, { cause: err })));
      let opened: ClientHttp2Session | Promise<ClientHttp2Session>;
      try {
        opened = this.open();
      } catch (err) {
        return failed(err);
      }
      void Promise.resolve(opened).then((session) => {
        if (settled) return;
        try {
          req = session.request({ ':method': 'GET', ':path': `${url.pathname}${url.search}`, accept: ACCEPT }, { endStream: true });
        } catch (err) {
          return failed(err);
        }
        this.listen(req, settle, resolve, reject);
      }, failed);
    });
  }

  private listen(
    req: http2.ClientHttp2Stream,
    settle: (fn: () => void) => void,
    resolve: (b: Buffer) => void,
    reject: (e: unknown) => void,
  ): void {
    let status = 0;
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('response', (headers) => {
      status = Number(headers[':status']);
    });
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REPLY_BYTES) chunks.push(chunk);
    });
    req.on('end', () =>
      settle(() => {
        if (status !== 200) reject(new DohTransportError('http', notDns(this.url, status), status));
        else if (size > MAX_REPLY_BYTES) reject(new DohTransportError('http', `reply larger than ${MAX_REPLY_BYTES} bytes`, status));
        else resolve(Buffer.concat(chunks));
      }),
    );
    req.on('error', (err: Error) => settle(() => reject(this.networkError(err))));
    req.on('close', () => settle(() => reject(this.networkError(new Error(`stream closed (code ${req.rstCode})`)))));
  }

  private networkError(err: Error): DohTransportError {
    const cause = this.lastSessionError ?? err;
    return new DohTransportError('network', describeFor(cause, this.url), undefined, { cause });
  }

  close(): void {
    this.session?.close();
    this.session = undefined;
    // A tunnel still opening would leave its session behind; its failure already reached the queries waiting on it.
    void this.connecting?.then(
      (session) => session.close(),
      () => undefined,
    );
  }
}

/** HTTP/1.1 through fetch (undici keeps the connections alive); for resolvers without HTTP/2. */
export class FetchTransport implements DohTransport {
  readonly protocol = 'HTTP/1.1';

  constructor(
    private readonly url: URL,
    private readonly fetchFn: typeof fetch,
  ) {}

  async exchange(wire: Buffer, signal: AbortSignal): Promise<Buffer> {
    let res: Response;
    try {
      res = await this.fetchFn(getUrl(this.url, wire), { headers: { accept: ACCEPT }, signal });
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      throw new DohTransportError('network', describeFor(err, this.url), undefined, { cause: err });
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new DohTransportError('http', notDns(this.url, res.status), res.status);
    }
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > MAX_REPLY_BYTES) throw new DohTransportError('http', `reply larger than ${MAX_REPLY_BYTES} bytes`, res.status);
    return body;
  }

  close(): void {}
}

/**
 * Why the resolver at `url` gave no reply, as a sentence naming it: what the libraries say
 * (`UND_ERR_SOCKET other side closed`, `ECONNREFUSED`) means nothing to most people.
 */
function describeFor(err: unknown, url: URL): string {
  return describeUnreachable(err, url) ?? describeConnectionFailure(err, url) ?? `${url.host}: ${describe(err)}`;
}

/** A status other than 200: what answered is not a DNS-over-HTTPS resolver, or not at this path. */
function notDns(url: URL, status: number): string {
  return `${url.host} answered HTTP ${status}, not a DNS reply (is ${url.origin}${url.pathname} a DNS-over-HTTPS resolver?)`;
}

/** The innermost message of an error chain: fetch's "fetch failed" hides the useful one in `cause`. */
export function describe(err: unknown): string {
  let e: unknown = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  const code = (e as { code?: string }).code;
  const message = e instanceof Error ? e.message : String(e);
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
