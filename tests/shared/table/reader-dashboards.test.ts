import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRecordsTable } from '@dnsferry/shared';

// Tables as each dashboard presents them when selected and copied in a browser (tests/fixtures/dashboard-tables/,
// written after the discovery reference §7: the headings, the apex as @ or as the zone, TTLs in words).
const fixture = (host: string) =>
  readFileSync(fileURLToPath(new URL(`../../fixtures/dashboard-tables/${host}.txt`, import.meta.url)), 'utf8');
const HOUR = 3600;

describe('tables copied from DNS hosts’ dashboards', () => {
  it('GoDaddy: Type, Name, Data, TTL; CNAME to @, MX priority beside the value, SOA as a sentence', () => {
    const p = parseRecordsTable(fixture('godaddy'), 'example.com');
    expect(p.records).toEqual([
      { type: 'A', name: '@', ttl: 600, content: '192.0.2.10' },
      { type: 'CNAME', name: 'www', ttl: HOUR, content: 'example.com' },
      { type: 'CNAME', name: '_domainconnect', ttl: HOUR, content: '_domainconnect.gd.domaincontrol.com' },
      { type: 'MX', name: '@', ttl: HOUR, content: 'mailstore1.secureserver.net', priority: 0 },
      { type: 'MX', name: '@', ttl: HOUR, content: 'smtp.secureserver.net', priority: 10 },
      { type: 'TXT', name: '@', ttl: HOUR, content: 'v=spf1 include:secureserver.net -all' },
      {
        type: 'TXT',
        name: '_dmarc',
        ttl: HOUR,
        content: 'v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:dmarc_rua@onsecureserver.net;',
      },
      { type: 'SRV', name: '_autodiscover._tcp', ttl: HOUR, content: 'autodiscover.secureserver.net', priority: 100, weight: 1, port: 443 },
      { type: 'CAA', name: '@', ttl: 1800, content: '0 issue "letsencrypt.org"' },
      { type: 'NS', name: '@', ttl: HOUR, content: 'ns51.domaincontrol.com' },
      { type: 'NS', name: '@', ttl: HOUR, content: 'ns52.domaincontrol.com' },
    ]);
    expect(p.issues).toEqual([]);
    expect(p.notes.map((n) => n.message)).toEqual([
      'columns not read: Delete, Edit',
      "row 12: the SOA row is the old host's own: the target writes its own SOA",
    ]);
  });

  it('Namecheap: host and mail sections, "A Record" types, Automatic TTLs, a URL redirect refused, an ALIAS', () => {
    const p = parseRecordsTable(fixture('namecheap'), 'example.com');
    expect(p.records).toEqual([
      { type: 'A', name: '@', ttl: 1, content: '192.0.2.20' },
      { type: 'CNAME', name: 'www', ttl: 1800, content: 'parkingpage.namecheap.com' },
      { type: 'TXT', name: '@', ttl: 1, content: 'v=spf1 include:spf.privateemail.com ~all' },
      { type: 'CNAME', name: 'cdn', ttl: 300, content: 'cdn.provider.example' },
      { type: 'MX', name: '@', ttl: 1, content: 'mx1.privateemail.com', priority: 10 },
      { type: 'MX', name: '@', ttl: 1, content: 'mx2.privateemail.com', priority: 10 },
    ]);
    expect(p.issues.map((i) => [i.row, i.line])).toEqual([[4, 6]]);
    expect(p.issues[0]?.message).toMatch(/^"URL Redirect Record" is the DNS host's web redirect, not a DNS record/);
    expect(p.notes.map((n) => n.line)).toEqual([1, 7, 9]);
  });

  it('Squarespace: presets under their titles, each with its header; priorities shown for every type', () => {
    const p = parseRecordsTable(fixture('squarespace'), 'example.com');
    expect(p.records).toEqual([
      { type: 'A', name: '@', ttl: 4 * HOUR, content: '198.185.159.144' },
      { type: 'A', name: '@', ttl: 4 * HOUR, content: '198.185.159.145' },
      { type: 'CNAME', name: 'www', ttl: 4 * HOUR, content: 'ext-sq.squarespace.com' },
      { type: 'MX', name: '@', ttl: HOUR, content: 'smtp.google.com', priority: 1 },
      { type: 'TXT', name: 'google._domainkey', ttl: HOUR, content: 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA1' },
      { type: 'TXT', name: '_dmarc', ttl: 4 * HOUR, content: 'v=DMARC1; p=none' },
    ]);
    expect(p.issues).toEqual([]);
    expect(p.notes.map((n) => n.message)).toEqual([
      '"Squarespace Defaults" is before the header row: not read',
      '"Google Workspace" is read as a title between tables: nothing is migrated from it',
      '"Custom records" is read as a title between tables: nothing is migrated from it',
    ]);
  });

  it('Cloudflare: the apex written as the zone, proxy status read, TTL Auto, quoted TXT content', () => {
    const p = parseRecordsTable(fixture('cloudflare'), 'example.com');
    expect(p.records).toEqual([
      { type: 'A', name: '@', ttl: 1, content: '192.0.2.30', proxied: true },
      { type: 'AAAA', name: 'www', ttl: 300, content: '2001:db8::30', proxied: false },
      { type: 'CNAME', name: 'blog', ttl: 1, content: 'example.ghost.io', proxied: true },
      { type: 'MX', name: '@', ttl: 1, content: 'route1.mx.cloudflare.net', priority: 10 },
      { type: 'TXT', name: '@', ttl: 1, content: '"v=spf1 include:_spf.mx.cloudflare.net ~all"' },
    ]);
    expect(p.issues).toEqual([]);
    expect(p.notes.map((n) => n.message)).toEqual(['columns not read: Actions']);
  });
});
