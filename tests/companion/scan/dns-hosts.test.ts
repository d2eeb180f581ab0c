import { describe, expect, it } from 'vitest';
import { recogniseHost } from '@dnsferry/companion/scan/dns-hosts';

// NS sets as each host hands them out (discovery reference §6 and the hosts' own examples).
const CASES: Array<[host: string, nameServers: string[], advice: RegExp]> = [
  ['GoDaddy', ['ns51.domaincontrol.com.', 'ns52.domaincontrol.com.'], /copy it, then paste it under "Paste records".*--table/],
  ['Namecheap', ['dns1.registrar-servers.com', 'dns2.registrar-servers.com'], /Advanced DNS.*--table/],
  ['Namecheap', ['freedns1.registrar-servers.com', 'freedns2.registrar-servers.com'], /Advanced DNS/],
  ['Namecheap', ['ns1.namecheaphosting.com'], /Advanced DNS/],
  ['Squarespace', ['ns1.squarespacedns.com', 'ns2.squarespacedns.com'], /no zone-file export.*--table/],
  [
    'Squarespace (former Google Domains) or Google Cloud DNS',
    ['ns-cloud-e1.googledomains.com', 'ns-cloud-e2.googledomains.com', 'ns-cloud-e3.googledomains.com', 'ns-cloud-e4.googledomains.com'],
    /gcloud dns record-sets export .*--zone-file-format.*--zone-file FILE/,
  ],
  [
    'Amazon Route 53',
    ['ns-1536.awsdns-00.co.uk', 'ns-0.awsdns-00.com', 'ns-1024.awsdns-00.org', 'ns-512.awsdns-00.net'],
    /"Route 53".*--route53/,
  ],
  [
    'Azure DNS',
    ['ns1-01.azure-dns.com.', 'ns2-01.azure-dns.net.', 'ns3-01.azure-dns.org.', 'ns4-01.azure-dns.info.'],
    /"Azure DNS".*--azure/,
  ],
  ['Cloudflare', ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'], /"Another Cloudflare account".*--from-account/],
  ['DigitalOcean', ['ns1.digitalocean.com', 'ns2.digitalocean.com', 'ns3.digitalocean.com'], /zone_file.*--zone-file FILE/],
  ['Hetzner', ['hydrogen.ns.hetzner.com', 'oxygen.ns.hetzner.com', 'helium.ns.hetzner.de'], /export.*--zone-file FILE/],
  ['OVHcloud', ['dns12.ovh.net', 'ns12.ovh.net'], /Change in text format.*--zone-file FILE/],
  ['Gandi', ['a.dns.gandi.net', 'b.dns.gandi.net', 'c.dns.gandi.net'], /text\/plain.*--zone-file FILE/],
  ['IONOS', ['ns1045.ui-dns.com', 'ns1118.ui-dns.de', 'ns1045.ui-dns.org', 'ns1118.ui-dns.biz'], /no zone-file export.*--table/],
];

describe('recogniseHost', () => {
  it.each(CASES)('names %s from its name servers', (host, nameServers, advice) => {
    const found = recogniseHost(nameServers);
    expect(found?.name).toBe(host);
    expect(found?.advice).toMatch(advice);
  });

  it('reads names in any case, with or without the trailing dot, around white space', () => {
    expect(recogniseHost([' NS07.DomainControl.COM. '])?.name).toBe('GoDaddy');
  });

  it('names nothing for name servers it does not know, or none', () => {
    expect(recogniseHost(['ns1.example.net', 'ns2.example.net'])).toBeNull();
    expect(recogniseHost([])).toBeNull();
  });

  it('does not take a look-alike for the host (the pattern is the end of the name, on a label boundary)', () => {
    expect(recogniseHost(['ns1.notdomaincontrol.com'])).toBeNull();
    expect(recogniseHost(['ns.cloudflare.com.evil.example'])).toBeNull();
    expect(recogniseHost(['ns1.awsdns-x.com'])).toBeNull();
  });

  it('mid-move, names the host that serves more of the set; on a tie, the one listed first', () => {
    expect(recogniseHost(['ns1.digitalocean.com', 'ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'])?.name).toBe('Cloudflare');
    // GoDaddy comes before Cloudflare in the table
    expect(recogniseHost(['ada.ns.cloudflare.com', 'ns01.domaincontrol.com'])?.name).toBe('GoDaddy');
  });

  it('gives a sentence a person reads: no host is left without advice', () => {
    for (const [, nameServers] of CASES) {
      const advice = recogniseHost(nameServers)?.advice ?? '';
      expect(advice.length).toBeGreaterThan(40);
      expect(advice).toMatch(/\.$/);
    }
  });
});
