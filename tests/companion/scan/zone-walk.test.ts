import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dnsPacket from 'dns-packet';
import { ScanEventSchema, type DnsRecord, type ScanEvent } from '@dnsferry/shared';
import { scanDomain, type ScanOptions } from '@dnsferry/companion/scan/scanner';
import { startNamedStack, type NamedStack } from '../../support/dns/named-stack';
import { ZQ_SUB_WALK_TEST } from '../../support/dns/child-zones';

type Done = Extract<ScanEvent, { type: 'done' }>;

function show(r: DnsRecord): string {
  const pre =
    r.type === 'SRV' ? `${r.priority} ${r.weight} ${r.port} ` : 'priority' in r && r.priority !== undefined ? `${r.priority} ` : '';
  return `${r.name} ${r.type} ${pre}${r.content}`;
}

function countingFetch(asked: string[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const q = dnsPacket.decode(Buffer.from(url.searchParams.get('dns') ?? '', 'base64url')).questions?.[0];
    if (q) asked.push(`${q.name.toLowerCase()} ${q.type}`);
    return fetch(input, init);
  };
}

async function scan(domain: string, options: Partial<ScanOptions> = {}): Promise<{ events: ScanEvent[]; done: Done }> {
  const events: ScanEvent[] = [];
  const signal = new AbortController().signal;
  for await (const e of scanDomain({ domain, dohUrl: stack.doh.httpUrl, depth: 'deep' }, { signal, budgetMs: 600_000, ...options })) {
    events.push(ScanEventSchema.parse(e));
  }
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('the scan did not end with done');
  return { events, done };
}

/** 80 numbered hosts, zq-node-100 … zq-node-179, one after another in the chain: a crowded part. */
const CROWD_NODES = Array.from({ length: 80 }, (_, i) => `zq-node-${100 + i}`);
const CROWD_TEST = [
  '$ORIGIN crowd.test.',
  '$TTL 300',
  '@ 3600 IN SOA ns1.crowd.test. hostmaster.crowd.test. ( 1 3600 600 86400 300 )',
  '@ 3600 IN NS ns1.crowd.test.',
  'ns1 IN A 192.0.2.53',
  'kx9-alpha IN TXT "before the crowd"',
  ...CROWD_NODES.map((n, i) => `${n} IN A 198.51.100.${i}`),
  'zz-omega IN TXT "after the crowd"',
  '',
].join('\n');

let stack: NamedStack;
beforeAll(async () => {
  stack = await startNamedStack([
    { name: 'zq-sub.walk.test', text: ZQ_SUB_WALK_TEST, sign: 'nsec' },
    { name: 'walk.test', sign: 'nsec' },
    { name: 'hashed.test', sign: 'nsec3' },
    { name: 'crowd.test', text: CROWD_TEST, sign: 'nsec' },
  ]);
});
afterAll(async () => {
  await stack?.stop();
});

describe('a zone signed with NSEC (dnssec-signzone, served by named, validated by unbound)', () => {
  let result: { events: ScanEvent[]; done: Done };
  const asked: string[] = [];
  beforeAll(async () => {
    result = await scan('walk.test', { protocol: 'http1', fetch: countingFetch(asked) });
  });

  it('lists every name of the zone by following its chain, names no list holds among them', () => {
    // walk.test.zone, less its SOA and apex NS (the target's own) and the glue below zq-sub (the child's);
    // the DS is the child's key's, made when the test signs it, so only its form is known here
    const records = result.done.records.map(show);
    const ds = records.filter((r) => r.startsWith('zq-sub DS '));
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatch(/^zq-sub DS \d+ 13 2 [0-9A-F]{64}$/);
    expect(records.filter((r) => !r.startsWith('zq-sub DS ')).sort()).toEqual(
      [
        '@ A 192.0.2.1',
        '@ MX 10 zq-mx.walk.test',
        '@ TXT "v=spf1 a:zq-mail.walk.test -all"',
        'zq-mail CNAME zq-mx.walk.test',
        '*.zq-mail CNAME zq-mx.walk.test',
        'ns1 A 192.0.2.53',
        'zq-mx A 192.0.2.25',
        'zq-internal-7 A 192.0.2.7',
        'zq-internal-7 AAAA 2001:db8::7',
        'zq-internal-7 SSHFP 4 2 9F8E7D6C5B4A39281706F5E4D3C2B1A09F8E7D6C5B4A39281706F5E4D3C2B1A0',
        'kx9-builder TXT "only the walk finds this"',
        'unguessable-sel._domainkey TXT "v=DKIM1; p=MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"',
        '_zz-svc._tcp SRV 0 0 443 zq-internal-7.walk.test',
        'zq-sub NS ns1.zq-sub.walk.test',
        'zz-last TXT "the chain\'s last name before the apex"',
      ].sort(),
    );
  });

  it('says the chain was followed all round, counts the names as walked, and guesses nothing', () => {
    const coverage = result.done.coverage;
    expect(coverage?.signed).toBe('nsec');
    expect(coverage?.walk).toBe('complete');
    // _zz-svc._tcp, kx9-builder, ns1, unguessable-sel._domainkey, zq-internal-7, zq-mail, *.zq-mail, zq-mx, zq-sub, zz-last
    expect(coverage?.methods.walked).toBe(10);
    expect(coverage?.methods.guessed).toBe(0);
    expect(coverage?.hints).toEqual([]);
    // no wordlist: a name only the list holds is never asked
    expect(asked.some((q) => q.startsWith('jenkins.'))).toBe(false);
    // nor anything below a name met before or while the chain was followed (zq-mail, which the
    // apex's SPF names): the chain lists what is there
    // (but the step over it, below)
    expect(asked.filter((q) => /\.zq-mail\.walk\.test (A|TXT)$/.test(q) && !q.startsWith('dnsferry-'))).toEqual([
      '\u0000.zq-mail.walk.test A',
    ]);
    expect(result.events.some((e) => e.type === 'info' && /followed all round: 10 names/.test(e.message))).toBe(true);
  });

  it('asks each name for the types its NSEC lists (SSHFP at zq-internal-7), and steps over the delegation and the alias', () => {
    expect(asked).toContain('zq-internal-7.walk.test SSHFP');
    expect(asked).not.toContain('kx9-builder.walk.test A');
    // the NSEC question at a delegation goes to the child, and at an alias to its target: each is
    // stepped over by a name that sorts just after it, past the child's names (RFC 4034 §6.1), or
    // before the names below the alias (*.zq-mail), whose denial carries the NSEC at the name
    expect(asked).toContain('zq-sub\u0000.walk.test A');
    expect(asked).toContain('\u0000.zq-mail.walk.test A');
    // the child's own names are not the parent's
    expect(result.done.records.some((r) => r.name === 'www.zq-sub')).toBe(false);
  });
});

describe('a crowded chain, walked from many starting points at once', () => {
  let result: { events: ScanEvent[]; done: Done };
  const asked: string[] = [];
  beforeAll(async () => {
    // one question at a time: the order they are asked in is the order the walk queued them
    result = await scan('crowd.test', { protocol: 'http1', concurrency: 1, fetch: countingFetch(asked) });
  });

  it('finds every name of the zone exactly once, nothing else', () => {
    const names = ['ns1', 'kx9-alpha', 'zz-omega', ...CROWD_NODES];
    expect(result.done.coverage?.walk).toBe('complete');
    expect(result.done.coverage?.methods.walked).toBe(names.length);
    expect(result.done.records.map(show).sort()).toEqual(
      [
        'ns1 A 192.0.2.53',
        'kx9-alpha TXT "before the crowd"',
        'zz-omega TXT "after the crowd"',
        ...CROWD_NODES.map((n, i) => `${n} A 198.51.100.${i}`),
      ].sort(),
    );
    expect(result.events.some((e) => e.type === 'info' && /followed all round: 83 names/.test(e.message))).toBe(true);
    // each name's NSEC asked at most once, however many parts of the chain reached it
    const nsec = asked.filter((q) => q.endsWith(' NSEC'));
    expect(new Set(nsec).size).toBe(nsec.length);
  });

  it('once the numbered hosts crowd, asks ahead across the whole crowded part, not only the next few names', () => {
    // zq-node-2 … zq-node-9 sort after every zq-node-1xx: starting points spread past the crowd,
    // asked before the walk one step at a time could reach its middle
    const at = (q: string) => asked.indexOf(q);
    for (const d of [2, 3, 4, 5, 6, 7, 8, 9]) expect(at(`zq-node-${d}.crowd.test NSEC`)).toBeGreaterThanOrEqual(0);
    expect(at('zq-node-3.crowd.test NSEC')).toBeLessThan(at('zq-node-150.crowd.test NSEC'));
    // after a digit, digits only: no letters where the names are numbered
    expect(asked).not.toContain('zq-node-1a.crowd.test NSEC');
  });
});

describe('a zone signed with NSEC3', () => {
  it('says its names are hashed, walks nothing, and finds only what it guesses', async () => {
    const { events, done } = await scan('hashed.test');
    expect(done.coverage?.signed).toBe('nsec3');
    expect(done.coverage?.walk).toBe('none');
    expect(done.coverage?.methods.walked).toBe(0);
    expect(done.records.map(show).sort()).toEqual(['@ A 192.0.2.1', 'ns1 A 192.0.2.53', 'www A 192.0.2.1']);
    expect(events.some((e) => e.type === 'info' && /signed with NSEC3: its names are hashed/.test(e.message))).toBe(true);
  });
});

describe('a quick scan', () => {
  it('says how the zone is signed, without walking it', async () => {
    const events: ScanEvent[] = [];
    for await (const e of scanDomain(
      { domain: 'walk.test', dohUrl: stack.doh.httpUrl },
      { signal: new AbortController().signal, budgetMs: 600_000 },
    )) {
      events.push(e);
    }
    const done = events.at(-1) as Done;
    expect(done.coverage?.depth).toBe('quick');
    expect(done.coverage?.signed).toBe('nsec');
    expect(done.coverage?.walk).toBe('none');
    expect(done.records.some((r) => r.name === 'kx9-builder')).toBe(false);
  });
});
