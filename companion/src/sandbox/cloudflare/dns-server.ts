import { createSocket, type Socket } from 'node:dgram';
import { createServer, type AddressInfo, type Server, type Socket as TcpSocket } from 'node:net';
import { answerQuery } from './dns-answer';
import type { SimState } from './state';

/**
 * The simulator's name servers: one loopback port, UDP and TCP (RFC 1035 §4.2; TCP messages carry a
 * two-octet length, several per connection). What DNSFERRY_TARGET_NS points at in tests and the demo.
 */
export interface SimDnsServer {
  host: string;
  port: number;
  /** Queries answered so far, UDP and TCP. */
  readonly queries: number;
  close(): Promise<void>;
}

export async function startDnsServer(state: SimState): Promise<SimDnsServer> {
  let queries = 0;
  const sockets = new Set<TcpSocket>();
  const tcp: Server = createServer((conn) => {
    sockets.add(conn);
    conn.on('close', () => sockets.delete(conn));
    conn.on('error', () => conn.destroy());
    let pending = Buffer.alloc(0);
    conn.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        const msg = pending.subarray(2, 2 + pending.readUInt16BE(0));
        pending = pending.subarray(2 + msg.length);
        queries++;
        const answer = answerQuery(state, msg, 'tcp');
        if (!answer) continue;
        const len = Buffer.alloc(2);
        len.writeUInt16BE(answer.length);
        conn.write(Buffer.concat([len, answer]));
      }
    });
  });

  // The TCP port is taken first; UDP then binds the same number (another process may hold it: try again).
  for (let attempt = 0; ; attempt++) {
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(0, '127.0.0.1', () => resolve());
    });
    const port = (tcp.address() as AddressInfo).port;
    const udp: Socket = createSocket('udp4');
    const bound = await new Promise<boolean>((resolve) => {
      udp.once('error', () => resolve(false));
      udp.bind(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) {
      udp.close();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      if (attempt >= 10) throw new Error('the simulator found no free loopback port for UDP and TCP');
      continue;
    }
    udp.on('message', (msg, rinfo) => {
      queries++;
      const answer = answerQuery(state, msg, 'udp');
      if (answer) udp.send(answer, rinfo.port, rinfo.address);
    });
    return {
      host: '127.0.0.1',
      port,
      get queries() {
        return queries;
      },
      async close() {
        for (const s of sockets) s.destroy();
        await Promise.all([
          new Promise<void>((resolve) => udp.close(() => resolve())),
          new Promise<void>((resolve) => tcp.close(() => resolve())),
        ]);
      },
    };
  }
}
