import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { addressesFor, ListenRefused, listenOnEvery } from '@dnsferry/companion/http/listen';
import type { CodeNotice } from '@dnsferry/companion/pairing/codes';
import { codesAfterListening } from '@dnsferry/companion/pairing/notice';
import { captureLogs } from '../../support/leak-watch';

/** Another program's listener, on `port` (0: any free one). */
function occupy(host: string, port = 0): Promise<Server> {
  const s = createServer();
  return new Promise((resolve, reject) => {
    s.once('error', reject);
    s.listen({ host, port }, () => resolve(s));
  });
}
const portOf = (s: Server) => (s.address() as AddressInfo).port;
const close = (s: Server) => new Promise<void>((r) => s.close(() => r()));
/** Whether another program could take host:port now (it is freed again at once). */
async function free(host: string, port: number): Promise<boolean> {
  try {
    await close(await occupy(host, port));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') return false;
    throw err;
  }
}
let ipv6 = true;
await close(await occupy('::1')).catch(() => (ipv6 = false));
/** Without IPv6 loopback no program can listen on [::1]: nothing there to hold or take. */
const withIpv6 = it.skipIf(!ipv6);

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The companion, with the codes it would print captured as server.ts prints them (once it listens). */
function companion() {
  const shown: CodeNotice[] = [];
  const codes = codesAfterListening((n) => shown.push(n));
  const app = buildApp({ ...DEFAULTS, home: null }, { logStream: captureLogs().logStream, onPairingCode: codes.onCode });
  cleanup.push(() => app.close());
  return { app, shown };
}
/** A request reaches this companion at that address (its 404 body names its endpoints). */
async function answers(base: string): Promise<boolean> {
  const res = await fetch(`http://${base}/nowhere`);
  return res.status === 404 && (await res.text()).includes('/api/pair');
}

describe('the companion holds every address of its host', () => {
  it('resolves localhost to 127.0.0.1 and ::1 whatever the hosts file says; a literal is itself', async () => {
    expect((await addressesFor('localhost')).slice(0, 2)).toEqual(['127.0.0.1', '::1']);
    expect((await addressesFor('LOCALHOST.')).slice(0, 2)).toEqual(['127.0.0.1', '::1']);
    expect(await addressesFor('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(await addressesFor('[::1]')).toEqual(['::1']);
    expect(await addressesFor('::1')).toEqual(['::1']);
  });

  withIpv6('on localhost it answers on 127.0.0.1 and [::1], so no other program can take [::1]', async () => {
    const { app } = companion();
    const held = await listenOnEvery(app, 'localhost', 0);
    expect(held.addresses).toEqual([`127.0.0.1:${held.port}`, `[::1]:${held.port}`]);
    expect(await answers(`127.0.0.1:${held.port}`)).toBe(true);
    expect(await answers(`[::1]:${held.port}`)).toBe(true);
    expect(await free('::1', held.port)).toBe(false);
    expect(await free('127.0.0.1', held.port)).toBe(false);
    // closing lets go of both
    await app.close();
    expect(await free('::1', held.port)).toBe(true);
    expect(await free('127.0.0.1', held.port)).toBe(true);
  });

  withIpv6('refuses to start on localhost when [::1] is taken, though 127.0.0.1 is free: no code, nothing left listening', async () => {
    const other = await occupy('::1');
    cleanup.push(() => close(other));
    const port = portOf(other);
    const { app, shown } = companion();
    const refused = listenOnEvery(app, 'localhost', port);
    await expect(refused).rejects.toThrow(ListenRefused);
    await expect(refused).rejects.toThrow(`[::1]:${port} is already in use (another companion, or another program?)`);
    expect(await free('127.0.0.1', port)).toBe(true);
    expect(shown).toEqual([]);
    expect(app.server.listening).toBe(false);
  });

  it('refuses when 127.0.0.1 is taken, and names it', async () => {
    const other = await occupy('127.0.0.1');
    cleanup.push(() => close(other));
    const port = portOf(other);
    const { app, shown } = companion();
    await expect(listenOnEvery(app, 'localhost', port)).rejects.toThrow(`127.0.0.1:${port} is already in use`);
    expect(shown).toEqual([]);
    if (ipv6) expect(await free('::1', port)).toBe(true);
  });

  it('holds a literal host alone', async () => {
    const { app } = companion();
    const held = await listenOnEvery(app, '127.0.0.1', 0);
    expect(held.addresses).toEqual([`127.0.0.1:${held.port}`]);
    expect(await answers(held.addresses[0] ?? '')).toBe(true);
  });

  withIpv6('holds [::1] alone when that is its host', async () => {
    const { app } = companion();
    const held = await listenOnEvery(app, '[::1]', 0);
    expect(held.addresses).toEqual([`[::1]:${held.port}`]);
    expect(await answers(held.addresses[0] ?? '')).toBe(true);
  });
});
