import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dnsPacket from 'dns-packet';
import { DnsRecordSchema, parseZoneFile, ScanEventSchema, type DnsRecord, type ScanEvent } from '@dnsferry/shared';
import { scanDomain, type ScanOptions } from '@dnsferry/companion/scan/scanner';
import { DEEP_MAX_QUESTIONS } from '@dnsferry/companion/scan/deep-scan';
import { startNamedStack, type NamedStack } from '../../support/dns/named-stack';
import { SUB_DEEP_TEST } from '../../support/dns/child-zones';
import { dohEndpoints } from '../../support/dns/endpoints';
import { readFileSync } from 'node:fs';
import { startCtSimulator } from '@dnsferry/companion/sandbox/ct/index';
import { fileURLToPath } from 'node:url';

type Done = Extract<ScanEvent, { type: 'done' }>;

/**
 * What deep.test (tests/support/dns/deep.test.zone) holds that a deep scan given `hidden-host` can
 * reach, worked out from the zone file: everything but the SOA and apex NS (the target's own), the
 * glue below the delegation (the child's), `zq-unguessable` and `_zz-unlisted._udp` (no list holds
 * them), and the names below `shop` and `backup` that only their wildcards answer for.
 */
const EXPECTED = [
  '@ A 192.0.2.1',
  '@ MX 10 mail.deep.test',
  '@ TXT "v=spf1 mx -all"',
  'ns1 A 192.0.2.53',
  'mail A 192.0.2.25',
  'www A 192.0.2.1',
  'jenkins A 192.0.2.30',
  'monitoring CNAME monitor.hosting.example',
  '_acme-challenge.www TXT "acme-token-www"',
  'www.blog A 192.0.2.18',
  'api.eu A 192.0.2.40',
  's1-ionos._domainkey CNAME s1-ionos.dkim.mail.example',
  '_ldaps._tcp SRV 0 0 636 mail.deep.test',
  '_github-challenge-deep TXT "gh-token"',
  'shop A 192.0.2.70',
  '*.shop CNAME shops.hosting.example',
  'backup CNAME www.deep.test',
  '*.backup CNAME www.deep.test',
  'hidden-host A 192.0.2.66',
  'sub NS ns1.sub.deep.test',
  'sub DS 12345 13 2 0A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F9',
].sort();

function show(r: DnsRecord): string {
  const priority = 'priority' in r && r.priority !== undefined ? `${r.priority} ` : '';
  const srv = r.type === 'SRV' ? `${r.priority} ${r.weight} ${r.port} ` : '';
  return `${r.name} ${r.type} ${r.type === 'SRV' ? srv : priority}${r.content}`;
}

/** A fetch that notes each DNS question the scan sends (the DoH client's HTTP/1.1 path: `?dns=` GETs). */
function countingFetch(asked: string[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const wire = Buffer.from(url.searchParams.get('dns') ?? '', 'base64url');
    const q = dnsPacket.decode(wire).questions?.[0];
    if (q) asked.push(`${q.name.toLowerCase()} ${q.type}`);
    return fetch(input, init);
  };
}

async function scan(
  domain: string,
  dohUrl: string,
  body: { names?: string[] } = {},
  options: Partial<ScanOptions> = {},
): Promise<{ events: ScanEvent[]; done: Done }> {
  const events: ScanEvent[] = [];
  const signal = new AbortController().signal;
  for await (const e of scanDomain({ domain, dohUrl, depth: 'deep', ...body }, { signal, budgetMs: 600_000, ...options })) {
    events.push(ScanEventSchema.parse(e));
  }
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('the scan did not end with done');
  return { events, done };
}

let stack: NamedStack;
beforeAll(async () => {
  stack = await startNamedStack([{ name: 'sub.deep.test', text: SUB_DEEP_TEST }, { name: 'deep.test' }]);
});
afterAll(async () => {
  await stack?.stop();
});

describe('a deep scan of deep.test (named behind unbound + dnsdist), given two names', () => {
  let result: { events: ScanEvent[]; done: Done };
  const asked: string[] = [];
  beforeAll(async () => {
    result = await scan(
      'deep.test',
      stack.doh.httpUrl,
      { names: ['hidden-host', 'api.eu'] },
      { protocol: 'http1', fetch: countingFetch(asked) },
    );
  });

  it('finds every record a deep scan can reach and nothing the zone does not hold', () => {
    expect(result.done.records.map(show).sort()).toEqual(EXPECTED);
    for (const r of result.done.records) expect(DnsRecordSchema.safeParse(r).success).toBe(true);
  });

  it('decides each guess with one question, and asks nothing below a name that does not exist (RFC 8020)', () => {
    const about = (name: string) => asked.filter((q) => q.startsWith(`${name}.deep.test `));
    // in the wordlist, not in the zone: one question
    expect(about('localhost')).toEqual(['localhost.deep.test A']);
    expect(about('new')).toEqual(['new.deep.test A']);
    // the wordlist's `www.new`: its parent does not exist, so it is never asked
    expect(about('www.new')).toEqual([]);
    // a name that exists gets its other types
    expect(about('jenkins').sort()).toEqual(
      expect.arrayContaining(['jenkins.deep.test A', 'jenkins.deep.test AAAA', 'jenkins.deep.test TXT']),
    );
  });

  it('goes below an empty non-terminal with the list that fits, and says which ones gave nothing', () => {
    // _domainkey exists only through its selector; the deep list of selectors has it
    // a selector is asked for its TXT; its CNAME points out of the zone, so the resolver gives up
    // on the TXT (SERVFAIL) and the CNAME itself is asked
    expect(asked.filter((q) => q.startsWith('s1-ionos.')).sort()).toEqual([
      's1-ionos._domainkey.deep.test CNAME',
      's1-ionos._domainkey.deep.test TXT',
    ]);
    // _udp exists only through a service no list names: a hint
    expect(result.done.coverage?.hints).toEqual(['_udp']);
  });

  it('counts the names each way found them', () => {
    const coverage = result.done.coverage;
    expect(coverage?.depth).toBe('deep');
    expect(coverage?.methods.given).toBe(2); // hidden-host, api.eu
    expect(coverage?.methods.walked).toBe(0);
    expect(coverage?.methods.certificates).toBe(0);
    const m = coverage?.methods;
    expect(m && m.guessed + m.given + m.followed + m.walked + m.certificates).toBe(result.done.subdomainsFound.length);
    expect(coverage?.signed).toBe('no');
    expect(coverage?.walk).toBe('none');
    expect(coverage?.maxQuestions).toBe(DEEP_MAX_QUESTIONS);
    expect(coverage?.questions).toBe(asked.length);
  });

  it('asks the DS of a delegation beside its NS, and nothing of the child zone', () => {
    expect(asked).toContain('sub.deep.test DS');
    expect(result.done.records.filter((r) => r.name.endsWith('.sub'))).toEqual([]);
  });

  it('tells where it is as it goes: names tried, names found, questions asked', () => {
    const counted = result.events.filter(
      (e): e is Extract<ScanEvent, { type: 'progress' }> => e.type === 'progress' && e.questions !== undefined,
    );
    expect(counted.length).toBeGreaterThanOrEqual(3);
    const questions = counted.map((e) => e.questions ?? 0);
    expect([...questions].sort((a, b) => a - b)).toEqual(questions);
    expect(counted.every((e) => (e.tried ?? 0) > 0 && e.at !== undefined)).toBe(true);
    expect(counted.at(-1)?.found).toBeGreaterThan(0);
  });
});

describe('the limit of questions', () => {
  it('asks no more than its limit, says so, and still lists what it found', async () => {
    const asked: string[] = [];
    const { events, done } = await scan(
      'deep.test',
      stack.doh.httpUrl,
      {},
      { protocol: 'http1', fetch: countingFetch(asked), maxQuestions: 400 },
    );
    expect(done.coverage?.questions).toBe(400);
    expect(done.coverage?.maxQuestions).toBe(400);
    // retries would add to what was sent; this resolver answers every question at once
    expect(asked.length).toBe(400);
    expect(events.some((e) => e.type === 'info' && /asked its limit of 400 questions; \d+ more were not asked/.test(e.message))).toBe(true);
    for (const r of done.records) expect(EXPECTED).toContain(show(r));
  });
});

describe('a deep scan of dnsferry.test (a wildcard at the apex and below dev)', () => {
  it('reports only what the zone file holds, and no name that only the wildcards answer for', async () => {
    const file = readFileSync(fileURLToPath(new URL('../../support/dns/dnsferry.test.zone', import.meta.url)), 'utf8');
    const zone = parseZoneFile(file, 'dnsferry.test');
    const held = new Set(zone.records.map((r) => show(DnsRecordSchema.parse({ ...r, ttl: 300 }))));
    const { done } = await scan('dnsferry.test', dohEndpoints().httpsUrl);
    for (const r of done.records) expect(held, show(r)).toContain(show(r));
    const names = new Set(done.records.map((r) => r.name));
    // web's only record equals the apex wildcard's: it cannot be told from the wildcard
    for (const n of ['web', 'hidden-host', '*.private', 'www.dev']) expect(names.has(n), n).toBe(false);
    expect(names.has('*')).toBe(true);
    expect(names.has('*.dev')).toBe(true);
  });
});

describe('names from certificate logs (the crt.sh simulator)', () => {
  it('asks each name in the DNS: one that resolves becomes a record, one that does not is only listed', async () => {
    const ct = await startCtSimulator();
    try {
      // deep.test.zone: zq-unguessable exists and no list holds it; old-host is not in the zone
      ct.addCertificate({ names: ['zq-unguessable.deep.test', 'old-host.deep.test', 'deep.test'] });
      ct.addCertificate({ names: ['*.shop.deep.test'] });
      const { events, done } = await scan('deep.test', stack.doh.httpUrl, {}, { certificates: { url: ct.url, fetch } });
      expect(done.records.map(show)).toContain('zq-unguessable A 192.0.2.99');
      expect(done.records.some((r) => r.name === 'old-host')).toBe(false);
      expect(done.coverage?.certificateOnly).toEqual(['old-host.deep.test']);
      expect(done.coverage?.methods.certificates).toBe(1);
      expect(ct.requests.map((r) => r.q)).toEqual(['%.deep.test']);
      expect(
        events.some((e) => e.type === 'info' && /^Certificate logs name 2 names below deep\.test and 1 wildcard/.test(e.message)),
      ).toBe(true);
      // every record is still one the zone holds
      for (const r of done.records) expect([...EXPECTED, 'zq-unguessable A 192.0.2.99']).toContain(show(r));
    } finally {
      await ct.close();
    }
  });

  it('goes on without the search when it is unreachable, and says so', async () => {
    const ct = await startCtSimulator();
    const url = ct.url;
    await ct.close();
    const { events, done } = await scan('deep.test', stack.doh.httpUrl, {}, { certificates: { url, fetch }, maxQuestions: 300 });
    expect(done.coverage?.certificateOnly).toEqual([]);
    expect(
      events.some(
        (e) =>
          e.type === 'info' &&
          e.message.startsWith('Certificate logs name 0 names below deep.test;') &&
          e.message.includes('certificate-log search'),
      ),
    ).toBe(true);
  });
});
