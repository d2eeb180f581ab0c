/**
 * Small misbehaving DoH servers for the failure cases real software does not produce on demand:
 * one that never answers, one that speaks only HTTP/1.1, one that answers with what it is told.
 * They listen on a random loopback port and count what they receive.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface StubResolver {
  url: string;
  /** Requests received so far. */
  readonly requests: number;
  /** Requests whose connection or stream is still open. */
  readonly open: number;
  /** The most requests that were open at once. */
  readonly maxOpen: number;
  close(): Promise<void>;
}

type Handler = (query: Buffer, req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * An HTTP/1.1-only DoH server (node:http cannot speak h2c, and node:https offers no h2 in ALPN, so
 * HTTP/2 clients must fall back). With `tls` (a key and certificate in PEM), it serves https.
 */
export async function startStubResolver(handler: Handler, tls?: { key: Buffer; cert: Buffer }): Promise<StubResolver> {
  let requests = 0;
  let open = 0;
  let maxOpen = 0;
  const listener: RequestListener = (req, res) => {
    requests++;
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.on('close', () => open--);
    const dns = new URL(req.url ?? '/', 'http://stub').searchParams.get('dns') ?? '';
    void Promise.resolve(handler(Buffer.from(dns, 'base64url'), req, res)).catch((err: unknown) => {
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  };
  const server = tls ? createTlsServer(tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/dns-query`,
    get requests() {
      return requests;
    },
    get open() {
      return open;
    },
    get maxOpen() {
      return maxOpen;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Never answers: every request stays open until the client gives up. */
export function hangingResolver(): Promise<StubResolver> {
  return startStubResolver(() => undefined);
}

/**
 * Forwards each query to a real DoH server, over HTTP/1.1; optionally after a delay, and never
 * answering the questions whose name matches `hang`.
 */
export function forwardingResolver(
  upstream: string,
  options: { delayMs?: number; hang?: RegExp; tls?: { key: Buffer; cert: Buffer } } = {},
): Promise<StubResolver> {
  return startStubResolver(async (query, _req, res) => {
    if (options.hang?.test(questionName(query))) return;
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if (res.destroyed) return;
    const up = await fetch(`${upstream}?dns=${query.toString('base64url')}`, { headers: { accept: 'application/dns-message' } });
    res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/dns-message' });
    res.end(Buffer.from(await up.arrayBuffer()));
  }, options.tls);
}

/** Sets the RCODE of every reply from `upstream` whose question name matches `pattern` (e.g. SERVFAIL = 2). */
export function rcodeRewritingResolver(upstream: string, pattern: RegExp, rcode: number): Promise<StubResolver> {
  return startStubResolver(async (query, _req, res) => {
    const up = await fetch(`${upstream}?dns=${query.toString('base64url')}`, { headers: { accept: 'application/dns-message' } });
    const body = Buffer.from(await up.arrayBuffer());
    if (pattern.test(questionName(query))) {
      // a SERVFAIL carries no records: keep the header and the question only
      const header = Buffer.from(body.subarray(0, 12));
      header[3] = (header[3]! & 0xf0) | rcode;
      header.writeUInt16BE(0, 6);
      header.writeUInt16BE(0, 8);
      header.writeUInt16BE(0, 10);
      const question = query.subarray(12);
      res.writeHead(200, { 'content-type': 'application/dns-message' });
      res.end(Buffer.concat([header, question]));
      return;
    }
    res.writeHead(up.status, { 'content-type': 'application/dns-message' });
    res.end(body);
  });
}

/** The question name of a DNS query (uncompressed, as clients send it). */
export function questionName(query: Buffer): string {
  const labels: string[] = [];
  let i = 12;
  while (i < query.length && query[i]! > 0) {
    const len = query[i]!;
    labels.push(query.subarray(i + 1, i + 1 + len).toString('latin1'));
    i += len + 1;
  }
  return labels.join('.').toLowerCase();
}

/** An h2c server that accepts every stream and never answers; counts streams, open and total. */
export async function hangingHttp2Resolver(): Promise<StubResolver> {
  const { createServer: createH2 } = await import('node:http2');
  let requests = 0;
  let open = 0;
  let maxOpen = 0;
  const server = createH2();
  server.on('stream', (stream) => {
    requests++;
    open++;
    maxOpen = Math.max(maxOpen, open);
    stream.on('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/dns-query`,
    get requests() {
      return requests;
    },
    get open() {
      return open;
    },
    get maxOpen() {
      return maxOpen;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
