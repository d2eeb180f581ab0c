import { describe, expect, it } from 'vitest';
import type { DnsRecord } from '@dnsferry/shared';
import { edgeAddresses, edgeNetworkOf } from '@dnsferry/companion/scan/edge-networks';

const a = (name: string, content: string): DnsRecord => ({ type: 'A', name, content, ttl: 300 });

describe('edgeNetworkOf', () => {
  it.each([
    ['104.16.0.0', 'Cloudflare'],
    ['104.23.255.255', 'Cloudflare'], // the last address of 104.16.0.0/13
    ['104.24.0.1', 'Cloudflare'], // 104.24.0.0/14
    ['104.28.0.1', null],
    ['172.67.1.1', 'Cloudflare'],
    ['2606:4700::6810:84e5', 'Cloudflare'],
    ['2606:4701::1', null],
    ['2a06:98c7:ffff::1', 'Cloudflare'], // inside 2a06:98c0::/29
    ['2a06:98c8::1', null],
    ['151.101.1.195', 'Fastly'],
    ['2a04:4e42::1', 'Fastly'],
    ['192.0.2.1', null],
    ['2001:db8::1', null],
  ])('%s → %s', (address, network) => {
    expect(edgeNetworkOf(address)?.name ?? null).toBe(network);
  });
});

describe('edgeAddresses', () => {
  it("sets a proxy's addresses apart, keeps a CDN's that a site points at, and names both", () => {
    const records = [a('@', '104.16.132.229'), a('www', '151.101.1.195'), a('mail', '192.0.2.25')];
    const { records: kept, edge } = edgeAddresses(records);
    expect(kept).toEqual([records[1], records[2]]);
    expect(edge).toEqual([
      {
        record: records[0],
        network: 'Cloudflare',
        setApart: true,
        message: expect.stringMatching(
          /^A @ → 104\.16\.132\.229 is Cloudflare's proxy address, not your server: use the other Cloudflare account/,
        ),
      },
      { record: records[1], network: 'Fastly', setApart: false, message: expect.stringMatching(/Fastly's edge: kept/) },
    ]);
  });

  it('looks only at addresses: a CNAME or TXT that mentions one is no edge', () => {
    const txt = { type: 'TXT', name: '@', content: '"v=spf1 ip4:104.16.0.0/13 -all"', ttl: 300 } as DnsRecord;
    expect(edgeAddresses([txt]).edge).toEqual([]);
  });
});
