import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A small forward proxy as company networks run them: HTTP CONNECT tunnels (what https:// and, in
 * undici, every fetch through a proxy uses) and absolute-URI requests (plain HTTP forwarding).
 * It counts what passed through per `host:port`, and can demand credentials or refuse hosts.
 */
export interface ForwardProxyOptions {
  /** `user:password` the proxy demands (407 without it). */
  credentials?: string;
  /** `host:port` targets the proxy refuses (403), as a proxy's allow-list would. */
  refuse?: (authority: string) => boolean;
}

export interface ForwardProxy {
  /** `http://127.0.0.1:<port>` (with user:password when credentials are demanded). */
  url: string;
  /** Tunnels opened, per `host:port`. */
  tunnels: Map<string, number>;
  /** Absolute-URI requests forwarded, per `host:port`. */
  forwarded: Map<string, number>;
  /** Everything that went through for `authority` (tunnels + forwarded requests). */
  count(authority: string): number;
  reset(): void;
  close(): Promise<void>;
}

function authorized(req: IncomingMessage, credentials: string | undefined): boolean {
  if (!credentials) return true;
  return req.headers['proxy-authorization'] === `Basic ${Buffer.from(credentials).toString('base64')}`;
}

export async function startForwardProxy(opts: ForwardProxyOptions = {}): Promise<ForwardProxy> {
  const tunnels = new Map<string, number>();
  const forwarded = new Map<string, number>();
  const sockets = new Set<Socket>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

  const server = createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      res.writeHead(400).end('absolute URI expected');
      return;
    }
    if (!authorized(req, opts.credentials)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    bump(forwarded, target.host);
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = httpRequest(target, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const authority = req.url ?? '';
    if (!authorized(req, opts.credentials)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n');
      return;
    }
    if (opts.refuse?.(authority)) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(authority);
    if (!m) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    bump(tunnels, authority);
    const upstream = connect(Number(m[3]), m[1] ?? m[2] ?? '', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
  });

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const userinfo = opts.credentials ? `${opts.credentials.split(':').map(encodeURIComponent).join(':')}@` : '';
  return {
    url: `http://${userinfo}127.0.0.1:${port}`,
    tunnels,
    forwarded,
    count: (authority) => (tunnels.get(authority) ?? 0) + (forwarded.get(authority) ?? 0),
    reset() {
      tunnels.clear();
      forwarded.clear();
    },
    async close() {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
