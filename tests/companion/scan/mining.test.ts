import { describe, expect, it } from 'vitest';
import { referencedNames, spfHosts } from '@dnsferry/companion/scan/mining';
import { rr } from '../../support/dns/answers';

describe('names mined from records', () => {
  it('reads the hosts of SPF mechanisms, without qualifiers, prefixes lengths and macros', () => {
    expect(
      spfHosts(
        'v=spf1 mx -a:relay.example.com/28 ~include:_spf.example.com exists:%{i}.spf.example.com mx:mx.example.com//64 redirect=_spf2.example.com',
      ),
    ).toEqual(['relay.example.com', '_spf.example.com', 'mx.example.com', '_spf2.example.com']);
    expect(spfHosts('google-site-verification=include:x.example.com')).toEqual([]);
  });

  it('keeps only names inside the zone, relative to it', () => {
    // one SPF policy split over two strings, joined without a separator (RFC 7208 §3.3)
    const spf = rr('TXT', 'example.com', '"v=spf1 include:_spf.exam" "ple.com include:spf.other.net -all"');
    expect(referencedNames(spf, 'example.com')).toEqual(['_spf']);
    expect(referencedNames(rr('MX', 'example.com', '1 example.com'), 'example.com')).toEqual([]);
    expect(referencedNames(rr('CNAME', 'www.example.com', 'Web.Example.com.'), 'example.com')).toEqual(['web']);
    expect(referencedNames(rr('SRV', '_sip._tcp.example.com', '1 2 5060 sip.example.com'), 'example.com')).toEqual(['sip']);
  });

  it('finds nothing in records that name no host', () => {
    expect(referencedNames(rr('A', 'example.com', '192.0.2.1'), 'example.com')).toEqual([]);
    expect(referencedNames(rr('CAA', 'example.com', '0 issue "example.com"'), 'example.com')).toEqual([]);
  });
});
