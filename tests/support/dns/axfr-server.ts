/**
 * Zone-transfer servers on loopback that answer as the test scripts them: well-formed messages, or
 * hostile ones (drips, empty messages, messages padded to their full size). Every loop is bounded and
 * stops when the client hangs up, so a server never outlives its test by more than its last step.
 */
import { createServer, type Socket } from 'node:net';
import dnsPacket from 'dns-packet';

export interface ScriptedServer {
  port: number;
  /** Hangs up on every client; settles once the server and its sockets are gone (their buffers with them). */
  close(): Promise<void>;
}

/** A message of the answer, as the script writes it: the request's id is filled in. */
export type Step = (id: number) => Buffer;

/** One DNS message with its two-byte TCP length prefix. */
export function framed(id: number, answers: dnsPacket.Answer[], additionals: dnsPacket.Answer[] = []): Buffer {
  const msg = dnsPacket.encode({ type: 'response', id, flags: dnsPacket.AUTHORITATIVE_ANSWER, answers, additionals });
  return Buffer.concat([Buffer.from([msg.length >> 8, msg.length & 0xff]), msg]);
}

export const soa = (zone: string, serial: number): dnsPacket.Answer => ({
  type: 'SOA',
  name: zone,
  ttl: 3600,
  data: { mname: `ns1.${zone}`, rname: `hostmaster.${zone}`, serial, refresh: 3600, retry: 600, expire: 86400, minimum: 300 },
});

export const a = (name: string, address: string): dnsPacket.Answer => ({ type: 'A', name, ttl: 300, data: address });

/**
 * A server that writes `first` at once, then `next(i, id)` every `everyMs` (0: as fast as the socket
 * takes it) until it returns null or `limit` steps are sent, then leaves the connection open.
 */
export async function scriptedServer(opts: {
  first: Step;
  next?: (i: number, id: number) => Buffer | null;
  everyMs?: number;
  limit?: number;
}): Promise<ScriptedServer> {
  const sockets = new Set<Socket>();
  const server = createServer((sock) => {
    sockets.add(sock);
    let open = true;
    sock.on('close', () => {
      open = false;
      sockets.delete(sock);
    });
    sock.on('error', () => sock.destroy()); // the client hanging up mid-write is what these servers expect
    sock.once('data', (req: Buffer) => {
      const id = req.readUInt16BE(2);
      sock.write(opts.first(id));
      void (async () => {
        for (let i = 0; open && i < (opts.limit ?? 0); i++) {
          const step = opts.next?.(i, id) ?? null;
          if (step === null) return;
          const drained = sock.write(step);
          if (!drained)
            await new Promise<void>((resolve) => {
              const go = () => {
                sock.off('drain', go).off('close', go);
                resolve();
              };
              sock.on('drain', go).on('close', go);
            });
          if (opts.everyMs) await new Promise((r) => setTimeout(r, opts.everyMs));
        }
      })();
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
