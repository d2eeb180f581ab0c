import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDohClient, DohError, type DohClient } from '@dnsferry/companion/dns/doh-client';
import { dohEndpoints } from '../../support/dns/endpoints';
import {
  forwardingResolver,
  hangingHttp2Resolver,
  hangingResolver,
  startStubResolver,
  type StubResolver,
} from '../../support/dns/stub-resolvers';

const signal = () => new AbortController().signal;
let client: DohClient | undefined;
let stub: StubResolver | undefined;
afterEach(async () => {
  client?.close();
  client = undefined;
  await stub?.close();
  stub = undefined;
});

describe('DoH client against unbound + dnsdist', () => {
  it.each([
    ['dnsdist over TLS', 'httpsUrl'],
    ['dnsdist over plain HTTP (h2c)', 'httpUrl'],
    ['unbound, HTTP/2 only', 'h2OnlyUrl'],
  ] as const)('%s: HTTP/2, authoritative answers', async (_label, key) => {
    client = createDohClient(dohEndpoints()[key]);
    const reply = await client.query('dnsferry.test', 'A', signal());
    expect(reply.rcode).toBe('NOERROR');
    expect(reply.authoritative).toBe(true);
    expect(reply.answers.map((a) => [a.name, a.type, a.text])).toEqual([
      ['dnsferry.test', 'A', '192.0.2.1'],
      ['dnsferry.test', 'A', '192.0.2.2'],
    ]);
    expect(client.protocol).toBe('HTTP/2');
  });

  it('uses HTTP/1.1 through fetch when asked to', async () => {
    client = createDohClient(dohEndpoints().httpsUrl, { protocol: 'http1' });
    const reply = await client.query('_sip._tls.dnsferry.test', 'SRV', signal());
    expect(reply.answers[0]).toMatchObject({
      type: 'SRV',
      record: { priority: 100, weight: 1, port: 443, content: 'sipdir.online.lync.example' },
    });
    expect(client.protocol).toBe('HTTP/1.1');
  });

  it('reports NXDOMAIN and REFUSED as replies, not errors', async () => {
    client = createDohClient(dohEndpoints().httpUrl);
    expect((await client.query('nope.xn--caf-dma.test', 'A', signal())).rcode).toBe('NXDOMAIN');
    expect((await client.query('outside.example', 'A', signal())).rcode).toBe('REFUSED');
  });

  it('falls back to HTTP/1.1 over TLS when the resolver offers no h2', async () => {
    const { runDir, httpUrl } = dohEndpoints();
    const tls = { key: readFileSync(join(runDir, 'server.key')), cert: readFileSync(join(runDir, 'server.pem')) };
    stub = await forwardingResolver(httpUrl, { tls });
    expect(stub.url).toMatch(/^https:/);
    client = createDohClient(stub.url);
    const reply = await client.query('dnsferry.test', 'CAA', signal());
    expect(reply.answers).toHaveLength(3);
    expect(client.protocol).toBe('HTTP/1.1');
  });

  it('falls back to HTTP/1.1 when the resolver does not speak HTTP/2', async () => {
    stub = await forwardingResolver(dohEndpoints().httpUrl);
    client = createDohClient(stub.url);
    const reply = await client.query('xn--caf-dma.test', 'MX', signal());
    expect(reply.answers[0]).toMatchObject({ type: 'MX', record: { priority: 0, content: '.' } });
    expect(client.protocol).toBe('HTTP/1.1');
    await client.query('www.xn--caf-dma.test', 'A', signal());
    expect(stub.requests).toBe(2);
  });
});

describe('DoH client failures', () => {
  it('times out a resolver that never answers, retrying once', async () => {
    stub = await hangingResolver();
    client = createDohClient(stub.url, { timeoutMs: 150, retries: 1, protocol: 'http1' });
    const started = Date.now();
    const err = await client.query('dnsferry.test', 'A', signal()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DohError);
    expect((err as DohError).kind).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(client.sent).toBe(2);
    expect(stub.requests).toBe(2);
  });

  it('times out over HTTP/2 too, cancelling the streams', async () => {
    stub = await hangingHttp2Resolver();
    client = createDohClient(stub.url, { timeoutMs: 100, retries: 1 });
    const err = await client.query('dnsferry.test', 'A', signal()).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'timeout' });
    expect(stub.requests).toBe(2);
    await waitUntil(() => stub!.open === 0);
    expect(client.protocol).toBe('HTTP/2');
  });

  it('does not retry an HTTP 4xx, and keeps the status', async () => {
    stub = await startStubResolver((_q, _req, res) => {
      res.writeHead(404).end('no such path');
    });
    client = createDohClient(stub.url, { protocol: 'http1' });
    const err = await client.query('dnsferry.test', 'A', signal()).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'http' });
    // The host named, and what it is not: a person reads this, not a status line.
    expect((err as Error).message).toBe(
      `${new URL(stub.url).host} answered HTTP 404, not a DNS reply (is ${stub.url} a DNS-over-HTTPS resolver?)`,
    );
    expect(stub.requests).toBe(1);
  });

  it('rejects a body that is not a DNS reply to the question', async () => {
    stub = await startStubResolver((_q, _req, res) => {
      res.writeHead(200, { 'content-type': 'application/dns-message' }).end('<html>captive portal</html>');
    });
    client = createDohClient(stub.url, { protocol: 'http1' });
    const err = await client.query('dnsferry.test', 'A', signal()).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'malformed' });
  });

  it('names the cause when nothing listens', async () => {
    stub = await hangingResolver();
    const url = stub.url;
    await stub.close();
    stub = undefined;
    client = createDohClient(url, { retries: 0 });
    const err = await client.query('dnsferry.test', 'A', signal()).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'network' });
    expect((err as Error).message).toMatch(new RegExp(`^cannot reach ${new URL(url).host.replace(/\./g, '\\.')}: connection refused`));
  });

  it('stops at once when aborted, and the server sees the request go away', async () => {
    stub = await hangingResolver();
    client = createDohClient(stub.url, { timeoutMs: 10_000, protocol: 'http1' });
    const ac = new AbortController();
    const pending = client.query('dnsferry.test', 'A', ac.signal).catch((e: unknown) => e);
    await waitUntil(() => stub!.requests === 1);
    ac.abort(new Error('stop'));
    expect(await pending).toMatchObject({ message: 'stop' });
    await waitUntil(() => stub!.open === 0);
  });
});

async function waitUntil(ok: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
