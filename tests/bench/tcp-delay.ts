/**
 * A TCP proxy that puts a resolver "`delayMs` away": the connection is set up `delayMs` late (the
 * TCP handshake's round trip) and every byte coming back from the server is held `delayMs`, so
 * each request/answer exchange costs one extra round trip. Bytes are relayed untouched, so TLS
 * runs end to end between the client and the server, as it does through a real network.
 */
import net, { type AddressInfo, type Socket } from 'node:net';

export interface TcpDelayProxy {
  port: number;
  close(): Promise<void>;
}

export async function startTcpDelayProxy(target: { host: string; port: number }, delayMs: number): Promise<TcpDelayProxy> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
    s.setNoDelay(true);
  };
  const server = net.createServer((client) => {
    track(client);
    client.pause();
    // a client that gives up before the upstream is connected
    client.on('error', () => client.destroy());
    const connect = () => {
      const upstream = net.connect(target);
      track(upstream);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      upstream.on('error', end);
      client.on('close', end);
      upstream.on('close', () => setTimeout(end, delayMs));
      client.on('data', (chunk: Buffer) => upstream.write(chunk));
      // One timer per chunk with the same delay keeps the order: timers of equal delay fire first in, first out.
      upstream.on('data', (chunk: Buffer) => {
        if (delayMs === 0) client.write(chunk);
        else setTimeout(() => client.writable && client.write(chunk), delayMs);
      });
      client.resume();
    };
    if (delayMs === 0) connect();
    else setTimeout(connect, delayMs);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
