import { lookup } from 'node:dns/promises';
import { createServer, isIP, type AddressInfo, type Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Browsers resolve `localhost` (and `*.localhost`) to 127.0.0.1 and [::1] themselves, whatever the
 * hosts file says, and Chromium tries [::1] first (RFC 6761; Chromium and Firefox both do so).
 */
const LOOPBACK_NAME = /^(?:[^.]+\.)*localhost\.?$/i;
const LOOPBACKS = ['127.0.0.1', '::1'];

/** The companion could not hold one of its addresses; nothing is left listening. */
export class ListenRefused extends Error {}

export interface Held {
  port: number;
  /** Every address the companion answers on, as written in a URL (`127.0.0.1:8787`, `[::1]:8787`). */
  addresses: string[];
}

/** `127.0.0.1:8787`, `[::1]:8787`. */
export const hostPort = (address: string, port: number): string => `${isIP(address) === 6 ? `[${address}]` : address}:${port}`;

const isLoopback = (address: string): boolean => address === '::1' || /^(?:::ffff:)?127\./i.test(address);

/**
 * The addresses the companion must hold for its host: a literal is itself; a name is every address
 * it resolves to, and for `localhost` also 127.0.0.1 and ::1, the ones a browser reaches by that name.
 */
export async function addressesFor(host: string): Promise<string[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare)) return [bare];
  const loopbackName = LOOPBACK_NAME.test(bare);
  let resolved: string[] = [];
  try {
    resolved = (await lookup(bare, { all: true })).map((a) => a.address);
  } catch (err) {
    // `localhost.` may be unknown to the resolver, yet browsers still reach it on loopback.
    if (!loopbackName)
      throw new ListenRefused(`DNSFERRY_HOST ${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { cause: err });
  }
  return [...new Set(loopbackName ? [...LOOPBACKS, ...resolved] : resolved)];
}

/** A socket error names the address it concerns; anything else (a damaged identity file) passes unchanged. */
function refusal(address: string, port: number, err: unknown): unknown {
  const e = err as NodeJS.ErrnoException;
  if (e.syscall !== 'listen' && e.syscall !== 'bind') return err;
  const where = hostPort(address, port);
  if (e.code === 'EADDRINUSE')
    return new ListenRefused(`${where} is already in use (another companion, or another program?)`, { cause: err });
  return new ListenRefused(`cannot listen on ${where} (${e.code ?? e.message})`, { cause: err });
}

/** A second address of the same companion: its connections go to the app's own HTTP server. */
function holdAlso(app: FastifyInstance, address: string, port: number): Promise<Server> {
  // As http.Server opens its own sockets (half-open allowed, no Nagle).
  const extra = createServer({ allowHalfOpen: true, noDelay: true }, (socket) => app.server.emit('connection', socket));
  return new Promise((resolve, reject) => {
    extra.once('error', reject);
    extra.listen({ host: address, port }, () => {
      extra.off('error', reject);
      extra.on('error', (err) => app.log.error({ err, address: hostPort(address, port) }, 'listening socket failed'));
      resolve(extra);
    });
  });
}

/**
 * Listens on every address of `host`, or on none. A browser reaching `localhost` tries [::1] and
 * 127.0.0.1: if the companion held only one, any program could take the other and relay the pairing
 * proof to it (and so receive every credential). An address that does not exist on this machine
 * (::1 without IPv6) is skipped, since no program can listen there either.
 *
 * Call before the app is ready (it adds a close hook). On failure the app is closed and the error
 * names the address; no pairing code should be shown then (see `pairing/notice.ts`).
 */
export async function listenOnEvery(app: FastifyInstance, host: string, port: number): Promise<Held> {
  const [first, ...rest] = await addressesFor(host);
  if (first === undefined) throw new ListenRefused(`DNSFERRY_HOST ${host} resolves to no address`);
  const extras: Server[] = [];
  // Stop accepting at once; the connections they took belong to app.server, which closes them.
  app.addHook('preClose', async () => {
    for (const extra of extras) extra.close();
  });
  let bound = port;
  let current = first;
  try {
    await app.listen({ host: first, port });
    bound = (app.server.address() as AddressInfo).port;
    const addresses = [hostPort(first, bound)];
    for (const address of rest) {
      current = address;
      const extra = await holdAlso(app, address, bound).catch((err: NodeJS.ErrnoException) => {
        if (isLoopback(address) && (err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT')) return null;
        throw err;
      });
      if (extra) {
        extras.push(extra);
        addresses.push(hostPort(address, bound));
      } else {
        app.log.info({ address }, 'no such loopback address on this machine, so no other program can listen there either');
      }
    }
    if (rest.length > 0) app.log.info({ addresses }, 'listening on every address of %s', host);
    return { port: bound, addresses };
  } catch (err) {
    await app.close();
    throw refusal(current, bound, err);
  }
}
