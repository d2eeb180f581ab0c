import { describe, expect, it } from 'vitest';
import { Findings } from '@dnsferry/companion/scan/findings';
import type { Answer, DnsReply } from '@dnsferry/companion/dns/message';
import { rr } from '../../support/dns/answers';

// Replies as a recursive resolver (cache, no AA bit) would give them, built by hand.
const reply = (answers: Answer[], extra: Partial<DnsReply> = {}): DnsReply => ({
  rcode: 'NOERROR',
  authoritative: false,
  answers,
  authorities: [],
  additionals: [],
  ...extra,
});
const a = (name: string, data: string, ttl = 300): Answer => rr('A', name, data, ttl);
const soa = (name: string): Answer => rr('SOA', name, `ns.${name} h.${name} 1 7200 3600 1209600 300`);
const view = (f: Findings) => f.records().map((r) => `${r.name} ${r.type} ${r.content} ${r.ttl}`);

describe('findings: TTLs', () => {
  it('takes authoritative TTLs as they are, and rounds cache remainders up to a common TTL', () => {
    const f = new Findings('example.com');
    f.absorb('www', 'A', reply([a('www.example.com', '192.0.2.1', 2400)]));
    f.absorb('api', 'A', reply([a('api.example.com', '192.0.2.2', 2400)], { authoritative: true }));
    f.absorb('old', 'A', reply([a('old.example.com', '192.0.2.3', 250), a('old.example.com', '192.0.2.4', 280)]));
    f.absorb('zero', 'A', reply([a('zero.example.com', '192.0.2.5', 0)]));
    expect(view(f)).toEqual([
      'api A 192.0.2.2 2400',
      'old A 192.0.2.3 300',
      'old A 192.0.2.4 300',
      'www A 192.0.2.1 3600',
      'zero A 192.0.2.5 60',
    ]);
  });
});

describe('findings: what belongs to the zone', () => {
  it('keeps only the records owned by the name asked, not the rest of a CNAME chain', () => {
    const f = new Findings('example.com');
    f.absorb(
      'www',
      'A',
      reply([
        rr('CNAME', 'www.example.com', 'edge.cdn.example.net'),
        rr('CNAME', 'edge.cdn.example.net', 'x.cdn.example.net'),
        a('x.cdn.example.net', '198.51.100.7'),
      ]),
    );
    expect(view(f)).toEqual(['www CNAME edge.cdn.example.net 300']);
  });

  it('finds a delegation through a recursive resolver (child SOA, then NS), keeping its NS set only', () => {
    const f = new Findings('example.com');
    // the child zone answers for its own apex: its SOA in the authority section tells the cut
    f.absorb('corp', 'AAAA', reply([], { authorities: [soa('corp.example.com')] }));
    f.absorb('corp', 'A', reply([a('corp.example.com', '192.0.2.10')]));
    expect(f.cutAbove('corp')).toBe('corp');
    f.absorb(
      'corp',
      'NS',
      reply([rr('NS', 'corp.example.com', 'ns1.corp.example.com', 3600), rr('NS', 'corp.example.com', 'ns.provider.example', 3600)]),
    );
    f.absorb('ns1.corp', 'A', reply([a('ns1.corp.example.com', '192.0.2.53')]));
    f.absorb('www.corp', 'A', reply([a('www.corp.example.com', '192.0.2.11')]));
    expect(view(f)).toEqual(['corp NS ns.provider.example 3600', 'corp NS ns1.corp.example.com 3600']);
    expect([...f.rrsets.values()].filter((set) => f.isGlue(set)).map((set) => set.name)).toEqual(['ns1.corp']);
  });

  it('leaves the apex NS out of the records', () => {
    const f = new Findings('example.com');
    f.absorb('@', 'NS', reply([rr('NS', 'example.com', 'ns1.dns.example', 86400)]));
    expect(view(f)).toEqual([]);
  });
});

describe('findings: wildcards', () => {
  const withWildcard = () => {
    const f = new Findings('example.com');
    f.absorbWildcardProbe(
      '@',
      'dnsferry-1',
      'A',
      reply([a('dnsferry-1.example.com', '192.0.2.100'), a('dnsferry-1.example.com', '192.0.2.101')]),
    );
    f.absorbWildcardProbe(
      '@',
      'dnsferry-2',
      'A',
      reply([a('dnsferry-2.example.com', '192.0.2.101'), a('dnsferry-2.example.com', '192.0.2.100')]),
    );
    return f;
  };

  it('reports the wildcard once and drops names that only echo it', () => {
    const f = withWildcard();
    f.absorb('ftp', 'A', reply([a('ftp.example.com', '192.0.2.101'), a('ftp.example.com', '192.0.2.100')]));
    f.absorb('shop', 'A', reply([a('shop.example.com', '192.0.2.100'), a('shop.example.com', '192.0.2.9')]));
    expect(view(f)).toEqual(['* A 192.0.2.100 300', '* A 192.0.2.101 300', 'shop A 192.0.2.100 300', 'shop A 192.0.2.9 300']);
  });

  it('tells an empty non-terminal (NODATA for the wildcard type) from a name the wildcard answers', () => {
    const f = withWildcard();
    f.absorb('ftp', 'A', reply([a('ftp.example.com', '192.0.2.100'), a('ftp.example.com', '192.0.2.101')]));
    f.absorb('ftp', 'AAAA', reply([], { authorities: [soa('example.com')] }));
    f.absorb('dev', 'A', reply([], { authorities: [soa('example.com')] }));
    f.absorb('gone', 'A', reply([], { rcode: 'NXDOMAIN' }));
    expect(f.exists('ftp')).toBe(false);
    expect(f.exists('dev')).toBe(true);
    expect(f.exists('gone')).toBe(false);
  });
});
