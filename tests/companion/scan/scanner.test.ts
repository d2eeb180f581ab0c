import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DnsRecordSchema, ScanEventSchema, type DnsRecord, type ScanEvent } from '@dnsferry/shared';
import { scanDomain, type ScanOptions } from '@dnsferry/companion/scan/scanner';
import { COMMON_HOSTS } from '@dnsferry/companion/scan/name-lists';
import { dohEndpoints } from '../../support/dns/endpoints';
import type { DohEndpoints } from '../../support/dns/doh-server';
import { CAFE_TEST_RECORDS, DNSFERRY_TEST_RECORDS, NOT_FOUND } from '../../support/dns/expected-zone';
import { forwardingResolver, hangingResolver, rcodeRewritingResolver, type StubResolver } from '../../support/dns/stub-resolvers';

type Done = Extract<ScanEvent, { type: 'done' }>;

async function scan(domain: string, dohUrl: string, options: Partial<ScanOptions> = {}): Promise<{ events: ScanEvent[]; done: Done }> {
  const events: ScanEvent[] = [];
  // the scan's time limit ends it only where a test asks for one: on a busy machine 20 s can pass before the end
  for await (const event of scanDomain({ domain, dohUrl }, { signal: new AbortController().signal, budgetMs: 300_000, ...options })) {
    events.push(ScanEventSchema.parse(event));
  }
  const dones = events.filter((e): e is Done => e.type === 'done');
  expect(dones).toHaveLength(1);
  expect(events.at(-1)).toBe(dones[0]);
  return { events, done: dones[0]! };
}

const key = (r: DnsRecord) =>
  JSON.stringify([r.name, r.type, r.content, 'priority' in r ? r.priority : null, 'port' in r ? [r.weight, r.port] : null, r.ttl]);
const canonical = (list: unknown[]) => list.map((r) => key(DnsRecordSchema.parse(r))).sort();
const messages = (events: ScanEvent[], type: ScanEvent['type']) =>
  events.filter((e) => e.type === type).map((e) => ('message' in e ? e.message : ''));

let doh: DohEndpoints;
let stub: StubResolver | undefined;
beforeAll(() => {
  doh = dohEndpoints();
});
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe('a full scan of dnsferry.test through dnsdist (TLS, HTTP/2)', () => {
  let result: { events: ScanEvent[]; done: Done };
  beforeAll(async () => {
    result = await scan('dnsferry.test', doh.httpsUrl);
  });

  it('finds exactly the zone records a scan can reach, in the migrate record shape', () => {
    expect(canonical(result.done.records)).toEqual(canonical(DNSFERRY_TEST_RECORDS));
    expect(result.done.total).toBe(DNSFERRY_TEST_RECORDS.length);
    expect(result.done.subdomainsFound).toEqual([...new Set(DNSFERRY_TEST_RECORDS.map((r) => r.name).filter((n) => n !== '@'))].sort());
  });

  it('keeps multi-string, long and escaped TXT as quoted character-strings', () => {
    const txt = result.done.records.filter((r) => r.type === 'TXT' && r.name === '@').map((r) => r.content);
    expect(txt).toContain('"say \\"hi\\" to C:\\\\dns" "second string"');
    const long = txt.find((t) => t.startsWith('"v=verify1'));
    expect(long?.split('" "').map((s) => s.replace(/"/g, '').length)).toEqual([255, 100]);
  });

  it('records a CNAME at its owner only: chain targets are not records of the name', () => {
    const at = (name: string) => result.done.records.filter((r) => r.name === name).map((r) => `${r.type} ${r.content}`);
    expect(at('docs')).toEqual(['CNAME www.dnsferry.test']);
    expect(at('www')).toEqual(['CNAME dnsferry.test']);
    expect(at('shop')).toEqual(['CNAME xn--bcher-kva.dnsferry.test']);
  });

  it('reports nothing outside the zone, nothing unguessable, no wildcard echoes and no empty non-terminals', () => {
    const names = new Set(result.done.records.map((r) => r.name));
    for (const n of NOT_FOUND) expect(names.has(n), n).toBe(false);
    for (const r of result.done.records) expect(r.name === '@' || !r.name.endsWith('.'), r.name).toBe(true);
    // listed names that do not exist all answer with the wildcard: none of them is reported
    const hosts = new Set<string>(COMMON_HOSTS);
    const reportedHosts = [...names].filter((n) => hosts.has(n)).sort();
    expect(reportedHosts).toEqual([
      'api',
      'autodiscover',
      'docs',
      'intranet',
      'mail',
      'mta-sts',
      'ns1',
      'ns2',
      'shop',
      'sip',
      'status',
      'www',
    ]);
  });

  it('reports the wildcard records themselves, once, at the apex and below dev', () => {
    const wild = result.done.records.filter((r) => r.name.startsWith('*')).map((r) => `${r.name} ${r.type} ${r.content}`);
    expect(wild.sort()).toEqual(['* A 192.0.2.100', '* TXT "wildcard text"', '*.dev CNAME preview.pages.example']);
    expect(messages(result.events, 'info').filter((m) => m.startsWith('wildcard '))).toHaveLength(3);
  });

  it('reports the apex SOA and NS as information, not as records', () => {
    const info = messages(result.events, 'info');
    expect(info.some((m) => m.startsWith('apex SOA ns1.dnsferry.test hostmaster.dnsferry.test'))).toBe(true);
    expect(info.some((m) => m.startsWith('apex NS ns1.dnsferry.test, ns2.dnsferry.test'))).toBe(true);
    expect(result.done.records.some((r) => r.name === '@' && (r.type === 'NS' || r.type === 'SOA'))).toBe(false);
  });

  it('streams progress per phase and a finding per record set found', () => {
    expect(messages(result.events, 'progress').length).toBeGreaterThanOrEqual(4);
    const info = messages(result.events, 'info');
    expect(info).toContain('found _dmarc TXT "v=DMARC1; p=reject; rua=mailto:dmarc@dnsferry.test"');
    expect(info).toContain('found intranet NS ns1.intranet.dnsferry.test, ns2.intranet.dnsferry.test');
    expect(info).toContain("glue ns1.intranet A 192.0.2.201: an address of a delegated zone's server, kept by that zone, so not listed");
    expect(messages(result.events, 'error')).toEqual([]);
    expect(info.filter((m) => m.startsWith('no answer'))).toEqual([]);
  });
});

describe('scans of other shapes', () => {
  it('the same records through unbound (HTTP/2 only) and through an HTTP/1.1-only resolver', async () => {
    const direct = await scan('dnsferry.test', doh.h2OnlyUrl);
    stub = await forwardingResolver(doh.httpUrl);
    const http1 = await scan('dnsferry.test', stub.url);
    expect(canonical(direct.done.records)).toEqual(canonical(DNSFERRY_TEST_RECORDS));
    expect(canonical(http1.done.records)).toEqual(canonical(DNSFERRY_TEST_RECORDS));
    expect(messages(http1.events, 'progress').at(-1)).toMatch(/over HTTP\/1\.1$/);
  });

  it('a zone without a wildcard: NXDOMAIN and NODATA leave nothing behind', async () => {
    const { done } = await scan('xn--caf-dma.test', doh.httpUrl);
    expect(canonical(done.records)).toEqual(canonical(CAFE_TEST_RECORDS));
    expect(done.subdomainsFound).toEqual(['ns1', 'www']);
  });

  it('a domain that does not exist ends with an error and an empty done', async () => {
    const { events, done } = await scan('missing.xn--caf-dma.test', doh.httpUrl);
    expect(messages(events, 'error')).toEqual(['missing.xn--caf-dma.test does not exist in the DNS (the resolver answered NXDOMAIN)']);
    expect(done).toEqual({ type: 'done', records: [], total: 0, subdomainsFound: [] });
  });
});

describe('failures', () => {
  it('a domain the resolver refuses: every query REFUSED ends with an error and an empty done', async () => {
    const { events, done } = await scan('example.com', doh.httpUrl);
    expect(messages(events, 'info')).toContain('no answer for example.com SOA: the resolver answered REFUSED');
    const errors = messages(events, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^The DoH resolver 127\.0\.0\.1:\d+ gave no usable answer \(.+ the resolver answered REFUSED\)$/);
    expect(done.total).toBe(0);
  });

  it('SERVFAIL on some names is reported as info and the scan still ends with the rest', async () => {
    stub = await rcodeRewritingResolver(doh.httpUrl, /^(_dmarc|api)\./, 2);
    const { events, done } = await scan('dnsferry.test', stub.url);
    const failed = messages(events, 'info').filter((m) => m.startsWith('no answer'));
    expect(failed).toEqual(
      expect.arrayContaining([
        'no answer for _dmarc.dnsferry.test TXT: the resolver answered SERVFAIL',
        'no answer for api.dnsferry.test A: the resolver answered SERVFAIL',
      ]),
    );
    const expected = DNSFERRY_TEST_RECORDS.filter((r) => r.name !== '_dmarc' && r.name !== 'api');
    expect(canonical(done.records)).toEqual(canonical(expected));
  });

  it('names whose queries time out are reported, and the scan ends in time with the others', async () => {
    stub = await forwardingResolver(doh.httpUrl, { hang: /^(google\._domainkey|mail)\./ });
    const { events, done } = await scan('dnsferry.test', stub.url, { timeoutMs: 2000, retries: 1 });
    // in time: the query limit ended the hung names, not the scan's own time limit
    expect(messages(events, 'info').filter((m) => m.startsWith('The scan stopped at its time limit'))).toEqual([]);
    const failed = messages(events, 'info').filter((m) => m.startsWith('no answer'));
    expect(failed).toContain('no answer for google._domainkey.dnsferry.test TXT: no answer within 2000 ms');
    expect(failed).toContain('no answer for mail.dnsferry.test A: no answer within 2000 ms');
    expect(done.records.some((r) => r.name === 'google._domainkey' || r.name === 'mail')).toBe(false);
    expect(done.records.some((r) => r.name === 'www')).toBe(true);
  });

  it('a resolver that never answers: the scan budget ends it with an error and an empty done', async () => {
    stub = await hangingResolver();
    // the time limit ends it, not the 10 s query limit: the message below says which one did
    const { events, done } = await scan('dnsferry.test', stub.url, { timeoutMs: 10_000, budgetMs: 400 });
    expect(messages(events, 'info').some((m) => m.startsWith('The scan stopped at its time limit of 400 ms'))).toBe(true);
    expect(messages(events, 'error')).toHaveLength(1);
    expect(done.records).toEqual([]);
    await waitUntil(() => stub!.open === 0);
  });

  it('a resolver that is not there: failures are listed up to a limit, then counted', async () => {
    stub = await hangingResolver();
    const url = stub.url;
    await stub.close();
    stub = undefined;
    const { events, done } = await scan('dnsferry.test', url, { retries: 0 });
    const info = messages(events, 'info');
    expect(info.filter((m) => m.startsWith('no answer'))).toHaveLength(10);
    expect(info.some((m) => /^\d+ queries got no usable answer in all \(\d+ network\)/.test(m))).toBe(true);
    expect(messages(events, 'error')[0]).toMatch(
      /^The DoH resolver 127\.0\.0\.1:\d+ gave no usable answer \(.*cannot reach 127\.0\.0\.1:\d+: connection refused/,
    );
    expect(done.total).toBe(0);
  });
});

describe('concurrency and abort', () => {
  it('keeps at most `concurrency` queries in flight', async () => {
    stub = await forwardingResolver(doh.httpUrl, { delayMs: 2 });
    const { done } = await scan('xn--caf-dma.test', stub.url, { concurrency: 3 });
    expect(done.total).toBe(CAFE_TEST_RECORDS.length);
    expect(stub.maxOpen).toBeLessThanOrEqual(3);
    expect(stub.maxOpen).toBeGreaterThanOrEqual(2);
  });

  it('stops at once when aborted: no done, no further queries, nothing left open', async () => {
    stub = await forwardingResolver(doh.httpUrl, { delayMs: 30 });
    const ac = new AbortController();
    const events: ScanEvent[] = [];
    for await (const event of scanDomain({ domain: 'dnsferry.test', dohUrl: stub.url }, { signal: ac.signal })) {
      events.push(event);
      if (event.type === 'info') ac.abort(new Error('client gone'));
    }
    expect(events.some((e) => e.type === 'done')).toBe(false);
    // requests already on the wire when the scan stopped may still arrive; after that, nothing
    await new Promise((r) => setTimeout(r, 50));
    await waitUntil(() => stub!.open === 0);
    const seen = stub.requests;
    expect(seen).toBeLessThan(60);
    await new Promise((r) => setTimeout(r, 150));
    expect(stub.requests).toBe(seen);
  });
});

async function waitUntil(ok: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
