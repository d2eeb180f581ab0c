import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScanEvent } from '@dnsferry/shared';
import { scanDomain, type ScanOptions } from '@dnsferry/companion/scan/scanner';
import { dohEndpoints } from '../../support/dns/endpoints';
import { DNSFERRY_TEST_RECORDS } from '../../support/dns/expected-zone';
import { forwardingResolver, type StubResolver } from '../../support/dns/stub-resolvers';

/**
 * An h2c DoH server that forwards each stream to `upstream` (or never answers, with `hang`), and
 * notes how many streams were open as each new one arrived.
 */
async function h2Resolver(upstream: string, hang = false) {
  const openAtArrival: number[] = [];
  let open = 0;
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    open++;
    openAtArrival.push(open);
    stream.on('close', () => open--);
    stream.on('error', () => undefined); // the client cancels streams it gave up on
    if (hang) return;
    const dns = new URL(String(headers[':path']), 'http://stub').searchParams.get('dns') ?? '';
    void fetch(`${upstream}?dns=${dns}`, { headers: { accept: 'application/dns-message' } }).then(async (up) => {
      const body = Buffer.from(await up.arrayBuffer());
      if (stream.closed) return;
      stream.respond({ ':status': up.status, 'content-type': 'application/dns-message' });
      stream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/dns-query`,
    openAtArrival,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

async function scan(dohUrl: string, options: Partial<ScanOptions> = {}): Promise<ScanEvent[]> {
  const events: ScanEvent[] = [];
  for await (const e of scanDomain({ domain: 'dnsferry.test', dohUrl }, { signal: new AbortController().signal, ...options }))
    events.push(e);
  return events;
}

let upstream: string;
let h2: Awaited<ReturnType<typeof h2Resolver>> | undefined;
let stub: StubResolver | undefined;
beforeAll(() => {
  upstream = dohEndpoints().httpUrl;
});
afterEach(async () => {
  await h2?.close();
  await stub?.close();
  h2 = stub = undefined;
});

describe('queries in flight adapt to the resolver', () => {
  it('over HTTP/2, many more than 16 at once (the window starts at 64), never more than 100; the scan is complete', async () => {
    h2 = await h2Resolver(upstream);
    const events = await scan(h2.url);
    const done = events.at(-1);
    expect(done?.type === 'done' && done.total).toBe(DNSFERRY_TEST_RECORDS.length);
    const peak = Math.max(...h2.openAtArrival);
    expect(peak).toBeGreaterThan(24);
    expect(peak).toBeLessThanOrEqual(100);
  });

  it('over HTTP/1.1 (a connection per query), never more than the first flight of 24 connections', async () => {
    stub = await forwardingResolver(upstream);
    const events = await scan(stub.url);
    const done = events.at(-1);
    expect(done?.type === 'done' && done.total).toBe(DNSFERRY_TEST_RECORDS.length);
    expect(stub.maxOpen).toBeLessThanOrEqual(24);
  });

  it('backs off when queries time out: after repeated time-outs, at most the minimum of 2 in flight', async () => {
    h2 = await h2Resolver(upstream, true);
    const events = await scan(h2.url, { timeoutMs: 150, retries: 0, budgetMs: 2500 });
    expect(events.at(-1)?.type).toBe('done');
    const arrivals = h2.openAtArrival;
    expect(Math.max(...arrivals.slice(0, 17))).toBe(17);
    // halvings 64 → 32 → … → 2, then two at a time until the time limit
    expect(arrivals.length).toBeGreaterThan(40);
    expect(Math.max(...arrivals.slice(-10))).toBeLessThanOrEqual(2);
  });

  it('a fixed concurrency stays fixed, HTTP/2 or not', async () => {
    h2 = await h2Resolver(upstream);
    await scan(h2.url, { concurrency: 5 });
    expect(Math.max(...h2.openAtArrival)).toBe(5);
  });
});
