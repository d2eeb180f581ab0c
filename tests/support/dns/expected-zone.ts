import type { DnsRecordInput } from '@dnsferry/shared';

const DKIM_HEAD = 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA';

/**
 * What a scan of dnsferry.test (./dnsferry.test.zone) must return: every record a scan can reach,
 * in the canonical model, with the zone's TTLs (unbound answers authoritatively). Kept by hand
 * beside the zone file: a change to one needs the same change to the other.
 */
export const DNSFERRY_TEST_RECORDS: DnsRecordInput[] = [
  { type: 'A', name: '@', ttl: 300, content: '192.0.2.1' },
  { type: 'A', name: '@', ttl: 300, content: '192.0.2.2' },
  { type: 'AAAA', name: '@', ttl: 300, content: '2001:db8::1' },
  { type: 'MX', name: '@', ttl: 3600, content: 'mail.dnsferry.test', priority: 10 },
  { type: 'MX', name: '@', ttl: 3600, content: 'inbound-7.dnsferry.test', priority: 20 },
  { type: 'MX', name: '@', ttl: 3600, content: 'mx.mailhost.example', priority: 30 },
  {
    type: 'TXT',
    name: '@',
    ttl: 300,
    content: '"v=spf1 mx a:outbound-relay.dnsferry.test include:_spf.dnsferry.test include:_spf.mailhost.example ~all"',
  },
  { type: 'TXT', name: '@', ttl: 300, content: '"google-site-verification=dnsferry-test-token"' },
  { type: 'TXT', name: '@', ttl: 300, content: `"v=verify1 ${'a'.repeat(235)}-part1-end" "part2-${'b'.repeat(94)}"` },
  { type: 'TXT', name: '@', ttl: 300, content: String.raw`"say \"hi\" to C:\\dns" "second string"` },
  { type: 'CAA', name: '@', ttl: 86400, content: '0 issue "letsencrypt.org"' },
  { type: 'CAA', name: '@', ttl: 86400, content: '0 issuewild ";"' },
  { type: 'CAA', name: '@', ttl: 86400, content: '128 iodef "mailto:security@dnsferry.test"' },
  { type: 'HTTPS', name: '@', ttl: 300, content: '1 . alpn="h2,h3" ipv4hint=192.0.2.1' },
  { type: 'TLSA', name: '_443._tcp', ttl: 300, content: '3 1 1 6EC8A4B7F511454D84DCC055213B8D195E8ADA751FE14300AFE32D54B162438B' },
  { type: 'TLSA', name: '_25._tcp.mail', ttl: 300, content: '3 1 1 0C72AC70B745AC19998811B131D662C9AC69DBDBE7CB23E5B514B56664C5D3D6' },
  { type: 'A', name: 'ns1', ttl: 300, content: '192.0.2.53' },
  { type: 'A', name: 'ns2', ttl: 300, content: '192.0.2.54' },
  { type: 'AAAA', name: 'ns2', ttl: 300, content: '2001:db8::53' },
  { type: 'CNAME', name: 'www', ttl: 600, content: 'dnsferry.test' },
  { type: 'CNAME', name: 'docs', ttl: 300, content: 'www.dnsferry.test' },
  { type: 'CNAME', name: 'status', ttl: 300, content: 'status.hosted.example' },
  { type: 'CNAME', name: 'autodiscover', ttl: 300, content: 'autodiscover.outlook.example' },
  { type: 'CNAME', name: 'sip', ttl: 300, content: 'sipdir.online.lync.example' },
  { type: 'CNAME', name: 'shop', ttl: 300, content: 'xn--bcher-kva.dnsferry.test' },
  { type: 'A', name: 'xn--bcher-kva', ttl: 300, content: '192.0.2.77' },
  { type: 'AAAA', name: 'xn--bcher-kva', ttl: 300, content: '2001:db8::77' },
  { type: 'A', name: 'mail', ttl: 3600, content: '192.0.2.25' },
  { type: 'A', name: 'inbound-7', ttl: 300, content: '192.0.2.27' },
  { type: 'A', name: 'outbound-relay', ttl: 300, content: '192.0.2.28' },
  { type: 'A', name: 'api', ttl: 300, content: '192.0.2.80' },
  { type: 'AAAA', name: 'api', ttl: 300, content: '2001:db8::80' },
  { type: 'A', name: 'mta-sts', ttl: 300, content: '192.0.2.90' },
  { type: 'TXT', name: '_spf', ttl: 300, content: '"v=spf1 ip4:198.51.100.0/24 include:_spf2.dnsferry.test -all"' },
  { type: 'TXT', name: '_spf2', ttl: 300, content: '"v=spf1 ip4:203.0.113.0/24 -all"' },
  { type: 'TXT', name: '_dmarc', ttl: 1800, content: '"v=DMARC1; p=reject; rua=mailto:dmarc@dnsferry.test"' },
  { type: 'TXT', name: '_mta-sts', ttl: 300, content: '"v=STSv1; id=20250101"' },
  { type: 'TXT', name: '_smtp._tls', ttl: 300, content: '"v=TLSRPTv1; rua=mailto:tlsrpt@dnsferry.test"' },
  { type: 'CNAME', name: 'selector1._domainkey', ttl: 300, content: 'selector1-dnsferry-test._domainkey.contoso.onmicrosoft.example' },
  {
    type: 'TXT',
    name: 'google._domainkey',
    ttl: 300,
    content: `"${DKIM_HEAD}${'Q'.repeat(255 - DKIM_HEAD.length)}" "${'R'.repeat(60)}IDAQAB"`,
  },
  { type: 'SRV', name: '_sip._tls', ttl: 300, content: 'sipdir.online.lync.example', priority: 100, weight: 1, port: 443 },
  { type: 'SRV', name: '_sipfederationtls._tcp', ttl: 300, content: 'sipfed.online.lync.example', priority: 100, weight: 1, port: 5061 },
  { type: 'SRV', name: '_autodiscover._tcp', ttl: 3600, content: 'mail.dnsferry.test', priority: 0, weight: 0, port: 443 },
  { type: 'A', name: '*', ttl: 300, content: '192.0.2.100' },
  { type: 'TXT', name: '*', ttl: 300, content: '"wildcard text"' },
  { type: 'CNAME', name: '*.dev', ttl: 300, content: 'preview.pages.example' },
  { type: 'NS', name: 'intranet', ttl: 300, content: 'ns1.intranet.dnsferry.test' },
  { type: 'NS', name: 'intranet', ttl: 300, content: 'ns2.intranet.dnsferry.test' },
];

/**
 * Names of the zone a scan must not report: not guessable (hidden-host, deep.private), only the
 * wildcard's answer (web, and listed names that do not exist), only empty non-terminals (dev), or
 * glue below the delegation (ns1.intranet: reported as information only).
 */
export const NOT_FOUND = [
  'hidden-host',
  'deep.private',
  'web',
  'ftp',
  'blog',
  'dev',
  'private',
  '_domainkey',
  '_tcp',
  'ns1.intranet',
  'ns2.intranet',
];

/** café.test: no wildcard, a null MX. */
export const CAFE_TEST_RECORDS: DnsRecordInput[] = [
  { type: 'A', name: '@', ttl: 300, content: '192.0.2.150' },
  { type: 'MX', name: '@', ttl: 300, content: '.', priority: 0 },
  { type: 'TXT', name: '@', ttl: 300, content: '"v=spf1 -all"' },
  { type: 'A', name: 'ns1', ttl: 300, content: '192.0.2.151' },
  { type: 'A', name: 'www', ttl: 300, content: '192.0.2.150' },
];
