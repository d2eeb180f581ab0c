import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScanEvent } from '@dnsferry/shared';
import { Findings } from '@dnsferry/companion/scan/findings';
import { FollowUps } from '@dnsferry/companion/scan/follow-ups';
import { COMMON_HOSTS, SRV_SERVICES } from '@dnsferry/companion/scan/name-lists';
import type { Query, QueryType } from '@dnsferry/companion/scan/query';
import { QueryQueue } from '@dnsferry/companion/scan/query-queue';
import { scanDomain } from '@dnsferry/companion/scan/scanner';
import type { Answer, DnsReply } from '@dnsferry/companion/dns/message';
import { rr } from '../../support/dns/answers';
import { dohEndpoints } from '../../support/dns/endpoints';
import { DNSFERRY_TEST_RECORDS } from '../../support/dns/expected-zone';
import { questionName, startStubResolver, type StubResolver } from '../../support/dns/stub-resolvers';

const TYPE_NAMES: Record<number, string> = { 1: 'A', 2: 'NS', 5: 'CNAME', 16: 'TXT', 28: 'AAAA', 33: 'SRV' };

/** `name TYPE` of a query: the type is the two bytes after the question name. */
function question(query: Buffer): string {
  let i = 12;
  while (query[i]! > 0) i += query[i]! + 1;
  const type = query.readUInt16BE(i + 1);
  return `${questionName(query)} ${TYPE_NAMES[type] ?? type}`;
}

/** Forwards every query to `upstream` and notes the questions in the order they arrive. */
async function recordingResolver(upstream: string) {
  const asked: string[] = [];
  const stub = await startStubResolver(async (query, _req, res) => {
    asked.push(question(query));
    const up = await fetch(`${upstream}?dns=${query.toString('base64url')}`, { headers: { accept: 'application/dns-message' } });
    res.writeHead(up.status, { 'content-type': 'application/dns-message' });
    res.end(Buffer.from(await up.arrayBuffer()));
  });
  return { stub, asked };
}

let stub: StubResolver | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe('questions raised by answers are asked at once, not after the lists', () => {
  let asked: string[];
  let done: Extract<ScanEvent, { type: 'done' }> | undefined;
  beforeAll(async () => {
    const recording = await recordingResolver(dohEndpoints().httpUrl);
    stub = recording.stub;
    // one at a time, so the order of arrival is the order the scan chose; limits far off, so that a busy
    // machine makes no query time out (a retry would ask twice) and does not end the scan early
    for await (const e of scanDomain(
      { domain: 'dnsferry.test', dohUrl: stub.url },
      { signal: new AbortController().signal, concurrency: 1, timeoutMs: 60_000, budgetMs: 300_000 },
    )) {
      if (e.type === 'done') done = e;
    }
    asked = recording.asked;
    await stub.close();
    stub = undefined;
  }, 300_000);
  const at = (q: string) => {
    const i = asked.indexOf(q);
    expect(i, q).toBeGreaterThanOrEqual(0);
    return i;
  };
  const firstService = () => at(`${SRV_SERVICES[0]}.dnsferry.test SRV`);

  it('follows a chain of SPF includes (apex → _spf → _spf2) before the listed service names are asked', () => {
    expect(at('_spf.dnsferry.test TXT')).toBeLessThan(at('_spf2.dnsferry.test TXT'));
    expect(at('_spf2.dnsferry.test TXT')).toBeLessThan(firstService());
  });

  it('asks for a mail server named by the apex MX ahead of its place in the common names', () => {
    expect(at('mail.dnsferry.test A')).toBeLessThan(at('www.dnsferry.test A'));
  });

  it('checks a common name that exists for a delegation as soon as its probes are in, before the lists end', () => {
    expect(at('api.dnsferry.test AAAA')).toBeLessThan(at('api.dnsferry.test NS'));
    expect(at('api.dnsferry.test NS')).toBeLessThan(firstService());
    expect(at('intranet.dnsferry.test NS')).toBeLessThan(firstService());
  });

  it('asks each question once and still finds every record', () => {
    expect(new Set(asked).size).toBe(asked.length);
    expect(done?.total).toBe(DNSFERRY_TEST_RECORDS.length);
  });
});

const ZONE = 'example.com';
const reply = (answers: Answer[], extra: Partial<DnsReply> = {}): DnsReply => ({
  rcode: 'NOERROR',
  authoritative: true,
  answers,
  authorities: [],
  additionals: [],
  ...extra,
});
const spf = (name: string, include: string): Answer => rr('TXT', name, `"v=spf1 include:${include} -all"`);

/** FollowUps over a real queue and findings: `answer` takes a reply in and lets the follow-ups see it settle. */
function followUpsOf(listed: Query[] = []) {
  const findings = new Findings(ZONE);
  const queue = new QueryQueue();
  queue.add(listed);
  const followUps = new FollowUps({ findings, knows: (n) => queue.knows(n), enqueue: (qs, first) => queue.add(qs, first) });
  const events: ScanEvent[] = [];
  return {
    findings,
    queue,
    events,
    answer(name: string, type: QueryType, r: DnsReply) {
      findings.absorb(name, type, r);
      events.push(...followUps.after({ name, type }));
    },
    start() {
      events.push(...followUps.start());
    },
    /** The questions waiting, in the order they would be asked. */
    waiting: () => [...queue].map((q) => `${q.name} ${q.type}`),
  };
}

describe('FollowUps', () => {
  it('follows references four hops from a name the scan asked on its own, and no further', () => {
    const f = followUpsOf();
    f.answer('@', 'TXT', reply([spf(ZONE, `_a.${ZONE}`)]));
    for (const [from, to] of [
      ['_a', '_b'],
      ['_b', '_c'],
      ['_c', '_d'],
      ['_d', '_e'],
    ]) {
      expect(f.queue.has(from!, 'TXT'), from).toBe(true);
      f.answer(from!, 'TXT', reply([spf(`${from}.${ZONE}`, `${to}.${ZONE}`)]));
    }
    expect(f.queue.knows('_d')).toBe(true);
    expect(f.queue.knows('_e')).toBe(false);
    expect(f.waiting().filter((q) => q.startsWith('_a '))).toEqual(['_a A', '_a AAAA', '_a CNAME', '_a TXT']);
  });

  it('lets references through once a name is reached in fewer hops', () => {
    const f = followUpsOf([{ name: 'mail', type: 'A' }]);
    f.answer('@', 'TXT', reply([spf(ZONE, `_a.${ZONE}`)]));
    for (const [from, to] of [
      ['_a', '_b'],
      ['_b', '_c'],
      ['_c', '_d'],
      ['_d', '_e'],
    ])
      f.answer(from!, 'TXT', reply([spf(`${from}.${ZONE}`, `${to}.${ZONE}`)]));
    expect(f.queue.knows('_e')).toBe(false);
    // mail, a listed name, points straight at _d: _d is one hop away now, _e two
    f.answer('mail', 'TXT', reply([spf(`mail.${ZONE}`, `_d.${ZONE}`)]));
    expect(f.queue.has('_e', 'TXT')).toBe(true);
  });

  it('asks a listed name that records point at for the types not asked yet, and moves it ahead of the lists', () => {
    const f = followUpsOf([
      { name: 'www', type: 'A' },
      { name: 'mail', type: 'A' },
    ]);
    // what the apex phase found, before the follow-ups start
    f.findings.absorb('@', 'MX', reply([rr('MX', ZONE, `10 mail.${ZONE}`)]));
    f.start();
    expect(f.waiting()).toEqual(['mail A', 'mail AAAA', 'mail CNAME', 'mail TXT', 'www A']);
    expect(f.events).toEqual([{ type: 'progress', message: 'Following 1 name referenced by SPF, MX, CNAME, SRV and NS records: mail' }]);
  });

  it('checks a common name for a delegation and a wildcard once its three probes are in, and only if it exists', () => {
    const [host, missing] = [COMMON_HOSTS[0], COMMON_HOSTS[1]] as [string, string];
    const f = followUpsOf();
    f.answer(host, 'A', reply([rr('A', `${host}.${ZONE}`, '192.0.2.1')]));
    f.answer(host, 'AAAA', reply([]));
    expect(f.queue.has(host, 'NS')).toBe(false);
    f.answer(host, 'CNAME', reply([]));
    const checks = f.waiting();
    expect(checks[0]).toBe(`${host} NS`);
    expect(checks.slice(1).map((q) => q.split(' ')[1])).toEqual(['A', 'AAAA', 'CNAME', 'TXT', 'MX']);
    expect(checks.slice(1).every((q) => new RegExp(`^dnsferry-[0-9a-f]{12}\\.${host} `).test(q))).toBe(true);
    for (const type of ['A', 'AAAA', 'CNAME'] as const) f.answer(missing, type, reply([], { rcode: 'NXDOMAIN' }));
    expect(f.queue.has(missing, 'NS')).toBe(false);
  });

  it('asks for the NS set of a delegation met anywhere, once', () => {
    const f = followUpsOf();
    const referral = reply([], {
      authoritative: false,
      authorities: [rr('NS', `lab.${ZONE}`, 'ns1.elsewhere.example')],
    });
    f.answer('x.lab', 'A', referral);
    f.answer('y.lab', 'A', referral);
    expect(f.waiting().filter((q) => q.endsWith(' NS'))).toEqual(['lab NS']);
  });
});
