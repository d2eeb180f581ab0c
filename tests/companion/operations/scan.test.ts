import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DnsRecordSchema, ScanEventSchema, type ScanEvent } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { dohEndpoints } from '../../support/dns/endpoints';
import { CAFE_TEST_RECORDS } from '../../support/dns/expected-zone';
import { forwardingResolver, hangingResolver, type StubResolver } from '../../support/dns/stub-resolvers';

type FastifyInstance = ReturnType<typeof buildApp>;

const parseLines = (payload: string): ScanEvent[] =>
  payload
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => ScanEventSchema.parse(JSON.parse(l)));

let app: FastifyInstance;
beforeAll(async () => {
  app = buildApp({ ...DEFAULTS, logLevel: 'silent', dohUrl: dohEndpoints().httpsUrl });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/dns/scan', () => {
  it('streams NDJSON scan events ending in one done, for an IDN domain given in Unicode', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/dns/scan', payload: { domain: 'Café.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.payload.endsWith('\n')).toBe(true);
    const events = parseLines(res.payload);
    expect(events[0]).toMatchObject({ type: 'progress', message: expect.stringContaining('xn--caf-dma.test') });
    const last = events.at(-1);
    expect(events.filter((e) => e.type === 'done')).toEqual([last]);
    if (last?.type !== 'done') throw new Error('no done');
    const key = (r: unknown) => JSON.stringify(DnsRecordSchema.parse(r));
    expect(last.records.map(key).sort()).toEqual(CAFE_TEST_RECORDS.map(key).sort());
    expect(last.total).toBe(CAFE_TEST_RECORDS.length);
  });

  it("sets the proxy's addresses apart and says whose they are, so a proxied site's edge is not migrated as its records", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/dns/scan', payload: { domain: 'proxied.test' } });
    const events = parseLines(res.payload);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done');
    const lines = (rs: Array<{ type: string; name: string; content: string }>) => rs.map((r) => `${r.type} ${r.name} ${r.content}`).sort();
    expect(lines(done.records)).toEqual(['A mail 192.0.2.161', 'A ns1 192.0.2.160', 'A www 151.101.1.195', 'MX @ mail.proxied.test']);
    expect(done.total).toBe(4);
    expect(done.edge?.map((e) => `${e.network} ${e.setApart} ${lines([e.record])[0]}`).sort()).toEqual([
      'Cloudflare true A @ 104.16.132.229',
      'Cloudflare true A @ 104.16.133.229',
      'Cloudflare true AAAA @ 2606:4700::6810:84e5',
      'Fastly false A www 151.101.1.195',
    ]);
    const infos = events.filter((e) => e.type === 'info').map((e) => e.message);
    expect(infos).toContain(
      "AAAA @ → 2606:4700::6810:84e5 is Cloudflare's proxy address, not your server: use the other Cloudflare account as the source, or give the origin address (not migrated unless you choose to)",
    );
  });

  it('uses the companion resolver, whatever the body says', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dns/scan',
      payload: { domain: 'xn--caf-dma.test', dohUrl: 'http://127.0.0.1:9/dns-query', resolver: 'http://127.0.0.1:9' },
    });
    const done = parseLines(res.payload).at(-1);
    expect(done).toMatchObject({ type: 'done', total: CAFE_TEST_RECORDS.length });
  });

  it.each([
    [{ domain: 'not a domain' }],
    [{ domain: 'http://example.com/' }],
    [{ domain: 'localhost' }],
    [{ domain: '' }],
    [{ domain: 'a..b.com' }],
    [{ domain: 42 }],
    [{}],
  ])('answers 400 naming the field for %j', async (payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/dns/scan', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'invalid_request', field: 'domain' } });
  });

  it('answers 400 naming the field for a bad depth or a bad name given, before any question is asked', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [{ domain: 'dnsferry.test', depth: 'thorough' }, 'depth', /depth is "quick" or "deep"/],
      [
        { domain: 'dnsferry.test', names: ['api', 'www.other.example.'] },
        'names.1',
        /"www\.other\.example\." is not inside dnsferry\.test/,
      ],
      [{ domain: 'dnsferry.test', names: ['*.dev'] }, 'names.0', /holds a \*/],
      [{ domain: 'dnsferry.test', names: ['a b'] }, 'names.0', /is not a host name/],
      [{ domain: 'dnsferry.test', names: ['x'.repeat(301)] }, 'names.0', /at most 253 characters/],
      [{ domain: 'dnsferry.test', names: Array.from({ length: 1001 }, (_, i) => `h${i}`) }, 'names', /at most 1000 names/],
      [{ domain: 'dnsferry.test', names: 'api' }, 'names', /names is a list of host names/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/dns/scan', payload: payload as object });
      expect(res.statusCode, field).toBe(400);
      const body = res.json<{ error: { field: string; message: string } }>();
      expect(body.error.field).toBe(field);
      expect(body.error.message).toMatch(message);
    }
  });

  it('probes the names given, relative or absolute, like any name it guesses', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dns/scan',
      payload: { domain: 'dnsferry.test', names: ['hidden-host', 'deep.private.dnsferry.test.'] },
    });
    const done = parseLines(res.payload).at(-1);
    if (done?.type !== 'done') throw new Error('no done');
    // dnsferry.test.zone: names no list holds, found only because they were given
    expect(
      done.records.filter((r) => r.name === 'hidden-host' || r.name === 'deep.private').map((r) => `${r.name} ${r.type} ${r.content}`),
    ).toEqual(['deep.private TXT "not guessable"', 'hidden-host A 192.0.2.66']);
    expect(done.coverage?.methods.given).toBe(2);
  });

  it('answers 400 for a body that is not a JSON object, 415 for one that is not JSON', async () => {
    const arr = await app.inject({ method: 'POST', url: '/api/dns/scan', payload: ['example.com'] });
    expect(arr.statusCode).toBe(400);
    const text = await app.inject({
      method: 'POST',
      url: '/api/dns/scan',
      headers: { 'content-type': 'text/plain' },
      payload: 'example.com',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('POST /api/dns/scan over a real socket', () => {
  let stub: StubResolver | undefined;
  let live: FastifyInstance | undefined;
  afterEach(async () => {
    await live?.close();
    live = undefined;
    await stub?.close();
    stub = undefined;
  });

  async function listenWith(dohUrl: string, onStream?: (payload: Readable) => void): Promise<string> {
    live = buildApp({ ...DEFAULTS, logLevel: 'silent', dohUrl });
    if (onStream)
      live.addHook('onSend', async (_request, _reply, payload) => {
        if (payload instanceof Readable) onStream(payload);
        return payload;
      });
    return `${await live.listen({ host: '127.0.0.1', port: 0 })}/api/dns/scan`;
  }

  it('stops the scan when the client disconnects', async () => {
    stub = await forwardingResolver(dohEndpoints().httpUrl, { delayMs: 30 });
    // The response stream closes only once the scan's generator has returned (Readable.from awaits
    // its return()): a scan that went on after the client left would hold it open to its end, by
    // when it would have asked its ~480 questions.
    let streamClosed: Promise<void> | undefined;
    const url = await listenWith(stub.url, (payload) => {
      streamClosed = new Promise((resolve) => payload.once('close', () => resolve()));
    });
    const ac = new AbortController();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'dnsferry.test' }),
      signal: ac.signal,
    });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('"type":"info"')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended before any finding');
      text += new TextDecoder().decode(value);
    }
    ac.abort();
    expect(streamClosed).toBeDefined();
    await streamClosed;
    // its questions in flight were cancelled with it
    await expect.poll(() => stub!.open, { timeout: 30_000 }).toBe(0);
    const seen = stub.requests;
    expect(seen).toBeLessThan(100);
    // nothing of the scan outlives the server: no question after it closed
    await live!.close();
    live = undefined;
    expect(stub.requests).toBe(seen);
  });

  it('a resolver that is not there: the stream still ends with an error event and done', async () => {
    stub = await hangingResolver();
    const url = stub.url;
    await stub.close(); // nothing listens there any more: every query fails at once
    stub = undefined;
    const res = await fetch(await listenWith(url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'example.com' }),
    });
    const events = parseLines(await res.text());
    expect(events.some((e) => e.type === 'error')).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'done', records: [], total: 0, subdomainsFound: [] });
  });
});
