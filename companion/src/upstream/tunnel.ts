import net from 'node:net';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';

/** Longest wait for the proxy to open a tunnel; a query's own time limit is shorter, but the tunnel is shared. */
const TUNNEL_TIMEOUT_MS = 10_000;
/** A CONNECT answer's head is a few hundred bytes; more is not a proxy speaking HTTP. */
const MAX_HEAD_BYTES = 16 * 1024;

/** `Basic …` from the proxy URL's user:password, as undici's ProxyAgent sends it. */
export function proxyAuthorization(proxy: URL): string | undefined {
  if (!proxy.username && !proxy.password) return undefined;
  const pair = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}

/**
 * A socket to `host:port` through an HTTP CONNECT tunnel, for the upstreams fetch does not carry
 * (the DoH client's own HTTP/2 connection). What travels inside (TLS with ALPN h2, or h2c) is the
 * caller's. A proxy that answers anything but 200 fails the way undici words it, so callers
 * explain both alike.
 */
export function openTunnel(proxy: URL, host: string, port: number): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const proxyPort = Number(proxy.port) || (proxy.protocol === 'https:' ? 443 : 80);
    const proxyHost = proxy.hostname.replace(/^\[|\]$/g, '');
    const socket: net.Socket =
      proxy.protocol === 'https:'
        ? tls.connect({ host: proxyHost, port: proxyPort, ...(net.isIP(proxyHost) ? {} : { servername: proxyHost }) })
        : net.connect({ host: proxyHost, port: proxyPort });
    socket.setNoDelay(true);
    const authority = net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
    const auth = proxyAuthorization(proxy);
    let head = Buffer.alloc(0);
    const fail = (err: Error) => {
      cleanup();
      socket.destroy();
      reject(err);
    };
    const onError = (err: Error) => fail(err);
    const onClose = () => fail(new Error(`the proxy ${proxy.host} closed the connection before the tunnel to ${authority} opened`));
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > MAX_HEAD_BYTES) fail(new Error(`the proxy ${proxy.host} sent no HTTP answer to CONNECT`));
        return;
      }
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head.subarray(0, end).toString('latin1'))?.[1] ?? 0);
      if (status !== 200) return fail(new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`));
      cleanup();
      // Stop the flow started by our 'data' listener; whoever speaks inside the tunnel reads on.
      socket.pause();
      const rest = head.subarray(end + 4);
      if (rest.length > 0) socket.unshift(rest);
      resolve(socket);
    };
    const timer = setTimeout(
      () => fail(new Error(`the proxy ${proxy.host} did not open a tunnel to ${authority} within ${TUNNEL_TIMEOUT_MS} ms`)),
      TUNNEL_TIMEOUT_MS,
    );
    function cleanup() {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
    }
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`);
  });
}
