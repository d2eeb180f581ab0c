import { describe, expect, it } from 'vitest';
import dnsPacket from 'dns-packet';
import { deniedCompactly, readNsec, synthesized, typeNames } from '@dnsferry/companion/scan/nsec';
import { readMessage } from '@dnsferry/companion/dns/message';

/** A reply to `qname` whose authority section holds one NSEC, as dns-packet writes it (RFC 4034 §4.1 wire form). */
function replyWith(qname: string, nsec: { owner: string; next: string; types: string[] }, rcode: 'NOERROR' | 'NXDOMAIN' = 'NOERROR') {
  const wire = dnsPacket.encode({
    type: 'response',
    id: 0,
    flags: rcode === 'NXDOMAIN' ? 3 : 0,
    questions: [{ type: 'A', name: qname, class: 'IN' }],
    authorities: [{ type: 'NSEC', name: nsec.owner, ttl: 300, class: 'IN', data: { nextDomain: nsec.next, rrtypes: nsec.types } }],
  });
  return readMessage(wire);
}

describe('readNsec', () => {
  it('reads the next name and the type bit map, windows above 255 included', () => {
    const reply = replyWith('b.example.test', {
      owner: 'a.example.test',
      next: 'c.example.test',
      types: ['A', 'TXT', 'RRSIG', 'NSEC', 'CAA'],
    });
    const nsec = readNsec(reply.authorities[0]!);
    expect(nsec?.owner).toBe('a.example.test');
    expect(nsec?.next).toBe('c.example.test');
    // A 1, TXT 16, RRSIG 46, NSEC 47, CAA 257 (second window)
    expect([...(nsec?.types ?? [])].sort((x, y) => x - y)).toEqual([1, 16, 46, 47, 257]);
    expect(nsec && typeNames(nsec)).toEqual(['A', 'TXT', 'RRSIG', 'NSEC', 'CAA']);
  });
});

describe('an online signer', () => {
  it('is known by a next name that is the owner with a zero label in front (black lies, white lies)', () => {
    const reply = replyWith('nope.example.test', {
      owner: 'nope.example.test',
      next: '\u0000.nope.example.test',
      types: ['RRSIG', 'NSEC'],
    });
    const nsec = readNsec(reply.authorities[0]!);
    expect(nsec?.next).toBe('\u0000.nope.example.test');
    expect(nsec && synthesized(nsec)).toBe(true);
  });

  it('is known by NXNAME (RFC 9824), and its NODATA then denies the name as an NXDOMAIN would', () => {
    const nx = replyWith('nope.example.test', {
      owner: 'nope.example.test',
      next: 'zz.example.test',
      types: ['RRSIG', 'NSEC', 'UNKNOWN_128'],
    });
    expect(synthesized(readNsec(nx.authorities[0]!)!)).toBe(true);
    expect(deniedCompactly(nx, 'nope.example.test')).toBe(true);
    // an empty non-terminal's NSEC has no NXNAME: the name exists
    const ent = replyWith('_domainkey.example.test', {
      owner: '_domainkey.example.test',
      next: '\u0000._domainkey.example.test',
      types: ['RRSIG', 'NSEC'],
    });
    expect(deniedCompactly(ent, '_domainkey.example.test')).toBe(false);
    // an NSEC of a chain (another owner) says nothing of the name asked
    expect(
      deniedCompactly(
        replyWith('b.example.test', { owner: 'a.example.test', next: 'c.example.test', types: ['A', 'UNKNOWN_128'] }),
        'b.example.test',
      ),
    ).toBe(false);
  });

  it('is not what a chain read from a zone file looks like', () => {
    const chain = replyWith(
      'b.example.test',
      { owner: 'a.example.test', next: 'c.example.test', types: ['A', 'RRSIG', 'NSEC'] },
      'NXDOMAIN',
    );
    expect(synthesized(readNsec(chain.authorities[0]!)!)).toBe(false);
  });
});
