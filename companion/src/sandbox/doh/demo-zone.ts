/**
 * The zone the offline demo's resolver serves, so `pnpm start` can show a scan that finds mail,
 * verification and service records the way a real domain has them. Reserved names and
 * documentation addresses only.
 */
export const DEMO_DOMAIN = 'demo-shop.example';

export const DEMO_ZONE = `$ORIGIN demo-shop.example.
$TTL 300
@ 3600 IN SOA ns1.demo-shop.example. hostmaster.demo-shop.example. ( 2026112201 3600 600 1209600 300 )
@ 3600 IN NS  ns1.demo-shop.example.
@ 3600 IN NS  ns2.demo-shop.example.
@      300 IN A    203.0.113.10
@      300 IN AAAA 2001:db8:10::10
@ 3600 IN MX  10 mail.demo-shop.example.
@ 3600 IN MX  20 mx2.mailhost.example.
@      300 IN TXT "v=spf1 mx include:_spf.demo-shop.example ~all"
@      300 IN TXT "google-site-verification=demo-shop-token"
@ 86400 IN CAA 0 issue "letsencrypt.org"
ns1    300 IN A    203.0.113.53
ns2    300 IN A    203.0.113.54
www    600 IN CNAME demo-shop.example.
shop   300 IN CNAME shops.platform.example.
api    300 IN A    203.0.113.80
status-eu2 300 IN A 203.0.113.90
mail  3600 IN A    203.0.113.25
_spf   300 IN TXT "v=spf1 ip4:198.51.100.0/24 -all"
_dmarc 1800 IN TXT "v=DMARC1; p=quarantine; rua=mailto:dmarc@demo-shop.example"
selector1._domainkey 300 IN CNAME selector1-demo-shop._domainkey.contoso.onmicrosoft.example.
_autodiscover._tcp 3600 IN SRV 0 0 443 mail.demo-shop.example.
_sip._tls 300 IN SRV 100 1 443 sipdir.online.lync.example.
`;
