/**
 * A zone of every record type the manual list takes, names and values written in the ways clients
 * write them (absolute and relative names, upper case, trailing dots, quoted and unquoted TXT, a TXT
 * longer than one string), with the apex NS and the SOA the target manages itself: 18 records, 16 held.
 */
export const EVERY_TYPE = [
  { type: 'A', name: '@', content: '192.0.2.10', ttl: 300 },
  { type: 'A', name: 'www', content: '192.0.2.11', ttl: 300 },
  { type: 'AAAA', name: '@', content: '2001:DB8::0:10', ttl: 300 },
  { type: 'CNAME', name: 'blog', content: 'hosting.example.net.', ttl: 3600 },
  { type: 'CNAME', name: '*.apps', content: 'ingress.example.net', ttl: 300 },
  { type: 'MX', name: '@', content: 'mail.example.com.', ttl: 3600, priority: 10 },
  { type: 'MX', name: '@', content: 'backup.example.com', ttl: 3600, priority: 20 },
  { type: 'TXT', name: '@', content: 'v=spf1 include:_spf.example.net -all', ttl: 300 },
  { type: 'TXT', name: 'multi', content: '"first string" "second; string"', ttl: 300 },
  { type: 'TXT', name: 'quoted', content: 'say "hello"; then \\ leave', ttl: 300 },
  { type: 'TXT', name: 'selector1._domainkey', content: `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`, ttl: 300 },
  { type: 'SRV', name: '_sip._tcp', content: 'sip.example.com.', ttl: 300, priority: 10, weight: 60, port: 5060 },
  { type: 'CAA', name: '@', content: '0 issue "letsencrypt.org"', ttl: 300 },
  { type: 'CAA', name: '@', content: '128 iodef "mailto:security@example.com"', ttl: 300 },
  { type: 'PTR', name: '10', content: 'host.example.com', ttl: 300 },
  { type: 'NS', name: 'dev', content: 'ns1.dev-dns.example.net', ttl: 3600 },
  { type: 'NS', name: '@', content: 'ns1.old-provider.example', ttl: 3600 },
  { type: 'SOA', name: '@', content: 'ns1.old-provider.example. admin.example.com. 1 7200 900 1209600 300', ttl: 3600 },
];
